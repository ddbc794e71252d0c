import { sql } from "drizzle-orm";
import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { CLIENT_KINDS, CLIENT_ORIGINS } from "../../shared/enums.ts";
import { timestamp } from "./columns.ts";
import { companies } from "./companies.ts";
import { filterIndex, listIndexes, lookupIndex, recordKey, recordTrail, searchKeyTable, sortKeyColumn } from "./records.ts";

/** One phone of a client, as stored in `clients.phones` (JSON) and shown by the app. */
export interface StoredPhone {
  /** National digits: DDD + number ("11912345678"). */
  numero: string;
  whatsapp: boolean;
  rotulo: string | null;
}

/**
 * People and companies the business serves. Documents are stored bare (CPF digits; CNPJ with
 * letters upper-cased). `ordem` (`name_norm`) is the name lower-cased without accents: lists
 * sort by it. `search_keys` (JSON array) feeds `client_keys` through triggers; `record_counts`
 * keeps the live total. See docs/decisions/007-search-and-pagination.md.
 */
export const clients = sqliteTable(
  "clients",
  {
    ...recordKey(),
    tipo: text("kind", { enum: CLIENT_KINDS }).notNull(),
    nome: text("name").notNull(),
    ordem: sortKeyColumn("name_norm"),
    documento: text("document"),
    email: text("email"),
    /** JSON `[{ numero, whatsapp, rotulo }]`. */
    telefones: text("phones", { mode: "json" }).$type<StoredPhone[]>().notNull().default(sql`'[]'`),
    telefonePrincipal: text("primary_phone"),
    /** Calendar date `aaaa-mm-dd`. */
    aniversario: text("birthday"),
    cep: text("cep"),
    rua: text("street"),
    numero: text("number"),
    complemento: text("complement"),
    bairro: text("district"),
    cidade: text("city"),
    uf: text("uf"),
    /** JSON array of tags as typed. */
    tags: text("tags", { mode: "json" }).$type<string[]>().notNull().default(sql`'[]'`),
    origem: text("origin", { enum: CLIENT_ORIGINS }),
    observacoes: text("notes"),
    consentimentoLgpd: integer("lgpd_consent", { mode: "boolean" }).notNull().default(false),
    consentimentoLgpdEm: timestamp("lgpd_consent_at"),
    empresaId: text("company_id").references(() => companies.id, { onDelete: "set null" }),
    ...recordTrail(),
  },
  (t) => [
    ...listIndexes("clients", t),
    filterIndex("clients_org_origin_idx", t, t.origem),
    filterIndex("clients_org_kind_idx", t, t.tipo),
    filterIndex("clients_org_uf_idx", t, t.uf),
    filterIndex("clients_org_consent_idx", t, t.consentimentoLgpd),
    lookupIndex("clients_org_company_idx", t.orgId, t.empresaId),
    // Duplicate checks.
    lookupIndex("clients_org_document_idx", t.orgId, t.documento),
    lookupIndex("clients_org_email_idx", t.orgId, t.email),
  ],
);

/**
 * Search keys of live clients: every word-suffix of the name ("joao silva", "silva"), the
 * document, e-mail, each phone with and without its DDD, and `#t:tag` / `#c:cidade` for the
 * tags and city filters.
 */
export const clientKeys = searchKeyTable("client_keys", "client_id", "client_keys_client_idx");
