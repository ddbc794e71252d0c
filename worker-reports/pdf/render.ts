import fontkit from "@pdf-lib/fontkit";
import { PDFDocument, type PDFImage, PDFName, PDFRawStream, type PDFRef } from "pdf-lib";
import { formatDate, formatDateTime } from "../../shared/format.ts";
import type { ReportColumn, ReportKpi, ReportRow, ReportSource, ReportTable } from "../../shared/reports/document.ts";
import { alignOf, formatCell, formatValue } from "./cells.ts";
import { CHART_HEIGHT, drawChart } from "./charts.ts";
import { Canvas, Face, hex } from "./content.ts";

/**
 * A report as a PDF (ADR 081): A4, the business's logo and name, title, period, filters, KPIs,
 * each section's chart (vectors) and table, then the detail table streamed in page by page.
 * Tables repeat their header on every page, never split a row, keep a section's title with its
 * first rows; every page has "Página X de Y" and "Gerado em … por …" in the report's zone.
 *
 * Memory: each PDF page is written as operators (pdf/content.ts) and deflated the moment it is
 * full; what stays is ≈ 3 kB per page plus the font subset, so 100,000 rows fit the Worker.
 */

export interface ReportFonts {
  regular: ArrayBuffer | Uint8Array;
  bold: ArrayBuffer | Uint8Array;
}

export interface RenderedPdf {
  bytes: Uint8Array<ArrayBuffer>;
  pages: number;
  /** Detail rows drawn. */
  rows: number;
}

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 40;
const FOOTER = 34;
const INK = hex("#0F172A");
const TEXT = hex("#334155");
const MUTED = hex("#64748B");
const RULE = hex("#CBD5E1");
const HEAD_FILL = hex("#334155");
const HEAD_TEXT = hex("#FFFFFF");
const ZEBRA = hex("#F1F5F9");
const TOTALS_FILL = hex("#E2E8F0");
const KPI_FILL = hex("#F8FAFC");
const UP = hex("#15803D");
const DOWN = hex("#B91C1C");

const CELL_SIZE = 7.5;
const ROW_HEIGHT = 14;
const HEADER_HEIGHT = 18;
const PAD = 4;
/** Below this many points a column is too narrow to read: the table goes landscape. */
const MIN_WIDTH: Record<ReportColumn["kind"], number> = {
  text: 70,
  money: 70,
  integer: 36,
  number: 44,
  percent: 40,
  date: 56,
  datetime: 80,
};

type Orientation = "portrait" | "landscape";

interface Faces {
  regular: Face;
  bold: Face;
}

function dataUrlImage(url: string): { bytes: Uint8Array; type: "png" | "jpeg" } | null {
  const match = /^data:image\/(png|jpe?g);base64,([A-Za-z0-9+/=\s]+)$/i.exec(url);
  if (!match) return null;
  const binary = atob((match[2] ?? "").replace(/\s+/g, ""));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return { bytes, type: match[1]?.toLowerCase() === "png" ? "png" : "jpeg" };
}

/** The orientation a table needs: landscape when its columns' least widths pass a portrait page. */
export function orientationFor(columns: ReportColumn[]): Orientation {
  const least = columns.reduce((sum, c) => sum + MIN_WIDTH[c.kind], 0);
  return columns.length > 8 || least > A4[0] - 2 * MARGIN ? "landscape" : "portrait";
}

/** Column lefts and widths across `width`, from each column's relative width (text 2 by default). */
function layoutColumns(columns: ReportColumn[], width: number): { x: number; w: number }[] {
  const weights = columns.map((c) => c.width ?? (c.kind === "text" ? 2 : 1));
  const least = columns.map((c) => MIN_WIDTH[c.kind]);
  const total = weights.reduce((a, b) => a + b, 0);
  let widths = weights.map((w) => (w / total) * width);
  // Lift any column below its least width, taking the points from the others proportionally.
  const short = widths.map((w, i) => Math.max(0, (least[i] ?? 0) - w));
  const deficit = short.reduce((a, b) => a + b, 0);
  if (deficit > 0) {
    const spare = widths.reduce((sum, w, i) => sum + ((short[i] ?? 0) > 0 ? 0 : w - (least[i] ?? 0)), 0);
    if (spare > deficit) {
      widths = widths.map((w, i) => ((short[i] ?? 0) > 0 ? (least[i] ?? w) : w - ((w - (least[i] ?? 0)) / spare) * deficit));
    }
  }
  let x = 0;
  return widths.map((w) => {
    const out = { x, w };
    x += w;
    return out;
  });
}

/** Deflates with the runtime's native zlib (CompressionStream): ≈ 10× pdf-lib's JavaScript pako. */
async function deflate(text: string): Promise<Uint8Array<ArrayBuffer>> {
  const stream = new Blob([text]).stream().pipeThrough(new CompressionStream("deflate"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

class Layout {
  /** Pages being deflated; awaited between batches of rows so they never pile up. */
  private pending: Promise<void>[] = [];
  readonly doc: PDFDocument;
  readonly faces: Faces;
  private readonly resources: PDFRef;
  private readonly totalRef: PDFRef;
  private canvas: Canvas | null = null;
  private size: [number, number] = A4;
  pageCount = 0;
  /** Distance from the page's top of the next thing to draw. */
  y = 0;
  private readonly footerLeft: string;
  private readonly running: string;

  constructor(doc: PDFDocument, faces: Faces, resources: PDFRef, totalRef: PDFRef, footerLeft: string, running: string) {
    this.doc = doc;
    this.faces = faces;
    this.resources = resources;
    this.totalRef = totalRef;
    this.footerLeft = footerLeft;
    this.running = running;
  }

  get page(): Canvas {
    if (!this.canvas) throw new Error("no page");
    return this.canvas;
  }

  get width(): number {
    return this.size[0] - 2 * MARGIN;
  }

  get orientation(): Orientation {
    return this.size[0] > this.size[1] ? "landscape" : "portrait";
  }

  /** Room left above the footer. */
  get room(): number {
    return this.size[1] - FOOTER - 10 - this.y;
  }

  newPage(orientation: Orientation = this.orientation): void {
    this.finishPage();
    this.size = orientation === "landscape" ? [A4[1], A4[0]] : A4;
    this.canvas = new Canvas(this.size[1]);
    this.pageCount++;
    this.y = MARGIN;
    if (this.pageCount > 1) {
      // Running head: whose report this page belongs to.
      this.page.text(this.faces.regular.fit(this.running, 7.5, this.width), MARGIN, MARGIN - 12, this.faces.regular, 7.5, MUTED);
      this.page.line(MARGIN, MARGIN - 7, MARGIN + this.width, MARGIN - 7, 0.5, RULE);
      this.y = MARGIN + 4;
    }
  }

  /** Starts a new page unless `height` points still fit on this one. */
  ensure(height: number, orientation?: Orientation): boolean {
    if (!this.canvas || (orientation && orientation !== this.orientation) || this.room < height) {
      this.newPage(orientation ?? this.orientation);
      return true;
    }
    return false;
  }

  finishPage(): void {
    if (!this.canvas) return;
    const page = this.page;
    const [w, h] = this.size;
    const base = h - FOOTER + 14;
    page.line(MARGIN, base - 10, w - MARGIN, base - 10, 0.5, RULE);
    page.text(this.faces.regular.fit(this.footerLeft, 7.5, this.width - 90), MARGIN, base, this.faces.regular, 7.5, MUTED);
    // "Página X de " then the total, a form XObject written once the last page is known.
    const label = `Página ${this.pageCount} de `;
    const reserve = this.faces.regular.width("0000", 7.5);
    const left = w - MARGIN - reserve - this.faces.regular.width(label, 7.5);
    page.text(label, left, base, this.faces.regular, 7.5, MUTED);
    page.form("Total", left + this.faces.regular.width(label, 7.5), base);

    const context = this.doc.context;
    const ref = context.nextRef();
    this.pending.push(
      deflate(page.toString()).then((bytes) => {
        context.assign(ref, PDFRawStream.of(context.obj({ Filter: "FlateDecode" }), bytes));
      }),
    );
    const pdfPage = this.doc.addPage(this.size);
    pdfPage.node.set(PDFName.of("Contents"), ref);
    pdfPage.node.set(PDFName.of("Resources"), this.resources);
    this.canvas = null;
  }

  /** Waits for the pages being deflated. */
  async settle(): Promise<void> {
    const pending = this.pending;
    this.pending = [];
    await Promise.all(pending);
  }

  /** Writes the total page count into the footer's form XObject. */
  finishTotal(): void {
    const canvas = new Canvas(20);
    canvas.text(String(this.pageCount), 0, 20, this.faces.regular, 7.5, MUTED);
    const stream = this.doc.context.flateStream(canvas.toString(), {
      Type: "XObject",
      Subtype: "Form",
      BBox: [0, -5, 60, 15],
      Resources: this.resources,
    });
    this.doc.context.assign(this.totalRef, stream);
  }
}

interface TableSpec {
  title: string;
  columns: ReportColumn[];
  zone: string;
}

/** Draws a table's rows with the header repeated on each page; rows come in batches. */
class TableWriter {
  private readonly cols: { x: number; w: number }[];
  private readonly formatted: ((row: ReportRow) => string)[];
  private index = 0;
  private readonly layout: Layout;
  private readonly spec: TableSpec;

  constructor(layout: Layout, spec: TableSpec) {
    this.layout = layout;
    this.spec = spec;
    this.cols = layoutColumns(spec.columns, layout.width);
    this.formatted = spec.columns.map((c) => (row: ReportRow) => formatCell(row[c.key], c.kind, spec.zone));
  }

  header(): void {
    const { page, faces } = this.layout;
    const top = this.layout.y;
    page.rect(MARGIN, top, this.layout.width, HEADER_HEIGHT, HEAD_FILL);
    this.spec.columns.forEach((c, i) => {
      const col = this.cols[i];
      if (!col) return;
      const label = faces.bold.fit(c.label, CELL_SIZE, col.w - 2 * PAD);
      const x = alignOf(c.kind) === "right" ? MARGIN + col.x + col.w - PAD : MARGIN + col.x + PAD;
      page.text(label, x, top + 11.5, faces.bold, CELL_SIZE, HEAD_TEXT, alignOf(c.kind));
    });
    this.layout.y += HEADER_HEIGHT;
  }

  /** A new page, its "(continuação)" line and the header again. */
  private continueOnNewPage(): void {
    this.layout.newPage();
    const { page, faces } = this.layout;
    page.text(faces.bold.fit(`${this.spec.title} (continuação)`, 9, this.layout.width), MARGIN, this.layout.y + 9, faces.bold, 9, TEXT);
    this.layout.y += 15;
    this.header();
  }

  /** One row; `keep` points of room are asked for (two rows: the last row keeps its totals row company). */
  row(row: ReportRow, totals = false, keep = ROW_HEIGHT): void {
    if (this.layout.room < keep) this.continueOnNewPage();
    const { page, faces } = this.layout;
    const top = this.layout.y;
    if (totals) {
      page.rect(MARGIN, top, this.layout.width, ROW_HEIGHT, TOTALS_FILL);
      page.line(MARGIN, top, MARGIN + this.layout.width, top, 0.8, TEXT);
    } else if (this.index % 2 === 1) page.rect(MARGIN, top, this.layout.width, ROW_HEIGHT, ZEBRA);
    const face = totals ? faces.bold : faces.regular;
    this.spec.columns.forEach((c, i) => {
      const col = this.cols[i];
      if (!col) return;
      const text = face.fit(this.formatted[i]?.(row) ?? "", CELL_SIZE, col.w - 2 * PAD);
      const align = alignOf(c.kind);
      const x = align === "right" ? MARGIN + col.x + col.w - PAD : MARGIN + col.x + PAD;
      page.text(text, x, top + 9.5, face, CELL_SIZE, totals ? INK : TEXT, align);
    });
    this.layout.y += ROW_HEIGHT;
    if (!totals) this.index++;
  }

  get rows(): number {
    return this.index;
  }
}

/** Title, optional note and chart of a section, kept on one page with the table's first rows. */
function sectionHead(
  layout: Layout,
  title: string,
  note: string | undefined,
  chart: boolean,
  firstRows: number,
  orientation: Orientation,
): void {
  const { faces } = layout;
  const noteLines = note ? faces.regular.wrap(note, 8.5, layout.width).length : 0;
  const titleHeight = 22 + noteLines * 11 + (chart ? CHART_HEIGHT + 12 : 0);
  const keep = titleHeight + HEADER_HEIGHT + Math.max(1, Math.min(firstRows, 3)) * ROW_HEIGHT;
  if (!layout.ensure(keep, orientation)) layout.y += 14;
  const page = layout.page;
  page.text(faces.bold.fit(title, 12, layout.width), MARGIN, layout.y + 12, faces.bold, 12, INK);
  layout.y += 20;
  if (note) {
    for (const line of faces.regular.wrap(note, 8.5, layout.width)) {
      page.text(line, MARGIN, layout.y + 8, faces.regular, 8.5, MUTED);
      layout.y += 11;
    }
  }
  layout.y += 2;
}

function kpiBlock(layout: Layout, kpis: ReportKpi[]): void {
  if (kpis.length === 0) return;
  const { faces } = layout;
  const perRow = Math.min(4, kpis.length);
  const gap = 8;
  const boxWidth = (layout.width - gap * (perRow - 1)) / perRow;
  const boxHeight = 50;
  for (let start = 0; start < kpis.length; start += perRow) {
    layout.ensure(boxHeight + gap);
    const page = layout.page;
    kpis.slice(start, start + perRow).forEach((kpi, i) => {
      const x = MARGIN + i * (boxWidth + gap);
      const top = layout.y;
      page.rect(x, top, boxWidth, boxHeight, KPI_FILL);
      page.rect(x, top, 2, boxHeight, HEAD_FILL);
      page.text(faces.regular.fit(kpi.label, 8, boxWidth - 16), x + 10, top + 14, faces.regular, 8, MUTED);
      page.text(faces.bold.fit(formatValue(kpi.value, kpi.kind), 13, boxWidth - 16), x + 10, top + 31, faces.bold, 13, INK);
      if (kpi.previous !== undefined) {
        let change = "";
        let color = MUTED;
        if (kpi.previous !== 0) {
          const ratio = (kpi.value - kpi.previous) / Math.abs(kpi.previous);
          change = `${ratio >= 0 ? "+" : ""}${formatValue(ratio, "percent")} `;
          color = ratio >= 0 ? UP : DOWN;
        }
        const text = `${change}antes: ${formatValue(kpi.previous, kpi.kind)}`;
        page.text(faces.regular.fit(text, 7, boxWidth - 16), x + 10, top + 43, faces.regular, 7, color);
      }
    });
    layout.y += boxHeight + gap;
  }
}

function titleBlock(layout: Layout, source: ReportSource, logo: PDFImage | null): void {
  const { faces } = layout;
  const page = layout.page;
  let textLeft = MARGIN;
  let blockHeight = 0;
  if (logo) {
    const scale = Math.min(110 / logo.width, 44 / logo.height);
    const [w, h] = [logo.width * scale, logo.height * scale];
    page.image("Logo", MARGIN, layout.y, w, h);
    textLeft = MARGIN + w + 12;
    blockHeight = h;
  }
  const textWidth = MARGIN + layout.width - textLeft;
  page.text(faces.bold.fit(source.orgName, 11, textWidth), textLeft, layout.y + 14, faces.bold, 11, INK);
  const when = `${formatDate(source.period.from, source.zone)} a ${formatDate(source.period.to, source.zone)}`;
  page.text(faces.regular.fit(`Período: ${when}`, 9, textWidth), textLeft, layout.y + 28, faces.regular, 9, TEXT);
  layout.y += Math.max(blockHeight, 32) + 14;
  page.text(faces.bold.fit(source.title, 18, layout.width), MARGIN, layout.y + 16, faces.bold, 18, INK);
  layout.y += 24;
  const filters = source.filters.length ? `Filtros: ${source.filters.join(" · ")}` : "Filtros: nenhum (todos os registros do período)";
  for (const line of faces.regular.wrap(filters, 8.5, layout.width).slice(0, 4)) {
    page.text(line, MARGIN, layout.y + 9, faces.regular, 8.5, MUTED);
    layout.y += 11;
  }
  page.line(MARGIN, layout.y + 6, MARGIN + layout.width, layout.y + 6, 0.8, RULE);
  layout.y += 16;
}

function drawTable(layout: Layout, title: string, table: ReportTable, zone: string): void {
  const writer = new TableWriter(layout, { title, columns: table.columns, zone });
  writer.header();
  if (table.rows.length === 0) {
    layout.page.text("Nenhum registro no período.", MARGIN + PAD, layout.y + 11, layout.faces.regular, 8, MUTED);
    layout.y += ROW_HEIGHT + 2;
  }
  table.rows.forEach((row, i) => {
    // The totals row never opens a page alone: the last row moves with it.
    writer.row(row, false, table.totals && i === table.rows.length - 1 ? 2 * ROW_HEIGHT : ROW_HEIGHT);
  });
  if (table.totals) writer.row(table.totals, true);
}

export async function renderReportPdf(source: ReportSource, fonts: ReportFonts): Promise<RenderedPdf> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  doc.registerFontkit(fontkit);
  const [regular, bold] = await Promise.all([
    doc.embedFont(fonts.regular, { subset: true, features: { tnum: true } }),
    doc.embedFont(fonts.bold, { subset: true, features: { tnum: true } }),
  ]);
  const faces: Faces = { regular: new Face(regular, "F1"), bold: new Face(bold, "F2") };

  let logo: PDFImage | null = null;
  if (source.logo) {
    try {
      // A logo that is not a PNG or JPEG, or does not decode, leaves the business's name alone.
      const image = dataUrlImage(source.logo);
      if (image) logo = image.type === "png" ? await doc.embedPng(image.bytes) : await doc.embedJpg(image.bytes);
    } catch (error) {
      console.warn(`relatório ${source.reportId}: logo ignorado (${error instanceof Error ? error.message : String(error)})`);
    }
  }

  const context = doc.context;
  const totalRef = context.nextRef();
  const xobjects: Record<string, PDFRef> = { Total: totalRef };
  if (logo) xobjects.Logo = logo.ref;
  const resources = context.register(context.obj({ Font: { F1: regular.ref, F2: bold.ref }, XObject: xobjects }));

  const generated = formatDateTime(source.generatedAt, source.zone);
  const footer = `Gerado em ${generated}${source.generatedBy ? ` por ${source.generatedBy}` : ""} · ${source.orgName}`;
  const layout = new Layout(doc, faces, resources, totalRef, footer, `${source.orgName} · ${source.title}`);

  const first = source.sections[0]?.table.columns ?? source.detail?.columns;
  layout.newPage(first && source.sections.length > 0 ? orientationFor(first) : "portrait");
  titleBlock(layout, source, logo);
  kpiBlock(layout, source.kpis);

  for (const section of source.sections) {
    const orientation = orientationFor(section.table.columns);
    // A section that fits portrait stays on a landscape page already open.
    sectionHead(
      layout,
      section.title,
      section.note,
      Boolean(section.chart),
      section.table.rows.length,
      orientation === "landscape" ? orientation : layout.orientation,
    );
    if (section.chart) {
      drawChart(layout.page, section.chart, faces, MARGIN, layout.y, layout.width, CHART_HEIGHT);
      layout.y += CHART_HEIGHT + 12;
    }
    drawTable(layout, section.title, section.table, source.zone);
  }

  let rows = 0;
  if (source.detail) {
    const detail = source.detail;
    const orientation = orientationFor(detail.columns);
    const count = detail.total !== undefined ? `${formatValue(detail.total, "integer")} registros` : undefined;
    sectionHead(layout, detail.title, count, false, 3, orientation === "landscape" ? orientation : layout.orientation);
    const writer = new TableWriter(layout, { title: detail.title, columns: detail.columns, zone: source.zone });
    writer.header();
    for await (const page of detail.pages()) {
      for (const row of page) writer.row(row);
      await layout.settle();
    }
    rows = writer.rows;
    if (rows === 0) {
      layout.page.text("Nenhum registro no período.", MARGIN + PAD, layout.y + 11, faces.regular, 8, MUTED);
      layout.y += ROW_HEIGHT;
    }
  }

  layout.finishPage();
  layout.finishTotal();
  await layout.settle();

  doc.setTitle(`${source.title} — ${source.orgName}`, { showInWindowTitleBar: true });
  doc.setAuthor(source.generatedBy ?? source.orgName);
  doc.setSubject(`${formatDate(source.period.from, source.zone)} a ${formatDate(source.period.to, source.zone)}`);
  doc.setCreator("Alicerce");
  doc.setProducer("Alicerce (pdf-lib)");
  doc.setLanguage("pt-BR");
  const created = new Date(source.generatedAt);
  if (!Number.isNaN(created.getTime())) {
    doc.setCreationDate(created);
    doc.setModificationDate(created);
  }
  const saved = await doc.save({ useObjectStreams: false, objectsPerTick: 5_000 });
  const bytes = saved.buffer instanceof ArrayBuffer ? (saved as Uint8Array<ArrayBuffer>) : new Uint8Array(saved);
  return { bytes, pages: layout.pageCount, rows };
}
