import { Form, Link } from "react-router";
import type { Route } from "./+types/analytics";
import { Chart } from "../../components/charts/chart.tsx";
import { Alert } from "../../components/ui/alert.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card, PageHeader } from "../../components/ui/card.tsx";
import { Field } from "../../components/ui/form.tsx";
import { titleMeta } from "../../lib/title.ts";
import { actorOf, FORBIDDEN_MESSAGE, requireOrg } from "../../server/guards.server.ts";
import {
  BEST_TIME_MIN_POSTS,
  BEST_TIME_MIN_SLOT,
  engagementOf,
  engagementRate,
  type Granularity,
  periodPresets,
  WEEKDAYS,
} from "../../../shared/analytics/metrics.ts";
import { SOCIAL_NETWORK } from "../../../shared/enums/social.ts";
import { INTEREST_ORIGIN } from "../../../shared/enums/real-estate.ts";
import { CLIENT_ORIGIN } from "../../../shared/enums/records.ts";
import { formatLocalDay } from "../../../shared/finance/local-day.ts";
import { formatBRL, formatNumber } from "../../../shared/format.ts";
import type { ReportChart } from "../../../shared/reports/document.ts";
import { dayIn, formatDateTimeIn, timeZoneOf } from "../../../shared/time-zone.ts";
import { can } from "../../../worker/auth/permissions.ts";
import { analyticsOf } from "../../../worker/services/reports/analytics.ts";
import { DomainError } from "../../../worker/services/context.ts";

/**
 * /analytics "Analytics" (issue 23, ADR 085): the social numbers (reach and engagement per post
 * and over time, the best day and hour to post) and the business's (leads by origin, conversion,
 * average ticket, returning clients) over a period in the URL (`?periodo=30d` or `?de=&ate=`),
 * read in one round trip. The owner and the admin see both halves; the office sees the social one.
 */
export const meta: Route.MetaFunction = () => titleMeta("Analytics");

const DEFAULT_PRESET = "30d";
const POSTS_SHOWN = 20;

const pct = (v: number | null) => (v === null ? "—" : formatNumber(v, { style: "percent", maximumFractionDigits: 1 }));
const UNIT: Record<Granularity, string> = { dia: "dia", semana: "semana", mes: "mês" };

export async function loader({ request, context }: Route.LoaderArgs) {
  const signed = requireOrg(context, request);
  const role = signed.org.role;
  if (!can(role, "analytics-social", "read") && !can(role, "analytics", "read")) {
    throw new Response(FORBIDDEN_MESSAGE, { status: 403 });
  }
  const actor = actorOf(signed);
  const zone = timeZoneOf(signed.org.timeZone);
  const today = dayIn(new Date(), zone);
  const presets = periodPresets(today);
  const url = new URL(request.url);
  const preset = presets.find((p) => p.id === url.searchParams.get("periodo"));
  const de = url.searchParams.get("de");
  const ate = url.searchParams.get("ate");
  const fallback = presets.find((p) => p.id === DEFAULT_PRESET) as (typeof presets)[number];
  let chosen = preset ?? (de && ate ? { id: "", de, ate } : fallback);
  let error: string | null = null;
  let result: Awaited<ReturnType<typeof analyticsOf>>;
  try {
    result = await analyticsOf(signed.rc.db, actor, chosen);
  } catch (e) {
    if (!(e instanceof DomainError) || e.status !== 400) throw e;
    error = e.message;
    chosen = fallback;
    result = await analyticsOf(signed.rc.db, actor, chosen);
  }
  const { plan, social, business } = result;
  const labels = plan.buckets.map((b) => b.label);
  const unit = UNIT[plan.granularity];

  const socialView = social && {
    kpis: (() => {
      const alcance = social.posts.reduce((t, p) => t + (p.alcance ?? 0), 0);
      const engajamento = social.posts.reduce((t, p) => t + engagementOf(p), 0);
      const reached = social.posts.filter((p) => (p.alcance ?? 0) > 0);
      const reachedEngagement = reached.reduce((t, p) => t + engagementOf(p), 0);
      const reachedReach = reached.reduce((t, p) => t + (p.alcance ?? 0), 0);
      return {
        posts: social.posts.length,
        alcance,
        engajamento,
        taxa: reachedReach > 0 ? reachedEngagement / reachedReach : null,
      };
    })(),
    reach: {
      type: "bar",
      labels,
      kind: "integer",
      series: [{ name: "Alcance", values: social.series.map((s) => s.alcance) }],
    } satisfies ReportChart,
    engagement: {
      type: "stacked-bar",
      labels,
      kind: "integer",
      series: [
        { name: "Curtidas", values: social.series.map((s) => s.curtidas) },
        { name: "Comentários", values: social.series.map((s) => s.comentarios) },
        { name: "Compartilhamentos", values: social.series.map((s) => s.compartilhamentos) },
        { name: "Salvamentos", values: social.series.map((s) => s.salvamentos) },
      ],
    } satisfies ReportChart,
    posts: social.posts
      .map((p) => ({ ...p, engajamento: engagementOf(p), taxa: engagementRate(p) }))
      .sort((a, b) => (b.taxa ?? -1) - (a.taxa ?? -1) || b.publicadoEm - a.publicadoEm)
      .slice(0, POSTS_SHOWN)
      .map((p, i) => ({
        key: `${p.publicadoEm}-${p.rede}-${i}`,
        quando: formatDateTimeIn(p.publicadoEm, zone),
        rede: SOCIAL_NETWORK.label(p.rede),
        legenda: p.legenda.length > 140 ? `${p.legenda.slice(0, 139)}…` : p.legenda || "(sem legenda)",
        href: p.postId ? `/posts/${p.postId}` : null,
        permalink: p.permalink,
        alcance: p.alcance,
        engajamento: p.engajamento,
        taxa: p.taxa,
      })),
    best: {
      posts: social.best.posts,
      text: social.best.best?.text ?? null,
      missing: social.best.missing,
      hours: social.best.hours,
      grid: social.best.grid.map((row) => social.best.hours.map((h) => row[h] ?? null)),
      max: Math.max(0, ...social.best.grid.flat().map((c) => c?.rate ?? 0)),
      bestCell: social.best.best ? { weekday: social.best.best.weekday, hour: social.best.best.hour } : null,
    },
  };

  const businessView = business && {
    kpis: (() => {
      const leads = business.leads.reduce((t, r) => t + r.total, 0);
      const fechados = business.leads.reduce((t, r) => t + r.fechados, 0);
      const perdidos = business.leads.reduce((t, r) => t + r.perdidos, 0);
      const buyers = business.clients.once + business.clients.returning;
      return {
        leads,
        fechados,
        perdidos,
        conversao: fechados + perdidos > 0 ? fechados / (fechados + perdidos) : null,
        vendas: business.sales.count,
        faturamento: business.sales.total,
        ticket: business.sales.count ? Math.round(business.sales.total / business.sales.count) : null,
        compradores: buyers,
        voltaram: business.clients.returning,
        semCliente: business.sales.withoutClient,
      };
    })(),
    leads: business.leads.map((r) => ({
      origem: INTEREST_ORIGIN.label(r.origem) || "Não informada",
      total: r.total,
      fechados: r.fechados,
      perdidos: r.perdidos,
      abertos: r.total - r.fechados - r.perdidos,
      conversao: r.fechados + r.perdidos > 0 ? r.fechados / (r.fechados + r.perdidos) : null,
    })),
    leadsChart: {
      type: "stacked-bar",
      labels: business.leads.map((r) => INTEREST_ORIGIN.label(r.origem) || "Não informada"),
      kind: "integer",
      series: [
        { name: "Fechados", values: business.leads.map((r) => r.fechados) },
        { name: "Em andamento", values: business.leads.map((r) => r.total - r.fechados - r.perdidos) },
        { name: "Perdidos", values: business.leads.map((r) => r.perdidos) },
      ],
    } satisfies ReportChart,
    clientsChart: {
      type: "donut",
      labels: business.newClients.map((r) => CLIENT_ORIGIN.label(r.origem) || "Não informada"),
      kind: "integer",
      series: [{ name: "Novos clientes", values: business.newClients.map((r) => r.total) }],
    } satisfies ReportChart,
    newClients: business.newClients.reduce((t, r) => t + r.total, 0),
    salesChart: {
      type: "bar",
      labels,
      kind: "money",
      series: [{ name: "Faturamento", values: business.salesSeries.map((s) => s.total) }],
    } satisfies ReportChart,
    ticketChart: {
      type: "line",
      labels,
      kind: "money",
      series: [{ name: "Ticket médio", values: business.salesSeries.map((s) => (s.count ? Math.round(s.total / s.count) : 0)) }],
    } satisfies ReportChart,
  };

  return {
    error,
    presets: presets.map((p) => ({ id: p.id, label: p.label })),
    presetId: chosen.id,
    de: plan.de,
    ate: plan.ate,
    gridFrom: result.gridFrom,
    unit,
    social: socialView,
    business: businessView,
  };
}

function Kpi({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <div className="min-w-0 rounded-lg border border-line bg-surface p-3">
      <dt className="text-xs text-fg-soft">{label}</dt>
      <dd className="mt-1 text-xl font-bold tabular-nums sm:text-2xl">{value}</dd>
      {hint ? <dd className="mt-0.5 text-xs text-fg-soft">{hint}</dd> : null}
    </div>
  );
}

function Period({ data }: { data: Route.ComponentProps["loaderData"] }) {
  return (
    <Card title="Período">
      <nav aria-label="Períodos prontos" className="flex flex-wrap gap-2 text-sm">
        {data.presets.map((p) => (
          <Link
            key={p.id}
            to={`?periodo=${p.id}`}
            preventScrollReset
            aria-current={p.id === data.presetId ? "true" : undefined}
            className={`rounded-full border px-3 py-1 ${p.id === data.presetId ? "border-accent bg-accent-soft font-semibold text-accent" : "border-line hover:bg-muted"}`}
          >
            {p.label}
          </Link>
        ))}
      </nav>
      <Form method="get" className="mt-4 flex flex-wrap items-end gap-3" preventScrollReset>
        <Field label="De" name="de" type="date" defaultValue={data.de} required />
        <Field label="Até" name="ate" type="date" defaultValue={data.ate} required />
        <Button type="submit" variant="secondary">
          Ver período
        </Button>
      </Form>
      {data.error ? (
        <div className="mt-3">
          <Alert tone="error">{data.error}</Alert>
        </div>
      ) : null}
    </Card>
  );
}

function BestTimes({
  best,
  gridFrom,
  ate,
}: {
  best: NonNullable<Route.ComponentProps["loaderData"]["social"]>["best"];
  gridFrom: string;
  ate: string;
}) {
  return (
    <Card title="Melhores dias e horários para postar">
      {best.text ? (
        <p className="text-lg font-semibold" data-testid="melhor-horario">
          {best.text}
        </p>
      ) : (
        <p className="text-sm" data-testid="melhor-horario">
          {best.missing > 0
            ? `Ainda não dá para recomendar: publique mais ${best.missing} ${best.missing === 1 ? "post" : "posts"} (com alcance medido) para vermos em que dia e horário eles vão melhor.`
            : `Ainda não dá para recomendar: poste pelo menos ${BEST_TIME_MIN_SLOT} vezes num mesmo dia da semana e num mesmo horário para compararmos.`}
        </p>
      )}
      <p className="mt-1 text-xs text-fg-soft">
        Taxa de engajamento média (curtidas, comentários, compartilhamentos e salvamentos ÷ alcance) dos {formatNumber(best.posts)} posts de{" "}
        {formatLocalDay(gridFrom)} a {formatLocalDay(ate)}, pelo dia e hora em que saíram. A recomendação pede ao menos{" "}
        {BEST_TIME_MIN_POSTS} posts.
      </p>
      {best.hours.length ? (
        <section
          className="-mx-5 mt-4 overflow-x-auto px-5 sm:mx-0 sm:px-0"
          aria-label="Grade de dias e horários"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: the grid may scroll sideways on a phone and must be reachable by keyboard (WCAG 2.1.1)
          tabIndex={0}
        >
          <table className="text-xs tabular-nums">
            <caption className="sr-only">Taxa de engajamento média por dia da semana e hora</caption>
            <thead>
              <tr>
                <th scope="col" className="px-1 py-1 text-left font-semibold">
                  &nbsp;
                </th>
                {best.hours.map((h) => (
                  <th key={h} scope="col" className="px-1 py-1 text-center font-semibold">
                    {h}h
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {best.grid.map((row, weekday) => (
                <tr key={WEEKDAYS[weekday]}>
                  <th scope="row" className="py-0.5 pr-2 text-left font-medium">
                    {WEEKDAYS[weekday]?.slice(0, 3)}
                  </th>
                  {row.map((cell, i) => {
                    const hour = best.hours[i] as number;
                    // 10–50 % of the accent: the cell's text keeps its contrast in light and dark modes.
                    const strength = cell && best.max > 0 ? Math.round((cell.rate / best.max) * 40) + 10 : 0;
                    const isBest = best.bestCell?.weekday === weekday && best.bestCell.hour === hour;
                    return (
                      <td key={hour} className="p-0.5">
                        <span
                          className={`block min-w-11 rounded px-1 py-1.5 text-center ${isBest ? "ring-2 ring-fg" : ""}`}
                          style={cell ? { background: `color-mix(in srgb, var(--color-accent) ${strength}%, transparent)` } : undefined}
                          title={
                            cell
                              ? `${WEEKDAYS[weekday]}, ${hour}h: ${pct(cell.rate)} (${cell.posts} ${cell.posts === 1 ? "post" : "posts"})`
                              : undefined
                          }
                        >
                          {cell ? pct(cell.rate) : <span className="text-fg-soft">·</span>}
                        </span>
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ) : null}
    </Card>
  );
}

export default function Analytics({ loaderData }: Route.ComponentProps) {
  const { social, business, unit } = loaderData;
  const period = `${formatLocalDay(loaderData.de)} a ${formatLocalDay(loaderData.ate)}`;
  return (
    <>
      <PageHeader title="Analytics" description={`O alcance dos seus posts e os números do negócio de ${period}.`} />
      <div className="space-y-6">
        <Period data={loaderData} />
        {social ? (
          <section aria-labelledby="analytics-social" className="space-y-4">
            <h2 id="analytics-social" className="text-lg font-semibold">
              Redes sociais
            </h2>
            <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
              <Kpi label="Posts publicados" value={formatNumber(social.kpis.posts)} />
              <Kpi label="Alcance" value={formatNumber(social.kpis.alcance)} hint="pessoas alcançadas, somadas por post" />
              <Kpi label="Engajamento" value={formatNumber(social.kpis.engajamento)} hint="curtidas, comentários, compart. e salvos" />
              <Kpi label="Taxa de engajamento" value={pct(social.kpis.taxa)} hint="engajamento ÷ alcance" />
            </dl>
            {social.kpis.posts ? (
              <>
                <Card>
                  <div className="grid gap-6 lg:grid-cols-2">
                    <Chart
                      chart={social.reach}
                      title={`Alcance por ${unit}`}
                      summary={`${formatNumber(social.kpis.alcance)} pessoas alcançadas no período.`}
                    />
                    <Chart
                      chart={social.engagement}
                      title={`Engajamento por ${unit}`}
                      summary={`${formatNumber(social.kpis.engajamento)} interações no período.`}
                    />
                  </div>
                  <p className="mt-4 text-xs text-fg-soft">
                    Números da leitura diária da Meta, pelo dia em que cada post saiu. A Meta não informa mais impressões por post: o
                    alcance é a medida de público.
                  </p>
                </Card>
                <Card
                  title="Posts do período"
                  actions={<span className="text-xs text-fg-soft">os de maior taxa de engajamento primeiro</span>}
                >
                  <div className="-mx-5 overflow-x-auto sm:mx-0">
                    <table className="w-full text-sm tabular-nums">
                      <caption className="sr-only">Alcance e engajamento de cada post do período</caption>
                      <thead className="text-left text-xs text-fg-soft">
                        <tr className="border-b border-line">
                          <th scope="col" className="px-2 py-2 font-semibold">
                            Post
                          </th>
                          <th scope="col" className="px-2 py-2 text-right font-semibold">
                            Alcance
                          </th>
                          <th scope="col" className="px-2 py-2 text-right font-semibold">
                            Engajamento
                          </th>
                          <th scope="col" className="px-2 py-2 text-right font-semibold">
                            Taxa
                          </th>
                        </tr>
                      </thead>
                      <tbody>
                        {social.posts.map((p) => (
                          <tr key={p.key} className="border-b border-line align-top">
                            <td className="max-w-72 px-2 py-2">
                              <span className="block text-xs text-fg-soft">
                                {p.quando} · {p.rede}
                              </span>
                              {p.href ? (
                                <Link to={p.href} className="line-clamp-2 hover:text-accent hover:underline">
                                  {p.legenda}
                                </Link>
                              ) : p.permalink ? (
                                <a
                                  href={p.permalink}
                                  target="_blank"
                                  rel="noreferrer"
                                  className="line-clamp-2 hover:text-accent hover:underline"
                                >
                                  {p.legenda}
                                </a>
                              ) : (
                                <span className="line-clamp-2">{p.legenda}</span>
                              )}
                            </td>
                            <td className="px-2 py-2 text-right">{p.alcance === null ? "—" : formatNumber(p.alcance)}</td>
                            <td className="px-2 py-2 text-right">{formatNumber(p.engajamento)}</td>
                            <td className="px-2 py-2 text-right font-semibold">{pct(p.taxa)}</td>
                          </tr>
                        ))}
                      </tbody>
                    </table>
                  </div>
                </Card>
              </>
            ) : (
              <Card>
                <p className="text-sm">Nenhum post publicado neste período.</p>
                <p className="mt-1 text-sm text-fg-soft">
                  Os números chegam um dia depois de cada post sair, pela leitura diária da Meta.{" "}
                  <Link to="/gerar-postagem" className="font-semibold text-accent underline-offset-2 hover:underline">
                    Gerar uma postagem
                  </Link>
                </p>
              </Card>
            )}
            <BestTimes best={social.best} gridFrom={loaderData.gridFrom} ate={loaderData.ate} />
          </section>
        ) : null}
        {business ? (
          <section aria-labelledby="analytics-negocio" className="space-y-4">
            <h2 id="analytics-negocio" className="text-lg font-semibold">
              Negócio
            </h2>
            <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
              <Kpi label="Leads" value={formatNumber(business.kpis.leads)} hint="interesses criados no período" />
              <Kpi
                label="Conversão"
                value={pct(business.kpis.conversao)}
                hint={`${business.kpis.fechados} fechados, ${business.kpis.perdidos} perdidos`}
              />
              <Kpi
                label="Ticket médio"
                value={business.kpis.ticket === null ? "—" : formatBRL(business.kpis.ticket)}
                hint={`${formatNumber(business.kpis.vendas)} ${business.kpis.vendas === 1 ? "venda" : "vendas"}, ${formatBRL(business.kpis.faturamento)}`}
              />
              <Kpi
                label="Clientes que voltaram"
                value={`${formatNumber(business.kpis.voltaram)} de ${formatNumber(business.kpis.compradores)}`}
                hint="compraram 2 vezes ou mais no período"
              />
            </dl>
            <div className="grid gap-4 lg:grid-cols-2">
              <Card title="Leads por origem">
                {business.leads.length ? (
                  <>
                    <Chart chart={business.leadsChart} title="Leads por origem e onde estão hoje" table="none" />
                    <div className="-mx-5 mt-4 overflow-x-auto sm:mx-0">
                      <table className="w-full text-sm tabular-nums">
                        <caption className="sr-only">Leads por origem: fechados, perdidos, em andamento e conversão</caption>
                        <thead className="text-left text-xs text-fg-soft">
                          <tr className="border-b border-line">
                            <th scope="col" className="px-2 py-2 font-semibold">
                              Origem
                            </th>
                            <th scope="col" className="px-2 py-2 text-right font-semibold">
                              Leads
                            </th>
                            <th scope="col" className="px-2 py-2 text-right font-semibold">
                              Fechados
                            </th>
                            <th scope="col" className="px-2 py-2 text-right font-semibold">
                              Perdidos
                            </th>
                            <th scope="col" className="px-2 py-2 text-right font-semibold">
                              Conversão
                            </th>
                          </tr>
                        </thead>
                        <tbody>
                          {business.leads.map((r) => (
                            <tr key={r.origem} className="border-b border-line">
                              <th scope="row" className="px-2 py-2 text-left font-medium">
                                {r.origem}
                              </th>
                              <td className="px-2 py-2 text-right">{formatNumber(r.total)}</td>
                              <td className="px-2 py-2 text-right">{formatNumber(r.fechados)}</td>
                              <td className="px-2 py-2 text-right">{formatNumber(r.perdidos)}</td>
                              <td className="px-2 py-2 text-right font-semibold">{pct(r.conversao)}</td>
                            </tr>
                          ))}
                        </tbody>
                      </table>
                    </div>
                    <p className="mt-2 text-xs text-fg-soft">
                      Conversão: fechados ÷ (fechados + perdidos) dos interesses criados no período, pela etapa em que estão hoje.
                    </p>
                  </>
                ) : (
                  <p className="text-sm">
                    Nenhum interesse criado neste período.{" "}
                    <Link to="/property_clients/create" className="font-semibold text-accent underline-offset-2 hover:underline">
                      Novo interesse
                    </Link>
                  </p>
                )}
              </Card>
              <Card title="Novos clientes por origem">
                {business.newClients ? (
                  <Chart
                    chart={business.clientsChart}
                    title={`${formatNumber(business.newClients)} clientes cadastrados no período`}
                    table="open"
                  />
                ) : (
                  <p className="text-sm">Nenhum cliente cadastrado neste período.</p>
                )}
              </Card>
            </div>
            <Card title="Vendas">
              {business.kpis.vendas ? (
                <>
                  <div className="grid gap-6 lg:grid-cols-2">
                    <Chart
                      chart={business.salesChart}
                      title={`Faturamento por ${unit}`}
                      summary={`${formatBRL(business.kpis.faturamento)} no período.`}
                    />
                    <Chart
                      chart={business.ticketChart}
                      title={`Ticket médio por ${unit}`}
                      summary={business.kpis.ticket === null ? undefined : `Ticket médio de ${formatBRL(business.kpis.ticket)} no período.`}
                    />
                  </div>
                  <p className="mt-4 text-sm">
                    {business.kpis.compradores
                      ? `${formatNumber(business.kpis.compradores)} ${business.kpis.compradores === 1 ? "cliente comprou" : "clientes compraram"} no período: ${formatNumber(business.kpis.voltaram)} ${business.kpis.voltaram === 1 ? "voltou" : "voltaram"} (2 compras ou mais) e ${formatNumber(business.kpis.compradores - business.kpis.voltaram)} ${business.kpis.compradores - business.kpis.voltaram === 1 ? "comprou" : "compraram"} uma vez.`
                      : "Nenhuma venda do período tem cliente identificado."}
                    {business.kpis.semCliente
                      ? ` ${formatNumber(business.kpis.semCliente)} ${business.kpis.semCliente === 1 ? "venda sem cliente identificado não entra" : "vendas sem cliente identificado não entram"} nessa conta.`
                      : ""}
                  </p>
                  <p className="mt-1 text-xs text-fg-soft">Vendas concluídas; as canceladas não entram.</p>
                </>
              ) : (
                <p className="text-sm">
                  Nenhuma venda concluída neste período.{" "}
                  <Link to="/sales/nova" className="font-semibold text-accent underline-offset-2 hover:underline">
                    Nova venda
                  </Link>
                </p>
              )}
            </Card>
          </section>
        ) : null}
      </div>
    </>
  );
}
