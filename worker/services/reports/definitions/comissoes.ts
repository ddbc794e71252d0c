import { type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "../../../../db/client.ts";
import { commissions, professionals, sales } from "../../../../db/schema/index.ts";
import { isId } from "../../../../shared/id.ts";
import type { Reach } from "../../../../shared/permissions.ts";
import type { ReportKpi, ReportPeriod, ReportRow } from "../../../../shared/reports/document.ts";
import { trendBucketsOf } from "../../../../shared/reports/period.ts";
import type { ReportContext } from "../types.ts";
import { bucketTable, boundsOf, defineReport, num, type ReportBody } from "../engine.ts";

/**
 * Comissões por profissional (ADR 083): the commission rows of the sales made in the period
 * (`reference_at`, the sale's instant, in the organização's days). Geradas = pendentes + pagas;
 * a cancelled sale's pending commissions are cancelled (reversed: the "Canceladas" column, out
 * of every other figure); one already paid stays paid and is shown apart ("Pagas em vendas
 * canceladas": to discount on the next payout).
 *
 * The professional role reaches only their own (`relatorio-comissoes`, reach "own"): every
 * statement is narrowed to the profissional linked to their login.
 */

const filtersSchema = z.object({
  profissional: z
    .string()
    .refine((v) => isId(v))
    .optional()
    .catch(undefined),
});
type Filters = z.infer<typeof filtersSchema>;

/** The rows the actor may see and the filter keeps, on the commissions alias `c`. */
function narrowing(org: string, ctx: ReportContext, reach: Reach, f: Filters): SQL {
  const own =
    reach === "own"
      ? sql` and exists (select 1 from ${professionals} op where op.org_id = ${org} and op.id = c.professional_id and op.user_id = ${ctx.actor.userId} and op.deleted_at is null)`
      : sql``;
  return sql`${own}${f.profissional ? sql` and c.professional_id = ${f.profissional}` : sql``}`;
}

interface Totals {
  geradas: number;
  pagas: number;
  aPagar: number;
  canceladas: number;
  pagasCanceladas: number;
}

const SUMS = sql`
  coalesce(sum(case when c.status <> 'cancelada' then c.amount_cents end), 0) as geradas,
  coalesce(sum(case when c.status = 'paga' then c.amount_cents end), 0) as pagas,
  coalesce(sum(case when c.status = 'pendente' then c.amount_cents end), 0) as "aPagar",
  coalesce(sum(case when c.status = 'cancelada' then c.amount_cents end), 0) as canceladas,
  coalesce(sum(case when c.status = 'paga' and exists (
    select 1 from ${sales} cs where cs.org_id = c.org_id and cs.id = c.sale_id and cs.status = 'cancelada') then c.amount_cents end), 0) as "pagasCanceladas"`;

function totalsStatement(db: Database, org: string, period: ReportPeriod, ctx: ReportContext, reach: Reach, f: Filters) {
  const { start, end } = boundsOf(period, ctx.zone);
  return db.all<Totals>(sql`
    select ${SUMS} from ${commissions} c
    where c.org_id = ${org} and c.reference_at >= ${start} and c.reference_at < ${end}${narrowing(org, ctx, reach, f)}`);
}

export const comissoesReport = defineReport({
  id: "comissoes",
  title: "Comissões por profissional",
  description: "Comissões geradas, pagas e a pagar de cada profissional no período; as de vendas canceladas, estornadas à parte.",
  group: "Vendas",
  area: "relatorio-comissoes",
  filters: { schema: filtersSchema, fields: [{ key: "profissional", label: "Profissional" }] },
  queries(db, ctx, params, reach) {
    const org = ctx.actor.orgId;
    const f = params.filters;
    const { start, end } = boundsOf(params.period, ctx.zone);
    const { buckets } = trendBucketsOf(params.period);
    const narrow = narrowing(org, ctx, reach, f);
    return {
      current: totalsStatement(db, org, params.period, ctx, reach, f),
      previous: totalsStatement(db, org, params.previous, ctx, reach, f),
      byProfessional: db.all<Totals & { id: string; nome: string | null; linhas: number }>(sql`
        select c.professional_id as id, p.name as nome, count(*) as linhas, ${SUMS}
        from ${commissions} c left join ${professionals} p on p.id = c.professional_id and p.org_id = ${org}
        where c.org_id = ${org} and c.reference_at >= ${start} and c.reference_at < ${end}${narrow}
        group by c.professional_id order by geradas desc, nome`),
      buckets: db.all<{ i: number; geradas: number }>(sql`
        with ${bucketTable("b", buckets, ctx.zone)}
        select b.i as i, (select coalesce(sum(c.amount_cents), 0) from ${commissions} c
          where c.org_id = ${org} and c.status <> 'cancelada' and c.reference_at >= b.s and c.reference_at < b.e${narrow}) as geradas
        from b order by b.i`),
      options: params.withOptions
        ? db.all<{ value: string; label: string }>(sql`
            select p.id as value, p.name as label from ${professionals} p
            where p.org_id = ${org} and (p.deleted_at is null or p.id = ${f.profissional ?? ""})${
              reach === "own" ? sql` and p.user_id = ${ctx.actor.userId}` : sql``
            } order by p.sort_name, p.id`)
        : db.all<never>(sql`select 1 where 0 and ${org} = ${org}`),
    };
  },
  assemble(rows, _ctx, params): ReportBody {
    const zero: Totals = { geradas: 0, pagas: 0, aPagar: 0, canceladas: 0, pagasCanceladas: 0 };
    const cur = rows.current[0] ?? zero;
    const prev = rows.previous[0] ?? zero;
    const kpis: ReportKpi[] = [
      { label: "Comissões geradas", kind: "money", value: num(cur.geradas), previous: num(prev.geradas) },
      { label: "Pagas", kind: "money", value: num(cur.pagas), previous: num(prev.pagas) },
      { label: "A pagar", kind: "money", value: num(cur.aPagar), previous: num(prev.aPagar) },
      { label: "Estornadas (vendas canceladas)", kind: "money", value: num(cur.canceladas), previous: num(prev.canceladas) },
    ];
    const people: ReportRow[] = rows.byProfessional.map((r) => ({
      profissional: r.nome ?? "Profissional excluído",
      linhas: num(r.linhas),
      geradas: num(r.geradas),
      pagas: num(r.pagas),
      aPagar: num(r.aPagar),
      canceladas: num(r.canceladas),
      pagasCanceladas: num(r.pagasCanceladas),
    }));
    const sumOf = (key: string) => people.reduce((t, r) => t + num(r[key]), 0);
    const { unit, buckets } = trendBucketsOf(params.period);
    const trend: ReportRow[] = buckets.map((b, i) => ({
      periodo: unit === "dia" ? b.key : b.label,
      geradas: num(rows.buckets.find((x) => num(x.i) === i)?.geradas),
    }));
    return {
      kpis,
      sections: [
        {
          id: "por-profissional",
          title: "Por profissional",
          note: "Comissões de vendas canceladas são estornadas (coluna Estornadas); as que já tinham sido pagas continuam pagas e aparecem em “Pagas em vendas canceladas”, para descontar no próximo pagamento.",
          ...(people.length
            ? {
                chart: {
                  type: "stacked-bar" as const,
                  labels: people.map((p) => String(p.profissional)),
                  series: [
                    { name: "Pagas", values: people.map((p) => num(p.pagas)) },
                    { name: "A pagar", values: people.map((p) => num(p.aPagar)) },
                  ],
                  kind: "money" as const,
                },
              }
            : {}),
          table: {
            columns: [
              { key: "profissional", label: "Profissional", kind: "text", width: 3 },
              { key: "linhas", label: "Itens", kind: "integer" },
              { key: "geradas", label: "Geradas", kind: "money" },
              { key: "pagas", label: "Pagas", kind: "money" },
              { key: "aPagar", label: "A pagar", kind: "money" },
              { key: "canceladas", label: "Estornadas", kind: "money" },
              { key: "pagasCanceladas", label: "Pagas em vendas canceladas", kind: "money" },
            ],
            rows: people,
            totals: {
              profissional: "Total",
              linhas: sumOf("linhas"),
              geradas: sumOf("geradas"),
              pagas: sumOf("pagas"),
              aPagar: sumOf("aPagar"),
              canceladas: sumOf("canceladas"),
              pagasCanceladas: sumOf("pagasCanceladas"),
            },
          },
        },
        {
          id: unit === "dia" ? "por-dia" : "por-mes",
          title: unit === "dia" ? "Comissões geradas por dia" : "Comissões geradas por mês",
          chart: {
            type: "line",
            labels: buckets.map((b) => b.label),
            series: [{ name: "Geradas", values: trend.map((r) => num(r.geradas)) }],
            kind: "money",
          },
          table: {
            columns: [
              { key: "periodo", label: unit === "dia" ? "Dia" : "Mês", kind: unit === "dia" ? "date" : "text" },
              { key: "geradas", label: "Geradas", kind: "money" },
            ],
            rows: trend,
            totals: { periodo: "Total", geradas: num(cur.geradas) },
          },
        },
      ],
      ...(params.withOptions ? { filterOptions: { profissional: rows.options } } : {}),
    };
  },
});
