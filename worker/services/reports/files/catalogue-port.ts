import type { ReportSource } from "../../../../shared/reports/document.ts";
import { MONTHLY_SUMMARY_REPORT_ID } from "../../../../shared/reports/files.ts";
import { dayIn, timeZoneOf } from "../../../../shared/time-zone.ts";
import { FORBIDDEN_MESSAGE, reachFor } from "../../../auth/permissions.ts";
import { reportById, reportParams, reportQuery } from "../catalogue.ts";
import type { ReportDefinition } from "../types.ts";
import { type Actor, DomainError } from "../../context.ts";
import { monthName } from "./monthly.ts";
import type { SourceContext } from "./ports.ts";

/**
 * The report files' view of the catalogue (ADR 086): which report a file is of (the monthly
 * summary is Vendas and DRE together), who may see its files (the report's own permission area:
 * "own" reach sees the files they asked for), its params as the URL carries them, and the source
 * the job renders. Generic: no report is named here but the summary's parts.
 */

/** The reports the monthly summary is made of, in order. */
export const MONTHLY_SUMMARY_PARTS = ["vendas", "dre"] as const;

export const REPORT_GONE = "Este relatório não existe mais no catálogo.";

export interface FileReport {
  id: string;
  title: string;
  /** The permission areas whose `read` the file needs (all of them). */
  areas: string[];
}

export function fileReport(reportId: string): FileReport | undefined {
  if (reportId === MONTHLY_SUMMARY_REPORT_ID) {
    const parts = MONTHLY_SUMMARY_PARTS.map((id) => reportById(id)).filter((d): d is ReportDefinition => d !== undefined);
    if (!parts.length) return undefined;
    return { id: reportId, title: "Resumo mensal", areas: [...new Set(parts.map((p) => p.area))] };
  }
  const def = reportById(reportId);
  return def ? { id: def.id, title: def.title, areas: [def.area] } : undefined;
}

/** How far the actor reaches a report's files: "any" file, only "own" (those they asked for), or none. */
export function fileReach(actor: Pick<Actor, "role" | "ownOnly">, report: FileReport): "any" | "own" | undefined {
  const reaches = report.areas.map((area) => reachFor(actor, area, "read"));
  if (reaches.some((r) => r === undefined)) return undefined;
  return reaches.every((r) => r === "any") ? "any" : "own";
}

/** The ids of the reports (and the summary) whose files the actor sees: every file, or only their own. */
export function visibleReports(actor: Pick<Actor, "role" | "ownOnly">, ids: readonly string[]): { any: string[]; own: string[] } {
  const any: string[] = [];
  const own: string[] = [];
  for (const id of [...ids, MONTHLY_SUMMARY_REPORT_ID]) {
    const report = fileReport(id);
    const reach = report && fileReach(actor, report);
    if (reach === "any") any.push(id);
    else if (reach === "own") own.push(id);
  }
  return { any, own };
}

/**
 * A request's params normalised as the report reads them (the period, the filters it knows), as a
 * record for the row: the same URL always gives the same params, and a malformed filter is dropped.
 */
export function normalizedParams(
  reportId: string,
  query: URLSearchParams,
  today: string,
): { params: Record<string, string>; from: string; to: string } {
  const def = reportById(reportId);
  if (!def) throw new DomainError(REPORT_GONE, 404);
  const parsed = reportParams(def, query, today);
  const q = new URLSearchParams(reportQuery(def, parsed));
  q.delete("r");
  return { params: Object.fromEntries(q), from: parsed.period.from, to: parsed.period.to };
}

async function definitionSource(
  ctx: SourceContext,
  actor: Actor,
  def: ReportDefinition,
  params: Record<string, string>,
  extra: { generatedBy: string | null; logo: string | null },
): Promise<ReportSource> {
  const zone = timeZoneOf(actor.timeZone);
  const parsed = reportParams(def, new URLSearchParams(params), dayIn(ctx.now, zone));
  const rctx = { actor, zone, now: ctx.now, generatedBy: extra.generatedBy, logo: extra.logo };
  const { filterOptions: _options, ...doc } = await def.build(ctx.db, rctx, parsed);
  const detail = def.detail?.(ctx.db, rctx, parsed);
  return { ...doc, ...(detail ? { detail } : {}) };
}

/** The report's source for `actor`, as the job renders it; a DomainError (pt-BR) when it cannot be built. */
export async function sourceFromCatalogue(
  ctx: SourceContext,
  actor: Actor,
  reportId: string,
  params: Record<string, string>,
  extra: { generatedBy: string | null; logo: string | null } = { generatedBy: null, logo: null },
): Promise<ReportSource> {
  const report = fileReport(reportId);
  if (!report) throw new DomainError(REPORT_GONE, 404);
  if (!fileReach(actor, report)) throw new DomainError(FORBIDDEN_MESSAGE, 403);
  if (reportId !== MONTHLY_SUMMARY_REPORT_ID) {
    return definitionSource(ctx, actor, reportById(reportId) as ReportDefinition, params, extra);
  }
  // The summary: the parts' headline figures and sections in one document, under the summary's title.
  const parts: ReportSource[] = [];
  for (const id of MONTHLY_SUMMARY_PARTS) {
    const def = reportById(id);
    if (def) parts.push(await definitionSource(ctx, actor, def, params, extra));
  }
  const first = parts[0] as ReportSource;
  return {
    ...first,
    reportId,
    title: /^\d{4}-\d{2}/.test(params.de ?? "") ? `Resumo de ${monthName((params.de as string).slice(0, 7))}` : "Resumo do mês",
    kpis: parts.flatMap((p) => p.kpis),
    sections: parts.flatMap((p) => p.sections.map((s) => ({ ...s, id: `${p.reportId}-${s.id}` }))),
    filters: [],
    detail: undefined,
  } as ReportSource;
}
