import { type SQL, sql } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { businessSettings } from "../../../db/schema/index.ts";

/**
 * An organização's IANA zone as a column of a query that already reads a row of it (public
 * pages, jobs), so it costs no round trip of its own; null when it never chose one (read it
 * with `timeZoneOf`, São Paulo). Signed-in requests get it with the session (Actor.timeZone).
 */
export function orgTimeZoneColumn(orgId: SQLiteColumn | SQL): SQL<string | null> {
  return sql<string | null>`(select ${businessSettings.fusoHorario} from ${businessSettings} where ${businessSettings.orgId} = ${orgId})`;
}
