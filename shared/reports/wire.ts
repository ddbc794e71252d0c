import { z } from "zod";
import type { ReportColumn, ReportDocument, ReportRow, ReportSource } from "./document.ts";

/**
 * How a report travels from the main Worker (or the report job) to the reports Worker
 * (worker-reports/, ADR 081): NDJSON, one JSON value per line, so the renderer starts drawing
 * before the last row has left the database and neither side ever holds every row.
 *
 *   {"v":1,"document":{…ReportDocument: header, kpis, sections…}}
 *   {"detail":{"id":"vendas","title":"Vendas","columns":[…],"total":100000}}   (optional)
 *   {"rows":[{…},{…}]}                                                        (0..n, in order)
 *   {"end":true,"rows":100000}
 *
 * The end line carries the count of rows sent: a stream cut short (a dropped connection, a
 * crashed producer) is refused instead of rendering a silently shorter report.
 */

export const WIRE_VERSION = 1;
export const WIRE_CONTENT_TYPE = "application/x-ndjson";

/** The first line: header, kpis and the small sections (a logo data URL rides here: up to 8 MB). */
export const WIRE_MAX_DOCUMENT_BYTES = 8 * 1024 * 1024;
/** Any later line (one page of rows). */
export const WIRE_MAX_LINE_BYTES = 2 * 1024 * 1024;
/** Rows per `rows` line: the encoder splits a bigger page. */
export const WIRE_MAX_ROWS_PER_LINE = 2_000;
/** Rows in a whole report: a PDF of 1,000,000 rows is not a report anyone reads. */
export const WIRE_MAX_ROWS = 1_000_000;
export const WIRE_MAX_COLUMNS = 40;

/**
 * A wire the decoder refuses; `message` says why, in pt-BR. `incomplete`: the stream stopped
 * short (the sender failed midway, a connection dropped), which sending again may cure; the
 * others are the report's own faults, which it never will.
 */
export class WireError extends Error {
  override name = "WireError";
  readonly incomplete: boolean;
  constructor(message: string, options: { incomplete?: boolean } = {}) {
    super(message);
    this.incomplete = options.incomplete ?? false;
  }
}

const numberKind = z.enum(["money", "integer", "number", "percent"]);
const columnSchema = z.object({
  key: z.string().min(1).max(100),
  label: z.string().max(200),
  kind: z.enum(["text", "money", "integer", "number", "percent", "date", "datetime"]),
  width: z.number().positive().max(20).optional(),
});
const cell = z.union([z.string().max(10_000), z.number(), z.null()]);
const rowSchema = z.record(z.string(), cell);
const tableSchema = z.object({
  columns: z.array(columnSchema).min(1).max(WIRE_MAX_COLUMNS),
  rows: z.array(rowSchema).max(10_000),
  totals: rowSchema.optional(),
});
const chartSchema = z.object({
  type: z.enum(["bar", "line", "stacked-bar", "donut"]),
  labels: z.array(z.string().max(200)).max(400),
  series: z.array(z.object({ name: z.string().max(200), values: z.array(z.number()).max(400) })).max(12),
  kind: numberKind,
});
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "dia no formato AAAA-MM-DD");

export const reportDocumentSchema = z.object({
  reportId: z.string().min(1).max(100),
  title: z.string().min(1).max(300),
  orgName: z.string().max(300),
  logo: z.string().max(WIRE_MAX_DOCUMENT_BYTES).nullable().optional(),
  period: z.object({ from: day, to: day }),
  zone: z.string().min(1).max(100),
  generatedAt: z.string().min(1).max(40),
  generatedBy: z.string().max(300).nullable().optional(),
  filters: z.array(z.string().max(500)).max(50),
  kpis: z.array(z.object({ label: z.string().max(200), value: z.number(), kind: numberKind, previous: z.number().optional() })).max(30),
  sections: z
    .array(
      z.object({
        id: z.string().min(1).max(100),
        title: z.string().max(300),
        note: z.string().max(2_000).optional(),
        chart: chartSchema.optional(),
        table: tableSchema,
      }),
    )
    .max(60),
}) satisfies z.ZodType<ReportDocument>;

const detailSchema = z.object({
  id: z.string().min(1).max(100),
  title: z.string().max(300),
  columns: z.array(columnSchema).min(1).max(WIRE_MAX_COLUMNS),
  total: z.number().int().nonnegative().optional(),
});

type WireDetail = z.infer<typeof detailSchema>;

const encoder = new TextEncoder();

function line(value: unknown): Uint8Array {
  return encoder.encode(`${JSON.stringify(value)}\n`);
}

/** The document part of a source (everything but `detail`), as plain data. */
function documentOf(source: ReportSource): ReportDocument {
  const { detail: _detail, ...document } = source;
  return document;
}

/**
 * A report source as an NDJSON byte stream. Pulled: the next page is read from `detail.pages()`
 * only when the reader wants more bytes, so a slow renderer slows the database reads, never
 * buffers them. Pages bigger than WIRE_MAX_ROWS_PER_LINE are split.
 */
export function encodeReport(source: ReportSource): ReadableStream<Uint8Array> {
  const detail = source.detail;
  let iterator: AsyncIterator<ReportRow[]> | undefined;
  let pending: ReportRow[] = [];
  let sent = 0;
  let stage: "document" | "detail" | "rows" | "done" = "document";
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (stage === "document") {
        controller.enqueue(line({ v: WIRE_VERSION, document: documentOf(source) }));
        stage = detail ? "detail" : "rows";
        return;
      }
      if (stage === "detail" && detail) {
        const head: WireDetail = { id: detail.id, title: detail.title, columns: detail.columns };
        if (detail.total !== undefined) head.total = detail.total;
        controller.enqueue(line({ detail: head }));
        iterator = detail.pages()[Symbol.asyncIterator]();
        stage = "rows";
        return;
      }
      if (stage === "rows") {
        while (pending.length === 0 && iterator) {
          const next = await iterator.next();
          if (next.done) iterator = undefined;
          else pending = next.value;
        }
        if (pending.length > 0) {
          const chunk = pending.slice(0, WIRE_MAX_ROWS_PER_LINE);
          pending = pending.slice(chunk.length);
          sent += chunk.length;
          controller.enqueue(line({ rows: chunk }));
          return;
        }
        controller.enqueue(line({ end: true, rows: sent }));
        stage = "done";
        controller.close();
      }
    },
    async cancel(reason) {
      await iterator?.return?.(reason);
    },
  });
}

/** Lines of a byte stream, each refused past its cap before it is held whole. */
async function* linesOf(stream: ReadableStream<Uint8Array>): AsyncGenerator<string> {
  const reader = stream.getReader();
  const decoder = new TextDecoder("utf-8", { fatal: true });
  let buffer = "";
  let first = true;
  const cap = () => (first ? WIRE_MAX_DOCUMENT_BYTES : WIRE_MAX_LINE_BYTES);
  try {
    for (;;) {
      const { done, value } = await reader.read();
      let text: string;
      try {
        text = done ? decoder.decode() : decoder.decode(value, { stream: true });
      } catch {
        throw new WireError("O relatório enviado não é texto UTF-8 válido.");
      }
      // Only the new text can hold the next newline: a long line is never rescanned.
      let newline = text.indexOf("\n");
      if (newline >= 0) newline += buffer.length;
      buffer += text;
      while (newline >= 0) {
        const current = buffer.slice(0, newline);
        buffer = buffer.slice(newline + 1);
        if (current.length > cap()) throw tooLong(first);
        first = false;
        if (current.trim() !== "") yield current;
        newline = buffer.indexOf("\n");
      }
      // Characters, not bytes: a UTF-8 byte is at most one character, so this never refuses early.
      if (buffer.length > cap()) throw tooLong(first);
      if (done) {
        if (buffer.trim() !== "") yield buffer;
        return;
      }
    }
  } finally {
    reader.releaseLock();
    await stream.cancel().catch(() => {});
  }
}

function tooLong(first: boolean): WireError {
  return first
    ? new WireError(`O cabeçalho do relatório passa de ${WIRE_MAX_DOCUMENT_BYTES / 1024 / 1024} MB.`)
    : new WireError(`Uma página de linhas do relatório passa de ${WIRE_MAX_LINE_BYTES / 1024 / 1024} MB.`);
}

function parse(text: string, what: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new WireError(`O relatório enviado tem ${what} que não é JSON válido.`);
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) throw new WireError(`O relatório enviado tem ${what} inválida.`);
  return value as Record<string, unknown>;
}

function firstIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return "";
  return `${issue.path.join(".") || "(raiz)"}: ${issue.message}`;
}

function checkRows(value: unknown, columns: ReportColumn[], index: number): ReportRow[] {
  if (!Array.isArray(value)) throw new WireError(`A página ${index} do relatório não é uma lista de linhas.`);
  if (value.length > WIRE_MAX_ROWS_PER_LINE) {
    throw new WireError(`A página ${index} do relatório tem ${value.length} linhas; o máximo é ${WIRE_MAX_ROWS_PER_LINE}.`);
  }
  for (const row of value) {
    if (typeof row !== "object" || row === null || Array.isArray(row))
      throw new WireError(`A página ${index} tem uma linha que não é um objeto.`);
    for (const column of columns) {
      const cellValue = (row as Record<string, unknown>)[column.key];
      if (cellValue === undefined || cellValue === null || typeof cellValue === "string") continue;
      if (typeof cellValue !== "number" || !Number.isFinite(cellValue)) {
        throw new WireError(`A página ${index} tem um valor inválido na coluna "${column.label}".`);
      }
    }
  }
  return value as ReportRow[];
}

/**
 * An NDJSON stream back into a `ReportSource`: the document is read and checked before this
 * resolves; the detail's pages are read as the renderer asks for them (`pages()` once), and
 * a stream that ends without its end line, or whose count disagrees, throws a WireError there.
 */
export async function decodeReport(stream: ReadableStream<Uint8Array>): Promise<ReportSource> {
  const lines = linesOf(stream);
  const head = await lines.next();
  if (head.done) throw new WireError("O relatório enviado está vazio.");
  const first = parse(head.value, "uma primeira linha");
  if (first.v !== WIRE_VERSION)
    throw new WireError(`Versão do relatório enviada desconhecida (${String(first.v)}); esperada ${WIRE_VERSION}.`);
  const parsed = reportDocumentSchema.safeParse(first.document);
  if (!parsed.success) throw new WireError(`O documento do relatório é inválido: ${firstIssue(parsed.error)}`);
  const document = parsed.data as ReportDocument;

  const second = await lines.next();
  if (second.done) throw new WireError("O relatório enviado terminou sem a linha final (incompleto).", { incomplete: true });
  const next = parse(second.value, "uma linha");
  if (next.end === true) {
    if (next.rows !== 0) throw new WireError("O relatório enviado diz ter linhas de detalhe, mas não tem tabela de detalhe.");
    await lines.return(undefined);
    return document;
  }
  if (!("detail" in next)) throw new WireError("O relatório enviado tem uma segunda linha inesperada (esperado o detalhe ou o fim).");
  const detailParsed = detailSchema.safeParse(next.detail);
  if (!detailParsed.success) throw new WireError(`O detalhe do relatório é inválido: ${firstIssue(detailParsed.error)}`);
  const detail = detailParsed.data;
  let consumed = false;

  async function* pages(): AsyncGenerator<ReportRow[]> {
    if (consumed) throw new WireError("As páginas do relatório só podem ser lidas uma vez.");
    consumed = true;
    let received = 0;
    let index = 0;
    try {
      for await (const text of lines) {
        const value = parse(text, "uma linha");
        if (value.end === true) {
          if (value.rows !== received) {
            throw new WireError(`O relatório enviado diz ${String(value.rows)} linhas, mas chegaram ${received}.`, { incomplete: true });
          }
          return;
        }
        index++;
        const rows = checkRows(value.rows, detail.columns, index);
        received += rows.length;
        if (received > WIRE_MAX_ROWS) throw new WireError(`O relatório passa de ${WIRE_MAX_ROWS.toLocaleString("pt-BR")} linhas.`);
        yield rows;
      }
      throw new WireError("O relatório enviado terminou sem a linha final (incompleto).", { incomplete: true });
    } finally {
      await lines.return(undefined);
    }
  }

  return {
    ...document,
    detail: { ...detail, pages },
  };
}
