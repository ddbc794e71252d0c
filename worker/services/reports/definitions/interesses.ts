import { sql } from "drizzle-orm";
import { z } from "zod";
import { propertyInterests } from "../../../../db/schema/index.ts";
import { INTEREST_ORIGIN, INTEREST_ORIGINS, INTEREST_STAGE, INTEREST_STAGES } from "../../../../shared/enums/real-estate.ts";
import type { ReportKpi, ReportRow } from "../../../../shared/reports/document.ts";
import { boundsOf, defineReport, num, type ReportBody } from "../engine.ts";

/**
 * Interesses (issue 23, ADR 085): the leads of the period — interests created in it (the
 * organização's days), not deleted — by the stage they are in today (the funnel) and by origin,
 * with conversion = fechados ÷ (fechados + perdidos), as /analytics reads it. The funnel counts
 * each lead at its current stage and every stage before it ("chegaram a"): a lead in proposta
 * went through novo, contato and visita; a lost one counts only in novo (its last stage is not
 * kept). Beside it, the live interests of every period by stage today (the board as it is).
 */

const filtersSchema = z.object({ origem: z.enum(INTEREST_ORIGINS).optional().catch(undefined) });

/** The open stages in order: a lead at stage k reached every open stage up to k; fechado reached them all. */
const FUNNEL = ["novo", "contato", "visita_agendada", "proposta", "fechado"] as const;

export const interessesReport = defineReport({
  id: "interesses",
  title: "Interesses",
  description: "O funil dos interesses criados no período por etapa, por origem e a conversão (fechados ÷ fechados + perdidos).",
  group: "Imóveis",
  area: "relatorios-operacionais",
  filters: {
    schema: filtersSchema,
    fields: [{ key: "origem", label: "Origem", options: INTEREST_ORIGIN.options.map((o) => ({ value: o.value, label: o.label })) }],
  },
  queries(db, ctx, params) {
    const org = ctx.actor.orgId;
    const { start, end } = boundsOf(params.period, ctx.zone);
    const origin = params.filters.origem ? sql` and i.origin = ${params.filters.origem}` : sql``;
    return {
      leads: db.all<{ origem: string; etapa: string; n: number }>(sql`
        select i.origin as origem, i.stage as etapa, count(*) as n from ${propertyInterests} i
        where i.org_id = ${org} and i.deleted_at is null and i.created_at >= ${start} and i.created_at < ${end}${origin}
        group by i.origin, i.stage`),
      board: db.all<{ etapa: string; n: number }>(sql`
        select i.stage as etapa, count(*) as n from ${propertyInterests} i
        where i.org_id = ${org} and i.deleted_at is null${origin}
        group by i.stage`),
    };
  },
  assemble(rows): ReportBody {
    const count = (filter: (r: { origem: string; etapa: string }) => boolean) =>
      rows.leads.filter(filter).reduce((t, r) => t + num(r.n), 0);
    const leads = count(() => true);
    const fechados = count((r) => r.etapa === "fechado");
    const perdidos = count((r) => r.etapa === "perdido");
    const conversion = (f: number, p: number) => (f + p > 0 ? f / (f + p) : 0);
    const kpis: ReportKpi[] = [
      { label: "Leads", kind: "integer", value: leads },
      { label: "Fechados", kind: "integer", value: fechados },
      { label: "Perdidos", kind: "integer", value: perdidos },
      { label: "Em andamento", kind: "integer", value: leads - fechados - perdidos },
      { label: "Conversão", kind: "percent", value: conversion(fechados, perdidos) },
    ];
    const funnelRows: ReportRow[] = FUNNEL.map((stage, k) => {
      const atOrPast = count((r) => {
        const at = FUNNEL.indexOf(r.etapa as (typeof FUNNEL)[number]);
        return at >= k || (k === 0 && r.etapa === "perdido");
      });
      return {
        etapa: INTEREST_STAGE.label(stage),
        agora: count((r) => r.etapa === stage),
        chegaram: atOrPast,
        taxa: leads ? atOrPast / leads : 0,
      };
    });
    funnelRows.push({ etapa: INTEREST_STAGE.label("perdido"), agora: perdidos, chegaram: null, taxa: leads ? perdidos / leads : 0 });
    const origins = [...new Set(rows.leads.map((r) => r.origem))];
    const originRows: ReportRow[] = origins
      .map((o) => {
        const total = count((r) => r.origem === o);
        const f = count((r) => r.origem === o && r.etapa === "fechado");
        const p = count((r) => r.origem === o && r.etapa === "perdido");
        return {
          origem: INTEREST_ORIGIN.label(o),
          leads: total,
          fechados: f,
          perdidos: p,
          andamento: total - f - p,
          conversao: conversion(f, p),
        };
      })
      .sort((a, b) => num(b.leads) - num(a.leads) || String(a.origem).localeCompare(String(b.origem)));
    const boardRows: ReportRow[] = INTEREST_STAGES.map((s) => ({
      etapa: INTEREST_STAGE.label(s),
      interesses: num(rows.board.find((r) => r.etapa === s)?.n),
    }));
    return {
      kpis,
      sections: [
        {
          id: "funil",
          title: "Funil dos leads do período",
          note: "Interesses criados no período, pela etapa em que estão hoje. “Chegaram” conta cada um na sua etapa e nas anteriores; um perdido conta só em Novo.",
          chart: {
            type: "bar",
            labels: funnelRows.map((r) => String(r.etapa)),
            series: [{ name: "Chegaram", values: funnelRows.map((r) => num(r.chegaram ?? r.agora)) }],
            kind: "integer",
          },
          table: {
            columns: [
              { key: "etapa", label: "Etapa", kind: "text", width: 2 },
              { key: "agora", label: "Estão nela", kind: "integer" },
              { key: "chegaram", label: "Chegaram a ela", kind: "integer" },
              { key: "taxa", label: "% dos leads", kind: "percent" },
            ],
            rows: funnelRows,
          },
        },
        {
          id: "por-origem",
          title: "Por origem",
          note: "Conversão: fechados ÷ (fechados + perdidos). Os em andamento ainda não contam.",
          ...(originRows.length
            ? {
                chart: {
                  type: "stacked-bar" as const,
                  labels: originRows.map((r) => String(r.origem)),
                  series: [
                    { name: "Fechados", values: originRows.map((r) => num(r.fechados)) },
                    { name: "Em andamento", values: originRows.map((r) => num(r.andamento)) },
                    { name: "Perdidos", values: originRows.map((r) => num(r.perdidos)) },
                  ],
                  kind: "integer" as const,
                },
              }
            : {}),
          table: {
            columns: [
              { key: "origem", label: "Origem", kind: "text", width: 2 },
              { key: "leads", label: "Leads", kind: "integer" },
              { key: "fechados", label: "Fechados", kind: "integer" },
              { key: "perdidos", label: "Perdidos", kind: "integer" },
              { key: "andamento", label: "Em andamento", kind: "integer" },
              { key: "conversao", label: "Conversão", kind: "percent" },
            ],
            rows: originRows,
            totals: {
              origem: "Total",
              leads,
              fechados,
              perdidos,
              andamento: leads - fechados - perdidos,
              conversao: conversion(fechados, perdidos),
            },
          },
        },
        {
          id: "quadro",
          title: "Todos os interesses por etapa, hoje",
          note: "Os interesses de qualquer data, como estão no quadro agora.",
          table: {
            columns: [
              { key: "etapa", label: "Etapa", kind: "text", width: 2 },
              { key: "interesses", label: "Interesses", kind: "integer" },
            ],
            rows: boardRows,
            totals: { etapa: "Total", interesses: boardRows.reduce((t, r) => t + num(r.interesses), 0) },
          },
        },
      ],
    };
  },
});
