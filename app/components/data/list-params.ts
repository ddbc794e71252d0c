import { parseBRL } from "../../../shared/format.ts";

/**
 * What a list's GET forms submit → the URL `parseListQuery` reads (shared/resources/query.ts).
 * The browser runs this before navigating; the loader runs it too and redirects when a form was
 * submitted without JavaScript, so both end on the same short URL. Client-safe.
 *
 * - blank values are dropped (`?q=&f.origem=` → ``);
 * - ticked column boxes (`cols=nome&cols=email`) become `cols=nome,email`;
 * - a range's two inputs become one value `de..ate`, either side may be empty:
 *   - dates and numbers: `f.<key>.de` / `f.<key>.ate` (`2026-01-01`; numbers typed in pt-BR,
 *     `2,5` → `2.5`, `1.000` → `1000`);
 *   - money: `f.<key>.de.reais` / `f.<key>.ate.reais`, typed in reais (`1.234,56`, `R$ 10`) and
 *     written in centavos (`123456..1000`);
 *   a side that is not a date or a number is dropped, and sides given in the wrong order swap.
 */
export const RANGE_FROM = ".de";
export const RANGE_TO = ".ate";
export const MONEY_FROM = ".de.reais";
export const MONEY_TO = ".ate.reais";

const SUFFIXES = [MONEY_FROM, MONEY_TO, RANGE_FROM, RANGE_TO] as const;

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function validDate(value: string): boolean {
  const m = DATE.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

/**
 * A number as a person types it in pt-BR → the URL's form (a dot for decimals), or null.
 * "2,5" → "2.5"; "1.234,5" → "1234.5"; "1.000" → "1000" (dots group thousands); "2.5" → "2.5".
 */
export function normalizeDecimal(input: string): string | null {
  const v = input.replace(/\s/g, "");
  let out: string;
  if (/^-?\d{1,3}(\.\d{3})+(,\d+)?$/.test(v)) out = v.replace(/\./g, "").replace(",", ".");
  else if (/^-?\d+([.,]\d+)?$/.test(v)) out = v.replace(",", ".");
  else return null;
  // The URL takes up to 15 integer digits and 6 decimals (shared/resources/query.ts).
  const [int = "", frac = ""] = out.replace("-", "").split(".");
  if (int.length > 15 || frac.length > 6) return null;
  const n = Number(out);
  return String(n === 0 ? 0 : n); // one spelling per number: "007" → "7", "2,50" → "2.5", "-0" → "0"
}

type Side = { value: string; kind: "date" | "number" } | null;

function side(raw: string, money: boolean): Side {
  if (!raw) return null;
  if (money) {
    const centavos = parseBRL(raw);
    return centavos === null ? null : { value: String(centavos), kind: "number" };
  }
  if (validDate(raw)) return { value: raw, kind: "date" };
  const number = normalizeDecimal(raw);
  return number === null ? null : { value: number, kind: "number" };
}

/** `de..ate`, or null when neither side is usable; sides of the same kind in the wrong order swap. */
function joinRange(from: Side, to: Side): string | null {
  if (!from && !to) return null;
  if (from && to && from.kind !== to.kind) return null;
  if (from && to) {
    const reversed = from.kind === "date" ? from.value > to.value : Number(from.value) > Number(to.value);
    if (reversed) [from, to] = [to, from];
  }
  return `${from?.value ?? ""}..${to?.value ?? ""}`;
}

function rangeSuffix(name: string): (typeof SUFFIXES)[number] | null {
  if (!name.startsWith("f.")) return null;
  return SUFFIXES.find((s) => name.endsWith(s)) ?? null;
}

export function normalizeListParams(input: URLSearchParams): URLSearchParams {
  const out = new URLSearchParams();
  const ranges = new Map<string, { from: string; to: string; money: boolean }>();
  const cols: string[] = [];
  let sawCols = false;
  for (const [name, raw] of input) {
    const value = raw.trim();
    if (name === "cols") {
      sawCols = true;
      cols.push(...value.split(",").filter(Boolean));
      continue;
    }
    const suffix = rangeSuffix(name);
    if (suffix) {
      const key = name.slice(0, -suffix.length);
      const money = suffix === MONEY_FROM || suffix === MONEY_TO;
      const range = ranges.get(key) ?? { from: "", to: "", money };
      if (suffix === RANGE_FROM || suffix === MONEY_FROM) range.from = value;
      else range.to = value;
      range.money = range.money || money;
      ranges.set(key, range);
      continue;
    }
    if (value !== "") out.append(name, value);
  }
  for (const [key, { from, to, money }] of ranges) {
    const joined = joinRange(side(from, money), side(to, money));
    if (joined) out.append(key, joined);
  }
  // No box ticked still means a choice ("hide all" falls back to the defaults on the server).
  if (sawCols && cols.length) out.set("cols", [...new Set(cols)].join(","));
  return out;
}

/** True when a form (not a link) produced these params: the loader then redirects to the normal form. */
export function needsNormalizing(input: URLSearchParams): boolean {
  if (input.getAll("cols").length > 1) return true;
  for (const [name, value] of input) {
    if (value.trim() === "" || value.trim() !== value) return true;
    if (rangeSuffix(name)) return true;
  }
  return false;
}
