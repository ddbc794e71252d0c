import { type SQL, sql } from "drizzle-orm";
import { index, primaryKey, type SQLiteColumn, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { users } from "./accounts.ts";
import { timestamp } from "./columns.ts";
import { organizations } from "./organizations.ts";

/**
 * What every business record (clients, companies, products… every resource of the registry)
 * shares: its id and organization first, its sort key, then its search keys and audit trail
 * (who created, changed and deleted it, and when). Drizzle keys are the names the API and the
 * screens use (Portuguese), so a row read from the table is already the row the app shows:
 * a field is named once. See docs/decisions/007-search-and-pagination.md and 014.
 */
export const recordKey = () => ({
  id: text("id")
    .primaryKey()
    .$defaultFn(() => crypto.randomUUID()),
  orgId: text("org_id")
    .notNull()
    .references(() => organizations.id, { onDelete: "cascade" }),
});

/** The text a record sorts by "nome": its display name lower-cased without accents. */
export const sortKeyColumn = (name: string) => text(name).notNull();

export const recordTrail = () => ({
  /** JSON array: feeds the resource's `*_keys` table through triggers. */
  chavesBusca: text("search_keys").notNull().default("[]"),
  criadoEm: timestamp("created_at")
    .notNull()
    .$defaultFn(() => new Date()),
  atualizadoEm: timestamp("updated_at")
    .notNull()
    .$defaultFn(() => new Date()),
  criadoPor: text("created_by").references(() => users.id, { onDelete: "set null" }),
  atualizadoPor: text("updated_by").references(() => users.id, { onDelete: "set null" }),
  excluidoEm: timestamp("deleted_at"),
  excluidoPor: text("deleted_by").references(() => users.id, { onDelete: "set null" }),
});

const live = (): SQL => sql`deleted_at is null`;

/** What the index helpers need of a record table. */
interface RecordColumns {
  orgId: SQLiteColumn;
  id: SQLiteColumn;
  ordem: SQLiteColumn;
  criadoEm: SQLiteColumn;
  atualizadoEm: SQLiteColumn;
  excluidoEm: SQLiteColumn;
}

/**
 * The list's indexes over live rows: one per sort column (org first, id as the tiebreaker;
 * "nome" sorts by `ordem`, and "criadoEm"/"atualizadoEm" every record has), and the trash.
 * `more` names the resource's other sortable columns (price, date, quantity…).
 */
export function listIndexes(table: string, t: RecordColumns, more: Record<string, SQLiteColumn> = {}) {
  return [
    index(`${table}_org_name_idx`).on(t.orgId, t.ordem, t.id).where(live()),
    index(`${table}_org_created_idx`).on(t.orgId, t.criadoEm, t.id).where(live()),
    index(`${table}_org_updated_idx`).on(t.orgId, t.atualizadoEm, t.id).where(live()),
    ...Object.entries(more).map(([name, column]) => index(`${table}_org_${name}_idx`).on(t.orgId, column, t.id).where(live())),
    index(`${table}_org_deleted_idx`).on(t.orgId, t.excluidoEm).where(sql`deleted_at is not null`),
  ];
}

/** A narrowing filter's index, sorted by name inside. */
export const filterIndex = (name: string, t: RecordColumns, column: SQLiteColumn | SQL) =>
  index(name).on(t.orgId, column, t.ordem, t.id).where(live());

/** An index for duplicate checks and relations (one column, live rows). */
export const lookupIndex = (name: string, orgId: SQLiteColumn, column: SQLiteColumn) => index(name).on(orgId, column).where(live());

/**
 * Search keys of a resource's live records, one row per key (maintained by triggers from its
 * `search_keys`). The primary key covers (org, key prefix) → (sort name, record), so a search
 * reads only the organization's slice; `recordId` is the record's id column (`client_id`…).
 */
export function searchKeyTable(table: string, recordColumn: string, recordIndex: string) {
  return sqliteTable(
    table,
    {
      orgId: text("org_id").notNull(),
      key: text("key").notNull(),
      sortName: text("sort_name").notNull(),
      recordId: text(recordColumn).notNull(),
    },
    (t) => [primaryKey({ columns: [t.orgId, t.key, t.sortName, t.recordId] }), index(recordIndex).on(t.orgId, t.recordId, t.key)],
  );
}
