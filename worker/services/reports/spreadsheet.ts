/**
 * A report (shared/reports/document.ts) as a spreadsheet: a styled XLSX workbook and a CSV for
 * Excel pt-BR, both streamed (ADR 082). The big detail table is read page by page from
 * `source.detail.pages()` and written as it arrives, so 100,000 rows never sit in memory.
 *
 * XLSX: a "Resumo" sheet (title block and KPIs), one sheet per section, then the detail sheet.
 * Every sheet opens with the title block (report, business, period, filters, who and when),
 * then a bold, filled, frozen header row with an autofilter, the rows with real numbers —
 * money as reais (`"R$" #,##0.00`, negatives red), days and instants as Excel dates in the
 * report's zone, percent `0.0%`, integers `#,##0` — and the totals row in bold.
 *
 * CSV: UTF-8 BOM, `;`, CRLF, decimal comma (money "1234,56", days "27/11/2026"), text guarded
 * against formulas and quoted (worker/resources/csv.ts). The detail table when there is one,
 * else the KPIs and the sections one after another, each under a title line.
 */
import { formatDate, formatDateTime } from "../../../shared/format.ts";
import type { ColumnKind, ReportColumn, ReportHeader, ReportRow, ReportSource, ReportTable } from "../../../shared/reports/document.ts";
import { zonedParts } from "../../../shared/time-zone.ts";
import type { Renderers } from "./files/ports.ts";
import { CSV_BOM, CSV_NEWLINE, CSV_SEPARATOR, csvField, csvNumber } from "../../resources/csv.ts";
import { columnName, printFor, SheetRows, workbookStream, type XlsxSheet, XLSX_STYLE, type XlsxValue } from "../../resources/xlsx.ts";

/** Excel's last row: a sheet cannot hold more. */
const EXCEL_MAX_ROWS = 1_048_576;

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;
/** Excel serial of 1970-01-01 (1900 date system). */
const EPOCH_SERIAL = 25_569;

/** "2026-11-27" → Excel serial 46353 (a calendar day, no zone). Null when not a day. */
export function daySerial(day: string): number | null {
  const m = ISO_DAY.exec(day);
  if (!m) return null;
  return Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) / DAY_MS + EPOCH_SERIAL;
}

/** An ISO instant → the Excel serial of its wall clock in `zone` (minutes). Null when not an instant. */
export function instantSerial(iso: string, zone: string): number | null {
  let p: ReturnType<typeof zonedParts>;
  try {
    p = zonedParts(iso, zone);
  } catch {
    return null;
  }
  const ms = Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute));
  // Whole minutes as a fraction of a day: 14:30 is 0.6041666…, written with JS's shortest digits.
  return ms / DAY_MS + EPOCH_SERIAL;
}

// ---------------------------------------------------------------------------------------------
// XLSX

const VALUE_STYLE: Record<ColumnKind, number> = {
  text: XLSX_STYLE.default,
  money: XLSX_STYLE.money,
  integer: XLSX_STYLE.integer,
  number: XLSX_STYLE.number,
  percent: XLSX_STYLE.percent,
  date: XLSX_STYLE.date,
  datetime: XLSX_STYLE.datetime,
};

const TOTAL_STYLE: Record<ColumnKind, number> = {
  text: XLSX_STYLE.totalText,
  money: XLSX_STYLE.totalMoney,
  integer: XLSX_STYLE.totalInteger,
  number: XLSX_STYLE.totalNumber,
  percent: XLSX_STYLE.totalPercent,
  date: XLSX_STYLE.totalDate,
  datetime: XLSX_STYLE.totalDatetime,
};

/** A column's width in characters: from its kind (and relative width for text), never narrower than its label. */
export function columnWidth(column: ReportColumn): number {
  const byKind: Record<ColumnKind, number> = {
    text: Math.max(12, 14 * (column.width ?? 1)),
    money: 16,
    integer: 11,
    number: 12,
    percent: 10,
    date: 12,
    datetime: 17,
  };
  // +4: the autofilter's button sits over the header's right edge.
  return Math.min(80, Math.max(byKind[column.kind], column.label.length + 4));
}

/** A raw report value → what the cell stores (money in reais, days and instants as serials). */
function converter(kind: ColumnKind, zone: string): (value: ReportRow[string] | undefined) => XlsxValue {
  switch (kind) {
    case "money":
      return (v) => (typeof v === "number" ? Math.round(v) / 100 : v);
    case "date":
      return (v) => (typeof v === "string" ? (daySerial(v) ?? v) : v);
    case "datetime":
      return (v) => (typeof v === "string" && v.includes("T") ? (instantSerial(v, zone) ?? v) : v);
    default:
      return (v) => v;
  }
}

interface TableWriter {
  header: readonly string[];
  /** Bold on the fill; right-aligned over number and date columns, like their values. */
  headerStyles: readonly number[];
  values: (row: ReportRow) => XlsxValue[];
  styles: readonly number[];
  totalStyles: readonly number[];
}

function tableWriter(columns: readonly ReportColumn[], zone: string): TableWriter {
  const converters = columns.map((c) => converter(c.kind, zone));
  const keys = columns.map((c) => c.key);
  return {
    header: columns.map((c) => c.label),
    headerStyles: columns.map((c) => (c.kind === "text" ? XLSX_STYLE.header : XLSX_STYLE.headerNumber)),
    values: (row) => {
      const out: XlsxValue[] = new Array(keys.length);
      for (let i = 0; i < keys.length; i++)
        out[i] = (converters[i] as (v: ReportRow[string] | undefined) => XlsxValue)(row[keys[i] as string]);
      return out;
    },
    styles: columns.map((c) => VALUE_STYLE[c.kind]),
    totalStyles: columns.map((c) => TOTAL_STYLE[c.kind]),
  };
}

/** "01/11/2026 a 30/11/2026" (one day alone when from = to). */
export function periodText(period: ReportHeader["period"]): string {
  const from = formatDate(period.from);
  return period.from === period.to ? from : `${from} a ${formatDate(period.to)}`;
}

/** The lines every sheet opens with: title, business, period, filters, who and when. */
export function titleBlock(header: ReportHeader): { text: string; style: number }[] {
  const lines = [
    { text: header.title, style: XLSX_STYLE.title },
    { text: header.orgName, style: XLSX_STYLE.subtitle },
    { text: `Período: ${periodText(header.period)}`, style: XLSX_STYLE.subtitle },
  ];
  if (header.filters.length) lines.push({ text: `Filtros: ${header.filters.join(" · ")}`, style: XLSX_STYLE.subtitle });
  const by = header.generatedBy ? ` por ${header.generatedBy}` : "";
  lines.push({ text: `Gerado em ${formatDateTime(header.generatedAt, header.zone)}${by}`, style: XLSX_STYLE.subtitle });
  return lines;
}

function* titleRows(rows: SheetRows, header: ReportHeader): Generator<string> {
  for (const line of titleBlock(header)) yield rows.row([line.text], line.style);
  yield rows.skip();
}

/** The sheet of one table under the title block: heading, note, frozen header, rows, totals. */
function tableSheet(options: {
  name: string;
  header: ReportHeader;
  title: string;
  note?: string | undefined;
  columns: readonly ReportColumn[];
  rows: () => AsyncIterable<readonly ReportRow[]> | Iterable<readonly ReportRow[]>;
  totals?: ReportRow | undefined;
}): XlsxSheet {
  const out = new SheetRows();
  const table = tableWriter(options.columns, options.header.zone);
  let headerRow = 0;
  let lastDataRow = 0;
  const lastColumn = columnName(Math.max(options.columns.length, 1) - 1);
  // Title block, a blank row, the heading, the note: the header row comes next, and stays in view.
  const widths = options.columns.map(columnWidth);
  const headerAt = titleBlock(options.header).length + 1 + 1 + (options.note ? 1 : 0) + 1;
  return {
    name: options.name,
    widths,
    frozenRows: headerAt,
    print: printFor(widths, headerAt),
    rows: async function* () {
      yield* titleRows(out, options.header);
      yield out.row([options.title], XLSX_STYLE.heading);
      if (options.note) yield out.row([options.note], XLSX_STYLE.note);
      yield out.row(table.header, table.headerStyles);
      headerRow = out.last;
      for await (const page of options.rows()) {
        if (out.last + page.length > EXCEL_MAX_ROWS) throw new RangeError(`Uma planilha do Excel comporta até ${EXCEL_MAX_ROWS} linhas.`);
        let xml = "";
        for (const row of page) xml += out.row(table.values(row), table.styles);
        yield xml;
      }
      lastDataRow = out.last;
      if (options.totals) yield out.row(table.values(options.totals), table.totalStyles);
    },
    autoFilter: () => (options.columns.length && headerRow ? `A${headerRow}:${lastColumn}${Math.max(lastDataRow, headerRow)}` : null),
  };
}

/** The "Resumo" sheet: the title block and the KPIs (with the comparison period and the change, when given). */
function summarySheet(source: ReportSource): XlsxSheet {
  const out = new SheetRows();
  const compare = source.kpis.some((k) => k.previous !== undefined);
  const header = compare ? ["Indicador", "Valor", "Período anterior", "Variação"] : ["Indicador", "Valor"];
  return {
    name: "Resumo",
    widths: compare ? [32, 18, 18, 12] : [32, 18],
    print: { landscape: false },
    rows: function* () {
      yield* titleRows(out, source);
      if (!source.kpis.length) return;
      yield out.row(header, [XLSX_STYLE.header, XLSX_STYLE.headerNumber, XLSX_STYLE.headerNumber, XLSX_STYLE.headerNumber]);
      for (const kpi of source.kpis) {
        const convert = converter(kpi.kind, source.zone);
        const style = VALUE_STYLE[kpi.kind];
        const values: XlsxValue[] = [kpi.label, convert(kpi.value)];
        if (kpi.previous !== undefined) {
          values.push(convert(kpi.previous));
          values.push(kpi.previous !== 0 ? (kpi.value - kpi.previous) / Math.abs(kpi.previous) : null);
        }
        yield out.row(values, [XLSX_STYLE.default, style, style, XLSX_STYLE.percent]);
      }
    },
  };
}

/**
 * The report as a styled XLSX workbook, streamed: "Resumo", one sheet per section, then the
 * detail sheet (pages pulled as the reader pulls). Consumes `source.detail.pages()` once.
 */
export function reportWorkbook(source: ReportSource): ReadableStream<Uint8Array> {
  const sheets: XlsxSheet[] = [summarySheet(source)];
  for (const section of source.sections) sheets.push(sectionSheet(source, section.title, section.note, section.table));
  const detail = source.detail;
  if (detail) {
    sheets.push(
      tableSheet({ name: detail.title, header: source, title: detail.title, columns: detail.columns, rows: () => detail.pages() }),
    );
  }
  return workbookStream(sheets);
}

function sectionSheet(source: ReportSource, title: string, note: string | undefined, table: ReportTable): XlsxSheet {
  return tableSheet({ name: title, header: source, title, note, columns: table.columns, rows: () => [table.rows], totals: table.totals });
}

// ---------------------------------------------------------------------------------------------
// CSV

/** Integer centavos → "1234,56" / "-0,50" (no grouping, no symbol: Excel pt-BR reads a number). */
export function csvMoney(centavos: number): string {
  const rounded = Math.round(centavos);
  const abs = Math.abs(rounded);
  return `${rounded < 0 ? "-" : ""}${Math.floor(abs / 100)},${String(abs % 100).padStart(2, "0")}`;
}

/** One field of a column: numbers in the pt-BR way Excel reads back as numbers and dates; text guarded and quoted. */
function csvValue(kind: ColumnKind, value: ReportRow[string] | undefined, zone: string): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") {
    switch (kind) {
      case "money":
        return csvMoney(value);
      case "number":
        return csvNumber(Math.round(value * 100) / 100);
      case "percent":
        return `${csvNumber(Math.round(value * 1000) / 10)}%`;
      default:
        return csvNumber(value);
    }
  }
  if (kind === "date" && ISO_DAY.test(value)) return formatDate(value);
  if (kind === "datetime" && value.includes("T")) {
    try {
      return formatDateTime(value, zone);
    } catch {
      return csvField(value);
    }
  }
  return csvField(value);
}

function csvRecord(fields: readonly string[]): string {
  return fields.join(CSV_SEPARATOR) + CSV_NEWLINE;
}

function csvTable(columns: readonly ReportColumn[], zone: string): (row: ReportRow) => string {
  return (row) => csvRecord(columns.map((c) => csvValue(c.kind, row[c.key], zone)));
}

/**
 * The report as CSV for Excel pt-BR, streamed: the detail table (header line, then its rows page
 * by page) when the report has one; else the KPIs ("Resumo") and each section under a title line,
 * a blank line between blocks.
 */
export function reportCsv(source: ReportSource): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const zone = source.zone;
  async function* produce(): AsyncGenerator<Uint8Array> {
    const detail = source.detail;
    if (detail) {
      yield encoder.encode(CSV_BOM + csvRecord(detail.columns.map((c) => csvField(c.label))));
      const line = csvTable(detail.columns, zone);
      for await (const page of detail.pages()) {
        let text = "";
        for (const row of page) text += line(row);
        if (text) yield encoder.encode(text);
      }
      return;
    }
    const blocks: string[] = [];
    if (source.kpis.length) {
      // As on Resumo's sheet: the comparison period and the change when a KPI has one.
      const compare = source.kpis.some((k) => k.previous !== undefined);
      const header = compare ? ["Indicador", "Valor", "Período anterior", "Variação"] : ["Indicador", "Valor"];
      let text = csvRecord([csvField("Resumo")]) + csvRecord(header.map(csvField));
      for (const kpi of source.kpis) {
        const fields = [csvField(kpi.label), csvValue(kpi.kind, kpi.value, zone)];
        if (compare) {
          const change = kpi.previous ? (kpi.value - kpi.previous) / Math.abs(kpi.previous) : null;
          fields.push(csvValue(kpi.kind, kpi.previous ?? null, zone), csvValue("percent", change, zone));
        }
        text += csvRecord(fields);
      }
      blocks.push(text);
    }
    for (const section of source.sections) {
      const { columns, rows, totals } = section.table;
      const line = csvTable(columns, zone);
      let text = csvRecord([csvField(section.title)]) + csvRecord(columns.map((c) => csvField(c.label)));
      for (const row of rows) text += line(row);
      if (totals) text += line(totals);
      blocks.push(text);
    }
    yield encoder.encode(CSV_BOM + blocks.join(CSV_NEWLINE));
  }
  const iterator = produce();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { done, value } = await iterator.next();
        if (done) controller.close();
        else controller.enqueue(value);
      } catch (error) {
        controller.error(error);
      }
    },
    async cancel() {
      await iterator.return(undefined);
    },
  });
}

/** The job's renderers for the spreadsheet formats (`report/requested`, ADR 086). */
export const spreadsheetRenderers: Pick<Renderers, "csv" | "xlsx"> = {
  csv: async (source) => reportCsv(source),
  xlsx: async (source) => reportWorkbook(source),
};
