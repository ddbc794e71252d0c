import type { ColumnDef, ListQuery, ResourceDefinition } from "./types.ts";
import { isId } from "../id.ts";

/**
 * List state in the URL, shared by the list page, its loader, the export and `/api/<resource>`.
 * Client-safe.
 *
 *   ?q=joao&sort=nome&dir=asc&page=3&after=<cursor>&f.origem=instagram&f.origem=site&cols=nome,email
 *
 * Filter values by type:
 * - `enum`/`multi-enum`: option values (`f.origem=instagram`); several values mean "any of".
 * - `boolean`: `sim` or `nao`.
 * - `date-range`: `aaaa-mm-dd..aaaa-mm-dd`, either side may be empty (`2026-01-01..`), dates in
 *   the organização's time zone (São Paulo by default), both ends included.
 * - `text`: free text compared without accents or case (`f.cidade=sao paulo`); several values
 *   mean "any of".
 * - `number-range` / `money-range`: `min..max` (money in centavos), either side may be empty.
 * - `relation`: record ids (`f.fornecedor=<id>`); several mean "any of".
 * Unknown keys, values and columns are dropped, so a hand-edited URL can't break the page.
 */

const MAX_Q = 100;
const MAX_PAGE = 100_000;
const MAX_VALUES = 20;
const MAX_VALUE = 80;
const MAX_CURSOR = 600;

const DATE = /^\d{4}-\d{2}-\d{2}$/;

function validDate(value: string): boolean {
  if (!DATE.test(value)) return false;
  const [y, m, d] = value.split("-").map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** "2026-01-01..2026-01-31" → ["2026-01-01", "2026-01-31"]; null when malformed or both sides are empty. */
export function parseDateRange(value: string): [string | null, string | null] | null {
  const parts = value.split("..");
  if (parts.length !== 2) return null;
  const [from = "", to = ""] = parts.map((p) => p.trim());
  if (!from && !to) return null;
  if ((from && !validDate(from)) || (to && !validDate(to))) return null;
  return [from || null, to || null];
}

const NUMBER = /^-?\d{1,15}(\.\d{1,6})?$/;
const INTEGER = /^-?\d{1,15}$/;

/**
 * "100..2500" → [100, 2500]; either side may be empty ("..2500"). Money ranges are whole
 * centavos; number ranges may have decimals (with a dot). Null when malformed or both sides are empty.
 */
export function parseNumberRange(value: string, integer = false): [number | null, number | null] | null {
  const parts = value.split("..");
  if (parts.length !== 2) return null;
  const [from = "", to = ""] = parts.map((p) => p.trim());
  if (!from && !to) return null;
  const pattern = integer ? INTEGER : NUMBER;
  if ((from && !pattern.test(from)) || (to && !pattern.test(to))) return null;
  return [from ? Number(from) : null, to ? Number(to) : null];
}

const TRUE_VALUES = new Set(["sim", "true", "1"]);
const FALSE_VALUES = new Set(["nao", "não", "false", "0"]);

function filterValues<Row>(column: ColumnDef<Row>, raw: string[]): string[] {
  const filter = column.filter;
  if (!filter) return [];
  const values = raw
    .flatMap((v) => (filter.type === "text" || filter.type === "date-range" ? [v] : v.split(",")))
    .map((v) => v.trim())
    .filter((v) => v.length > 0 && v.length <= MAX_VALUE);
  switch (filter.type) {
    case "enum":
    case "multi-enum": {
      const allowed = filter.options ? new Set(filter.options.map((o) => o.value)) : null;
      const kept = [...new Set(values.filter((v) => !allowed || allowed.has(v)))];
      return filter.type === "enum" ? kept.slice(0, 1) : kept.slice(0, MAX_VALUES);
    }
    case "boolean": {
      const first = values[0]?.toLowerCase();
      if (first && TRUE_VALUES.has(first)) return ["sim"];
      if (first && FALSE_VALUES.has(first)) return ["nao"];
      return [];
    }
    case "date-range": {
      const first = values.find((v) => parseDateRange(v) !== null);
      return first ? [first] : [];
    }
    case "number-range":
    case "money-range": {
      const first = values.find((v) => parseNumberRange(v, filter.type === "money-range") !== null);
      return first ? [first] : [];
    }
    case "relation":
      return [...new Set(values.filter((v) => isId(v)))].slice(0, MAX_VALUES);
    case "text":
      return [...new Set(values)].slice(0, MAX_VALUES);
  }
}

/** Reads the list state from a page or API URL; anything invalid falls back to the default. */
export function parseListQuery<Row extends { id: string }, Input>(url: URL, def: ResourceDefinition<Row, Input>): ListQuery {
  const params = url.searchParams;
  const q = (params.get("q") ?? "").trim().slice(0, MAX_Q);

  const sortable = new Set(def.columns.filter((c) => c.sort).map((c) => c.key));
  const sortParam = params.get("sort");
  const sort = sortParam && sortable.has(sortParam) ? sortParam : def.defaultSort.key;
  const dirParam = params.get("dir");
  const dir: "asc" | "desc" =
    dirParam === "asc" || dirParam === "desc" ? dirParam : sort === def.defaultSort.key ? def.defaultSort.dir : "asc";

  const pageNumber = Number(params.get("page") ?? "1");
  const page = Number.isInteger(pageNumber) && pageNumber >= 1 ? Math.min(pageNumber, MAX_PAGE) : 1;

  const afterParam = params.get("after");
  const after = afterParam && afterParam.length <= MAX_CURSOR && /^[A-Za-z0-9_-]+$/.test(afterParam) ? afterParam : null;

  const filters: Record<string, string[]> = {};
  for (const column of def.columns) {
    if (!column.filter) continue;
    const values = filterValues(column, params.getAll(`f.${column.key}`));
    if (values.length) filters[column.key] = values;
  }

  const colsParam = params.get("cols");
  const known = new Set(def.columns.map((c) => c.key));
  const columns = colsParam === null ? null : [...new Set(colsParam.split(",").map((c) => c.trim()))].filter((c) => known.has(c));

  return { q, sort, dir, page, after, filters, columns };
}

/**
 * Writes the list state back to search params, leaving out what is already the default (with
 * `def`, the default sort too) so links stay short.
 */
export function listQueryToSearch<Row extends { id: string }, Input>(
  query: ListQuery,
  def?: ResourceDefinition<Row, Input>,
): URLSearchParams {
  const params = new URLSearchParams();
  if (query.q) params.set("q", query.q);
  const defaultSort = def?.defaultSort;
  if (!defaultSort || query.sort !== defaultSort.key || query.dir !== defaultSort.dir) {
    params.set("sort", query.sort);
    params.set("dir", query.dir);
  }
  for (const [key, values] of Object.entries(query.filters)) for (const value of values) params.append(`f.${key}`, value);
  if (query.columns) params.set("cols", query.columns.join(","));
  if (query.page > 1) params.set("page", String(query.page));
  if (query.after) params.set("after", query.after);
  return params;
}

/** The list state with nothing chosen: default sort, first page. */
export function defaultListQuery<Row extends { id: string }, Input>(def: ResourceDefinition<Row, Input>): ListQuery {
  return { q: "", sort: def.defaultSort.key, dir: def.defaultSort.dir, page: 1, after: null, filters: {}, columns: null };
}
