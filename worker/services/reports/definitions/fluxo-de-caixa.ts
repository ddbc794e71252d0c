import { type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "../../../../db/client.ts";
import { cashMovements, financeAccounts } from "../../../../db/schema/index.ts";
import { isId } from "../../../../shared/id.ts";
import type { ReportKpi, ReportPeriod, ReportRow } from "../../../../shared/reports/document.ts";
import { trendBucketsOf } from "../../../../shared/reports/period.ts";
import { bucketTable, boundsOf, defineReport, num, type ReportBody } from "../engine.ts";

/**
 * Fluxo de caixa (ADR 083): the cash ledger's money in and out over the period (the organização's
 * days), the balance it leaves, per day (up to 62 days) or month, and per account.
 *
 * - Entradas are `entrada` rows, saídas `saida` rows (negative); an **estorno counts against what
 *   it undoes**, in its own period: the estorno of an entrada lowers the entradas, the estorno of a
 *   saída lowers the saídas — never a new saída or entrada (a refunded sale is not turnover).
 * - Transfers between accounts and opening balances (saldo inicial) are neither: they move the
 *   accounts' balances ("Transferências e ajustes", which is 0 for the business as a whole when
 *   only transfers happened), and the closing balance counts everything.
 */

const filtersSchema = z.object({
  conta: z
    .string()
    .refine((v) => isId(v))
    .optional()
    .catch(undefined),
});
type Filters = z.infer<typeof filtersSchema>;

/** Σ of the movements of one kind (or of the estornos of that kind) in [s, e): a scalar subquery. */
function flowSum(org: string, side: "entrada" | "saida", range: SQL, account: SQL): SQL {
  return sql`(
    (select coalesce(sum(m.amount_cents), 0) from ${cashMovements} m
      where m.org_id = ${org} and m.kind = ${side} and m.deleted_at is null and ${range}${account})
    + (select coalesce(sum(m.amount_cents), 0) from ${cashMovements} m
      join ${cashMovements} o on o.id = m.reversal_of and o.org_id = ${org}
      where m.org_id = ${org} and m.kind = 'estorno' and m.deleted_at is null and o.kind = ${side} and ${range}${account}))`;
}

function totalSum(org: string, range: SQL, account: SQL): SQL {
  return sql`(select coalesce(sum(m.amount_cents), 0) from ${cashMovements} m where m.org_id = ${org} and m.deleted_at is null and ${range}${account})`;
}

function periodStatement(db: Database, org: string, period: ReportPeriod, zone: string, f: Filters) {
  const { start, end } = boundsOf(period, zone);
  const range = sql`m.occurred_at >= ${start} and m.occurred_at < ${end}`;
  const account = f.conta ? sql` and m.account_id = ${f.conta}` : sql``;
  return db.all<{ entradas: number; saidas: number; total: number }>(sql`
    select ${flowSum(org, "entrada", range, account)} as entradas, ${flowSum(org, "saida", range, account)} as saidas,
      ${totalSum(org, range, account)} as total`);
}

export const fluxoDeCaixaReport = defineReport({
  id: "fluxo-de-caixa",
  title: "Fluxo de caixa",
  description: "Entradas, saídas e saldo por dia ou mês e por conta, das movimentações do caixa (estornos descontados do que desfazem).",
  group: "Financeiro",
  area: "relatorios-financeiros",
  filters: { schema: filtersSchema, fields: [{ key: "conta", label: "Conta" }] },
  queries(db, ctx, params) {
    const org = ctx.actor.orgId;
    const f = params.filters;
    const { start, end } = boundsOf(params.period, ctx.zone);
    const { buckets } = trendBucketsOf(params.period);
    const account = f.conta ? sql` and m.account_id = ${f.conta}` : sql``;
    const bucketRange = sql`m.occurred_at >= b.s and m.occurred_at < b.e`;
    const periodRange = sql`m.occurred_at >= ${start} and m.occurred_at < ${end}`;
    const perAccount = sql` and m.account_id = a.id`;
    return {
      current: periodStatement(db, org, params.period, ctx.zone, f),
      previous: periodStatement(db, org, params.previous, ctx.zone, f),
      buckets: db.all<{ i: number; entradas: number; saidas: number; total: number }>(sql`
        with ${bucketTable("b", buckets, ctx.zone)}
        select b.i as i, ${flowSum(org, "entrada", bucketRange, account)} as entradas,
          ${flowSum(org, "saida", bucketRange, account)} as saidas, ${totalSum(org, bucketRange, account)} as total
        from b order by b.i`),
      accounts: db.all<{ id: string; nome: string; ativo: number; abertura: number; entradas: number; saidas: number; total: number }>(sql`
        select a.id as id, a.name as nome, a.active as ativo,
          ${totalSum(org, sql`m.occurred_at < ${start}`, perAccount)} as abertura,
          ${flowSum(org, "entrada", periodRange, perAccount)} as entradas,
          ${flowSum(org, "saida", periodRange, perAccount)} as saidas,
          ${totalSum(org, periodRange, perAccount)} as total
        from ${financeAccounts} a
        where a.org_id = ${org} and (a.deleted_at is null or a.id = ${f.conta ?? ""})${f.conta ? sql` and a.id = ${f.conta}` : sql``}
        order by a.sort_name, a.id`),
      options: params.withOptions
        ? db.all<{ value: string; label: string }>(sql`
            select a.id as value, a.name as label from ${financeAccounts} a
            where a.org_id = ${org} and (a.deleted_at is null or a.id = ${f.conta ?? ""}) order by a.sort_name, a.id`)
        : db.all<never>(sql`select 1 where 0 and ${org} = ${org}`),
    };
  },
  assemble(rows, _ctx, params): ReportBody {
    const cur = rows.current[0] ?? { entradas: 0, saidas: 0, total: 0 };
    const prev = rows.previous[0] ?? { entradas: 0, saidas: 0, total: 0 };
    const accountRows = rows.accounts.filter((a) => num(a.ativo) || num(a.abertura) || num(a.total));
    const opening = accountRows.reduce((t, a) => t + num(a.abertura), 0);
    const closing = opening + num(cur.total);
    const kpis: ReportKpi[] = [
      { label: "Entradas", kind: "money", value: num(cur.entradas), previous: num(prev.entradas) },
      { label: "Saídas", kind: "money", value: num(cur.saidas), previous: num(prev.saidas) },
      {
        label: "Resultado do caixa",
        kind: "money",
        value: num(cur.entradas) + num(cur.saidas),
        previous: num(prev.entradas) + num(prev.saidas),
      },
      { label: "Saldo no fim", kind: "money", value: closing, previous: opening },
    ];
    const { unit, buckets } = trendBucketsOf(params.period);
    let running = opening;
    const trendRows: ReportRow[] = buckets.map((b, i) => {
      const r = rows.buckets.find((x) => num(x.i) === i);
      running += num(r?.total);
      return {
        periodo: unit === "dia" ? b.key : b.label,
        entradas: num(r?.entradas),
        saidas: num(r?.saidas),
        resultado: num(r?.entradas) + num(r?.saidas),
        ajustes: num(r?.total) - num(r?.entradas) - num(r?.saidas),
        saldo: running,
      };
    });
    const sumOf = (list: ReportRow[], key: string) => list.reduce((t, r) => t + num(r[key]), 0);
    const labels = buckets.map((b) => b.label);
    const accountTable: ReportRow[] = accountRows.map((a) => ({
      conta: a.nome,
      abertura: num(a.abertura),
      entradas: num(a.entradas),
      saidas: num(a.saidas),
      ajustes: num(a.total) - num(a.entradas) - num(a.saidas),
      saldo: num(a.abertura) + num(a.total),
    }));
    return {
      kpis,
      sections: [
        {
          id: unit === "dia" ? "por-dia" : "por-mes",
          title: unit === "dia" ? "Entradas e saídas por dia" : "Entradas e saídas por mês",
          note: "Um estorno desconta do que desfaz (o estorno de uma entrada diminui as entradas); transferências entre contas não são entrada nem saída.",
          chart: {
            type: "bar",
            labels,
            series: [
              { name: "Entradas", values: trendRows.map((r) => num(r.entradas)) },
              { name: "Saídas", values: trendRows.map((r) => -num(r.saidas)) },
            ],
            kind: "money",
          },
          table: {
            columns: [
              { key: "periodo", label: unit === "dia" ? "Dia" : "Mês", kind: unit === "dia" ? "date" : "text" },
              { key: "entradas", label: "Entradas", kind: "money" },
              { key: "saidas", label: "Saídas", kind: "money" },
              { key: "resultado", label: "Resultado", kind: "money" },
              { key: "ajustes", label: "Transferências e ajustes", kind: "money" },
              { key: "saldo", label: "Saldo no fim", kind: "money" },
            ],
            rows: trendRows,
            totals: {
              periodo: "Total",
              entradas: sumOf(trendRows, "entradas"),
              saidas: sumOf(trendRows, "saidas"),
              resultado: sumOf(trendRows, "resultado"),
              ajustes: sumOf(trendRows, "ajustes"),
              saldo: closing,
            },
          },
        },
        {
          id: "saldo",
          title: `Saldo ao fim de cada ${unit === "dia" ? "dia" : "mês"}`,
          chart: { type: "line", labels, series: [{ name: "Saldo", values: trendRows.map((r) => num(r.saldo)) }], kind: "money" },
          table: {
            columns: [
              { key: "periodo", label: unit === "dia" ? "Dia" : "Mês", kind: unit === "dia" ? "date" : "text" },
              { key: "saldo", label: "Saldo", kind: "money" },
            ],
            rows: trendRows.map((r) => ({ periodo: r.periodo ?? null, saldo: r.saldo ?? null })),
          },
        },
        {
          id: "por-conta",
          title: "Por conta",
          table: {
            columns: [
              { key: "conta", label: "Conta", kind: "text", width: 2 },
              { key: "abertura", label: "Saldo no início", kind: "money" },
              { key: "entradas", label: "Entradas", kind: "money" },
              { key: "saidas", label: "Saídas", kind: "money" },
              { key: "ajustes", label: "Transferências e ajustes", kind: "money" },
              { key: "saldo", label: "Saldo no fim", kind: "money" },
            ],
            rows: accountTable,
            totals: {
              conta: "Total",
              abertura: opening,
              entradas: sumOf(accountTable, "entradas"),
              saidas: sumOf(accountTable, "saidas"),
              ajustes: sumOf(accountTable, "ajustes"),
              saldo: closing,
            },
          },
        },
      ],
      ...(params.withOptions ? { filterOptions: { conta: rows.options } } : {}),
    };
  },
});
