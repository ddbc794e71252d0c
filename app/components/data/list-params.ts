/**
 * What a list's GET forms submit → the URL `parseListQuery` reads (shared/resources/query.ts).
 * The browser runs this before navigating; the loader runs it too and redirects when a form was
 * submitted without JavaScript, so both end on the same short URL. Client-safe.
 *
 * - blank values are dropped (`?q=&f.origem=` → ``);
 * - ticked column boxes (`cols=nome&cols=email`) become `cols=nome,email`;
 * - a date range's two inputs (`f.criadoEm.de`, `f.criadoEm.ate`) become `f.criadoEm=de..ate`.
 */
export const RANGE_FROM = ".de";
export const RANGE_TO = ".ate";

export function normalizeListParams(input: URLSearchParams): URLSearchParams {
  const out = new URLSearchParams();
  const ranges = new Map<string, { from: string; to: string }>();
  const cols: string[] = [];
  let sawCols = false;
  for (const [name, raw] of input) {
    const value = raw.trim();
    if (name === "cols") {
      sawCols = true;
      cols.push(...value.split(",").filter(Boolean));
      continue;
    }
    if (name.startsWith("f.") && (name.endsWith(RANGE_FROM) || name.endsWith(RANGE_TO))) {
      const from = name.endsWith(RANGE_FROM);
      const key = name.slice(0, -(from ? RANGE_FROM.length : RANGE_TO.length));
      const range = ranges.get(key) ?? { from: "", to: "" };
      if (from) range.from = value;
      else range.to = value;
      ranges.set(key, range);
      continue;
    }
    if (value !== "") out.append(name, value);
  }
  for (const [key, { from, to }] of ranges) if (from || to) out.append(key, `${from}..${to}`);
  // No box ticked still means a choice ("hide all" falls back to the defaults on the server).
  if (sawCols && cols.length) out.set("cols", [...new Set(cols)].join(","));
  return out;
}

/** True when a form (not a link) produced these params: the loader then redirects to the normal form. */
export function needsNormalizing(input: URLSearchParams): boolean {
  if (input.getAll("cols").length > 1) return true;
  for (const [name, value] of input) {
    if (value.trim() === "" || value.trim() !== value) return true;
    if (name.startsWith("f.") && (name.endsWith(RANGE_FROM) || name.endsWith(RANGE_TO))) return true;
  }
  return false;
}
