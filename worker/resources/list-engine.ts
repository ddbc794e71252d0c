import { and, asc, count, desc, eq, exists, gte, inArray, isNull, lt, lte, type SQL, type Subquery, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { alias, type SQLiteColumn } from "drizzle-orm/sqlite-core";
import type { Database } from "../../db/client.ts";
import { recordCounts, recordTotals } from "../../db/schema/index.ts";
import type { OrgScope } from "../../db/tenant.ts";
import { localInstant } from "../../shared/format.ts";
import { DEFAULT_TIME_ZONE } from "../../shared/time-zone.ts";
import { parseDateRange, parseNumberRange } from "../../shared/resources/query.ts";
import type { FilterType, ListQuery, SortType } from "../../shared/resources/types.ts";
import { prefixEnd, searchTerms } from "../../shared/search.ts";
import type { Cursor } from "./cursor.ts";
import { type KeyTable, packingOf, type RawRow, type ResourceModule, unpack } from "./define.ts";

/**
 * The statements of one list page, the same for every resource: search, typed filters, typed
 * sorts, offset or keyset paging, the total and the money totals. Plans
 * (docs/decisions/007-search-and-pagination.md), written so SQLite cannot pick another one with
 * or without `ANALYZE` statistics:
 * - no search and no key filter: the page's ids from an index that matches the sort (org first,
 *   id as tiebreaker; offset skips index entries only), then those rows; the unfiltered total
 *   comes from `record_counts` and the totals from `record_totals`;
 * - a search or key filters, sorted by name, no other filter: the page's ids from the key table
 *   alone (its primary key covers org, key, sort name and record);
 * - a search or key filters with another sort or other filters: the matching ids from the key
 *   table drive primary-key lookups into the records, sorted there.
 * Whenever ids come first, `CROSS JOIN` keeps them as the outer loop, so rows are reached by
 * primary key; the cost is bounded by the page, or by the matches.
 */

export interface PageRequest {
  limit: number;
  offset: number;
  cursor: Cursor | null;
}

/** A subquery of record ids that drives a page (the outer loop of a `CROSS JOIN`). */
export type PageDriver = Subquery & { id: SQLiteColumn };

type Statement<Row> = BatchItem<"sqlite"> & PromiseLike<Row[]> & { toSQL(): { sql: string; params: unknown[] } };

/** What a key must be: a prefix (a search term) or one of several exact keys (a tags or city filter). */
export type KeyMatch = { prefix: string } | { anyOf: readonly string[] };

interface Keys {
  table: KeyTable;
  key: SQLiteColumn;
  sortName: SQLiteColumn;
  recordId: SQLiteColumn;
}

const otherKeyTables = new WeakMap<KeyTable, Keys>();

function keysOf(table: KeyTable): Keys {
  return { table, key: table.key, sortName: table.sortName, recordId: table.recordId };
}

/** The same key table under another alias, for the second and later search terms. */
function otherKeysOf(table: KeyTable): Keys {
  let other = otherKeyTables.get(table);
  if (!other) {
    other = keysOf(alias(table, "k2") as unknown as KeyTable);
    otherKeyTables.set(table, other);
  }
  return other;
}

function keyMatch(column: SQLiteColumn, match: KeyMatch): SQL {
  if ("prefix" in match) return and(gte(column, match.prefix), lt(column, prefixEnd(match.prefix))) as SQL;
  return inArray(column, [...match.anyOf]);
}

/**
 * Conditions on the key table: the first match drives an index range on (org_id, key); each
 * other match must hold for one of the same record's keys (EXISTS on the (org_id, record) index).
 */
function keyConditions(db: Database, scope: OrgScope, keys: Keys, other: Keys, matches: readonly KeyMatch[]): SQL[] {
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

/** `aaaa-mm-dd..aaaa-mm-dd` on a timestamp column, both days included (the organização's calendar). */
export function dateRangeCondition(column: SQLiteColumn, value: string | undefined, zone: string): SQL | undefined {
  const range = value ? parseDateRange(value) : null;
  if (!range) return undefined;
  const [from, to] = range;
  const conditions: SQL[] = [];
  if (from) conditions.push(gte(column, localInstant(from, "00:00", zone)));
  if (to) {
    const next = new Date(`${to}T00:00:00Z`);
    next.setUTCDate(next.getUTCDate() + 1);
    conditions.push(lt(column, localInstant(next.toISOString().slice(0, 10), "00:00", zone)));
  }
  return and(...conditions);
}

/** One filter of the definition, by its type, on the column it is bound to. */
function columnCondition(type: FilterType, column: SQLiteColumn, values: readonly string[], zone: string): SQL | undefined {
  switch (type) {
    case "enum":
    case "multi-enum":
    case "relation":
    case "text":
      return values.length ? inArray(column, [...values]) : undefined;
    case "boolean":
      return values[0] === "sim" ? eq(column, true) : values[0] === "nao" ? eq(column, false) : undefined;
    case "number-range":
    case "money-range": {
      const range = values[0] ? parseNumberRange(values[0], type === "money-range") : null;
      if (!range) return undefined;
      // gte/lte encode the bound with the column's own encoder (quantities are stored in thousandths).
      return and(range[0] === null ? undefined : gte(column, range[0]), range[1] === null ? undefined : lte(column, range[1]));
    }
    case "date-range":
      return dateRangeCondition(column, values[0], zone);
  }
}

/** The list's filters as conditions on the table's columns and as key matches (indexed, accent-insensitive). */
function filterConditions(mod: ResourceModule, filters: ListQuery["filters"], zone: string): { columns: SQL[]; keys: KeyMatch[] } {
  const columns: SQL[] = [];
  const keys: KeyMatch[] = [];
  for (const column of mod.definition.columns) {
    const values = filters[column.key];
    const binding = mod.filters?.[column.key];
    if (!column.filter || !values?.length || !binding) continue;
    if ("column" in binding) {
      const condition = columnCondition(column.filter.type, binding.column, values, zone);
      if (condition) columns.push(condition);
    } else if ("key" in binding) {
      const anyOf = values.map(binding.key).filter((k) => !k.endsWith(":"));
      if (anyOf.length) keys.push({ anyOf });
    } else {
      const condition = binding.where(values, zone);
      if (condition) columns.push(condition);
    }
  }
  return { columns, keys };
}

/** The column a sort key orders by: "nome" → the sort key, the audit dates, or the module's own. */
export function sortColumnOf(mod: ResourceModule, sort: string): SQLiteColumn {
  if (sort === "nome") return mod.table.ordem;
  if (sort === "criadoEm") return mod.table.criadoEm;
  if (sort === "atualizadoEm") return mod.table.atualizadoEm;
  const column = mod.sorts?.[sort];
  if (!column) throw new Error(`${mod.definition.name}: a ordenação "${sort}" não tem coluna`);
  return column;
}

/** The type a sort compares (decides the cursor's value type). */
export function sortTypeOf(mod: ResourceModule, sort: string): SortType {
  return mod.definition.columns.find((c) => c.key === sort)?.sort ?? "text";
}

/** The value a row's cursor stores for a sort: the raw column value (timestamps in ms, quantities in thousandths). */
export function cursorValueOf(mod: ResourceModule, sort: string, raw: RawRow): string | number {
  const column = sortColumnOf(mod, sort);
  const key = Object.entries(mod.table).find(([, c]) => c === column)?.[0] ?? "ordem";
  const value = raw[key];
  return typeof value === "number" || typeof value === "string" ? value : "";
}

function orderBy(column: SQLiteColumn | SQL, id: SQLiteColumn | SQL, dir: "asc" | "desc"): SQL[] {
  return dir === "asc" ? [asc(column), asc(id)] : [desc(column), desc(id)];
}

function afterCursor(column: SQLiteColumn | SQL, id: SQLiteColumn | SQL, cursor: Cursor): SQL {
  return cursor.dir === "asc"
    ? sql`(${column}, ${id}) > (${cursor.value}, ${cursor.id})`
    : sql`(${column}, ${id}) < (${cursor.value}, ${cursor.id})`;
}

/** The organization's packed rows of a resource (reached through `driver`'s ids when given). */
export function selectRows(
  db: Database,
  scope: OrgScope,
  mod: ResourceModule,
  driver: PageDriver | null,
  ...conditions: (SQL | undefined)[]
) {
  const t = mod.table;
  const select = db.select(packingOf(mod).selection);
  const from = driver ? select.from(driver).crossJoin(t) : select.from(t);
  return from
    .$dynamic()
    .where(scope.where(t, driver ? eq(t.id, (driver as unknown as { id: SQLiteColumn }).id) : undefined, ...conditions));
}

export interface PageStatements {
  rows: Statement<{ j: string }>;
  /** The count; also the sums (`j`) when both read the same matches (`totals` is then null). */
  total: Statement<{ n: number; j?: string | null }>;
  /** Sums of the total columns (one row of `{ key: sum }` as JSON), when read apart from the count. */
  totals: Statement<{ j: string | null }> | null;
}

/**
 * `owner`: the actor's own rows only ("own" reach, worker/auth/permissions.ts). It counts as a
 * filter, so rows, the total and the money totals all read the table itself (never the
 * organization-wide `record_counts`/`record_totals`, nor a key-table-only count).
 */
export function pageQueries(
  db: Database,
  scope: OrgScope,
  mod: ResourceModule,
  query: ListQuery,
  page: PageRequest,
  owner?: SQL,
  /** The organização's IANA zone: date filters are its calendar days. */
  zone: string = DEFAULT_TIME_ZONE,
): PageStatements {
  const t = mod.table;
  const filters = filterConditions(mod, query.filters, zone);
  if (owner) filters.columns.push(owner);
  const terms = mod.keys ? searchTerms(query.q) : [];
  const number = numberSearched(mod, terms);
  if (number) filters.columns.push(number);
  // One letter alone means "names starting with it": the name index answers that in order.
  const letter = !number && terms.length === 1 && terms[0]?.length === 1 ? terms[0] : null;
  if (letter) filters.columns.push(gte(t.ordem, letter), lt(t.ordem, prefixEnd(letter)));
  const matches: KeyMatch[] = mod.keys ? [...(letter || number ? [] : terms.map((prefix) => ({ prefix }))), ...filters.keys] : [];
  const keys = mod.keys ? keysOf(mod.keys) : null;
  const keyConds = keys && mod.keys ? keyConditions(db, scope, keys, otherKeysOf(mod.keys), matches) : [];
  const cursorAfter = (sort: SQLiteColumn, id: SQLiteColumn) => (page.cursor ? afterCursor(sort, id, page.cursor) : undefined);
  const live = isNull(t.excluidoEm);
  const totalColumns = Object.entries(mod.totals ?? {});
  const sums = (from: () => ReturnType<ReturnType<Database["select"]>["from"]>) =>
    totalColumns.length ? (from() as unknown as Statement<{ j: string | null }>) : null;
  const sumSelection = {
    j: sql<string | null>`json_object(${sql.join(
      totalColumns.map(([key, column]) => sql`${sql.raw(`'${key.replace(/[^A-Za-z0-9]/g, "")}'`)}, coalesce(sum(${column}), 0)`),
      sql`, `,
    )})`,
  };
  // Count and sums over the same matches in one pass: each statement would walk every match (ADR 075).
  const countSelection = totalColumns.length ? { n: count(), ...sumSelection } : { n: count() };

  if (keys && matches.length && !filters.columns.length && query.sort === "nome") {
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
    const rows = selectRows(db, scope, mod, pageIds as never, live).orderBy(...orderBy(pageIds.sortName, pageIds.id, query.dir));
    const total = db
      .select({ n: sql<number>`count(distinct ${keys.recordId})` })
      .from(keys.table)
      .where(scope.where(keys.table, ...keyConds)) as unknown as Statement<{ n: number }>;
    const matching = () =>
      db
        .selectDistinct({ id: keys.recordId })
        .from(keys.table)
        .where(scope.where(keys.table, ...keyConds))
        .as("s");
    const totals = sums(() => {
      const m = matching();
      return db
        .select(sumSelection)
        .from(m)
        .crossJoin(t)
        .where(scope.where(t, eq(t.id, m.id), live)) as never;
    });
    return { rows: rows as unknown as Statement<{ j: string }>, total, totals };
  }

  const sortCol = sortColumnOf(mod, query.sort);
  const conditions: SQL[] = [live, ...filters.columns];
  if (keys && matches.length) {
    const matching = db
      .selectDistinct({ id: keys.recordId })
      .from(keys.table)
      .where(scope.where(keys.table, ...keyConds))
      .as("m");
    const inOrg = (...more: (SQL | undefined)[]) => scope.where(t, eq(t.id, matching.id), ...conditions, ...more);
    const ids = db
      .select({ id: t.id })
      .from(matching)
      .crossJoin(t)
      .where(inOrg(cursorAfter(sortCol, t.id)))
      .orderBy(...orderBy(sortCol, t.id, query.dir))
      .limit(page.limit)
      .offset(page.offset)
      .as("p");
    const rows = selectRows(db, scope, mod, ids as never, live).orderBy(...orderBy(sortCol, t.id, query.dir));
    const total = db.select(countSelection).from(matching).crossJoin(t).where(inOrg()) as unknown as Statement<{ n: number }>;
    return { rows: rows as unknown as Statement<{ j: string }>, total, totals: null };
  }

  // The page's ids first (an index walk that skips `offset` entries without touching rows),
  // then only those rows with their extras.
  const ids = db
    .select({ id: t.id })
    .from(t)
    .where(scope.where(t, ...conditions, cursorAfter(sortCol, t.id)))
    .orderBy(...orderBy(sortCol, t.id, query.dir))
    .limit(page.limit)
    .offset(page.offset)
    .as("p");
  const rows = selectRows(db, scope, mod, ids as never, live).orderBy(...orderBy(sortCol, t.id, query.dir));
  const unfiltered = conditions.length === 1;
  if (!unfiltered) {
    const total = db
      .select(countSelection)
      .from(t)
      .where(scope.where(t, ...conditions)) as unknown as Statement<{ n: number }>;
    return { rows: rows as unknown as Statement<{ j: string }>, total, totals: null };
  }
  const total = db
    .select({ n: recordCounts.live })
    .from(recordCounts)
    .where(scope.where(recordCounts, eq(recordCounts.resource, mod.definition.name))) as unknown as Statement<{ n: number }>;
  const totals = sums(
    () =>
      (!mod.liveTotals
        ? db
            .select({ j: sql<string | null>`json_group_object(${recordTotals.columnKey}, ${recordTotals.total})` })
            .from(recordTotals)
            .where(scope.where(recordTotals, eq(recordTotals.resource, mod.definition.name)))
        : db
            .select(sumSelection)
            .from(t)
            .where(scope.where(t, ...conditions))) as never,
  );
  return { rows: rows as unknown as Statement<{ j: string }>, total, totals };
}

/** The longest number a search box finds by equality; longer digits are a phone or a document (key prefixes). */
const NUMBER_DIGITS = 9;

/** `number = N` when the resource has a number column and the search is digits alone; else undefined. */
export function numberSearched(mod: ResourceModule, terms: readonly string[]): SQL | undefined {
  const [term] = terms;
  if (!mod.numberColumn || terms.length !== 1 || !term || term.length > NUMBER_DIGITS || !/^\d+$/.test(term)) return undefined;
  return eq(mod.numberColumn, Number(term));
}

/**
 * `id IN (…)` the records a search box value finds (every term a key prefix), for pickers; by
 * the sort key's prefix when the resource has no search keys.
 */
export function matchingIds(db: Database, scope: OrgScope, mod: ResourceModule, q: string): SQL | undefined {
  const terms = searchTerms(q);
  if (!terms.length) return undefined;
  const number = numberSearched(mod, terms);
  if (number) return number;
  if (!mod.keys) return and(...terms.map((term) => and(gte(mod.table.ordem, term), lt(mod.table.ordem, prefixEnd(term)))));
  const keys = keysOf(mod.keys);
  const conditions = keyConditions(
    db,
    scope,
    keys,
    otherKeysOf(mod.keys),
    terms.map((prefix) => ({ prefix })),
  );
  return inArray(
    mod.table.id,
    db
      .selectDistinct({ id: keys.recordId })
      .from(keys.table)
      .where(scope.where(keys.table, ...conditions)),
  );
}

/** Rows of a page as the database packed them. */
export function unpackRows(rows: readonly { j: string }[]): RawRow[] {
  return rows.map(unpack);
}
