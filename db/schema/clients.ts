import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { users } from "./accounts.ts";
import { createdAt, id, timestamp, updatedAt } from "./columns.ts";
import { companies } from "./companies.ts";
import { CLIENT_KINDS, CLIENT_ORIGINS } from "./enums.ts";
import { organizations } from "./organizations.ts";

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
    id: id(),
    orgId: text("org_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
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
    searchKeys: text("search_keys").notNull().default("[]"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    updatedBy: text("updated_by").references(() => users.id, { onDelete: "set null" }),
    deletedAt: timestamp("deleted_at"),
    deletedBy: text("deleted_by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [
    // Every sort, org first and id as the tiebreaker; live rows only (what lists show).
    index("clients_org_name_idx").on(t.orgId, t.nameNorm, t.id).where(sql`deleted_at is null`),
    index("clients_org_created_idx").on(t.orgId, t.createdAt, t.id).where(sql`deleted_at is null`),
    index("clients_org_updated_idx").on(t.orgId, t.updatedAt, t.id).where(sql`deleted_at is null`),
    // Filters that narrow a list, sorted by name inside.
    index("clients_org_origin_idx").on(t.orgId, t.origin, t.nameNorm, t.id).where(sql`deleted_at is null`),
    index("clients_org_kind_idx").on(t.orgId, t.kind, t.nameNorm, t.id).where(sql`deleted_at is null`),
    index("clients_org_company_idx").on(t.orgId, t.companyId).where(sql`deleted_at is null`),
    // Duplicate checks.
    index("clients_org_document_idx").on(t.orgId, t.document).where(sql`deleted_at is null`),
    index("clients_org_email_idx").on(t.orgId, t.email).where(sql`deleted_at is null`),
    index("clients_org_deleted_idx").on(t.orgId, t.deletedAt).where(sql`deleted_at is not null`),
  ],
);

/**
 * Search keys of live clients, one row per key (maintained by triggers from
 * `clients.search_keys`): every word-suffix of the name ("joao silva", "silva"), the document,
 * e-mail, each phone with and without its DDD, and `#t:tag` / `#c:cidade` for the tags and city
 * filters. The primary key
 * covers (org, key prefix) → (sort name, id), so a search reads only this organization's slice.
 */
export const clientKeys = sqliteTable(
  "client_keys",
  {
    orgId: text("org_id").notNull(),
    key: text("key").notNull(),
    sortName: text("sort_name").notNull(),
    clientId: text("client_id").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.orgId, t.key, t.sortName, t.clientId] }),
    index("client_keys_client_idx").on(t.orgId, t.clientId, t.key),
  ],
);
