import { type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "../../../../db/client.ts";
import { clients, professionals, saleItems, salePayments, saleRollups, sales } from "../../../../db/schema/index.ts";
import { isId } from "../../../../shared/id.ts";
import { PAYMENT_METHOD, PAYMENT_METHODS, type PaymentMethod } from "../../../../shared/money/payment-method.ts";
import type { ReportKpi, ReportPeriod, ReportRow, ReportSection } from "../../../../shared/reports/document.ts";
import { dayBucketsOf, monthBucketsOf, periodLength, type PeriodBucket } from "../../../../shared/reports/period.ts";
import { bucketTable, boundsOf, defineReport, num, type ReportBody } from "../engine.ts";

/**
 * Vendas (ADR 083): faturamento, nº de vendas, ticket médio and descontos of the concluded sales
 * sold in the period (the organização's days), against the previous period of the same length;
 * the cancelled ones apart, as their own figures. By day (a period up to 92 days) and by month (a
 * period over more than one month), by professional, by service and product, by payment method.
 *
 * Filters: a sale is counted when one of its lines is the professional's, one of its payments is
 * of the method, its client is the one chosen; by professional and by item then show only the
 * professional's lines, by method only the method's payments.
 *
 * Without filters, over a period of whole UTC hours (every Brazilian day), by professional, by
 * item and by method read `sale_rollups` (the sales per UTC hour and day the database keeps): a
 * year is its days' rows plus a few hours', not a join of the year's items. Otherwise (and with
 * `fromSales`, in the tests that compare the two) they read the sales themselves.
 */

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

/**
 * The rollups' rows of [start, end) for one of "p", "i", "m": the whole UTC days inside it from
 * the day rows, the hours at its two ends from the hour rows (a year: ≈365 day rows per key).
 */
function rollupRange(org: string, start: number, end: number, dim: "p" | "i" | "m"): SQL {
  const d0 = Math.min(Math.ceil(start / DAY_MS) * DAY_MS, end);
  const d1 = Math.max(Math.floor(end / DAY_MS) * DAY_MS, d0);
  return sql`r.org_id = ${org} and ((r.dim = ${dim} and ((r.hour >= ${start} and r.hour < ${d0}) or (r.hour >= ${d1} and r.hour < ${end})))
    or (r.dim = ${dim.toUpperCase()} and r.hour >= ${d0} and r.hour < ${d1}))`;
}

type ProfessionalRow = { id: string | null; nome: string | null; vendas: number; valor: number };
type ItemRow = { produto: string | null; servico: string | null; nome: string; quantidade: number; valor: number };
type MethodRow = { forma: PaymentMethod; vendas: number; valor: number };

/** The sections' figures from the rollups: the same rows as the joins over the sales. */
function rollupStatements(db: Database, org: string, start: number, end: number) {
  return {
    byProfessional: db.all<ProfessionalRow>(sql`
      select nullif(r.key, '') as id, pr.name as nome, sum(r.sales) as vendas, sum(r.cents) as valor
      from ${saleRollups} r left join ${professionals} pr on pr.id = nullif(r.key, '') and pr.org_id = ${org}
      where ${rollupRange(org, start, end, "p")}
      group by r.key having sum(r.sales) > 0 order by valor desc, nome`),
    byItem: db.all<ItemRow>(sql`
      select case when r.key like 'produto:%' then substr(r.key, 9) end as produto,
        case when r.key like 'servico:%' then substr(r.key, 9) end as servico,
        min(r.label) as nome, sum(r.quantity_milli) as quantidade, sum(r.cents) as valor
      from ${saleRollups} r
      where ${rollupRange(org, start, end, "i")}
      group by r.key having sum(r.sales) > 0 order by valor desc, nome`),
    byMethod: db.all<MethodRow>(sql`
      select r.key as forma, sum(r.sales) as vendas, sum(r.cents) as valor
      from ${saleRollups} r
      where ${rollupRange(org, start, end, "m")}
      group by r.key having sum(r.sales) > 0 order by valor desc, forma`),
  };
}

/** Whether the sections may read the rollups: no filter, and the period's bounds on whole hours. */
function fromRollups(f: VendasFilters, start: number, end: number): boolean {
  return !f.profissional && !f.forma && !f.cliente && start % HOUR_MS === 0 && end % HOUR_MS === 0;
}

const id = z
  .string()
  .refine((v) => isId(v))
  .optional()
  .catch(undefined);

const filtersSchema = z.object({
  profissional: id,
  forma: z.enum(PAYMENT_METHODS).optional().catch(undefined),
  cliente: id,
});
export type VendasFilters = z.infer<typeof filtersSchema>;

const METHOD_OPTIONS = PAYMENT_METHODS.map((m) => ({ value: m, label: PAYMENT_METHOD.label(m) }));

/** The filters' conditions on the sales alias `s` (each " and …"), none when unset. */
function filterConditions(org: string, f: VendasFilters): SQL {
  const parts: SQL[] = [];
  if (f.cliente) parts.push(sql` and s.client_id = ${f.cliente}`);
  if (f.profissional)
    parts.push(
      sql` and exists (select 1 from ${saleItems} fi where fi.org_id = ${org} and fi.sale_id = s.id and fi.professional_id = ${f.profissional})`,
    );
  if (f.forma)
    parts.push(
      sql` and exists (select 1 from ${salePayments} fp where fp.org_id = ${org} and fp.sale_id = s.id and fp.method = ${f.forma})`,
    );
  return sql.join(parts, sql``);
}

/** The sales the filters keep, sold in [start, end): `s` is the sales alias. */
function salesWhere(org: string, start: number, end: number, f: VendasFilters): SQL {
  return sql`s.org_id = ${org} and s.deleted_at is null and s.sold_at >= ${start} and s.sold_at < ${end}${filterConditions(org, f)}`;
}

interface Totals {
  faturamento: number;
  vendas: number;
  descontos: number;
  canceladas: number;
  valorCancelado: number;
}

function totalsStatement(db: Database, org: string, period: ReportPeriod, zone: string, f: VendasFilters) {
  const { start, end } = boundsOf(period, zone);
  return db.all<Totals>(sql`
    select
      coalesce(sum(case when s.status = 'concluida' then s.total_cents end), 0) as faturamento,
      count(case when s.status = 'concluida' then 1 end) as vendas,
      coalesce(sum(case when s.status = 'concluida' then s.discount_cents end), 0) as descontos,
      count(case when s.status = 'cancelada' then 1 end) as canceladas,
      coalesce(sum(case when s.status = 'cancelada' then s.total_cents end), 0) as "valorCancelado"
    from ${sales} s
    where ${salesWhere(org, start, end, f)}`);
}

/**
 * Per bucket, scalar subqueries over the status index's covering range (org, status, sold_at,
 * total): no grouped join, so no temporary B-tree sorting the period's sales (ADR 075's lesson).
 */
function trendStatement(db: Database, org: string, buckets: PeriodBucket[], zone: string, f: VendasFilters) {
  const live = (status: "concluida" | "cancelada") =>
    sql`s.org_id = ${org} and s.status = ${status} and s.deleted_at is null and s.sold_at >= b.s and s.sold_at < b.e${filterConditions(org, f)}`;
  return db.all<{ i: number; faturamento: number; vendas: number; canceladas: number }>(sql`
    with ${bucketTable("b", buckets, zone)}
    select b.i as i,
      (select coalesce(sum(s.total_cents), 0) from ${sales} s where ${live("concluida")}) as faturamento,
      (select count(*) from ${sales} s where ${live("concluida")}) as vendas,
      (select count(*) from ${sales} s where ${live("cancelada")}) as canceladas
    from b order by b.i`);
}

/** Σ a column, as the totals line. */
function sum(rows: ReportRow[], key: string): number {
  return rows.reduce((t, r) => t + num(r[key]), 0);
}

function share(part: number, whole: number): number {
  return whole === 0 ? 0 : part / whole;
}

export const vendasReport = defineReport({
  id: "vendas",
  title: "Vendas",
  description: "Faturamento, nº de vendas, ticket médio e descontos por dia e mês, por profissional, por item e por forma de pagamento.",
  group: "Vendas",
  area: "relatorios-financeiros",
  filters: {
    schema: filtersSchema,
    fields: [
      { key: "profissional", label: "Profissional" },
      { key: "forma", label: "Forma de pagamento", options: METHOD_OPTIONS },
      { key: "cliente", label: "Cliente" },
    ],
  },
  queries(db, ctx, params) {
    const org = ctx.actor.orgId;
    const f = params.filters;
    const zone = ctx.zone;
    const { start, end } = boundsOf(params.period, zone);
    const where = salesWhere(org, start, end, f);
    const days = periodLength(params.period) <= 92 ? dayBucketsOf(params.period) : [];
    const months = monthBucketsOf(params.period);
    const profLine = f.profissional ? sql` and i.professional_id = ${f.profissional}` : sql``;
    const sections = fromRollups(f, start, end) && !params.fromSales ? rollupStatements(db, org, start, end) : undefined;
    return {
      totals: totalsStatement(db, org, params.period, zone, f),
      previous: totalsStatement(db, org, params.previous, zone, f),
      byDay: days.length ? trendStatement(db, org, days, zone, f) : db.all<never>(sql`select 1 where 0 and ${org} = ${org}`),
      byMonth: months.length > 1 ? trendStatement(db, org, months, zone, f) : db.all<never>(sql`select 1 where 0 and ${org} = ${org}`),
      byProfessional:
        sections?.byProfessional ??
        db.all<ProfessionalRow>(sql`
        select i.professional_id as id, pr.name as nome, count(distinct s.id) as vendas, sum(i.total_cents) as valor
        from ${saleItems} i
        join ${sales} s on s.id = i.sale_id and s.org_id = ${org}
        left join ${professionals} pr on pr.id = i.professional_id and pr.org_id = ${org}
        where i.org_id = ${org} and s.status = 'concluida' and ${where}${profLine}
        group by i.professional_id order by valor desc, nome`),
      byItem:
        sections?.byItem ??
        db.all<ItemRow>(sql`
        select i.product_id as produto, i.service_id as servico, min(i.description) as nome,
          sum(i.quantity_milli) as quantidade, sum(i.total_cents) as valor
        from ${saleItems} i
        join ${sales} s on s.id = i.sale_id and s.org_id = ${org}
        where i.org_id = ${org} and s.status = 'concluida' and ${where}${profLine}
        group by coalesce(i.product_id, i.service_id, 'avulso:' || i.description)
        order by valor desc, nome`),
      byMethod:
        sections?.byMethod ??
        db.all<MethodRow>(sql`
        select p.method as forma, count(distinct p.sale_id) as vendas, sum(p.amount_cents) as valor
        from ${salePayments} p
        join ${sales} s on s.id = p.sale_id and s.org_id = ${org}
        where p.org_id = ${org} and s.status = 'concluida' and ${where}${f.forma ? sql` and p.method = ${f.forma}` : sql``}
        group by p.method order by valor desc, forma`),
      professionals: params.withOptions
        ? db.all<{ value: string; label: string }>(sql`
            select pr.id as value, pr.name as label from ${professionals} pr
            where pr.org_id = ${org} and (pr.deleted_at is null or pr.id = ${f.profissional ?? ""}) order by pr.sort_name`)
        : db.all<never>(sql`select 1 where 0 and ${org} = ${org}`),
      clients: params.withOptions
        ? db.all<{ value: string; label: string }>(sql`
            select c.id as value, c.name as label from ${clients} c
            where c.org_id = ${org} and (c.id = ${f.cliente ?? ""} or c.id in (
              select s.client_id from ${sales} s where ${salesWhere(org, start, end, {})} and s.client_id is not null))
            order by c.name_norm limit 300`)
        : db.all<never>(sql`select 1 where 0 and ${org} = ${org}`),
    };
  },
  assemble(rows, _ctx, params): ReportBody {
    const t = rows.totals[0] ?? { faturamento: 0, vendas: 0, descontos: 0, canceladas: 0, valorCancelado: 0 };
    const p = rows.previous[0] ?? { faturamento: 0, vendas: 0, descontos: 0, canceladas: 0, valorCancelado: 0 };
    const ticket = (x: Totals) => (num(x.vendas) ? Math.round(num(x.faturamento) / num(x.vendas)) : 0);
    const kpis: ReportKpi[] = [
      { label: "Faturamento", kind: "money", value: num(t.faturamento), previous: num(p.faturamento) },
      { label: "Nº de vendas", kind: "integer", value: num(t.vendas), previous: num(p.vendas) },
      { label: "Ticket médio", kind: "money", value: ticket(t), previous: ticket(p) },
      { label: "Descontos", kind: "money", value: num(t.descontos), previous: num(p.descontos) },
      { label: "Vendas canceladas", kind: "integer", value: num(t.canceladas), previous: num(p.canceladas) },
      { label: "Valor cancelado", kind: "money", value: num(t.valorCancelado), previous: num(p.valorCancelado) },
    ];
    const total = num(t.faturamento);
    const sections: ReportSection[] = [];
    const trend = (sectionId: string, title: string, buckets: PeriodBucket[], data: typeof rows.byDay, byDay: boolean) => {
      const trendRows: ReportRow[] = buckets.map((b, i) => {
        const r = data.find((x) => num(x.i) === i);
        return {
          periodo: byDay ? b.key : b.label,
          vendas: num(r?.vendas),
          faturamento: num(r?.faturamento),
          ticket: num(r?.vendas) ? Math.round(num(r?.faturamento) / num(r?.vendas)) : 0,
          canceladas: num(r?.canceladas),
        };
      });
      sections.push({
        id: sectionId,
        title,
        note: "Vendas canceladas não entram no faturamento: aparecem na sua coluna.",
        chart: {
          type: byDay ? "line" : "bar",
          labels: buckets.map((b) => b.label),
          series: [{ name: "Faturamento", values: trendRows.map((r) => num(r.faturamento)) }],
          kind: "money",
        },
        table: {
          columns: [
            { key: "periodo", label: byDay ? "Dia" : "Mês", kind: byDay ? "date" : "text" },
            { key: "vendas", label: "Vendas", kind: "integer" },
            { key: "faturamento", label: "Faturamento", kind: "money" },
            { key: "ticket", label: "Ticket médio", kind: "money" },
            { key: "canceladas", label: "Canceladas", kind: "integer" },
          ],
          rows: trendRows,
          totals: {
            periodo: "Total",
            vendas: sum(trendRows, "vendas"),
            faturamento: sum(trendRows, "faturamento"),
            ticket: ticket(t),
            canceladas: sum(trendRows, "canceladas"),
          },
        },
      });
    };
    const days = periodLength(params.period) <= 92 ? dayBucketsOf(params.period) : [];
    const months = monthBucketsOf(params.period);
    if (days.length) trend("por-dia", "Vendas por dia", days, rows.byDay, true);
    if (months.length > 1) trend("por-mes", "Vendas por mês", months, rows.byMonth, false);

    const profRows: ReportRow[] = rows.byProfessional.map((r) => ({
      profissional: r.id ? (r.nome ?? "Profissional excluído") : "Sem profissional (produtos e avulsos)",
      vendas: num(r.vendas),
      valor: num(r.valor),
      participacao: share(num(r.valor), total),
    }));
    sections.push({
      id: "por-profissional",
      title: "Por profissional",
      note: "O valor de cada linha vendida, já com os descontos; uma venda com dois profissionais conta para os dois.",
      ...(profRows.length
        ? {
            chart: {
              type: "bar" as const,
              labels: profRows.map((r) => String(r.profissional)),
              series: [{ name: "Valor", values: profRows.map((r) => num(r.valor)) }],
              kind: "money" as const,
            },
          }
        : {}),
      table: {
        columns: [
          { key: "profissional", label: "Profissional", kind: "text", width: 3 },
          { key: "vendas", label: "Vendas", kind: "integer" },
          { key: "valor", label: "Valor", kind: "money" },
          { key: "participacao", label: "% do total", kind: "percent" },
        ],
        rows: profRows,
        totals: { profissional: "Total", vendas: null, valor: sum(profRows, "valor"), participacao: null },
      },
    });

    const itemRows: ReportRow[] = rows.byItem.map((r) => ({
      item: r.nome,
      tipo: r.servico ? "Serviço" : r.produto ? "Produto" : "Avulso",
      quantidade: num(r.quantidade) / 1000,
      valor: num(r.valor),
      participacao: share(num(r.valor), total),
    }));
    const top = itemRows.slice(0, 8);
    sections.push({
      id: "por-item",
      title: "Por serviço e produto",
      ...(top.length
        ? {
            chart: {
              type: "bar" as const,
              labels: top.map((r) => String(r.item)),
              series: [{ name: "Valor", values: top.map((r) => num(r.valor)) }],
              kind: "money" as const,
            },
          }
        : {}),
      table: {
        columns: [
          { key: "item", label: "Item", kind: "text", width: 3 },
          { key: "tipo", label: "Tipo", kind: "text" },
          { key: "quantidade", label: "Quantidade", kind: "number" },
          { key: "valor", label: "Valor", kind: "money" },
          { key: "participacao", label: "% do total", kind: "percent" },
        ],
        rows: itemRows,
        totals: { item: "Total", tipo: null, quantidade: null, valor: sum(itemRows, "valor"), participacao: null },
      },
    });

    const methodRows: ReportRow[] = rows.byMethod.map((r) => ({
      forma: PAYMENT_METHOD.label(r.forma),
      vendas: num(r.vendas),
      valor: num(r.valor),
      participacao: share(num(r.valor), total),
    }));
    sections.push({
      id: "por-forma",
      title: "Por forma de pagamento",
      note: "Uma venda paga de duas formas conta nas duas, cada uma com o seu valor.",
      ...(methodRows.length
        ? {
            chart: {
              type: "donut" as const,
              labels: methodRows.map((r) => String(r.forma)),
              series: [{ name: "Valor", values: methodRows.map((r) => num(r.valor)) }],
              kind: "money" as const,
            },
          }
        : {}),
      table: {
        columns: [
          { key: "forma", label: "Forma de pagamento", kind: "text", width: 2 },
          { key: "vendas", label: "Vendas", kind: "integer" },
          { key: "valor", label: "Valor", kind: "money" },
          { key: "participacao", label: "% do total", kind: "percent" },
        ],
        rows: methodRows,
        totals: { forma: "Total", vendas: null, valor: sum(methodRows, "valor"), participacao: null },
      },
    });
    return {
      kpis,
      sections,
      ...(params.withOptions ? { filterOptions: { profissional: rows.professionals, cliente: rows.clients } } : {}),
    };
  },
  detail(db, ctx, params) {
    const org = ctx.actor.orgId;
    const { start, end } = boundsOf(params.period, ctx.zone);
    const where = salesWhere(org, start, end, params.filters);
    const PAGE = 1000;
    return {
      id: "vendas",
      title: "Vendas do período",
      columns: [
        // An identifier, not a quantity: "1000", never "1.000".
        { key: "numero", label: "Nº", kind: "text" },
        { key: "vendidaEm", label: "Data", kind: "datetime", width: 2 },
        { key: "cliente", label: "Cliente", kind: "text", width: 3 },
        { key: "status", label: "Situação", kind: "text" },
        { key: "formas", label: "Formas de pagamento", kind: "text", width: 2 },
        { key: "subtotal", label: "Subtotal", kind: "money" },
        { key: "desconto", label: "Desconto", kind: "money" },
        { key: "total", label: "Total", kind: "money" },
      ],
      async *pages() {
        let after: { at: number; id: string } | null = null;
        for (;;) {
          const keyset: SQL = after ? sql` and (s.sold_at > ${after.at} or (s.sold_at = ${after.at} and s.id > ${after.id}))` : sql``;
          const page: {
            id: string;
            numero: number;
            at: number;
            cliente: string | null;
            status: string;
            formas: string | null;
            subtotal: number;
            desconto: number;
            total: number;
          }[] = await db.all(sql`
            select s.id as id, s.number as numero, s.sold_at as at, coalesce(c.name, s.customer_name) as cliente, s.status as status,
              (select group_concat(x.method, ',') from (select p.method as method from ${salePayments} p where p.org_id = ${org} and p.sale_id = s.id order by p.position) x) as formas,
              s.subtotal_cents as subtotal, s.discount_cents as desconto, s.total_cents as total
            from ${sales} s left join ${clients} c on c.id = s.client_id and c.org_id = ${org}
            where ${where}${keyset}
            order by s.sold_at, s.id limit ${PAGE}`);
          if (!page.length) return;
          yield page.map((r) => ({
            numero: String(num(r.numero)),
            vendidaEm: new Date(num(r.at)).toISOString(),
            cliente: r.cliente ?? "",
            status: r.status === "cancelada" ? "Cancelada" : "Concluída",
            formas: [...new Set((r.formas ?? "").split(",").filter(Boolean))]
              .map((m) => PAYMENT_METHOD.label(m as PaymentMethod))
              .join(", "),
            subtotal: num(r.subtotal),
            desconto: num(r.desconto),
            total: num(r.total),
          }));
          const last = page[page.length - 1] as (typeof page)[number];
          after = { at: num(last.at), id: last.id };
          if (page.length < PAGE) return;
        }
      },
    };
  },
});
