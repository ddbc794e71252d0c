import { and, eq, isNull, ne } from "drizzle-orm";
import type { Database } from "../../../../db/client.ts";
import { businessSettings, memberships, reportFiles } from "../../../../db/schema/index.ts";
import { orgScope } from "../../../../db/tenant.ts";
import type { ReportRow, ReportSource } from "../../../../shared/reports/document.ts";
import { REPORT_FORMAT_FILE, type ReportFileStatus } from "../../../../shared/reports/files.ts";
import type { Config } from "../../../config/env.ts";
import { type LiveNamespace, publishLive } from "../../../live/publish.ts";
import { type Actor, DomainError } from "../../context.ts";
import type { Renderers, SourceFor } from "./ports.ts";
import { putStream, type ReportBucket } from "./store.ts";

/**
 * The job `report/requested`'s work (ADR 086): one report file from its row to R2. The row says
 * what was asked; the member who asked is read again (a role taken away since refuses it); the
 * source is built from the catalogue and its detail pages are pulled one at a time while the
 * renderer streams them into the bucket, the row's progress and the live bar following the rows.
 * The object's key is the row's own, so a retry overwrites, never adds.
 */

export interface BuildDeps {
  db: Database;
  config: Config;
  now: () => Date;
  files: ReportBucket | undefined;
  live?: LiveNamespace | undefined;
  waitUntil: (promise: Promise<unknown>) => void;
  sourceFor: SourceFor;
  renderers: Renderers;
  /** After the file is stored (the monthly summary e-mails its owners). */
  onReady?: (file: { id: string; orgId: string; resumoMes: string | null }) => Promise<void>;
}

export const INTERNAL_FAILURE = "Não foi possível gerar o arquivo por um erro nosso. Peça de novo em alguns minutos.";
export const NO_STORAGE = "O armazenamento de arquivos não está configurado: o arquivo não pôde ser guardado.";
export const MEMBER_GONE = "Quem pediu este arquivo não faz mais parte da equipe ou não pode mais abrir este relatório.";

/** The progress the rendering may reach; the last steps are storing and closing the row. */
const RENDER_SHARE = 95;
/** A new percentage is written (row and live bar) only after this many points or this long. */
const STEP_POINTS = 5;
const STEP_MS = 2_000;

export type BuildOutcome = "pronto" | "ja-pronto" | "sumiu" | "falhou";

/** The member as they are now (role, own-records choice, zone, linked profissional); null when they left. */
async function memberActor(db: Database, orgId: string, userId: string | null): Promise<Actor | null> {
  const scope = orgScope(db, orgId);
  if (userId === null) {
    // The monthly summary: the schedule asked, on the owner's behalf (owner's reach).
    const [settings] = await db
      .select({ timeZone: businessSettings.fusoHorario })
      .from(businessSettings)
      .where(scope.where(businessSettings))
      .limit(1);
    return { userId: "agenda", orgId, role: "owner", ...(settings?.timeZone ? { timeZone: settings.timeZone } : {}) };
  }
  const [row] = await db
    .select({ role: memberships.role, ownOnly: businessSettings.corretorApenasSeus, timeZone: businessSettings.fusoHorario })
    .from(memberships)
    .leftJoin(businessSettings, eq(businessSettings.orgId, memberships.orgId))
    .where(scope.where(memberships, eq(memberships.userId, userId), isNull(memberships.deactivatedAt)))
    .limit(1);
  if (!row) return null;
  return {
    userId,
    orgId,
    role: row.role,
    ...(row.ownOnly ? { ownOnly: true } : {}),
    ...(row.timeZone ? { timeZone: row.timeZone } : {}),
  };
}

function announce(deps: BuildDeps, orgId: string, fileId: string, percent: number, status: ReportFileStatus): void {
  publishLive({ live: deps.live, waitUntil: deps.waitUntil }, orgId, { type: "report.progress", fileId, percent, status });
}

/** The detail pages, counted as they pass, with `onRows` told the running total. */
function countingPages(source: ReportSource, onRows: (rows: number) => Promise<void>): ReportSource {
  const detail = source.detail;
  if (!detail) return source;
  return {
    ...source,
    detail: {
      ...detail,
      async *pages(): AsyncIterable<ReportRow[]> {
        let rows = 0;
        for await (const page of detail.pages()) {
          rows += page.length;
          await onRows(rows);
          yield page;
        }
      },
    },
  };
}

/** Marks the file failed with a pt-BR reason (unless it is already final) and tells the pages. */
export async function markReportFailed(
  deps: Pick<BuildDeps, "db" | "live" | "waitUntil" | "files">,
  orgId: string,
  fileId: string,
  message: string,
  at: Date,
): Promise<void> {
  const scope = orgScope(deps.db, orgId);
  const rows = await deps.db
    .update(reportFiles)
    .set({ status: "falhou", erro: message, concluidoEm: at, atualizadoEm: at })
    .where(scope.where(reportFiles, eq(reportFiles.id, fileId), ne(reportFiles.status, "pronto")))
    .returning({ chave: reportFiles.chave, progresso: reportFiles.progresso });
  const row = rows[0];
  if (!row) return;
  // A put that finished before the failure (the row's update failed after it): no file without a ready row.
  await deps.files?.delete(row.chave).catch(() => {});
  publishLive({ live: deps.live, waitUntil: deps.waitUntil }, orgId, {
    type: "report.progress",
    fileId,
    percent: row.progresso,
    status: "falhou",
  });
}

export async function buildReportFile(deps: BuildDeps, orgId: string, fileId: string): Promise<BuildOutcome> {
  const { db } = deps;
  const scope = orgScope(db, orgId);
  const [file] = await db
    .select()
    .from(reportFiles)
    .where(scope.where(reportFiles, eq(reportFiles.id, fileId)))
    .limit(1);
  // Deleted while it waited: nothing to build. Already built (a replay after the row was closed): done.
  if (!file) return "sumiu";
  if (file.status === "pronto") return "ja-pronto";
  const started = deps.now();
  const fail = async (message: string): Promise<BuildOutcome> => {
    await markReportFailed(deps, orgId, fileId, message, deps.now());
    return "falhou";
  };
  if (!deps.files) return fail(NO_STORAGE);
  const actor = await memberActor(db, orgId, file.pedidoPor);
  if (!actor) return fail(MEMBER_GONE);

  await db
    .update(reportFiles)
    .set({ status: "gerando", progresso: 0, erro: null, iniciadoEm: started, atualizadoEm: started })
    .where(scope.where(reportFiles, eq(reportFiles.id, fileId)));
  announce(deps, orgId, fileId, 0, "gerando");

  let source: ReportSource;
  try {
    source = await deps.sourceFor({ db, config: deps.config, now: started }, actor, file.relatorio, file.parametros);
  } catch (error) {
    // A refusal the person can read (params no longer valid, the role lost the report): no retry helps.
    if (error instanceof DomainError) return fail(error.message);
    throw error;
  }

  let shown = 0;
  let shownAt = Date.now();
  let detailRows = 0;
  const total = source.detail?.total;
  const counted = countingPages(source, async (rows) => {
    detailRows = rows;
    const percent =
      total && total > 0 ? Math.min(RENDER_SHARE, Math.floor((rows / total) * RENDER_SHARE)) : Math.min(RENDER_SHARE, shown + 1);
    if (percent - shown < STEP_POINTS && Date.now() - shownAt < STEP_MS) return;
    if (percent <= shown) return;
    shown = percent;
    shownAt = Date.now();
    await db
      .update(reportFiles)
      .set({ progresso: percent, atualizadoEm: deps.now() })
      .where(scope.where(reportFiles, eq(reportFiles.id, fileId)));
    announce(deps, orgId, fileId, percent, "gerando");
  });

  let stored: { bytes: number };
  try {
    const stream = await deps.renderers[file.formato](counted);
    stored = await putStream(deps.files, file.chave, stream, REPORT_FORMAT_FILE[file.formato].contentType);
  } catch (error) {
    // The renderer's refusal in pt-BR (the PDF Worker said why): final, no retry helps.
    if (error instanceof DomainError) return fail(error.message);
    throw error;
  }
  const linhas = source.detail ? detailRows : source.sections.reduce((sum, s) => sum + s.table.rows.length, 0);
  const done = deps.now();
  const closed = await db
    .update(reportFiles)
    .set({ status: "pronto", progresso: 100, linhas, bytes: stored.bytes, concluidoEm: done, atualizadoEm: done, erro: null })
    .where(and(scope.where(reportFiles, eq(reportFiles.id, fileId))))
    .returning({ id: reportFiles.id });
  if (closed.length === 0) {
    // Deleted while it was being built: its object goes too.
    await deps.files.delete(file.chave);
    return "sumiu";
  }
  announce(deps, orgId, fileId, 100, "pronto");
  await deps.onReady?.({ id: fileId, orgId, resumoMes: file.resumoMes });
  return "pronto";
}
