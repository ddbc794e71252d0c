import { getTableName, type SQL, sql } from "drizzle-orm";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";

/**
 * An organização's IANA zone as a column of a query that already reads a row of it (public
 * pages, jobs), so it costs no round trip of its own; null when it never chose one (read it
 * with `timeZoneOf`, São Paulo). Signed-in requests get it with the session (Actor.timeZone).
 * `table` is the row's table (its `org_id` column), named in full: Drizzle leaves a
 * single-table query's columns unqualified, which inside the subquery would name its own.
 */
export function orgTimeZoneColumn(table: SQLiteTable): SQL<string | null> {
  const outer = sql`${sql.identifier(getTableName(table))}.${sql.identifier("org_id")}`;
  return sql<string | null>`(select bs.time_zone from business_settings bs where bs.org_id = ${outer})`;
}
