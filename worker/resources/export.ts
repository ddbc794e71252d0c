import { formatDateTime, localDay } from "../../shared/format.ts";
import { timeZoneOf } from "../../shared/time-zone.ts";
import type { ColumnDef, ListQuery } from "../../shared/resources/types.ts";
import type { ServiceContext } from "../services/context.ts";
import { CSV_BOM, csvLine } from "./csv.ts";
import { orgScope } from "../../db/tenant.ts";
import { normalizeText } from "../../shared/search.ts";
import type { Actor } from "../services/context.ts";
import { type Cursor, encodeCursor, readCursor } from "./cursor.ts";
import type { ResourceModule } from "./define.ts";
import { cursorValueOf, sortTypeOf } from "./list-engine.ts";
import { type AnyRow, allowed, fetchPage } from "./records.ts";
import { ownerCondition } from "../auth/permissions.ts";
import { type XlsxCell, xlsxStream } from "./xlsx.ts";

/**
 * Export of exactly what the filtered list shows — its search, filters, sort and visible
 * columns — across all pages. Rows are read in keyset chunks (one round trip per chunk) and
 * written as they arrive, so 50,000 rows never sit in memory at once.
 */

/** Rows per database round trip while exporting. */
export const EXPORT_CHUNK = 1000;

export type ExportFormat = "csv" | "xlsx";

export interface ExportFile {
  body: ReadableStream<Uint8Array>;
  filename: string;
  contentType: string;
}

/** The columns the list shows: the person's choice (`cols`), else the default ones. */
export function visibleColumns<Row>(columns: readonly ColumnDef<Row>[], chosen: string[] | null): ColumnDef<Row>[] {
  if (chosen?.length) {
    const byKey = new Map(columns.map((c) => [c.key, c]));
    return chosen.map((key) => byKey.get(key)).filter((c): c is ColumnDef<Row> => Boolean(c));
  }
  return columns.filter((c) => c.defaultVisible !== false);
}

/** All matching rows, chunk by chunk, in the list's order (keyset: one round trip per chunk). */
async function* allRows(ctx: ServiceContext, actor: Actor, mod: ResourceModule, query: ListQuery): AsyncGenerator<AnyRow[]> {
  const base: ListQuery = { ...query, page: 1, after: null };
  const scope = orgScope(ctx.db, actor.orgId);
  // The actor's own rows only, when the table gives them their own ("own" reach).
  const owner = ownerCondition(actor, mod.definition.name, "export", mod.table);
  const type = sortTypeOf(mod, base.sort);
  let cursor: Cursor | null = null;
  while (true) {
    const { rows, raws } = await fetchPage(
      ctx,
      scope,
      mod,
      base,
      { limit: EXPORT_CHUNK, offset: 0, cursor },
      false,
      [],
      owner,
      actor.timeZone,
    );
    if (rows.length) yield rows;
    const last = raws.at(-1);
    if (!last || rows.length < EXPORT_CHUNK) return;
    cursor = readCursor(
      encodeCursor({ sort: base.sort, dir: base.dir, value: cursorValueOf(mod, base.sort, last), id: last.id }),
      base.sort,
      base.dir,
      type,
    );
  }
}

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T/;

/** "dd/mm/aaaa HH:mm" (the organização's zone) of an instant → that wall-clock time as a UTC Date (what Excel stores). */
function wallClock(iso: string, zone: string): Date {
  const [date = "", time = "00:00"] = formatDateTime(iso, zone).split(" ");
  const [d, m, y] = date.split("/").map(Number) as [number, number, number];
  const [hh, mi] = time.split(":").map(Number) as [number, number];
  return new Date(Date.UTC(y, m - 1, d, hh, mi));
}

/** A cell for XLSX: numbers stay numbers, dates become Excel dates, the rest is the list's text. */
export function xlsxCell<Row>(column: ColumnDef<Row>, row: Row, zone: string): XlsxCell {
  const value = column.value?.(row);
  const text = column.text(row, zone);
  if (typeof value === "number") return value;
  if (value instanceof Date) return { date: value, time: text.includes(":") };
  if (typeof value === "string") {
    if (ISO_DAY.test(value)) return { date: new Date(`${value}T00:00:00Z`) };
    if (ISO_INSTANT.test(value)) return { date: wallClock(value, zone), time: text.includes(":") };
  }
  return text;
}

/** A cell for CSV: numbers with a decimal comma, everything else the list's pt-BR text. */
export function csvCell<Row>(column: ColumnDef<Row>, row: Row, zone: string): string | number {
  const value = column.value?.(row);
  return typeof value === "number" ? value : column.text(row, zone);
}

function today(ctx: ServiceContext, zone: string): string {
  return localDay(ctx.now, zone);
}

/** The file's name: the list's noun without accents ("movimentacoes-2026-11-24.csv"). */
function fileStem(mod: ResourceModule): string {
  return normalizeText(mod.definition.labels.plural).replace(/[^a-z0-9]+/g, "-");
}

/** The file of exactly what the list shows (search, filters, sort, columns), all pages. Owner/admin (the permission table). */
export async function exportRecords(
  ctx: ServiceContext,
  actor: Actor,
  name: string,
  query: ListQuery,
  format: ExportFormat,
): Promise<ExportFile> {
  const mod = allowed(actor, name, "export");
  const def = mod.definition as unknown as { columns: readonly ColumnDef<AnyRow>[]; labels: { listTitle: string } };
  const columns = visibleColumns(def.columns, query.columns);
  const header = columns.map((c) => c.label);
  const zone = timeZoneOf(actor.timeZone);
  const filename = `${fileStem(mod)}-${today(ctx, zone)}.${format}`;

  if (format === "xlsx") {
    return {
      body: xlsxStream({
        sheetName: def.labels.listTitle,
        header,
        rows: async function* () {
          for await (const chunk of allRows(ctx, actor, mod, query)) yield chunk.map((row) => columns.map((c) => xlsxCell(c, row, zone)));
        },
      }),
      filename,
      contentType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    };
  }

  const encoder = new TextEncoder();
  const source = (async function* () {
    yield encoder.encode(CSV_BOM + csvLine(header));
    for await (const chunk of allRows(ctx, actor, mod, query)) {
      yield encoder.encode(chunk.map((row) => csvLine(columns.map((c) => csvCell(c, row, zone)))).join(""));
    }
  })();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { done, value } = await source.next();
        if (done) controller.close();
        else controller.enqueue(value);
      } catch (error) {
        controller.error(error);
      }
    },
    async cancel() {
      await source.return(undefined);
    },
  });
  return { body, filename, contentType: "text/csv; charset=utf-8" };
}
