import { getTableColumns, type SQL, sql } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import type { Database } from "../../db/client.ts";
import type { OrgTable } from "../../db/tenant.ts";

/**
 * `INSERT INTO table (…) SELECT … WHERE NOT EXISTS (guard)`: a write that checks its own
 * precondition in the same statement, so "save unless a duplicate exists" costs one round trip
 * and cannot race with another save. Values go through each column's own encoding (dates,
 * JSON, booleans), exactly as Drizzle's `insert().values()` would store them.
 *
 * `values` must come from `orgScope(…).values(…)`, which forces the organization.
 */
export function insertUnless(db: Database, table: OrgTable, values: Record<string, unknown>, guard: SQL) {
  const columns = getTableColumns(table) as Record<string, SQLiteColumn>;
  const entries = Object.entries(values).filter(([, value]) => value !== undefined);
  const names = entries.map(([key]) => {
    const column = columns[key];
    if (!column) throw new Error(`insertUnless: ${key} is not a column`);
    return sql.identifier(column.name);
  });
  const params = entries.map(([key, value]) => sql.param(value, columns[key]));
  return db.run(sql`insert into ${table} (${sql.join(names, sql`, `)}) select ${sql.join(params, sql`, `)} where not exists (${guard})`);
}
