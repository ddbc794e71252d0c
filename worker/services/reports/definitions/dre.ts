import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "../../../../db/client.ts";
import { commissions, expenses, receivables, sales } from "../../../../db/schema/index.ts";
import type { ReportKpi, ReportPeriod, ReportRow } from "../../../../shared/reports/document.ts";
import { boundsOf, defineReport, num, type ReportBody } from "../engine.ts";

/**
 * DRE simples (ADR 083): the period's result by competência, from what the business recorded —
 *
 *   Receita bruta        Σ subtotal of the sales sold in the period (cancelled ones included)
 *   (−) Descontos        Σ their discounts
 *   (−) Cancelamentos    Σ the cancelled sales' totals
 *   (+) Outras receitas  receitas typed by hand (no sale) due in the period, not cancelled
 *   = Receita líquida
 *   (−) Despesas         by category: bills due in the period, not cancelled (paid or not)
 *   (−) Comissões        commissions of the period's sales, not cancelled
 *   = Resultado
 *
 * A sale's installments (receitas with a sale) are not counted again: the sale is.
 */

const filtersSchema = z.object({});

interface Figures {
  bruta: number;
  descontos: number;
  cancelamentos: number;
  outras: number;
  comissoes: number;
}

function figuresStatement(db: Database, org: string, period: ReportPeriod, zone: string) {
  const { start, end } = boundsOf(period, zone);
  return db.all<Figures>(sql`
    select
      (select coalesce(sum(s.subtotal_cents), 0) from ${sales} s
        where s.org_id = ${org} and s.deleted_at is null and s.sold_at >= ${start} and s.sold_at < ${end}) as bruta,
      (select coalesce(sum(s.discount_cents), 0) from ${sales} s
        where s.org_id = ${org} and s.deleted_at is null and s.sold_at >= ${start} and s.sold_at < ${end}) as descontos,
      (select coalesce(sum(s.total_cents), 0) from ${sales} s
        where s.org_id = ${org} and s.status = 'cancelada' and s.deleted_at is null and s.sold_at >= ${start} and s.sold_at < ${end}) as cancelamentos,
      (select coalesce(sum(r.amount_cents), 0) from ${receivables} r
        where r.org_id = ${org} and r.sale_id is null and r.status <> 'cancelada' and r.deleted_at is null
          and r.due_on >= ${period.from} and r.due_on <= ${period.to}) as outras,
      (select coalesce(sum(c.amount_cents), 0) from ${commissions} c
        where c.org_id = ${org} and c.status <> 'cancelada' and c.reference_at >= ${start} and c.reference_at < ${end}) as comissoes`);
}

function expensesStatement(db: Database, org: string, period: ReportPeriod) {
  return db.all<{ categoria: string | null; valor: number }>(sql`
    select e.category as categoria, sum(e.amount_cents) as valor from ${expenses} e
    where e.org_id = ${org} and e.status <> 'cancelada' and e.deleted_at is null and e.due_on >= ${period.from} and e.due_on <= ${period.to}
    group by e.category order by valor desc, categoria`);
}

export const dreReport = defineReport({
  id: "dre",
  title: "DRE simples",
  description: "Receita bruta, descontos, cancelamentos, receita líquida, despesas por categoria, comissões e o resultado do período.",
  group: "Financeiro",
  area: "relatorios-financeiros",
  filters: { schema: filtersSchema, fields: [] },
  queries(db, ctx, params) {
    const org = ctx.actor.orgId;
    return {
      current: figuresStatement(db, org, params.period, ctx.zone),
      previous: figuresStatement(db, org, params.previous, ctx.zone),
      expenses: expensesStatement(db, org, params.period),
      previousExpenses: expensesStatement(db, org, params.previous),
    };
  },
  assemble(rows): ReportBody {
    const zero: Figures = { bruta: 0, descontos: 0, cancelamentos: 0, outras: 0, comissoes: 0 };
    const cur = rows.current[0] ?? zero;
    const prev = rows.previous[0] ?? zero;
    const liquida = (f: Figures) => num(f.bruta) - num(f.descontos) - num(f.cancelamentos) + num(f.outras);
    const despesas = rows.expenses.reduce((t, e) => t + num(e.valor), 0);
    const despesasAntes = rows.previousExpenses.reduce((t, e) => t + num(e.valor), 0);
    const resultado = liquida(cur) - despesas - num(cur.comissoes);
    const resultadoAntes = liquida(prev) - despesasAntes - num(prev.comissoes);
    const base = liquida(cur);
    const share = (v: number) => (base === 0 ? null : v / base);
    const category = (c: string | null) => (c?.trim() ? c : "Sem categoria");
    const previousByCategory = new Map(rows.previousExpenses.map((e) => [category(e.categoria), num(e.valor)]));
    const line = (linha: string, valor: number, anterior: number, nivel: "total" | "item" = "item"): ReportRow => ({
      linha: nivel === "item" ? linha : linha.toUpperCase(),
      valor,
      anterior,
      participacao: share(valor),
    });
    const dre: ReportRow[] = [
      line("Receita bruta de vendas", num(cur.bruta), num(prev.bruta)),
      line("(−) Descontos", -num(cur.descontos), -num(prev.descontos)),
      line("(−) Vendas canceladas", -num(cur.cancelamentos), -num(prev.cancelamentos)),
      line("(+) Outras receitas", num(cur.outras), num(prev.outras)),
      line("Receita líquida", liquida(cur), liquida(prev), "total"),
      ...rows.expenses.map((e) =>
        line(`(−) ${category(e.categoria)}`, -num(e.valor), -(previousByCategory.get(category(e.categoria)) ?? 0)),
      ),
      line("(−) Comissões", -num(cur.comissoes), -num(prev.comissoes)),
      line("Resultado", resultado, resultadoAntes, "total"),
    ];
    const kpis: ReportKpi[] = [
      { label: "Receita líquida", kind: "money", value: liquida(cur), previous: liquida(prev) },
      { label: "Despesas", kind: "money", value: despesas, previous: despesasAntes },
      { label: "Comissões", kind: "money", value: num(cur.comissoes), previous: num(prev.comissoes) },
      { label: "Resultado", kind: "money", value: resultado, previous: resultadoAntes },
    ];
    return {
      kpis,
      sections: [
        {
          id: "dre",
          title: "Demonstração do resultado",
          note: "Por competência: vendas pela data da venda, despesas e outras receitas pelo vencimento (pagas ou não).",
          table: {
            columns: [
              { key: "linha", label: "Linha", kind: "text", width: 3 },
              { key: "valor", label: "Período", kind: "money" },
              { key: "anterior", label: "Período anterior", kind: "money" },
              { key: "participacao", label: "% da receita líquida", kind: "percent" },
            ],
            rows: dre,
          },
        },
        {
          id: "despesas",
          title: "Despesas por categoria",
          ...(rows.expenses.length
            ? {
                chart: {
                  type: "donut" as const,
                  labels: rows.expenses.map((e) => category(e.categoria)),
                  series: [{ name: "Despesas", values: rows.expenses.map((e) => num(e.valor)) }],
                  kind: "money" as const,
                },
              }
            : {}),
          table: {
            columns: [
              { key: "categoria", label: "Categoria", kind: "text", width: 3 },
              { key: "valor", label: "Valor", kind: "money" },
              { key: "participacao", label: "% das despesas", kind: "percent" },
            ],
            rows: rows.expenses.map((e) => ({
              categoria: category(e.categoria),
              valor: num(e.valor),
              participacao: despesas === 0 ? 0 : num(e.valor) / despesas,
            })),
            totals: { categoria: "Total", valor: despesas, participacao: null },
          },
        },
      ],
    };
  },
});
