import { type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import { postTargets, posts } from "../../../../db/schema/index.ts";
import { engagementOf } from "../../../../shared/analytics/metrics.ts";
import { SOCIAL_NETWORK, SOCIAL_NETWORKS } from "../../../../shared/enums/social.ts";
import type { ReportKpi, ReportRow } from "../../../../shared/reports/document.ts";
import { trendBucketsOf } from "../../../../shared/reports/period.ts";
import { bucketTable, boundsOf, defineReport, num, type ReportBody } from "../engine.ts";

/**
 * Posts (issue 23, ADR 085): what the business published through Alicerce in the period (a
 * network's publication `publicado`, by the instant it went out, the organização's days), what
 * failed (a publication `falhou` whose time — scheduled, else last change — falls in the period),
 * and the reach and engagement Meta's daily read left on the published ones (engagement = likes +
 * comments + shares + saves; rate = engagement ÷ reach, over the posts with reach).
 */

const filtersSchema = z.object({ rede: z.enum(SOCIAL_NETWORKS).optional().catch(undefined) });
type Filters = z.infer<typeof filtersSchema>;

const ENGAGEMENT = sql`coalesce(t.likes, 0) + coalesce(t.comments, 0) + coalesce(t.shares, 0) + coalesce(t.saves, 0)`;

function networkOf(f: Filters): SQL {
  return f.rede ? sql` and t.network = ${f.rede}` : sql``;
}

export const postsReport = defineReport({
  id: "posts",
  title: "Posts",
  description: "Posts publicados e com falha, alcance e engajamento por dia ou mês, por rede e por post.",
  group: "Marketing",
  area: "relatorios-operacionais",
  filters: {
    schema: filtersSchema,
    fields: [{ key: "rede", label: "Rede", options: SOCIAL_NETWORK.options.map((o) => ({ value: o.value, label: o.label })) }],
  },
  queries(db, ctx, params) {
    const org = ctx.actor.orgId;
    const { start, end } = boundsOf(params.period, ctx.zone);
    const net = networkOf(params.filters);
    const published = sql`t.org_id = ${org} and t.status = 'publicado' and t.published_at >= ${start} and t.published_at < ${end}${net}`;
    const failedAt = sql`coalesce(t.scheduled_at, t.updated_at)`;
    const failed = sql`t.org_id = ${org} and t.status = 'falhou' and ${failedAt} >= ${start} and ${failedAt} < ${end}${net}`;
    const { buckets } = trendBucketsOf(params.period);
    return {
      byNetwork: db.all<{
        rede: string;
        publicados: number;
        falhas: number;
        alcance: number;
        engajamento: number;
        alcanceMedido: number;
        engajamentoMedido: number;
      }>(sql`
        select t.network as rede,
          count(case when ${published} then 1 end) as publicados,
          count(case when ${failed} then 1 end) as falhas,
          coalesce(sum(case when ${published} then t.reach end), 0) as alcance,
          coalesce(sum(case when ${published} then ${ENGAGEMENT} end), 0) as engajamento,
          coalesce(sum(case when ${published} and t.reach > 0 then t.reach end), 0) as "alcanceMedido",
          coalesce(sum(case when ${published} and t.reach > 0 then ${ENGAGEMENT} end), 0) as "engajamentoMedido"
        from ${postTargets} t
        where t.org_id = ${org} and t.status in ('publicado', 'falhou')${net}
        group by t.network order by t.network`),
      trend: db.all<{ i: number; publicados: number; alcance: number; engajamento: number }>(sql`
        with ${bucketTable("b", buckets, ctx.zone)}
        select b.i as i,
          (select count(*) from ${postTargets} t where t.org_id = ${org} and t.status = 'publicado' and t.published_at >= b.s and t.published_at < b.e${net}) as publicados,
          (select coalesce(sum(t.reach), 0) from ${postTargets} t where t.org_id = ${org} and t.status = 'publicado' and t.published_at >= b.s and t.published_at < b.e${net}) as alcance,
          (select coalesce(sum(${ENGAGEMENT}), 0) from ${postTargets} t where t.org_id = ${org} and t.status = 'publicado' and t.published_at >= b.s and t.published_at < b.e${net}) as engajamento
        from b order by b.i`),
      list: db.all<{
        quando: number;
        rede: string;
        status: string;
        legenda: string;
        alcance: number | null;
        curtidas: number | null;
        comentarios: number | null;
        compartilhamentos: number | null;
        salvamentos: number | null;
        erro: string | null;
      }>(sql`
        select coalesce(t.published_at, ${failedAt}) as quando, t.network as rede, t.status as status,
          substr(p.caption, 1, 120) as legenda, t.reach as alcance, t.likes as curtidas, t.comments as comentarios,
          t.shares as compartilhamentos, t.saves as salvamentos, t.error_message as erro
        from ${postTargets} t join ${posts} p on p.id = t.post_id and p.org_id = ${org}
        where (${published}) or (${failed})
        order by quando desc, t.id limit 500`),
    };
  },
  assemble(rows, ctx, params): ReportBody {
    const nets = rows.byNetwork.map((r) => ({
      rede: SOCIAL_NETWORK.label(r.rede),
      publicados: num(r.publicados),
      falhas: num(r.falhas),
      alcance: num(r.alcance),
      engajamento: num(r.engajamento),
      taxa: num(r.alcanceMedido) > 0 ? num(r.engajamentoMedido) / num(r.alcanceMedido) : 0,
    }));
    const total = (k: "publicados" | "falhas" | "alcance" | "engajamento") => nets.reduce((t, r) => t + r[k], 0);
    const measuredReach = rows.byNetwork.reduce((t, r) => t + num(r.alcanceMedido), 0);
    const measuredEngagement = rows.byNetwork.reduce((t, r) => t + num(r.engajamentoMedido), 0);
    const rate = measuredReach > 0 ? measuredEngagement / measuredReach : 0;
    const kpis: ReportKpi[] = [
      { label: "Publicados", kind: "integer", value: total("publicados") },
      { label: "Com falha", kind: "integer", value: total("falhas") },
      { label: "Alcance", kind: "integer", value: total("alcance") },
      { label: "Engajamento", kind: "integer", value: total("engajamento") },
      { label: "Taxa de engajamento", kind: "percent", value: rate },
    ];
    const { unit, buckets } = trendBucketsOf(params.period);
    const trendRows: ReportRow[] = buckets.map((b, i) => {
      const r = rows.trend.find((x) => num(x.i) === i);
      return {
        periodo: unit === "dia" ? b.key : b.label,
        publicados: num(r?.publicados),
        alcance: num(r?.alcance),
        engajamento: num(r?.engajamento),
      };
    });
    const listRows: ReportRow[] = rows.list.map((r) => {
      const e = engagementOf(r);
      return {
        quando: new Date(num(r.quando)).toISOString(),
        rede: SOCIAL_NETWORK.label(r.rede),
        status: r.status === "publicado" ? "Publicado" : "Falhou",
        legenda: r.legenda || "(sem legenda)",
        alcance: r.status === "publicado" ? r.alcance : null,
        engajamento: r.status === "publicado" ? e : null,
        taxa: r.status === "publicado" && r.alcance && r.alcance > 0 ? e / r.alcance : null,
        erro: r.erro,
      };
    });
    void ctx;
    return {
      kpis,
      sections: [
        {
          id: unit === "dia" ? "por-dia" : "por-mes",
          title: unit === "dia" ? "Por dia" : "Por mês",
          note: "Pelo dia em que cada post saiu; os números são os da última leitura diária da Meta.",
          chart: {
            type: "bar",
            labels: buckets.map((b) => b.label),
            series: [{ name: "Alcance", values: trendRows.map((r) => num(r.alcance)) }],
            kind: "integer",
          },
          table: {
            columns: [
              { key: "periodo", label: unit === "dia" ? "Dia" : "Mês", kind: unit === "dia" ? "date" : "text" },
              { key: "publicados", label: "Publicados", kind: "integer" },
              { key: "alcance", label: "Alcance", kind: "integer" },
              { key: "engajamento", label: "Engajamento", kind: "integer" },
            ],
            rows: trendRows,
            totals: { periodo: "Total", publicados: total("publicados"), alcance: total("alcance"), engajamento: total("engajamento") },
          },
        },
        {
          id: "por-rede",
          title: "Por rede",
          table: {
            columns: [
              { key: "rede", label: "Rede", kind: "text", width: 2 },
              { key: "publicados", label: "Publicados", kind: "integer" },
              { key: "falhas", label: "Com falha", kind: "integer" },
              { key: "alcance", label: "Alcance", kind: "integer" },
              { key: "engajamento", label: "Engajamento", kind: "integer" },
              { key: "taxa", label: "Taxa de engajamento", kind: "percent" },
            ],
            rows: nets,
            totals: {
              rede: "Total",
              publicados: total("publicados"),
              falhas: total("falhas"),
              alcance: total("alcance"),
              engajamento: total("engajamento"),
              taxa: rate,
            },
          },
        },
        {
          id: "posts",
          title: "Posts",
          note: "Cada rede de um post é uma linha. Taxa de engajamento: curtidas, comentários, compartilhamentos e salvamentos ÷ alcance.",
          table: {
            columns: [
              { key: "quando", label: "Quando", kind: "datetime" },
              { key: "rede", label: "Rede", kind: "text" },
              { key: "status", label: "Situação", kind: "text" },
              { key: "legenda", label: "Legenda", kind: "text", width: 3 },
              { key: "alcance", label: "Alcance", kind: "integer" },
              { key: "engajamento", label: "Engajamento", kind: "integer" },
              { key: "taxa", label: "Taxa", kind: "percent" },
              { key: "erro", label: "Motivo da falha", kind: "text", width: 2 },
            ],
            rows: listRows,
          },
        },
      ],
    };
  },
});
