import { and, asc, desc, exists, gte, inArray, isNull, lt, type SQL, sql } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import type { BatchItem } from "drizzle-orm/batch";
import type { Database } from "../../db/client.ts";
import type { OrgScope, OrgTable } from "../../db/tenant.ts";
import { formatDateTime } from "../../shared/format.ts";
import { parseDateRange } from "../../shared/resources/query.ts";
import { prefixEnd } from "../../shared/search.ts";
import { type Cursor, decodeCursor } from "./cursor.ts";

/** Why `findDuplicates` flagged a record. */
export type DuplicateReason = "documento" | "e-mail" | "telefone";

export interface Duplicate {
  id: string;
  title: string;
  reason: DuplicateReason;
}

/** Columns every listable resource has, for sorting, paging and soft delete. */
export interface ListColumns {
  id: SQLiteColumn;
  sortName: SQLiteColumn;
  createdAt: SQLiteColumn;
  updatedAt: SQLiteColumn;
  deletedAt: SQLiteColumn;
}

/** The search-key table of a resource (`client_keys`, `company_keys`). */
export interface KeyColumns {
  table: OrgTable;
  key: SQLiteColumn;
  sortName: SQLiteColumn;
  recordId: SQLiteColumn;
}

export type SortKey = "nome" | "criadoEm" | "atualizadoEm";

export function sortColumn(cols: ListColumns, sort: string): SQLiteColumn {
  if (sort === "criadoEm") return cols.createdAt;
  if (sort === "atualizadoEm") return cols.updatedAt;
  return cols.sortName;
}

/** ORDER BY the sort column then id, both in the list's direction (so the index serves it either way). */
export function orderBy(column: SQLiteColumn | SQL, id: SQLiteColumn | SQL, dir: "asc" | "desc"): SQL[] {
  return dir === "asc" ? [asc(column), asc(id)] : [desc(column), desc(id)];
}

/** Rows after the cursor in the list's order: `(sort, id) > (v, id)` (or `<` descending). */
export function afterCursor(column: SQLiteColumn | SQL, id: SQLiteColumn | SQL, cursor: Cursor): SQL {
  const value = cursor.value;
  return cursor.dir === "asc" ? sql`(${column}, ${id}) > (${value}, ${cursor.id})` : sql`(${column}, ${id}) < (${value}, ${cursor.id})`;
}

/** The value a cursor stores for a row: the sort name, or the timestamp in ms. */
export function cursorValue(sort: string, row: SortValues): string | number {
  if (sort === "criadoEm") return row.createdAt;
  if (sort === "atualizadoEm") return row.updatedAt;
  return row.sortName;
}

/** A row's values in every sort, and its id (timestamps in ms). */
export interface SortValues {
  id: string;
  sortName: string;
  createdAt: number;
  updatedAt: number;
}

export function readCursor(after: string | null, sort: string, dir: "asc" | "desc"): Cursor | null {
  const cursor = decodeCursor(after, sort, dir);
  if (!cursor) return null;
  // The cursor's value must have the sort column's type.
  if ((sort === "nome") !== (typeof cursor.value === "string")) return null;
  return cursor;
}

/**
 * What a record's keys must contain: a prefix (a search term) or one of several exact keys (a
 * tags or city filter, "any of").
 */
export type KeyMatch = { prefix: string } | { anyOf: readonly string[] };

function keyMatch(column: SQLiteColumn, match: KeyMatch): SQL {
  if ("prefix" in match) return and(gte(column, match.prefix), lt(column, prefixEnd(match.prefix))) as SQL;
  return inArray(column, [...match.anyOf]);
}

/** Search terms as key matches. */
export function termMatches(terms: readonly string[]): KeyMatch[] {
  return terms.map((prefix) => ({ prefix }));
}

/**
 * Conditions on the key table: the first match drives an index range on (org_id, key); each
 * other match must hold for one of the same record's keys (EXISTS on the (org_id, record) index).
 */
export function keyConditions(db: Database, scope: OrgScope, keys: KeyColumns, other: KeyColumns, matches: readonly KeyMatch[]): SQL[] {
  const [driver, ...rest] = matches;
  if (driver === undefined) return [];
  const conditions: SQL[] = [keyMatch(keys.key, driver)];
  for (const match of rest) {
    conditions.push(
      exists(
        db
          .select({ one: sql`1` })
          .from(other.table)
          .where(scope.where(other.table, sql`${other.recordId} = ${keys.recordId}`, keyMatch(other.key, match))),
      ),
    );
  }
  return conditions;
}

/** Instant of 00:00 on a São Paulo calendar day ("2026-03-05"). */
export function saoPauloMidnight(day: string): Date {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  // Start from 03:00 UTC (São Paulo has been UTC−3 since 2019) and correct by what the zone says.
  let guess = Date.UTC(y, m - 1, d, 3, 0);
  for (let i = 0; i < 2; i++) {
    const shown = formatDateTime(new Date(guess)); // "dd/mm/aaaa HH:mm" in São Paulo
    const [date = "", time = ""] = shown.split(" ");
    const [dd, mm, yyyy] = date.split("/").map(Number) as [number, number, number];
    const [hh, mi] = time.split(":").map(Number) as [number, number];
    const shownUtc = Date.UTC(yyyy, mm - 1, dd, hh, mi);
    const wanted = Date.UTC(y, m - 1, d, 0, 0);
    if (shownUtc === wanted) break;
    guess += wanted - shownUtc;
  }
  return new Date(guess);
}

/** `f.criadoEm=aaaa-mm-dd..aaaa-mm-dd` on a timestamp column, both days included (São Paulo calendar). */
export function dateRangeCondition(column: SQLiteColumn, value: string | undefined): SQL | undefined {
  const range = value ? parseDateRange(value) : null;
  if (!range) return undefined;
  const [from, to] = range;
  const conditions: SQL[] = [];
  if (from) conditions.push(gte(column, saoPauloMidnight(from)));
  if (to) {
    const next = new Date(`${to}T00:00:00Z`);
    next.setUTCDate(next.getUTCDate() + 1);
    conditions.push(lt(column, saoPauloMidnight(next.toISOString().slice(0, 10))));
  }
  return and(...conditions);
}

/** `sim`/`nao` → boolean. */
export function booleanFilter(values: readonly string[] | undefined): boolean | undefined {
  const first = values?.[0];
  return first === "sim" ? true : first === "nao" ? false : undefined;
}

/** Live rows only. */
export function live(cols: Pick<ListColumns, "deletedAt">): SQL {
  return isNull(cols.deletedAt);
}

/** Runs statements in one round trip (one batch) and returns their results. */
export async function batch<T extends readonly BatchItem<"sqlite">[]>(db: Database, items: T) {
  return db.batch(items as unknown as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
}

/** The most ids a bulk action takes at once. */
export const MAX_BULK = 500;
