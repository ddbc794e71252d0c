import { and, eq, inArray, ne } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import type { Config } from "../../worker/config/env.ts";
import { memberships, reportFiles } from "../../db/schema/index.ts";
import { orgScope } from "../../db/tenant.ts";
import {
  MONTHLY_SUMMARY_REPORT_ID,
  type ReportFormat,
  reportFileRow,
  reportStorageKey,
  REPORT_FILE_TTL_DAYS,
} from "../../shared/reports/files.ts";
import { DEFAULT_TIME_ZONE, dayIn, instantIn } from "../../shared/time-zone.ts";
import { demoOrganizationId } from "./demo-art-files.ts";
import { monthName, previousMonth } from "../../worker/services/reports/files/monthly.ts";

/**
 * Report files in the demo (ADR 086): /relatorios opens with a few files already built — last
 * month's Vendas (PDF) and DRE (XLSX), this month's Fluxo de caixa (CSV) and last month's
 * automatic summary (PDF) — asked by the owner at fixed times before the seed's day. The rows are
 * seeded with the database (Node, no R2); `npm start` builds their files with the report job's own
 * code once the Worker is up (`putDemoReportFiles`), so they are real files of the demo's numbers.
 * Ids and keys are deterministic.
 */

export function demoReportFileId(n: number): string {
  return `00000000-0000-4000-8000-0000fe1e${String(n).padStart(4, "0")}`;
}

interface DemoFile {
  n: number;
  report: { id: string; title: string };
  format: ReportFormat;
  /** "passado": last month; "atual": this month up to the seed's day. */
  period: "passado" | "atual";
  /** When the owner asked: days before the seed's day, at a local time. */
  daysAgo: number;
  time: string;
}

const PLAN: readonly DemoFile[] = [
  { n: 1, report: { id: "vendas", title: "Vendas" }, format: "pdf", period: "passado", daysAgo: 2, time: "09:12" },
  { n: 2, report: { id: "dre", title: "DRE simples" }, format: "xlsx", period: "passado", daysAgo: 1, time: "17:40" },
  { n: 3, report: { id: "fluxo-de-caixa", title: "Fluxo de caixa" }, format: "csv", period: "atual", daysAgo: 0, time: "08:05" },
];
const SUMMARY_N = 9;

function shift(day: string, days: number): string {
  const d = new Date(`${day}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The demo's file rows (na fila until `putDemoReportFiles` builds them); an existing row is left as it is. */
export async function seedDemoReportFiles(db: Database, orgId: string, ownerId: string, now: Date): Promise<void> {
  const zone = DEFAULT_TIME_ZONE;
  const today = dayIn(now, zone);
  const last = previousMonth(today);
  const scope = orgScope(db, orgId);
  const rows = PLAN.map((f) => {
    const from = f.period === "passado" ? last.from : `${today.slice(0, 8)}01`;
    const to = f.period === "passado" ? last.to : today;
    const asked = instantIn(shift(today, -f.daysAgo), f.time, zone);
    const at = asked.getTime() > now.getTime() ? new Date(now.getTime() - 60_000) : asked;
    return reportFileRow({
      orgId,
      id: demoReportFileId(f.n),
      report: f.report,
      format: f.format,
      params: { de: from, ate: to },
      from,
      to,
      requestedBy: ownerId,
      at,
    });
  });
  const summaryId = demoReportFileId(SUMMARY_N);
  const summaryAt = instantIn(`${today.slice(0, 8)}01`, "00:05", zone);
  const summary = {
    id: summaryId,
    relatorio: MONTHLY_SUMMARY_REPORT_ID,
    parametros: { de: last.from, ate: last.to },
    formato: "pdf" as const,
    titulo: `Resumo de ${monthName(last.month)}`,
    nomeArquivo: `resumo-${last.month}.pdf`,
    chave: reportStorageKey(orgId, summaryId, "pdf"),
    pedidoPor: null,
    pedidoEm: summaryAt,
    expiraEm: new Date(summaryAt.getTime() + REPORT_FILE_TTL_DAYS * 86_400_000),
    resumoMes: last.month,
    atualizadoEm: summaryAt,
  };
  await db
    .insert(reportFiles)
    .values(scope.values([...rows, summary]))
    .onConflictDoNothing();
}

/** For a demo database seeded before report files existed (false: nothing added). */
export async function seedMissingDemoReportFiles(db: Database, orgDocument: string, now = new Date()): Promise<boolean> {
  const orgId = await demoOrganizationId(db, orgDocument);
  if (!orgId) return false;
  const scope = orgScope(db, orgId);
  const existing = await db
    .select({ id: reportFiles.id })
    .from(reportFiles)
    .where(scope.where(reportFiles, eq(reportFiles.id, demoReportFileId(1))));
  if (existing.length) return false;
  const [owner] = await db
    .select({ userId: memberships.userId })
    .from(memberships)
    .where(scope.where(memberships, eq(memberships.role, "owner")))
    .limit(1);
  if (!owner) return false;
  await seedDemoReportFiles(db, orgId, owner.userId, now);
  return true;
}

/** The demo files whose object is missing (a fresh R2, or a seed that has not built them yet). */
export async function demoReportFilesToBuild(db: Database, orgId: string, bucket: Pick<R2Bucket, "head">): Promise<string[]> {
  const scope = orgScope(db, orgId);
  const ids = [...PLAN.map((f) => demoReportFileId(f.n)), demoReportFileId(SUMMARY_N)];
  const rows = await db
    .select({ id: reportFiles.id, chave: reportFiles.chave, status: reportFiles.status })
    .from(reportFiles)
    .where(scope.where(reportFiles, inArray(reportFiles.id, ids)));
  const heads = await Promise.all(rows.map((r) => bucket.head(r.chave)));
  const todo = rows.filter((r, i) => r.status !== "pronto" || !heads[i]).map((r) => r.id);
  if (todo.length)
    await db
      .update(reportFiles)
      .set({ status: "na_fila", progresso: 0 })
      .where(scope.where(reportFiles, and(inArray(reportFiles.id, todo), ne(reportFiles.status, "na_fila"))));
  return todo;
}

/**
 * Builds the demo files whose object is missing, with the report job's own code (the catalogue,
 * the spreadsheet renderers, the PDF renderer of the reports Worker run here in Node) into
 * `bucket`: real files of the demo's numbers. Returns how many were built.
 */
export async function putDemoReportFiles(db: Database, orgId: string, bucket: R2Bucket, config: Config): Promise<number> {
  const todo = await demoReportFilesToBuild(db, orgId, bucket);
  if (!todo.length) return 0;
  const [{ buildReportFile }, { reportFileDeps }, { createReportsHandler }, { nodeReportFonts }] = await Promise.all([
    import("../../worker/services/reports/files/build.ts"),
    import("../../worker/services/reports/files/wiring.ts"),
    import("../../worker-reports/handler.ts"),
    import("../../worker-reports/node.ts"),
  ]);
  const pdf = createReportsHandler(nodeReportFonts());
  // The reports Worker's handler in this process, as the REPORTS binding (Node wants `duplex` for a streamed body).
  const REPORTS = {
    fetch: (input: RequestInfo | URL, init?: RequestInit) => pdf(new Request(input, { ...init, duplex: "half" } as RequestInit)),
  };
  const pending: Promise<unknown>[] = [];
  const deps = reportFileDeps({
    db,
    config,
    waitUntil: (p) => void pending.push(p),
    bindings: { FILES: bucket, LIVE: undefined, REPORTS },
    now: () => new Date(),
    // onReady (the only sender) is replaced below.
    send: async () => {},
  });
  let built = 0;
  // The summary's e-mail is not sent for the demo's file (nobody asked for it this month).
  for (const id of todo) if ((await buildReportFile({ ...deps, onReady: async () => {} }, orgId, id)) === "pronto") built++;
  await Promise.allSettled(pending);
  return built;
}
