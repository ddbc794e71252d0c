/**
 * Reading an XLSX's cells and styles back in tests (after tests/support/unzip.ts): a cell's value
 * and its `s`, and what that `s` means in styles.xml — the number format, bold, fill, rule above —
 * so a test fails when a style is dropped, not only when the XML changes.
 */

/** The cell format a cell's `s` points to, read from styles.xml as Excel would: number format code, bold, fill. */
export function styleOf(
  styles: string,
  s: number,
): {
  format: string;
  bold: boolean;
  fill: string | null;
  borderTop: boolean;
  right: boolean;
} {
  const formats = new Map<number, string>([
    [0, "General"],
    [3, "#,##0"],
    [4, "#,##0.00"],
  ]);
  for (const m of styles.matchAll(/<numFmt numFmtId="(\d+)" formatCode="([^"]*)"\/>/g)) {
    formats.set(Number(m[1]), (m[2] ?? "").replace(/&quot;/g, '"'));
  }
  const section = (tag: string) => styles.match(new RegExp(`<${tag} count="\\d+">(.*?)</${tag}>`))?.[1] ?? "";
  const fonts = section("fonts").match(/<font>.*?<\/font>/g) ?? [];
  const fills = section("fills").match(/<fill>.*?<\/fill>/g) ?? [];
  const borders = section("borders").match(/<border>.*?<\/border>/g) ?? [];
  const xfs = section("cellXfs").match(/<xf [^>]*?(?:\/>|>.*?<\/xf>)/g) ?? [];
  const xf = xfs[s];
  if (!xf) throw new Error(`no cellXfs entry ${s}`);
  const attr = (name: string) => Number(xf.match(new RegExp(`${name}="(\\d+)"`))?.[1] ?? 0);
  const fill = fills[attr("fillId")] ?? "";
  return {
    format: formats.get(attr("numFmtId")) ?? `?${attr("numFmtId")}`,
    bold: (fonts[attr("fontId")] ?? "").includes("<b/>"),
    fill: fill.includes('patternType="solid"') ? (fill.match(/fgColor rgb="(\w+)"/)?.[1] ?? "solid") : null,
    borderTop: (borders[attr("borderId")] ?? "").includes('<top style="thin">'),
    right: xf.includes('<alignment horizontal="right"/>'),
  };
}

/** The cell at `ref` in a sheet: its style index, value, and whether it is text. */
export function cell(sheet: string, ref: string): { s: number; v: string; text: boolean } | null {
  const m = sheet.match(
    new RegExp(`<c r="${ref}"(?: s="(\\d+)")?( t="inlineStr")?>(?:<v>([^<]*)</v>|<is><t xml:space="preserve">([^<]*)</t></is>)</c>`),
  );
  if (!m) return null;
  return { s: Number(m[1] ?? 0), v: m[3] ?? m[4] ?? "", text: Boolean(m[2]) };
}
