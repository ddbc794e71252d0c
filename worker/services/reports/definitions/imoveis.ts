import { sql } from "drizzle-orm";
import { z } from "zod";
import { properties, propertyPriceChanges, propertyStatusHistory } from "../../../../db/schema/index.ts";
import { PROPERTY_PURPOSE, PROPERTY_PURPOSES, PROPERTY_STATUS, PROPERTY_STATUSES } from "../../../../shared/enums/real-estate.ts";
import type { ReportKpi, ReportRow } from "../../../../shared/reports/document.ts";
import { boundsOf, defineReport, num, type ReportBody } from "../engine.ts";

/**
 * Imóveis (issue 23, ADR 085), from the properties, their status history
 * (`property_status_history`) and their price changes (`property_price_changes`):
 * - **by status**, now: how many and their asking price (Σ the list price, sale or rent);
 * - **days on market** of an available property = whole days since it last became "disponível"
 *   (its history; the publication date, else the creation date, when none) until the report is
 *   built; of one sold or rented in the period = days from its last "disponível" before that to
 *   the sale or rental;
 * - **the period's changes**: status changes in the period (the organização's days) by the status
 *   reached;
 * - **price changes** in the period: one row per price that changed (sale, rent) of a property on
 *   the market, with its variation; a reduction is a new price below the old one.
 */

const filtersSchema = z.object({ finalidade: z.enum(PROPERTY_PURPOSES).optional().catch(undefined) });

const DAY_MS = 86_400_000;

export const imoveisReport = defineReport({
  id: "imoveis",
  title: "Imóveis",
  description:
    "Imóveis por situação, dias no mercado, as mudanças de situação do período (vendidos, alugados, disponibilizados) e as mudanças de preço.",
  group: "Imóveis",
  area: "relatorios-operacionais",
  filters: {
    schema: filtersSchema,
    fields: [
      {
        key: "finalidade",
        label: "Finalidade",
        options: PROPERTY_PURPOSE.options.map((o) => ({ value: o.value, label: o.label })),
      },
    ],
  },
  queries(db, ctx, params) {
    const org = ctx.actor.orgId;
    const { start, end } = boundsOf(params.period, ctx.zone);
    const purpose = params.filters.finalidade ? sql` and p.purpose = ${params.filters.finalidade}` : sql``;
    const lastAvailable = (before: SQLValue) => sql`(select max(hd.at) from ${propertyStatusHistory} hd
      where hd.org_id = ${org} and hd.property_id = p.id and hd.to_status = 'disponivel' and hd.at <= ${before})`;
    return {
      byStatus: db.all<{ status: string; n: number; valor: number }>(sql`
        select p.status as status, count(*) as n, coalesce(sum(p.price_cents), 0) as valor from ${properties} p
        where p.org_id = ${org} and p.deleted_at is null${purpose}
        group by p.status`),
      available: db.all<{
        id: string;
        codigo: string;
        titulo: string | null;
        desde: number | null;
        publicado: number | null;
        criado: number;
        preco: number | null;
      }>(sql`
        select p.id as id, p.code as codigo, p.title as titulo, ${lastAvailable(sql`${ctx.now.getTime()}`)} as desde,
          p.published_at as publicado, p.created_at as criado, p.price_cents as preco
        from ${properties} p
        where p.org_id = ${org} and p.deleted_at is null and p.status = 'disponivel'${purpose}
        order by p.sort_name, p.id`),
      closed: db.all<{
        id: string;
        codigo: string;
        titulo: string | null;
        para: string;
        em: number;
        desde: number | null;
        criado: number;
      }>(sql`
        select p.id as id, p.code as codigo, p.title as titulo, h.to_status as para, h.at as em,
          ${lastAvailable(sql`h.at`)} as desde, p.created_at as criado
        from ${propertyStatusHistory} h join ${properties} p on p.id = h.property_id and p.org_id = ${org}
        where h.org_id = ${org} and h.to_status in ('vendido', 'alugado') and h.at >= ${start} and h.at < ${end}
          and p.deleted_at is null${purpose}
        order by h.at, p.id`),
      prices: db.all<{
        id: string;
        codigo: string;
        titulo: string | null;
        vendaDe: number | null;
        vendaPara: number | null;
        locacaoDe: number | null;
        locacaoPara: number | null;
        em: number;
      }>(sql`
        select p.id as id, p.code as codigo, p.title as titulo, c.sale_from_cents as vendaDe, c.sale_to_cents as vendaPara,
          c.rent_from_cents as locacaoDe, c.rent_to_cents as locacaoPara, c.at as em
        from ${propertyPriceChanges} c join ${properties} p on p.id = c.property_id and p.org_id = ${org}
        where c.org_id = ${org} and c.at >= ${start} and c.at < ${end} and p.deleted_at is null${purpose}
        order by c.at, c.id`),
      changes: db.all<{ para: string; n: number }>(sql`
        select h.to_status as para, count(*) as n
        from ${propertyStatusHistory} h join ${properties} p on p.id = h.property_id and p.org_id = ${org}
        where h.org_id = ${org} and h.at >= ${start} and h.at < ${end} and p.deleted_at is null${purpose}
        group by h.to_status`),
    };
  },
  assemble(rows, ctx): ReportBody {
    const days = (from: number, to: number) => Math.max(0, Math.floor((to - from) / DAY_MS));
    const statusRows: ReportRow[] = PROPERTY_STATUSES.map((s) => {
      const r = rows.byStatus.find((x) => x.status === s);
      return { situacao: PROPERTY_STATUS.label(s), imoveis: num(r?.n), valor: num(r?.valor) };
    });
    const now = ctx.now.getTime();
    const availableRows: ReportRow[] = rows.available.map((p) => {
      const since = p.desde ?? p.publicado ?? p.criado;
      return {
        imovel: p.titulo || p.codigo,
        codigo: p.codigo,
        preco: p.preco,
        desde: new Date(num(since)).toISOString(),
        dias: days(num(since), now),
      };
    });
    const closedRows: ReportRow[] = rows.closed.map((p) => ({
      imovel: p.titulo || p.codigo,
      codigo: p.codigo,
      situacao: PROPERTY_STATUS.label(p.para),
      em: new Date(num(p.em)).toISOString(),
      dias: days(num(p.desde ?? p.criado), num(p.em)),
    }));
    const priceRows: ReportRow[] = rows.prices.flatMap((c) =>
      (
        [
          ["Venda", c.vendaDe, c.vendaPara],
          ["Locação", c.locacaoDe, c.locacaoPara],
        ] as const
      )
        .filter(([, from, to]) => from !== to)
        .map(([preco, from, to]) => ({
          imovel: c.titulo || c.codigo,
          codigo: c.codigo,
          preco,
          de: from,
          para: to,
          variacao: from && to !== null ? (to - from) / from : null,
          em: new Date(num(c.em)).toISOString(),
        })),
    );
    const reduced = priceRows.filter((r) => r.de !== null && r.para !== null && num(r.para) < num(r.de)).length;
    const avg = (list: ReportRow[]) => (list.length ? Math.round((list.reduce((t, r) => t + num(r.dias), 0) / list.length) * 10) / 10 : 0);
    const change = (s: string) => num(rows.changes.find((c) => c.para === s)?.n);
    const kpis: ReportKpi[] = [
      { label: "Disponíveis", kind: "integer", value: availableRows.length },
      { label: "Dias no mercado (média dos disponíveis)", kind: "number", value: avg(availableRows) },
      { label: "Vendidos no período", kind: "integer", value: change("vendido") },
      { label: "Alugados no período", kind: "integer", value: change("alugado") },
      { label: "Dias até fechar (média)", kind: "number", value: avg(closedRows) },
      { label: "Preços reduzidos no período", kind: "integer", value: reduced },
    ];
    return {
      kpis,
      sections: [
        {
          id: "por-situacao",
          title: "Por situação, hoje",
          note: "Valor: a soma dos preços anunciados (venda, ou aluguel de quem é só para locação).",
          chart: {
            type: "bar",
            labels: statusRows.map((r) => String(r.situacao)),
            series: [{ name: "Imóveis", values: statusRows.map((r) => num(r.imoveis)) }],
            kind: "integer",
          },
          table: {
            columns: [
              { key: "situacao", label: "Situação", kind: "text", width: 2 },
              { key: "imoveis", label: "Imóveis", kind: "integer" },
              { key: "valor", label: "Valor anunciado", kind: "money" },
            ],
            rows: statusRows,
            totals: { situacao: "Total", imoveis: statusRows.reduce((t, r) => t + num(r.imoveis), 0), valor: null },
          },
        },
        {
          id: "mudancas",
          title: "Mudanças de situação no período",
          table: {
            columns: [
              { key: "situacao", label: "Passaram a", kind: "text", width: 2 },
              { key: "imoveis", label: "Imóveis", kind: "integer" },
            ],
            rows: PROPERTY_STATUSES.map((s) => ({ situacao: PROPERTY_STATUS.label(s), imoveis: change(s) })),
          },
        },
        {
          id: "fechados",
          title: "Vendidos e alugados no período",
          note: "Dias até fechar: desde a última vez que ficou disponível.",
          table: {
            columns: [
              { key: "imovel", label: "Imóvel", kind: "text", width: 3 },
              { key: "codigo", label: "Código", kind: "text" },
              { key: "situacao", label: "Situação", kind: "text" },
              { key: "em", label: "Em", kind: "datetime" },
              { key: "dias", label: "Dias até fechar", kind: "integer" },
            ],
            rows: closedRows,
          },
        },
        {
          id: "precos",
          title: "Mudanças de preço no período",
          note: "Só de imóveis já anunciados (as edições de um rascunho não contam). Variação: do preço anterior ao novo.",
          table: {
            columns: [
              { key: "imovel", label: "Imóvel", kind: "text", width: 3 },
              { key: "codigo", label: "Código", kind: "text" },
              { key: "preco", label: "Preço", kind: "text" },
              { key: "de", label: "De", kind: "money" },
              { key: "para", label: "Para", kind: "money" },
              { key: "variacao", label: "Variação", kind: "percent" },
              { key: "em", label: "Em", kind: "datetime", width: 2 },
            ],
            rows: priceRows,
          },
        },
        {
          id: "disponiveis",
          title: "Disponíveis: dias no mercado",
          note: "Dias desde a última vez que ficou disponível, até hoje.",
          table: {
            columns: [
              { key: "imovel", label: "Imóvel", kind: "text", width: 3 },
              { key: "codigo", label: "Código", kind: "text" },
              { key: "preco", label: "Preço", kind: "money" },
              { key: "desde", label: "Disponível desde", kind: "datetime" },
              { key: "dias", label: "Dias no mercado", kind: "integer" },
            ],
            rows: availableRows.sort((a, b) => num(b.dias) - num(a.dias)),
          },
        },
      ],
    };
  },
});

type SQLValue = ReturnType<typeof sql>;
