import { integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { COMPANY_TYPES } from "../../shared/enums.ts";
import { filterIndex, listIndexes, lookupIndex, recordKey, recordTrail, searchKeyTable, sortKeyColumn } from "./records.ts";

/**
 * Companies the business deals with (construtoras, condomínios, fornecedores…).
 * `ordem` (`sort_name`) is the display name (nome fantasia, else razão social) lower-cased
 * without accents: the list sorts by it. `search_keys` (JSON array) feeds `company_keys`
 * through triggers; see docs/decisions/007-search-and-pagination.md.
 */
export const companies = sqliteTable(
  "companies",
  {
    ...recordKey(),
    tipo: text("type", { enum: COMPANY_TYPES }).notNull(),
    /** Bare: 14 characters, alphanumeric CNPJ upper-cased. */
    cnpj: text("cnpj"),
    razaoSocial: text("legal_name").notNull(),
    nomeFantasia: text("trade_name"),
    inscricaoEstadual: text("state_registration"),
    email: text("email"),
    /** National digits, e.g. 1133334444. */
    telefone: text("phone"),
    site: text("website"),
    cep: text("cep"),
    rua: text("street"),
    numero: text("number"),
    complemento: text("complement"),
    bairro: text("district"),
    cidade: text("city"),
    uf: text("uf"),
    observacoes: text("notes"),
    ordem: sortKeyColumn("sort_name"),
    ...recordTrail(),
  },
  (t) => [
    ...listIndexes("companies", t),
    filterIndex("companies_org_type_idx", t, t.tipo),
    filterIndex("companies_org_uf_idx", t, t.uf),
    lookupIndex("companies_org_cnpj_idx", t.orgId, t.cnpj),
    lookupIndex("companies_org_email_idx", t.orgId, t.email),
  ],
);

/** Search keys of live companies: word-suffixes of the names, CNPJ, e-mail, phone and `#c:cidade` for the city filter. */
export const companyKeys = searchKeyTable("company_keys", "company_id", "company_keys_company_idx");

/** Live rows per organization and resource, kept by triggers so an unfiltered list's total costs one lookup. */
export const recordCounts = sqliteTable(
  "record_counts",
  {
    orgId: text("org_id").notNull(),
    resource: text("resource").notNull(),
    live: integer("live").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.resource] })],
);

/** Sums of the `total` money columns over live rows, per organization and resource (triggers), for unfiltered lists. */
export const recordTotals = sqliteTable(
  "record_totals",
  {
    orgId: text("org_id").notNull(),
    resource: text("resource").notNull(),
    columnKey: text("column_key").notNull(),
    total: integer("total").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.resource, t.columnKey] })],
);
