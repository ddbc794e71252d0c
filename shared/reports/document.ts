/**
 * A report as data: what every renderer (screen, CSV, XLSX, PDF) and the report job agree on.
 * Client-safe and serialisable (JSON): no Date objects, no functions.
 *
 * Values are raw, never pre-formatted: money in integer centavos, quantities as numbers,
 * days as "YYYY-MM-DD" (the organização's calendar day), instants as ISO-8601 UTC strings.
 * Each renderer formats them the pt-BR way from the column's kind (shared/format.ts), so a
 * spreadsheet keeps real numbers and dates while the screen and the PDF read "R$ 1.234,56".
 */

/** How a column's values are written and formatted. */
export type ColumnKind =
  | "text"
  /** Integer centavos → "R$ 1.234,56"; XLSX number format R$ with 2 decimals. */
  | "money"
  /** A count or plain number → "1.234". */
  | "integer"
  /** A decimal number with up to 2 places → "1.234,5". */
  | "number"
  /** A fraction 0..1 → "12,5%". */
  | "percent"
  /** "YYYY-MM-DD" → "27/11/2026". */
  | "date"
  /** ISO instant → "27/11/2026 14:30" in the report's zone. */
  | "datetime";

export type CellValue = string | number | null;

export interface ReportColumn {
  /** The row's property this column reads. */
  key: string;
  label: string;
  kind: ColumnKind;
  /** Relative width for PDF/XLSX layout (default 1; text columns usually 2–3). */
  width?: number;
}

export type ReportRow = Record<string, CellValue>;

export interface ReportTable {
  columns: ReportColumn[];
  /** The rows, in order. Large tables (exports) come as pages from `ReportSource` instead. */
  rows: ReportRow[];
  /** An optional totals line, keyed like the rows (label in the first text column). */
  totals?: ReportRow;
}

/** A chart's series: one value per label, in the unit of `kind`. */
export interface ChartSeries {
  name: string;
  values: number[];
}

export interface ReportChart {
  type: "bar" | "line" | "stacked-bar" | "donut";
  /** The x-axis (or slice) labels, already in pt-BR ("01/11", "nov/26", "Pix"). */
  labels: string[];
  series: ChartSeries[];
  /** How values are formatted on axes and tooltips. */
  kind: Exclude<ColumnKind, "text" | "date" | "datetime">;
}

/** A headline figure shown above the sections ("Faturamento", "Ticket médio"). */
export interface ReportKpi {
  label: string;
  value: number;
  kind: Exclude<ColumnKind, "text" | "date" | "datetime">;
  /** The same figure for the comparison period, when there is one. */
  previous?: number;
}

export interface ReportSection {
  /** Stable id within the report (XLSX sheet name source, anchors). */
  id: string;
  title: string;
  /** A sentence under the title when the numbers need one ("Vendas canceladas não entram."). */
  note?: string;
  chart?: ReportChart;
  table: ReportTable;
}

export interface ReportPeriod {
  /** First day, inclusive, "YYYY-MM-DD" in the organização's zone. */
  from: string;
  /** Last day, inclusive. */
  to: string;
}

export interface ReportHeader {
  /** The catalogue id ("vendas", "fluxo-de-caixa"…). */
  reportId: string;
  title: string;
  orgName: string;
  /** The business's logo as a data: URL (PNG or JPEG), when it has one; the PDF draws it. */
  logo?: string | null;
  period: ReportPeriod;
  /** IANA zone the days and instants were decided in. */
  zone: string;
  /** ISO instant the report was built. */
  generatedAt: string;
  /** Who asked, for the footer ("Gerado por Ana Souza"). */
  generatedBy?: string | null;
  /** The filters in words ("Profissional: Carla", "Forma: Pix"), for the header. */
  filters: string[];
}

/** A whole report, small enough to hold in memory (what the screen shows). */
export interface ReportDocument extends ReportHeader {
  kpis: ReportKpi[];
  sections: ReportSection[];
}

/**
 * A large report for export: the header and the small sections as data, and the big detail
 * table as pages pulled one at a time (keyset pagination), so a 100,000-row export never holds
 * every row at once. Renderers consume `pages()` in order exactly once.
 */
export interface ReportSource extends ReportDocument {
  detail?: {
    id: string;
    title: string;
    columns: ReportColumn[];
    /** Total rows, when known, for progress. */
    total?: number;
    pages(): AsyncIterable<ReportRow[]>;
  };
}
