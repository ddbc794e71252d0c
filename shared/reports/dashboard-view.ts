import { formatBRL } from "../format.ts";
import { formatLocalDay } from "../finance/local-day.ts";
import { INTEREST_STAGES } from "../enums/real-estate.ts";
import type { DashboardPeriods } from "./dashboard-periods.ts";

/**
 * Where each dashboard card leads (ADR 084): its screen with the list's own URL filters
 * (shared/resources/*.ts column keys, parsed by shared/resources/query.ts), so the list shows
 * exactly the rows the card counted. Pure.
 */
export function dashboardLinks(p: DashboardPeriods) {
  const open = INTEREST_STAGES.filter((s) => s !== "fechado" && s !== "perdido").join(",");
  return {
    agendaHoje: `/agenda?vista=dia&data=${p.today}`,
    vendasHoje: `/sales?f.vendidaEm=${p.today}..${p.today}&f.status=concluida`,
    vendasMes: `/sales?f.vendidaEm=${p.monthFrom}..${p.today}&f.status=concluida`,
    saldos: "/movimentacoes/saldos",
    contasVencidas: "/contas?f.vencidas=sim",
    contasSemana: `/contas?f.status=aberta&f.vencimento=${p.today}..${p.weekAhead}`,
    receitasVencidas: "/receitas?f.vencidas=sim",
    receitasSemana: `/receitas?f.status=aberta&f.vencimento=${p.today}..${p.weekAhead}`,
    leads: `/property_clients?f.criadoEm=${p.weekAgo}..${p.today}`,
    leadsDe: (origem: string) => `/property_clients?f.criadoEm=${p.weekAgo}..${p.today}&f.origem=${encodeURIComponent(origem)}`,
    quentes: `/property_clients?f.temperatura=quente&f.etapa=${open}`,
    calendario: "/content-calendar",
    falhas: "/historico?resultado=falhou",
    conta: (id: string) => `/movimentacoes?f.conta=${encodeURIComponent(id)}`,
  };
}

const MONTHS = [
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

/** "novembro" of a local day "aaaa-mm-dd". */
export function monthName(day: string): string {
  return MONTHS[Number(day.slice(5, 7)) - 1] ?? "";
}

/** "+12%" / "−8%" / "igual" of a change (a fraction), rounded to whole percent. */
export function changeText(change: number): string {
  const pct = Math.round(change * 100);
  if (pct === 0) return "igual";
  return `${pct > 0 ? "+" : "−"}${Math.abs(pct)}%`;
}

/**
 * A trend's words (the chart's text alternative): "Vendas por dia, de 29/10 a 27/11: hoje
 * R$ 320,00; maior R$ 1.250,00 em 14/11; menor R$ 0,00 em 02/11; total R$ 18.900,00."
 */
export function trendText(what: string, days: readonly string[], values: readonly number[], withTotal: boolean): string {
  if (!days.length || days.length !== values.length) return "";
  let hi = 0;
  let lo = 0;
  values.forEach((v, i) => {
    if (v > (values[hi] as number)) hi = i;
    if (v < (values[lo] as number)) lo = i;
  });
  const short = (d: string) => formatLocalDay(d).slice(0, 5);
  const total = values.reduce((s, v) => s + v, 0);
  return (
    `${what}, de ${short(days[0] as string)} a ${short(days[days.length - 1] as string)}: ` +
    `hoje ${formatBRL(values[values.length - 1] as number)}; ` +
    `maior ${formatBRL(values[hi] as number)} em ${short(days[hi] as string)}; ` +
    `menor ${formatBRL(values[lo] as number)} em ${short(days[lo] as string)}` +
    (withTotal ? `; total ${formatBRL(total)}.` : ".")
  );
}
