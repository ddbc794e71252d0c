import { type SQL, sql } from "drizzle-orm";
import { index, primaryKey, type SQLiteColumn, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { users } from "./accounts.ts";
import { createdAt, id, timestamp, updatedAt } from "./columns.ts";
import { organizations } from "./organizations.ts";

/**
 * What every business record (clients, companies and the resources to come) shares: its id and
 * organization first, then its search keys and audit trail (who created, changed and deleted it,
 * and when). Spread around the resource's own columns. See docs/decisions/007-search-and-pagination.md.
 */
export const recordKey = () => ({
  id: id(),
  orgId: text("org_id")
    .notNull()
    .references(() => organizations.id, { onDelete: "cascade" }),
});

export const recordTrail = () => ({
  /** JSON array: feeds the resource's `*_keys` table through triggers. */
  searchKeys: text("search_keys").notNull().default("[]"),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
  createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
  updatedBy: text("updated_by").references(() => users.id, { onDelete: "set null" }),
  deletedAt: timestamp("deleted_at"),
  deletedBy: text("deleted_by").references(() => users.id, { onDelete: "set null" }),
});

const live = (): SQL => sql`deleted_at is null`;

/** The list's indexes over live rows: one per sort, org first and id as the tiebreaker. */
export function sortIndexes(
  table: string,
  t: { orgId: SQLiteColumn; id: SQLiteColumn; createdAt: SQLiteColumn; updatedAt: SQLiteColumn },
  sortName: SQLiteColumn,
) {
  return [
    index(`${table}_org_name_idx`).on(t.orgId, sortName, t.id).where(live()),
    index(`${table}_org_created_idx`).on(t.orgId, t.createdAt, t.id).where(live()),
    index(`${table}_org_updated_idx`).on(t.orgId, t.updatedAt, t.id).where(live()),
  ];
}

/** A narrowing filter's index, sorted by name inside. */
export const filterIndex = (name: string, orgId: SQLiteColumn, column: SQLiteColumn, sortName: SQLiteColumn, id: SQLiteColumn) =>
  index(name).on(orgId, column, sortName, id).where(live());

/** An index for duplicate checks (one column, live rows). */
export const lookupIndex = (name: string, orgId: SQLiteColumn, column: SQLiteColumn) => index(name).on(orgId, column).where(live());

/** The trash (soft-deleted rows), for restore and purging. */
export const trashIndex = (table: string, t: { orgId: SQLiteColumn; deletedAt: SQLiteColumn }) =>
  index(`${table}_org_deleted_idx`).on(t.orgId, t.deletedAt).where(sql`deleted_at is not null`);

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
