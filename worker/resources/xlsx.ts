/**
 * A real XLSX (Office Open XML spreadsheet) written as a stream: one worksheet whose rows are
 * produced lazily, inline strings (no shared-string table to hold in memory), numbers as numbers
 * and dates as Excel dates shown `dd/mm/aaaa` (or with the time). See zip.ts for the container.
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

/** Style ids in styles.xml: 0 default, 1 header (bold), 2 date, 3 date and time. */
const STYLE_HEADER = 1;
const STYLE_DATE = 2;
const STYLE_DATETIME = 3;

function cellXml(ref: string, cell: XlsxCell, style?: number): string {
  const s = style ? ` s="${style}"` : "";
  if (cell === null || cell === undefined || cell === "") return "";
  if (typeof cell === "number") return Number.isFinite(cell) ? `<c r="${ref}"${s}><v>${cell}</v></c>` : "";
  if (typeof cell === "string") return `<c r="${ref}"${s} t="inlineStr"><is><t xml:space="preserve">${escapeXml(cell)}</t></is></c>`;
  const serial = excelSerial(cell.date);
  return `<c r="${ref}" s="${cell.time ? STYLE_DATETIME : STYLE_DATE}"><v>${serial}</v></c>`;
}

function rowXml(index: number, cells: readonly XlsxCell[], style?: number): string {
  const r = index + 1;
  return `<row r="${r}">${cells.map((cell, c) => cellXml(`${columnName(c)}${r}`, cell, style)).join("")}</row>`;
}

const CONTENT_TYPES = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/></Types>`;

const ROOT_RELS = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`;

const WORKBOOK_RELS = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/></Relationships>`;

const STYLES = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><numFmts count="2"><numFmt numFmtId="164" formatCode="dd/mm/yyyy"/><numFmt numFmtId="165" formatCode="dd/mm/yyyy hh:mm"/></numFmts><fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="4"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/><xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/><xf numFmtId="165" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/></cellXfs><cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>`;

function workbook(sheetName: string): string {
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="${escapeXml(sheetName.slice(0, 31))}" sheetId="1" r:id="rId1"/></sheets></workbook>`;
}

/**
 * The workbook as a stream. `rows` yields batches of rows (e.g. one database page each), so
 * memory holds one batch at a time.
 */
export function xlsxStream(options: {
  sheetName: string;
  header: readonly string[];
  rows: () => AsyncIterable<readonly (readonly XlsxCell[])[]>;
}): ReadableStream<Uint8Array> {
  const { header, rows } = options;
  async function* sheet(): AsyncGenerator<Uint8Array> {
    const cols = header.map((_, i) => `<col min="${i + 1}" max="${i + 1}" width="22" customWidth="1"/>`).join("");
    yield encoder.encode(
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews><cols>${cols}</cols><sheetData>${rowXml(0, header, STYLE_HEADER)}`,
    );
    let index = 1;
    for await (const batch of rows()) {
      let xml = "";
      for (const row of batch) xml += rowXml(index++, row);
      if (xml) yield encoder.encode(xml);
    }
    yield encoder.encode("</sheetData></worksheet>");
  }
  const fixed = (text: string) => () => [encoder.encode(text)];
  const entries: ZipEntry[] = [
    { name: "[Content_Types].xml", content: fixed(CONTENT_TYPES) },
    { name: "_rels/.rels", content: fixed(ROOT_RELS) },
    { name: "xl/workbook.xml", content: fixed(workbook(options.sheetName)) },
    { name: "xl/_rels/workbook.xml.rels", content: fixed(WORKBOOK_RELS) },
    { name: "xl/styles.xml", content: fixed(STYLES) },
    { name: "xl/worksheets/sheet1.xml", content: sheet },
  ];
  return zipStream(entries);
}
