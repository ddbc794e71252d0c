import { and, eq, isNull } from "drizzle-orm";
import type { Database } from "../../../../db/client.ts";
import { businessSettings, emailOutbox, memberships, reportFiles, users } from "../../../../db/schema/index.ts";
import { orgScope } from "../../../../db/tenant.ts";
import { MONTHLY_SUMMARY_REPORT_ID, REPORT_FILE_TTL_DAYS, reportStorageKey } from "../../../../shared/reports/files.ts";
import { DEFAULT_TIME_ZONE, TIME_ZONES, zonedParts } from "../../../../shared/time-zone.ts";
import { outboxInsert } from "../../../email/provider.ts";
import { layout } from "../../../email/templates.ts";

/**
 * The monthly summary (ADR 086): on the 1st of each month in the organização's own zone, last
 * month's Vendas and DRE in one PDF, e-mailed to the owners with a link to /relatorios. The row's
 * (organização, month) unique index makes it one file per month however often the schedule fires
 * (hourly, so every zone's 1st is seen); the e-mail's outbox id is the file's, so it goes once.
 */

const MONTH_NAMES = [
  "janeiro",
  "fevereiro",
  "março",
  "abril",
  "maio",
  "junho",
  "julho",
  "agosto",
  "setembro",
  "outubro",
  "novembro",
  "dezembro",
];

/** "novembro de 2026" for "2026-11". */
export function monthName(month: string): string {
  const [year, m] = month.split("-");
  return `${MONTH_NAMES[Number(m) - 1]} de ${year}`;
}

/** The month before the local day's ("2026-12-01" → "2026-11"), its first and last days. */
export function previousMonth(localDay: string): { month: string; from: string; to: string } {
  const [y, m] = localDay.split("-").map(Number) as [number, number];
  const year = m === 1 ? y - 1 : y;
  const month = m === 1 ? 12 : m - 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const mm = String(month).padStart(2, "0");
  return { month: `${year}-${mm}`, from: `${year}-${mm}-01`, to: `${year}-${mm}-${String(last).padStart(2, "0")}` };
}

/** Whether it is the 1st of a month anywhere the app has organizações (Brazil's zones): else the run does nothing. */
export function firstOfMonthSomewhere(now: Date): boolean {
  return TIME_ZONES.values.some((zone) => zonedParts(now, zone).day === "01");
}

export interface MonthlyQueued {
  fileId: string;
  /** True when this call created the row (a repeat of the schedule finds it there). */
  created: boolean;
  status: string;
}

/**
 * For one organização: when it is the 1st in its zone, the month's summary row (created once)
 * and its id for the job. Null on any other day.
 */
export async function monthlySummaryFor(db: Database, orgId: string, now: Date): Promise<MonthlyQueued | null> {
  const scope = orgScope(db, orgId);
  const [settings] = await db
    .select({ zone: businessSettings.fusoHorario })
    .from(businessSettings)
    .where(scope.where(businessSettings))
    .limit(1);
  const zone = settings?.zone ?? DEFAULT_TIME_ZONE;
  const p = zonedParts(now, zone);
  if (p.day !== "01") return null;
  const { month, from, to } = previousMonth(`${p.year}-${p.month}-${p.day}`);
  const fileId = crypto.randomUUID();
  const inserted = await db
    .insert(reportFiles)
    .values(
      scope.values({
        id: fileId,
        relatorio: MONTHLY_SUMMARY_REPORT_ID,
        parametros: { de: from, ate: to },
        formato: "pdf" as const,
        titulo: `Resumo de ${monthName(month)}`,
        nomeArquivo: `resumo-${month}.pdf`,
        chave: reportStorageKey(orgId, fileId, "pdf"),
        pedidoPor: null,
        pedidoEm: now,
        expiraEm: new Date(now.getTime() + REPORT_FILE_TTL_DAYS * 86_400_000),
        resumoMes: month,
        atualizadoEm: now,
      }),
    )
    .onConflictDoNothing()
    .returning({ id: reportFiles.id });
  if (inserted.length) return { fileId, created: true, status: "na_fila" };
  const [existing] = await db
    .select({ id: reportFiles.id, status: reportFiles.status })
    .from(reportFiles)
    .where(scope.where(reportFiles, eq(reportFiles.resumoMes, month)))
    .limit(1);
  return existing ? { fileId: existing.id, created: false, status: existing.status } : null;
}

/**
 * The summary's e-mail to every active owner, once: the outbox id is the file's and the owner's,
 * so a replayed run inserts nothing. Returns the new outbox ids (to send).
 */
export async function monthlySummaryEmails(db: Database, orgId: string, fileId: string, month: string, origin: string): Promise<string[]> {
  const scope = orgScope(db, orgId);
  const owners = await db
    .select({ userId: users.id, email: users.email, name: users.name })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(scope.where(memberships, and(eq(memberships.role, "owner"), isNull(memberships.deactivatedAt))));
  if (!owners.length) return [];
  const link = `${origin.replace(/\/$/, "")}/relatorios?arquivo=${encodeURIComponent(fileId)}`;
  const name = monthName(month);
  const mails = owners.map((o) => {
    const intro = `O resumo de ${name} está pronto: as vendas e o DRE do mês em um PDF.`;
    const outro = `O arquivo fica disponível em Relatórios › Arquivos gerados por ${REPORT_FILE_TTL_DAYS} dias.`;
    return outboxInsert(
      db,
      {
        to: o.email,
        subject: `Resumo de ${name}`,
        link,
        text: `Olá, ${o.name}.\n\n${intro}\n\nAbrir: ${link}\n\n${outro}`,
        html: layout(`Resumo de ${name}`, `Olá, ${o.name}. ${intro}`, { label: "Abrir o resumo", link }, outro),
      },
      `resumo-${fileId}-${o.userId}`,
    );
  });
  const [first, ...rest] = mails.map((m) => m.query.onConflictDoNothing().returning({ id: emailOutbox.id }));
  const results = await db.batch([first as NonNullable<typeof first>, ...rest]);
  return results.flat().map((r) => r.id);
}
