import { sql } from "drizzle-orm";
import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { timestamp } from "./columns.ts";
import { companies } from "./companies.ts";
import { CLIENT_KINDS, CLIENT_ORIGINS } from "../../shared/enums.ts";
import { filterIndex, lookupIndex, recordKey, recordTrail, searchKeyTable, sortIndexes, trashIndex } from "./records.ts";

/** One phone of a client, as stored in `clients.phones` (JSON). */
export interface StoredPhone {
  /** National digits: DDD + number ("11912345678"). */
  number: string;
  whatsapp: boolean;
  label: string | null;
}

/**
 * People and companies the business serves. Documents are stored bare (CPF digits; CNPJ with
 * letters upper-cased). `name_norm` is the name lower-cased without accents: lists sort by it.
 * `search_keys` (JSON array) feeds `client_keys` through triggers; `record_counts` keeps the
 * live total. See docs/decisions/007-search-and-pagination.md.
 */
export const clients = sqliteTable(
  "clients",
  {
    ...recordKey(),
    kind: text("kind", { enum: CLIENT_KINDS }).notNull(),
    name: text("name").notNull(),
    nameNorm: text("name_norm").notNull(),
    document: text("document"),
    email: text("email"),
    /** JSON `[{ number, whatsapp, label }]`. */
    phones: text("phones", { mode: "json" }).$type<StoredPhone[]>().notNull().default(sql`'[]'`),
    primaryPhone: text("primary_phone"),
    /** Calendar date `aaaa-mm-dd`. */
    birthday: text("birthday"),
    cep: text("cep"),
    street: text("street"),
    number: text("number"),
    complement: text("complement"),
    district: text("district"),
    city: text("city"),
    uf: text("uf"),
    /** JSON array of tags as typed. */
    tags: text("tags", { mode: "json" }).$type<string[]>().notNull().default(sql`'[]'`),
    origin: text("origin", { enum: CLIENT_ORIGINS }),
    notes: text("notes"),
    lgpdConsent: integer("lgpd_consent", { mode: "boolean" }).notNull().default(false),
    lgpdConsentAt: timestamp("lgpd_consent_at"),
    companyId: text("company_id").references(() => companies.id, { onDelete: "set null" }),
    ...recordTrail(),
  },
  (t) => [
    ...sortIndexes("clients", t, t.nameNorm),
    filterIndex("clients_org_origin_idx", t.orgId, t.origin, t.nameNorm, t.id),
    filterIndex("clients_org_kind_idx", t.orgId, t.kind, t.nameNorm, t.id),
    lookupIndex("clients_org_company_idx", t.orgId, t.companyId),
    // Duplicate checks.
    lookupIndex("clients_org_document_idx", t.orgId, t.document),
    lookupIndex("clients_org_email_idx", t.orgId, t.email),
    trashIndex("clients", t),
  ],
);

/**
 * Search keys of live clients: every word-suffix of the name ("joao silva", "silva"), the
 * document, e-mail, each phone with and without its DDD, and `#t:tag` / `#c:cidade` for the
 * tags and city filters.
 */
export const clientKeys = searchKeyTable("client_keys", "client_id", "client_keys_client_idx");
