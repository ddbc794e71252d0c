import type { Role } from "../../../shared/enums.ts";
import { parsePeriod, previousPeriod } from "../../../shared/reports/period.ts";
import { can } from "../../auth/permissions.ts";
import { contasAPagarReport, contasAReceberReport } from "./definitions/aging.ts";
import { agendamentosReport } from "./definitions/agendamentos.ts";
import { comissoesReport } from "./definitions/comissoes.ts";
import { dreReport } from "./definitions/dre.ts";
import { estoqueReport } from "./definitions/estoque.ts";
import { imoveisReport } from "./definitions/imoveis.ts";
import { interessesReport } from "./definitions/interesses.ts";
import { postsReport } from "./definitions/posts.ts";
import { fluxoDeCaixaReport } from "./definitions/fluxo-de-caixa.ts";
import { vendasReport } from "./definitions/vendas.ts";
import { REPORT_GROUPS, type ReportDefinition, type ReportGroup, type ReportParams } from "./types.ts";

/**
 * The catalogue of reports (issue 23, ADR 083): every report the product offers, one file each
 * under ./definitions/. A new report is its definition plus one line here; nothing else names a
 * particular report — /relatorios lists this, /relatorio and the report job build by id, and the
 * permission table (the definition's `area`) decides who may open each.
 */
export const REPORTS: readonly ReportDefinition[] = [
  // Vendas
  vendasReport,
  comissoesReport,
  // Financeiro
  fluxoDeCaixaReport,
  dreReport,
  contasAReceberReport,
  contasAPagarReport,
  // Estoque
  estoqueReport,
  // Imóveis
  imoveisReport,
  interessesReport,
  // Marketing
  postsReport,
  // Agenda
  agendamentosReport,
];

export function reportById(id: string | null | undefined): ReportDefinition | undefined {
  return REPORTS.find((r) => r.id === id);
}

/** Whether the role may open the report (the area's `read`; an "own" reach opens it narrowed). */
export function mayOpen(role: Role, def: ReportDefinition): boolean {
  return can(role, def.area, "read");
}

/** The reports a role may open, in catalogue order. */
export function reportsFor(role: Role): ReportDefinition[] {
  return REPORTS.filter((r) => mayOpen(role, r));
}

/** The catalogue as /relatorios lists it: the groups in order, each with the role's reports (empty groups dropped). */
export function catalogueFor(role: Role): { group: ReportGroup; reports: { id: string; title: string; description: string }[] }[] {
  const mine = reportsFor(role);
  return REPORT_GROUPS.map((group) => ({
    group,
    reports: mine.filter((r) => r.group === group).map(({ id, title, description }) => ({ id, title, description })),
  })).filter((g) => g.reports.length > 0);
}

/**
 * A report's parameters from a URL's query (`de`, `ate` and the filters' keys): a missing or
 * malformed period is "Este mês"; a malformed filter is dropped, never an error.
 */
export function reportParams<F>(def: ReportDefinition<F>, query: URLSearchParams, today: string): ReportParams<F> {
  const period = parsePeriod(query.get("de"), query.get("ate"), today);
  const raw: Record<string, string | undefined> = {};
  for (const field of def.filters.fields) {
    const value = query.get(field.key);
    raw[field.key] = value ? value : undefined;
  }
  const parsed = def.filters.schema.safeParse(raw);
  return { period, previous: previousPeriod(period), filters: (parsed.success ? parsed.data : {}) as F };
}

/** The URL query that opens the report with these parameters (`r`, `de`, `ate`, filters set). */
export function reportQuery<F>(def: ReportDefinition<F>, params: Pick<ReportParams<F>, "period" | "filters">): string {
  const q = new URLSearchParams({ r: def.id, de: params.period.from, ate: params.period.to });
  const values = (params.filters ?? {}) as Record<string, unknown>;
  for (const field of def.filters.fields) {
    const v = values[field.key];
    if (typeof v === "string" && v) q.set(field.key, v);
  }
  return q.toString();
}
