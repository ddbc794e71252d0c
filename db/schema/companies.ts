import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { users } from "./accounts.ts";
import { createdAt, id, timestamp, updatedAt } from "./columns.ts";
import { COMPANY_TYPES } from "./enums.ts";
import { organizations } from "./organizations.ts";

/**
 * Companies the business deals with (construtoras, condomínios, fornecedores…).
 * `sort_name` is the display name (nome fantasia, else razão social) lower-cased without
 * accents: the list sorts by it. `search_keys` (JSON array) feeds `company_keys` through
 * triggers (migrations/0002_records_search.sql); see docs/decisions/007-search-and-pagination.md.
 */
export const companies = sqliteTable(
  "companies",
  {
    id: id(),
    orgId: text("org_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    type: text("type", { enum: COMPANY_TYPES }).notNull(),
    /** Bare: 14 characters, alphanumeric CNPJ upper-cased. */
    cnpj: text("cnpj"),
    legalName: text("legal_name").notNull(),
    tradeName: text("trade_name"),
    stateRegistration: text("state_registration"),
    email: text("email"),
    /** National digits, e.g. 1133334444. */
    phone: text("phone"),
    website: text("website"),
    cep: text("cep"),
    street: text("street"),
    number: text("number"),
    complement: text("complement"),
    district: text("district"),
    city: text("city"),
    uf: text("uf"),
    notes: text("notes"),
    sortName: text("sort_name").notNull(),
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
    index("companies_org_name_idx").on(t.orgId, t.sortName, t.id).where(sql`deleted_at is null`),
    index("companies_org_created_idx").on(t.orgId, t.createdAt, t.id).where(sql`deleted_at is null`),
    index("companies_org_updated_idx").on(t.orgId, t.updatedAt, t.id).where(sql`deleted_at is null`),
    index("companies_org_type_idx").on(t.orgId, t.type, t.sortName, t.id).where(sql`deleted_at is null`),
    index("companies_org_cnpj_idx").on(t.orgId, t.cnpj).where(sql`deleted_at is null`),
    index("companies_org_email_idx").on(t.orgId, t.email).where(sql`deleted_at is null`),
    // The trash (soft-deleted rows), for restore and purging.
    index("companies_org_deleted_idx").on(t.orgId, t.deletedAt).where(sql`deleted_at is not null`),
  ],
);

/**
 * Search keys of live companies, one row per key (maintained by triggers from
 * `companies.search_keys`): word-suffixes of the names, CNPJ, e-mail, phone and `#c:cidade` for the
 * city filter. A prefix
 * range on (org_id, key) finds matches inside the organization's own slice of the index.
 */
export const companyKeys = sqliteTable(
  "company_keys",
  {
    orgId: text("org_id").notNull(),
    key: text("key").notNull(),
    sortName: text("sort_name").notNull(),
    companyId: text("company_id").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.orgId, t.key, t.sortName, t.companyId] }),
    index("company_keys_company_idx").on(t.orgId, t.companyId, t.key),
  ],
);

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
