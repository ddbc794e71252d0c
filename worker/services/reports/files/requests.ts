import { and, count, desc, eq, inArray, lt, or, type SQL, sql } from "drizzle-orm";
import { reportFiles, users } from "../../../../db/schema/index.ts";
import { orgScope } from "../../../../db/tenant.ts";
import { type ReportFileStatus, type ReportFormat, reportFileRow } from "../../../../shared/reports/files.ts";
import { dayIn, formatDateIn, formatDateTimeIn, timeZoneOf } from "../../../../shared/time-zone.ts";
import { FORBIDDEN_MESSAGE } from "../../../auth/permissions.ts";
import { enforceKeyedLimit } from "../../../security/rate-limit.ts";
import { reportFile as reportFileJob } from "../../../../jobs/contracts/report-file.ts";
import { type DispatchContext, sendEvents } from "../../../../jobs/dispatch.ts";
import { REPORTS } from "../catalogue.ts";
import { type Actor, DomainError, type ServiceContext } from "../../context.ts";
import { fileReach, fileReport, normalizedParams, REPORT_GONE, visibleReports } from "./catalogue-port.ts";

/**
 * Report files from /relatorio and /relatorios (ADR 086): ask for one (the report's own
 * permission, rate-limited, a cap on what one organização has waiting), list the ones the member
 * may see, delete one, and find one to serve. The job builds them (./build.ts).
 */

/** Files waiting or being built per organização before a new request is refused. */
export const MAX_PENDING = 10;
export const TOO_MANY_PENDING = `Já há ${MAX_PENDING} arquivos na fila desta empresa. Aguarde alguns ficarem prontos e peça de novo.`;
export const FILE_NOT_FOUND = "Arquivo não encontrado.";
/** /relatorios' page of files. */
export const FILES_PAGE = 20;

export interface FileRequest {
  reportId: string;
  format: ReportFormat;
  /** The report's URL query (period, filters) as /relatorio had it. */
  query: URLSearchParams;
}

/**
 * Queues a report file for the actor: checks the report's permission and the limits, writes the
 * row (na fila) and sends `report/requested`. Returns the file's id. `bindings` are what the local
 * runner's run may use (the bucket, the live rooms, the PDF Worker).
 */
export async function requestReportFile(
  ctx: ServiceContext,
  actor: Actor,
  input: FileRequest,
  bindings: DispatchContext["bindings"],
): Promise<string> {
  const report = fileReport(input.reportId);
  if (!report) throw new DomainError(REPORT_GONE, 404);
  if (!fileReach(actor, report)) throw new DomainError(FORBIDDEN_MESSAGE, 403);
  if (!ctx.files) throw new DomainError("O armazenamento de arquivos não está configurado. Tente novamente mais tarde.", 422);
  const zone = timeZoneOf(actor.timeZone);
  const { params, from, to } = normalizedParams(input.reportId, input.query, dayIn(ctx.now, zone));
  await enforceKeyedLimit(ctx.db, "reportFile", { user: actor.userId, org: actor.orgId });
  const scope = orgScope(ctx.db, actor.orgId);
  const [pending] = await ctx.db
    .select({ n: count() })
    .from(reportFiles)
    .where(scope.where(reportFiles, inArray(reportFiles.status, ["na_fila", "gerando"])));
  if ((pending?.n ?? 0) >= MAX_PENDING) throw new DomainError(TOO_MANY_PENDING, 429);
  const id = crypto.randomUUID();
  await ctx.db
    .insert(reportFiles)
    .values(
      scope.values(
        reportFileRow({ orgId: actor.orgId, id, report, format: input.format, params, from, to, requestedBy: actor.userId, at: ctx.now }),
      ),
    );
  await sendEvents({ config: ctx.config, db: ctx.db, waitUntil: ctx.waitUntil, bindings }, [
    { name: reportFileJob.event, data: { fileId: id, orgId: actor.orgId }, id: `report-${id}` },
  ]);
  return id;
}

/** The files' condition for the actor: the reports they read in full, and the ones they read only their own of. */
function visibleTo(actor: Actor): SQL {
  const { any, own } = visibleReports(
    actor,
    REPORTS.map((r) => r.id),
  );
  const parts: SQL[] = [];
  if (any.length) parts.push(inArray(reportFiles.relatorio, any));
  if (own.length) parts.push(and(inArray(reportFiles.relatorio, own), eq(reportFiles.pedidoPor, actor.userId)) as SQL);
  return parts.length ? (or(...parts) as SQL) : sql`0`;
}

export interface ReportFileItem {
  id: string;
  titulo: string;
  formato: ReportFormat;
  status: ReportFileStatus;
  progresso: number;
  linhas: number | null;
  bytes: number | null;
  erro: string | null;
  pedidoPor: string | null;
  /** "27/11/2026 14:30" in the organização's zone. */
  pedidoEm: string;
  pedidoEmIso: string;
  expiraEm: string;
}

/** A page of the files the actor may see, newest first; `before` is the last row's cursor ("<ms>:<id>"). */
export async function listReportFiles(
  ctx: ServiceContext,
  actor: Actor,
  before: string | null,
  limit = FILES_PAGE,
): Promise<{ items: ReportFileItem[]; next: string | null }> {
  const zone = timeZoneOf(actor.timeZone);
  const scope = orgScope(ctx.db, actor.orgId);
  const cursor = parseCursor(before);
  const rows = await ctx.db
    .select({
      id: reportFiles.id,
      titulo: reportFiles.titulo,
      formato: reportFiles.formato,
      status: reportFiles.status,
      progresso: reportFiles.progresso,
      linhas: reportFiles.linhas,
      bytes: reportFiles.bytes,
      erro: reportFiles.erro,
      pedidoPor: users.name,
      pedidoEm: reportFiles.pedidoEm,
      expiraEm: reportFiles.expiraEm,
    })
    .from(reportFiles)
    .leftJoin(users, eq(users.id, reportFiles.pedidoPor))
    .where(
      scope.where(
        reportFiles,
        visibleTo(actor),
        cursor
          ? or(lt(reportFiles.pedidoEm, cursor.at), and(eq(reportFiles.pedidoEm, cursor.at), lt(reportFiles.id, cursor.id)))
          : undefined,
      ),
    )
    .orderBy(desc(reportFiles.pedidoEm), desc(reportFiles.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    items: page.map((r) => ({
      ...r,
      pedidoPor: r.pedidoPor ?? null,
      pedidoEm: formatDateTimeIn(r.pedidoEm, zone),
      pedidoEmIso: r.pedidoEm.toISOString(),
      expiraEm: formatDateIn(r.expiraEm, zone),
    })),
    next: rows.length > limit && last ? `${last.pedidoEm.getTime()}:${last.id}` : null,
  };
}

function parseCursor(value: string | null): { at: Date; id: string } | null {
  const match = value ? /^(\d{1,15}):([0-9A-Za-z-]{1,64})$/.exec(value) : null;
  return match ? { at: new Date(Number(match[1])), id: match[2] as string } : null;
}

/** A ready, unexpired file the actor may see, for serving (the key comes from the row, never from a URL). */
export async function reportFileForServing(
  ctx: ServiceContext,
  actor: Actor,
  id: string,
): Promise<{ chave: string; formato: ReportFormat; nomeArquivo: string } | null> {
  const scope = orgScope(ctx.db, actor.orgId);
  const [row] = await ctx.db
    .select({ chave: reportFiles.chave, formato: reportFiles.formato, nomeArquivo: reportFiles.nomeArquivo })
    .from(reportFiles)
    .where(
      scope.where(
        reportFiles,
        eq(reportFiles.id, id),
        eq(reportFiles.status, "pronto"),
        sql`${reportFiles.expiraEm} > ${ctx.now.getTime()}`,
        visibleTo(actor),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** Deletes a file the actor may see (its object first, then the row; a build in flight finds no row and drops its object). */
export async function deleteReportFile(ctx: ServiceContext, actor: Actor, id: string): Promise<void> {
  const scope = orgScope(ctx.db, actor.orgId);
  const [row] = await ctx.db
    .select({ chave: reportFiles.chave })
    .from(reportFiles)
    .where(scope.where(reportFiles, eq(reportFiles.id, id), visibleTo(actor)))
    .limit(1);
  if (!row) throw new DomainError(FILE_NOT_FOUND, 404);
  await ctx.files?.delete(row.chave);
  await ctx.db.delete(reportFiles).where(scope.where(reportFiles, eq(reportFiles.id, id)));
}
