import { sql } from "drizzle-orm";
import { z } from "zod";
import { clients, companies, expenses, receivables } from "../../../../db/schema/index.ts";
import type { ReportKpi, ReportRow } from "../../../../shared/reports/document.ts";
import { periodInWords, shiftDay } from "../../../../shared/reports/period.ts";
import { dayIn, instantIn } from "../../../../shared/time-zone.ts";
import { defineReport, num, type ReportBody } from "../engine.ts";
import type { ReportContext, ReportParams } from "../types.ts";

/**
 * Contas a receber / a pagar by age (ADR 083): what was open at the end of the position day —
 * the period's last day, or today when the period runs into the future — in the organização's
 * days: a vencer (due that day or later), vencidas há 1–30, 31–60, 61–90 and mais de 90 dias,
 * per client or supplier. "Open on that day": created before its end, not cancelled, and either
 * still open or settled only after it (received_at / paid_at later), so a past position is the
 * one that was true then. Days overdue are calendar days (due dates are local days already).
 */

export const AGING_BUCKETS = [
  { key: "aVencer", label: "A vencer", short: "A vencer" },
  { key: "d30", label: "Vencidas 1–30 dias", short: "1–30 d" },
  { key: "d60", label: "Vencidas 31–60 dias", short: "31–60 d" },
  { key: "d90", label: "Vencidas 61–90 dias", short: "61–90 d" },
  { key: "mais90", label: "Vencidas há mais de 90 dias", short: "> 90 d" },
] as const;

/** The position day: the period's end, or today (the organização's) when that is later. */
export function positionDay(ctx: ReportContext, params: ReportParams<unknown>): string {
  const today = dayIn(ctx.now, ctx.zone);
  return params.period.to < today ? params.period.to : today;
}

const filtersSchema = z.object({});

type Side = "receber" | "pagar";

function agingReport(side: Side) {
  const receber = side === "receber";
  return defineReport({
    id: receber ? "contas-a-receber" : "contas-a-pagar",
    title: receber ? "Contas a receber por vencimento" : "Contas a pagar por vencimento",
    description: receber
      ? "O que os clientes devem no fim do período: a vencer e vencido há 1–30, 31–60, 61–90 e mais de 90 dias, por cliente."
      : "O que o negócio deve no fim do período: a vencer e vencido há 1–30, 31–60, 61–90 e mais de 90 dias, por fornecedor.",
    group: "Financeiro",
    area: "relatorios-financeiros",
    filters: { schema: filtersSchema, fields: [] },
    queries(db, ctx, params) {
      const org = ctx.actor.orgId;
      const day = positionDay(ctx, params);
      const end = instantIn(shiftDay(day, 1), "00:00", ctx.zone).getTime();
      const age = sql`(julianday(${day}) - julianday(t.due_on))`;
      const buckets = sql`
        coalesce(sum(case when ${age} <= 0 then t.amount_cents end), 0) as "aVencer",
        coalesce(sum(case when ${age} between 1 and 30 then t.amount_cents end), 0) as d30,
        coalesce(sum(case when ${age} between 31 and 60 then t.amount_cents end), 0) as d60,
        coalesce(sum(case when ${age} between 61 and 90 then t.amount_cents end), 0) as d90,
        coalesce(sum(case when ${age} > 90 then t.amount_cents end), 0) as mais90,
        count(*) as titulos`;
      const open = receber
        ? sql`t.org_id = ${org} and t.deleted_at is null and t.created_at < ${end} and (t.status = 'aberta' or (t.status = 'recebida' and t.received_at >= ${end}))`
        : sql`t.org_id = ${org} and t.deleted_at is null and t.created_at < ${end} and (t.status = 'aberta' or (t.status = 'paga' and t.paid_at >= ${end}))`;
      type Row = {
        id: string | null;
        nome: string | null;
        aVencer: number;
        d30: number;
        d60: number;
        d90: number;
        mais90: number;
        titulos: number;
      };
      return {
        parties: receber
          ? db.all<Row>(sql`
              select t.client_id as id, c.name as nome, ${buckets}
              from ${receivables} t left join ${clients} c on c.id = t.client_id and c.org_id = ${org}
              where ${open} group by t.client_id order by (sum(t.amount_cents)) desc, nome`)
          : db.all<Row>(sql`
              select t.supplier_id as id, coalesce(co.trade_name, co.legal_name) as nome, ${buckets}
              from ${expenses} t left join ${companies} co on co.id = t.supplier_id and co.org_id = ${org}
              where ${open} group by t.supplier_id order by (sum(t.amount_cents)) desc, nome`),
      };
    },
    assemble(rows, ctx, params): ReportBody {
      const day = positionDay(ctx, params);
      const nobody = receber ? "Sem cliente" : "Sem fornecedor";
      const partyRows: ReportRow[] = rows.parties.map((r) => ({
        nome: r.id ? (r.nome ?? (receber ? "Cliente excluído" : "Fornecedor excluído")) : nobody,
        titulos: num(r.titulos),
        aVencer: num(r.aVencer),
        d30: num(r.d30),
        d60: num(r.d60),
        d90: num(r.d90),
        mais90: num(r.mais90),
        total: num(r.aVencer) + num(r.d30) + num(r.d60) + num(r.d90) + num(r.mais90),
      }));
      const sumOf = (key: string) => partyRows.reduce((t, r) => t + num(r[key]), 0);
      const totals = Object.fromEntries(AGING_BUCKETS.map((b) => [b.key, sumOf(b.key)])) as Record<
        (typeof AGING_BUCKETS)[number]["key"],
        number
      >;
      const total = sumOf("total");
      const vencido = total - totals.aVencer;
      const kpis: ReportKpi[] = [
        { label: receber ? "Total a receber" : "Total a pagar", kind: "money", value: total },
        { label: "A vencer", kind: "money", value: totals.aVencer },
        { label: "Vencido", kind: "money", value: vencido },
        { label: "Vencido há mais de 90 dias", kind: "money", value: totals.mais90 },
      ];
      const position = `Posição em ${periodInWords({ from: day, to: day })}`;
      return {
        kpis,
        sections: [
          {
            id: "faixas",
            title: "Por faixa de vencimento",
            note: `${position}. Dias contados no calendário do negócio; vence hoje conta como a vencer.`,
            chart: {
              type: "bar",
              labels: AGING_BUCKETS.map((b) => b.short),
              series: [{ name: receber ? "A receber" : "A pagar", values: AGING_BUCKETS.map((b) => totals[b.key]) }],
              kind: "money",
            },
            table: {
              columns: [
                { key: "faixa", label: "Faixa", kind: "text", width: 2 },
                { key: "valor", label: "Valor", kind: "money" },
                { key: "participacao", label: "% do total", kind: "percent" },
              ],
              rows: AGING_BUCKETS.map((b) => ({
                faixa: b.label,
                valor: totals[b.key],
                participacao: total === 0 ? 0 : totals[b.key] / total,
              })),
              totals: { faixa: "Total", valor: total, participacao: null },
            },
          },
          {
            id: receber ? "por-cliente" : "por-fornecedor",
            title: receber ? "Por cliente" : "Por fornecedor",
            note: position,
            table: {
              columns: [
                { key: "nome", label: receber ? "Cliente" : "Fornecedor", kind: "text", width: 3 },
                { key: "titulos", label: "Títulos", kind: "integer" },
                { key: "aVencer", label: "A vencer", kind: "money" },
                { key: "d30", label: "1–30 dias", kind: "money" },
                { key: "d60", label: "31–60 dias", kind: "money" },
                { key: "d90", label: "61–90 dias", kind: "money" },
                { key: "mais90", label: "> 90 dias", kind: "money" },
                { key: "total", label: "Total", kind: "money" },
              ],
              rows: partyRows,
              totals: { nome: "Total", titulos: sumOf("titulos"), ...totals, total },
            },
          },
        ],
      };
    },
  });
}

export const contasAReceberReport = agingReport("receber");
export const contasAPagarReport = agingReport("pagar");
