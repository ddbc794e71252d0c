import { count, eq, gte, isNull, lt, type SQL, type Subquery, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import type { Database } from "../../db/client.ts";
import { recordCounts } from "../../db/schema/index.ts";
import type { OrgScope, OrgTable } from "../../db/tenant.ts";
import { prefixEnd, searchTerms } from "../../shared/search.ts";
import type { ListQuery } from "../../shared/resources/types.ts";
import {
  afterCursor,
  type KeyColumns,
  type KeyMatch,
  keyConditions,
  type ListColumns,
  orderBy,
  sortColumn,
  termMatches,
} from "./common.ts";
import type { Cursor } from "./cursor.ts";

/**
 * The statements of one list page, shared by every listable resource. Plans
 * (docs/decisions/007-search-and-pagination.md), written so SQLite cannot pick another one with
 * or without `ANALYZE` statistics (a new organization has none, and without them it once chose
 * to walk every record of the organization: 100 ms instead of 4 ms for a search over 50,000
 * clients):
 * - no search and no key filter: the page's ids from an index that matches the sort (org first,
 *   id as tiebreaker; offset skips index entries only), then those rows; the unfiltered total
 *   comes from `record_counts`;
 * - a search or key filters (tags, city), sorted by name, no other filter: the page's ids from
 *   the key table alone (its primary key covers org, key, sort name and record);
 * - a search or key filters with another sort or other filters: the matching ids from the key
 *   table drive primary-key lookups into the records, sorted there.
 * Whenever ids come first, `CROSS JOIN` keeps them as the outer loop (SQLite never reorders
 * it), so rows are reached by primary key; the cost is bounded by the page, or by the matches.
 */

export interface PageRequest {
  limit: number;
  offset: number;
  cursor: Cursor | null;
}

/** A subquery of record ids that drives a query (outer loop of a `CROSS JOIN`). */
export type PageDriver = Subquery & { id: SQLiteColumn };

/** A query of packed rows (`{ j }`, one JSON text per row) that can still be ordered. */
export interface PackedRowsSelect {
  orderBy(...columns: SQL[]): PackedRowsQuery;
}
type Statement<Row> = BatchItem<"sqlite"> & PromiseLike<Row[]> & { toSQL(): { sql: string; params: unknown[] } };
export type PackedRowsQuery = Statement<{ j: string }>;
export type TotalQuery = Statement<{ n: number }>;

/** What the page planner needs to know about a resource. */
export interface ListSpec {
  /** Its key in `record_counts`. */
  resource: "clients" | "companies";
  table: OrgTable;
  columns: ListColumns;
  keys: KeyColumns;
  /** The same key table under another alias, for the second and later search terms. */
  otherKeys: KeyColumns;
  /** Filters as conditions on the table's columns, and as key matches (indexed, accent-insensitive). */
  filters(filters: ListQuery["filters"]): { columns: SQL[]; keys: KeyMatch[] };
  /** The organization's packed rows matching `conditions` (reached through `driver`'s ids when given), with their joins. */
  rows(db: Database, scope: OrgScope, driver: PageDriver | null, ...conditions: (SQL | undefined)[]): PackedRowsSelect;
}

export function pageQueries(
  db: Database,
  scope: OrgScope,
  spec: ListSpec,
  query: ListQuery,
  page: PageRequest,
): { rows: PackedRowsQuery; total: TotalQuery } {
  const { columns: cols, keys } = spec;
  const filters = spec.filters(query.filters);
  const terms = searchTerms(query.q);
  // One letter alone means "names starting with it": the name index answers that in order.
  const letter = terms.length === 1 && terms[0]?.length === 1 ? terms[0] : null;
  if (letter) filters.columns.push(gte(cols.sortName, letter), lt(cols.sortName, prefixEnd(letter)));
  const matches = [...termMatches(letter ? [] : terms), ...filters.keys];
  const keyConds = keyConditions(db, scope, keys, spec.otherKeys, matches);
  const cursorAfter = (sort: SQLiteColumn, id: SQLiteColumn) => (page.cursor ? afterCursor(sort, id, page.cursor) : undefined);
  const live = isNull(cols.deletedAt);

  if (matches.length && !filters.columns.length && query.sort === "nome") {
    // GROUP BY (sort name, record) is DISTINCT by record: a record has one sort name.
    const pageIds = db
      .select({ sortName: keys.sortName, id: keys.recordId })
      .from(keys.table)
      .where(scope.where(keys.table, ...keyConds, cursorAfter(keys.sortName, keys.recordId)))
      .groupBy(keys.sortName, keys.recordId)
      .orderBy(...orderBy(keys.sortName, keys.recordId, query.dir))
      .limit(page.limit)
      .offset(page.offset)
      .as("m");
    const rows = spec.rows(db, scope, pageIds, live).orderBy(...orderBy(pageIds.sortName, pageIds.id, query.dir));
    const total = db
      .select({ n: sql<number>`count(distinct ${keys.recordId})` })
      .from(keys.table)
      .where(scope.where(keys.table, ...keyConds)) as unknown as TotalQuery;
    return { rows, total };
  }

  const sortCol = sortColumn(cols, query.sort);
  const conditions: SQL[] = [live, ...filters.columns];
  if (matches.length) {
    const matching = db
      .selectDistinct({ id: keys.recordId })
      .from(keys.table)
      .where(scope.where(keys.table, ...keyConds))
      .as("m");
    const inOrg = (...more: (SQL | undefined)[]) => scope.where(spec.table, eq(cols.id, matching.id), ...conditions, ...more);
    const ids = db
      .select({ id: cols.id })
      .from(matching)
      .crossJoin(spec.table)
      .where(inOrg(cursorAfter(sortCol, cols.id)))
      .orderBy(...orderBy(sortCol, cols.id, query.dir))
      .limit(page.limit)
      .offset(page.offset)
      .as("p");
    const rows = spec.rows(db, scope, ids, live).orderBy(...orderBy(sortCol, cols.id, query.dir));
    const total = db.select({ n: count() }).from(matching).crossJoin(spec.table).where(inOrg()) as unknown as TotalQuery;
    return { rows, total };
  }

  // The page's ids first (an index walk that skips `offset` entries without touching rows),
  // then only those rows with their joins.
  const ids = db
    .select({ id: cols.id })
    .from(spec.table)
    .where(scope.where(spec.table, ...conditions, cursorAfter(sortCol, cols.id)))
    .orderBy(...orderBy(sortCol, cols.id, query.dir))
    .limit(page.limit)
    .offset(page.offset)
    .as("p");
  const rows = spec.rows(db, scope, ids, live).orderBy(...orderBy(sortCol, cols.id, query.dir));
  const total = (conditions.length === 1
    ? db
        .select({ n: recordCounts.live })
        .from(recordCounts)
        .where(scope.where(recordCounts, eq(recordCounts.resource, spec.resource)))
    : db
        .select({ n: count() })
        .from(spec.table)
        .where(scope.where(spec.table, ...conditions))) as unknown as TotalQuery;
  return { rows, total };
}
