/**
 * A real XLSX (Office Open XML spreadsheet) written as a stream: worksheets whose rows are
 * produced lazily, inline strings (no shared-string table to hold in memory), numbers as numbers
 * and dates as Excel serial dates. One styles.xml serves every workbook (`XLSX_STYLE` names its
 * cell formats: bold filled header, R$ money with negatives in red, dates, percent, totals…).
 * See zip.ts for the container (deflated by the runtime's `CompressionStream`), ADR 007 and ADR 082.
 *
 * Two entry points: `xlsxStream` (a list export: one sheet, header and rows) and `workbookStream`
 * (any number of sheets, each with widths, a frozen pane, an autofilter and rows built by `SheetRows`).
 */
import { escapeXml } from "../../shared/escape.ts";
import { type ZipEntry, zipStream } from "./zip.ts";

export type XlsxCell = string | number | { date: Date; time?: boolean } | null | undefined;

const encoder = new TextEncoder();

/** "A", "B", … "Z", "AA" … for a 0-based column index. */
export function columnName(index: number): string {
  let n = index + 1;
  let name = "";
  while (n > 0) {
    const rem = (n - 1) % 26;
    name = String.fromCharCode(65 + rem) + name;
    n = Math.floor((n - 1) / 26);
  }
  return name;
}

/** Excel's serial day number (1900 date system) of a wall-clock date-time given as UTC fields. */
export function excelSerial(wallClock: Date): number {
  return wallClock.getTime() / 86_400_000 + 25569;
}

/** Custom number formats (ids from 164, as Excel numbers its own). */
export const XLSX_NUMBER_FORMAT = {
  date: { id: 164, code: "dd/mm/yyyy" },
  datetime: { id: 165, code: "dd/mm/yyyy hh:mm" },
  /** Reais with centavos; negatives in red with a minus. Excel shows "R$ 1.234,56" in pt-BR. */
  money: { id: 166, code: '"R$" #,##0.00;[Red]-"R$" #,##0.00' },
  percent: { id: 167, code: "0.0%" },
  /** Excel's built-in "#,##0" and "#,##0.00". */
  integer: { id: 3, code: "#,##0" },
  number: { id: 4, code: "#,##0.00" },
} as const;

/**
 * Cell formats (`s` attribute → the index in styles.xml's cellXfs). 0–3 are the list export's
 * since ADR 007 and keep their ids.
 */
export const XLSX_STYLE = {
  default: 0,
  /** Bold on a light fill with a line under it: a table's header row. */
  header: 1,
  date: 2,
  datetime: 3,
  money: 4,
  integer: 5,
  number: 6,
  percent: 7,
  /** The report's title (bold, larger). */
  title: 8,
  /** The title block's other lines (business, period, filters): grey. */
  subtitle: 9,
  /** A section's title above its table (bold). */
  heading: 10,
  /** The totals row: bold with a line above, per kind. */
  totalText: 11,
  totalMoney: 12,
  totalInteger: 13,
  totalNumber: 14,
  totalPercent: 15,
  totalDate: 16,
  totalDatetime: 17,
  /** A note under a section title (grey italic). */
  note: 18,
  /** The header over a number column: as `header`, right-aligned like the numbers below it. */
  headerNumber: 19,
} as const;

type Xf = { numFmt?: number; font?: number; fill?: number; border?: number; right?: boolean };
/** fonts: 0 normal, 1 bold, 2 title, 3 grey, 4 grey italic · fills: 2 header · borders: 1 below, 2 above. */
const CELL_XFS: readonly Xf[] = [
  {},
  { font: 1, fill: 2, border: 1 },
  { numFmt: XLSX_NUMBER_FORMAT.date.id },
  { numFmt: XLSX_NUMBER_FORMAT.datetime.id },
  { numFmt: XLSX_NUMBER_FORMAT.money.id },
  { numFmt: XLSX_NUMBER_FORMAT.integer.id },
  { numFmt: XLSX_NUMBER_FORMAT.number.id },
  { numFmt: XLSX_NUMBER_FORMAT.percent.id },
  { font: 2 },
  { font: 3 },
  { font: 1 },
  { font: 1, border: 2 },
  { numFmt: XLSX_NUMBER_FORMAT.money.id, font: 1, border: 2 },
  { numFmt: XLSX_NUMBER_FORMAT.integer.id, font: 1, border: 2 },
  { numFmt: XLSX_NUMBER_FORMAT.number.id, font: 1, border: 2 },
  { numFmt: XLSX_NUMBER_FORMAT.percent.id, font: 1, border: 2 },
  { numFmt: XLSX_NUMBER_FORMAT.date.id, font: 1, border: 2 },
  { numFmt: XLSX_NUMBER_FORMAT.datetime.id, font: 1, border: 2 },
  { font: 4 },
  { font: 1, fill: 2, border: 1, right: true },
];

function xfXml(xf: Xf): string {
  const numFmt = xf.numFmt ?? 0;
  const font = xf.font ?? 0;
  const fill = xf.fill ?? 0;
  const border = xf.border ?? 0;
  const apply = [
    numFmt ? ' applyNumberFormat="1"' : "",
    font ? ' applyFont="1"' : "",
    fill ? ' applyFill="1"' : "",
    border ? ' applyBorder="1"' : "",
    xf.right ? ' applyAlignment="1"' : "",
  ];
  const attributes = `numFmtId="${numFmt}" fontId="${font}" fillId="${fill}" borderId="${border}" xfId="0"${apply.join("")}`;
  return xf.right ? `<xf ${attributes}><alignment horizontal="right"/></xf>` : `<xf ${attributes}/>`;
}

const CUSTOM_FORMATS = Object.values(XLSX_NUMBER_FORMAT).filter((f) => f.id >= 164);
const line = "<left/><right/><top/><bottom/><diagonal/>";

export const STYLES_XML = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><numFmts count="${CUSTOM_FORMATS.length}">${CUSTOM_FORMATS.map((f) => `<numFmt numFmtId="${f.id}" formatCode="${escapeXml(f.code)}"/>`).join("")}</numFmts><fonts count="5"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="14"/><name val="Calibri"/></font><font><sz val="11"/><color rgb="FF595959"/><name val="Calibri"/></font><font><i/><sz val="11"/><color rgb="FF595959"/><name val="Calibri"/></font></fonts><fills count="3"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill><fill><patternFill patternType="solid"><fgColor rgb="FFDCE6F1"/><bgColor indexed="64"/></patternFill></fill></fills><borders count="3"><border>${line}</border><border><left/><right/><top/><bottom style="thin"><color rgb="FF8EA9C1"/></bottom><diagonal/></border><border><left/><right/><top style="thin"><color rgb="FF595959"/></top><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="${CELL_XFS.length}">${CELL_XFS.map(xfXml).join("")}</cellXfs><cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>`;

/** A value already in its XLSX form: a number (money in reais, a date's serial…) or text. */
export type XlsxValue = string | number | null | undefined;

/** One `<c>`: numbers stay numbers, text is an inline string; empty cells are omitted. */
export function valueXml(ref: string, value: XlsxValue, style: number): string {
  const s = style ? ` s="${style}"` : "";
  if (value === null || value === undefined || value === "") return "";
  if (typeof value === "number") return Number.isFinite(value) ? `<c r="${ref}"${s}><v>${value}</v></c>` : "";
  return `<c r="${ref}"${s} t="inlineStr"><is><t xml:space="preserve">${escapeXml(value)}</t></is></c>`;
}

function cellXml(ref: string, cell: XlsxCell, style?: number): string {
  if (cell !== null && typeof cell === "object") {
    return valueXml(ref, excelSerial(cell.date), cell.time ? XLSX_STYLE.datetime : XLSX_STYLE.date);
  }
  return valueXml(ref, cell, style ?? 0);
}

/**
 * Numbers a sheet's rows and writes them as XML (row numbers and cell references are Excel's,
 * 1-based). Column letters are computed once per sheet, not per cell.
 */
export class SheetRows {
  /** The last row written (0 before the first). */
  last = 0;
  private letters: string[] = [];

  private letter(c: number): string {
    let name = this.letters[c];
    if (name === undefined) {
      name = columnName(c);
      this.letters[c] = name;
    }
    return name;
  }

  /** The next row; `styles` is one style per cell, or one for the whole row. */
  row(values: readonly XlsxValue[], styles: readonly number[] | number = 0): string {
    const r = ++this.last;
    let xml = `<row r="${r}">`;
    for (let c = 0; c < values.length; c++) {
      xml += valueXml(`${this.letter(c)}${r}`, values[c], typeof styles === "number" ? styles : (styles[c] ?? 0));
    }
    return `${xml}</row>`;
  }

  /** An empty row (a gap between blocks). */
  skip(): string {
    this.last++;
    return "";
  }
}

export interface XlsxSheet {
  /** The tab's name, already valid (see `sheetNames`). */
  name: string;
  /** Column widths in characters, from column A. */
  widths?: readonly number[];
  /** Rows kept in view when scrolling (the title block and the header row). */
  frozenRows?: number;
  /** The sheet's `<row>`s, in order, produced lazily (e.g. one database page at a time). */
  rows: () => AsyncIterable<string> | Iterable<string>;
  /** The autofilter's range ("A6:H1200"), asked once the rows are written; null for none. */
  autoFilter?: () => string | null;
  /**
   * Printing: A4 fitted to the page's width (landscape for a wide sheet), `repeatRow` (the
   * header row) on top of every page, the tab's name and "Página N de M" in the footer.
   */
  print?: { landscape: boolean; repeatRow?: number };
}

/** Past this many characters of column width, a sheet prints landscape. */
const PORTRAIT_WIDTH = 95;

/** The print settings for columns this wide, repeating this header row. */
export function printFor(widths: readonly number[], headerRow: number): NonNullable<XlsxSheet["print"]> {
  return { landscape: widths.reduce((a, b) => a + b, 0) > PORTRAIT_WIDTH, ...(headerRow > 0 ? { repeatRow: headerRow } : {}) };
}

/** Excel refuses these in a sheet's name. */
const SHEET_FORBIDDEN = /[[\]:*?/\\]/g;

/**
 * Valid, unique tab names for the given titles, in order: at most 31 characters, none of
 * `[ ] : * ? / \`, no apostrophe at either end, unique ignoring case ("Vendas (2)" for a repeat).
 */
export function sheetNames(titles: readonly string[]): string[] {
  const seen = new Set<string>();
  return titles.map((title, i) => {
    let base = title
      .replace(SHEET_FORBIDDEN, " ")
      .replace(/\s+/g, " ")
      .trim()
      .replace(/^'+|'+$/g, "")
      .trim();
    if (!base || base.toLowerCase() === "history") base = base ? `${base} 1` : `Planilha ${i + 1}`;
    base = base.slice(0, 31).trim();
    let name = base;
    for (let n = 2; seen.has(name.toLowerCase()); n++) {
      const suffix = ` (${n})`;
      name = base.slice(0, 31 - suffix.length).trimEnd() + suffix;
    }
    seen.add(name.toLowerCase());
    return name;
  });
}

function sheetXml(sheet: XlsxSheet, filters: (string | null)[], index: number): () => AsyncGenerator<Uint8Array> {
  return async function* () {
    const frozen = sheet.frozenRows ?? 0;
    const pane = frozen > 0 ? `<pane ySplit="${frozen}" topLeftCell="A${frozen + 1}" activePane="bottomLeft" state="frozen"/>` : "";
    const cols = (sheet.widths ?? [])
      .map((w, i) => `<col min="${i + 1}" max="${i + 1}" width="${Math.round(w * 100) / 100}" customWidth="1"/>`)
      .join("");
    yield encoder.encode(
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">${sheet.print ? '<sheetPr><pageSetUpPr fitToPage="1"/></sheetPr>' : ""}<sheetViews><sheetView workbookViewId="0">${pane}</sheetView></sheetViews>${cols ? `<cols>${cols}</cols>` : ""}<sheetData>`,
    );
    // Rows are gathered to ≈64 kB before they go to the compressor: one write per row would
    // cost more in stream hops than the deflate itself.
    let pending = "";
    for await (const xml of sheet.rows()) {
      pending += xml;
      if (pending.length >= 65_536) {
        yield encoder.encode(pending);
        pending = "";
      }
    }
    const filter = sheet.autoFilter?.() ?? null;
    filters[index] = filter;
    yield encoder.encode(`${pending}</sheetData>${filter ? `<autoFilter ref="${filter}"/>` : ""}${printXml(sheet.print)}</worksheet>`);
  };
}

/** Margins (inches), A4 (paperSize 9) fitted to one page wide, the footer ("&A": the tab's name; "&P de &N": the page of the pages). */
function printXml(print: XlsxSheet["print"]): string {
  if (!print) return "";
  return `<pageMargins left="0.4" right="0.4" top="0.6" bottom="0.6" header="0.3" footer="0.3"/><pageSetup paperSize="9" orientation="${print.landscape ? "landscape" : "portrait"}" fitToWidth="1" fitToHeight="0"/><headerFooter><oddFooter>${escapeXml("&L&A&RPágina &P de &N")}</oddFooter></headerFooter>`;
}

const SHEET_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml";

/** "A1:C34" → "$A$1:$C$34". */
function absolute(range: string): string {
  return range.replace(/([A-Z]+)(\d+)/g, "$$$1$$$2");
}

/**
 * The workbook as a stream: sheets are written one after another as the reader pulls.
 * xl/workbook.xml is the archive's last entry (a ZIP is read from its central directory, so
 * order is free): by then every sheet's autofilter range is known, and the workbook names it
 * (`_xlnm._FilterDatabase`), as Excel and LibreOffice expect, beside the rows printed on every
 * page (`_xlnm.Print_Titles`).
 */
export function workbookStream(sheets: readonly XlsxSheet[]): ReadableStream<Uint8Array> {
  const names = sheetNames(sheets.map((s) => s.name));
  const filters: (string | null)[] = sheets.map(() => null);
  const contentTypes = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>${sheets.map((_, i) => `<Override PartName="/xl/worksheets/sheet${i + 1}.xml" ContentType="${SHEET_TYPE}"/>`).join("")}<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/></Types>`;
  const rootRels = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`;
  const stylesId = `rId${sheets.length + 1}`;
  const workbookRels = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${sheets.map((_, i) => `<Relationship Id="rId${i + 1}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet${i + 1}.xml"/>`).join("")}<Relationship Id="${stylesId}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/></Relationships>`;
  const workbook = () => {
    const quoted = (i: number) => `'${(names[i] ?? "").replace(/'/g, "''")}'`;
    const defined = sheets
      .map((sheet, i) => {
        const range = filters[i];
        const row = sheet.print?.repeatRow;
        return (
          (range
            ? `<definedName name="_xlnm._FilterDatabase" localSheetId="${i}" hidden="1">${escapeXml(`${quoted(i)}!${absolute(range)}`)}</definedName>`
            : "") +
          (row
            ? `<definedName name="_xlnm.Print_Titles" localSheetId="${i}">${escapeXml(`${quoted(i)}!$${row}:$${row}`)}</definedName>`
            : "")
        );
      })
      .join("");
    return [
      encoder.encode(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets>${names.map((name, i) => `<sheet name="${escapeXml(name)}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`).join("")}</sheets>${defined ? `<definedNames>${defined}</definedNames>` : ""}</workbook>`),
    ];
  };
  const fixed = (text: string) => () => [encoder.encode(text)];
  const entries: ZipEntry[] = [
    { name: "[Content_Types].xml", content: fixed(contentTypes) },
    { name: "_rels/.rels", content: fixed(rootRels) },
    { name: "xl/_rels/workbook.xml.rels", content: fixed(workbookRels) },
    { name: "xl/styles.xml", content: fixed(STYLES_XML) },
    ...sheets.map((sheet, i) => ({ name: `xl/worksheets/sheet${i + 1}.xml`, content: sheetXml(sheet, filters, i) })),
    { name: "xl/workbook.xml", content: workbook },
  ];
  return zipStream(entries);
}

/**
 * A list export's workbook: one sheet, a bold header row (frozen, with an autofilter), then the
 * rows. `rows` yields batches of rows (e.g. one database page each), so memory holds one batch at a time.
 */
export function xlsxStream(options: {
  sheetName: string;
  header: readonly string[];
  rows: () => AsyncIterable<readonly (readonly XlsxCell[])[]>;
}): ReadableStream<Uint8Array> {
  const { header, rows } = options;
  const rowsOut = new SheetRows();
  const lastColumn = columnName(Math.max(header.length, 1) - 1);
  return workbookStream([
    {
      name: options.sheetName,
      widths: header.map(() => 22),
      frozenRows: 1,
      print: printFor(
        header.map(() => 22),
        1,
      ),
      rows: async function* () {
        yield rowsOut.row(header, XLSX_STYLE.header);
        for await (const batch of rows()) {
          for (const cells of batch) {
            const r = ++rowsOut.last;
            let xml = `<row r="${r}">`;
            for (let c = 0; c < cells.length; c++) xml += cellXml(`${columnName(c)}${r}`, cells[c]);
            yield `${xml}</row>`;
          }
        }
      },
      autoFilter: () => (header.length ? `A1:${lastColumn}${rowsOut.last}` : null),
    },
  ]);
}
