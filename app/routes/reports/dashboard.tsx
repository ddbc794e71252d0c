import { Link } from "react-router";
import type { Route } from "./+types/dashboard";
import { Card, PageHeader } from "../../components/ui/card.tsx";
import { titleMeta } from "../../lib/title.ts";
import { formatDate, formatNumber, formatTime } from "../../../shared/format.ts";
import { formatDateIn, timeZoneOf } from "../../../shared/time-zone.ts";
import { Alert } from "../../components/ui/alert.tsx";
import { useTimeZone } from "../../lib/time-zone.ts";
import { formatQuantity } from "../../../shared/resources/produtos.ts";
import { requireOrg } from "../../server/guards.server.ts";
import { MATCH_REASON_LABELS } from "../../../shared/real-estate/match-reasons.ts";
import { dashboardSummary } from "../../../worker/services/reports/dashboard.ts";
import { expiryFilter, expiryState, expiryText } from "../../../shared/documents/expiry.ts";
import { DOCUMENT_TYPE } from "../../../shared/enums/documents.ts";
import { changeOf } from "../../../shared/reports/dashboard-periods.ts";
import { changeText, dashboardLinks, monthName, trendText } from "../../../shared/reports/dashboard-view.ts";
import {
  AppointmentsCard,
  CashCard,
  CommissionsCard,
  DueCard,
  LeadsCard,
  PostsCard,
  SalesCard,
} from "../../components/dashboard/business-cards.tsx";

export const meta: Route.MetaFunction = () => titleMeta("Dashboard");

export async function loader({ request, context }: Route.LoaderArgs) {
  const { rc, auth, org } = requireOrg(context, request);
  const now = new Date();
  const zone = timeZoneOf(org.timeZone);
  const { lowStock, matches, documents, business, periods, ...summary } = await dashboardSummary(
    rc.db,
    org.id,
    auth.user.id,
    org.role,
    now,
    org.ownOnly,
    zone,
  );
  const newMatches = matches && {
    total: matches.total,
    items: matches.items.map((m) => ({
      id: m.id,
      href: `/property_clients/${m.interestId}`,
      imovel: m.imovelTitulo ?? "Imóvel",
      cliente: m.clienteNome ?? "Cliente",
      motivo: MATCH_REASON_LABELS[m.motivo] ?? "",
    })),
  };
  // Formatted here: the page ships no product schema to the browser.
  const low = lowStock && {
    total: lowStock.total,
    items: lowStock.items.map((p) => ({
      id: p.id,
      nome: p.nome,
      out: p.estoque <= 0,
      text: `${formatQuantity(p.estoque, p.unidade)} / ${formatQuantity(p.minimo)}`,
    })),
  };
  // Expired or expiring documents, with the words and the list's filters decided in the organização's zone.
  const expiring = documents && {
    total: documents.total,
    expired: documents.expired,
    aVencerHref: `/documents?f.vencimento=${encodeURIComponent(expiryFilter("a_vencer", documents.today))}&sort=vencimento&dir=asc`,
    vencidosHref: `/documents?f.vencimento=${encodeURIComponent(expiryFilter("vencido", documents.today))}&sort=vencimento&dir=desc`,
    items: documents.items.map((d) => ({
      id: d.id,
      titulo: d.titulo,
      tipo: DOCUMENT_TYPE.label(d.tipo),
      expired: expiryState(d.vencimento, documents.today) === "vencido",
      text: expiryText(d.vencimento, documents.today),
    })),
  };
  return {
    cards: businessCards(business, periods, org.role),
    firstName: auth.user.name.split(" ")[0] ?? auth.user.name,
    // The organização's clock, decided here so the page and its hydration agree.
    greeting: greeting(now, zone),
    today: formatDate(now, zone),
    role: org.role,
    summary: { ...summary, lowStock: low, matches: newMatches, documents: expiring },
  };
}

type Summary = Awaited<ReturnType<typeof dashboardSummary>>;

/** The business cards' data, with their links and words decided here (the page ships no query code). */
function businessCards(b: Summary["business"], p: Summary["periods"], role: string) {
  const links = dashboardLinks(p);
  const lastMonthName = monthName(p.lastMonthFrom);
  const change = b.sales ? changeOf(b.sales.mes, b.sales.mesAnterior) : null;
  return {
    appointments: b.appointments && { ...b.appointments, href: links.agendaHoje, own: role === "professional" },
    sales: b.sales && {
      ...b.sales,
      change: change === null ? null : changeText(change),
      up: (change ?? 0) >= 0,
      lastMonthName,
      trendLabel: trendText("Vendas por dia", p.trendDays, b.sales.trend, true),
      hojeHref: links.vendasHoje,
      mesHref: links.vendasMes,
      newSale: true,
    },
    cash: b.cash && {
      total: b.cash.total,
      accounts: b.cash.accounts.map((a) => ({ id: a.id, nome: a.nome, saldo: a.saldo, href: links.conta(a.id) })),
      trend: b.cash.trend,
      trendLabel: trendText("Saldo somado das contas ao fim de cada dia", p.trendDays, b.cash.trend, false),
      href: links.saldos,
    },
    bills: b.bills && { ...b.bills, vencidasHref: links.contasVencidas, semanaHref: links.contasSemana, createHref: "/contas/create" },
    receivables: b.receivables && {
      ...b.receivables,
      vencidasHref: links.receitasVencidas,
      semanaHref: links.receitasSemana,
      createHref: "/receitas/create",
    },
    leads: b.leads && {
      ...b.leads,
      byOrigin: b.leads.byOrigin.map((o) => ({ ...o, href: links.leadsDe(o.origem) })),
      href: links.leads,
      hotHref: links.quentes,
    },
    posts: b.posts && { ...b.posts, href: links.calendario, failedHref: links.falhas, canCreate: true },
    commissions: b.commissions && { ...b.commissions, monthName: monthName(p.today) },
  };
}

function greeting(now: Date, zone: string): string {
  const hour = Number(formatTime(now, zone).slice(0, 2));
  return hour < 12 ? "Bom dia" : hour < 18 ? "Boa tarde" : "Boa noite";
}

/** Meta logins to reconnect or expiring within 7 days: the token health warning on the dashboard. */
function SocialAttention({
  items,
  manager,
}: {
  items: { tipo: string; nome: string; status: string; motivo: string | null; expiraEm: string | null }[];
  manager: boolean;
}) {
  const zone = useTimeZone();
  if (!items.length) return null;
  return (
    <div className="mb-4 space-y-2">
      {items.map((c) => {
        const network = c.tipo === "instagram_login" ? "Instagram" : "Facebook";
        const text =
          c.status === "reconectar"
            ? (c.motivo ?? `O ${network} precisa ser reconectado: os posts agendados ficam retidos até lá.`)
            : `A conexão do ${network} (${c.nome}) expira em ${c.expiraEm ? formatDateIn(c.expiraEm, zone) : "breve"}: reconecte antes para os posts não pararem.`;
        return (
          <Alert key={`${c.tipo}-${c.nome}`} tone="error">
            {text}{" "}
            {manager ? (
              <Link
                to={c.tipo === "instagram_login" ? "/instagram-connection" : "/facebook-connection"}
                className="font-semibold underline"
              >
                Reconectar o {network}
              </Link>
            ) : (
              "Avise o dono ou um administrador."
            )}
          </Alert>
        );
      })}
    </div>
  );
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { summary, firstName, role, greeting, today, cards } = loaderData;
  const manager = role === "owner" || role === "admin";
  const percent = Math.round((summary.profile.done / summary.profile.total) * 100);
  return (
    <>
      <PageHeader title={`${greeting}, ${firstName}!`} description={`Hoje é ${today}. Este é o resumo de ${summary.orgName}.`} />
      <SocialAttention items={summary.social} manager={manager} />
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {cards.appointments ? <AppointmentsCard data={cards.appointments} /> : null}
        {cards.commissions ? <CommissionsCard data={cards.commissions} /> : null}
        {cards.sales ? <SalesCard data={cards.sales} /> : null}
        {cards.cash ? <CashCard data={cards.cash} /> : null}
        {cards.bills ? <DueCard data={cards.bills} kind="pagar" /> : null}
        {cards.receivables ? <DueCard data={cards.receivables} kind="receber" /> : null}
        {/* Only where interests exist (a business without real estate sees no empty card). */}
        {cards.leads && (cards.leads.total > 0 || cards.leads.hot > 0 || (summary.counts.interesses ?? 0) > 0) ? (
          <LeadsCard data={cards.leads} />
        ) : null}
        {cards.posts ? <PostsCard data={cards.posts} /> : null}
        {summary.lowStock ? (
          <Card title="Estoque baixo">
            <p className="text-3xl font-bold tabular-nums">{summary.lowStock.total}</p>
            <p className="text-sm text-fg-soft">
              {summary.lowStock.total === 1 ? "produto abaixo do mínimo" : "produtos abaixo do mínimo"}
            </p>
            {summary.lowStock.items.length ? (
              <ul className="mt-3 space-y-1 text-sm">
                {summary.lowStock.items.map((p) => (
                  <li key={p.id} className="flex justify-between gap-2">
                    <Link to={`/produtos/${p.id}`} className="truncate hover:text-accent hover:underline">
                      {p.nome}
                    </Link>
                    <span className={`shrink-0 tabular-nums ${p.out ? "text-danger" : "text-fg-soft"}`}>{p.text}</span>
                  </li>
                ))}
              </ul>
            ) : null}
            <Link
              to="/produtos?f.abaixoMinimo=sim"
              className="mt-3 inline-block text-sm font-semibold text-accent underline-offset-2 hover:underline"
            >
              Ver produtos com estoque baixo
            </Link>
          </Card>
        ) : null}
        {/* Only when something expires (a business that sets no expiry sees no empty card). */}
        {summary.documents && summary.documents.total > 0 ? (
          <Card title="Documentos vencendo">
            <p className="text-3xl font-bold tabular-nums">{summary.documents.total}</p>
            <p className="text-sm text-fg-soft">
              {summary.documents.expired > 0
                ? `${summary.documents.expired} ${summary.documents.expired === 1 ? "vencido" : "vencidos"}, ${summary.documents.total - summary.documents.expired} a vencer em 30 dias`
                : summary.documents.total === 1
                  ? "documento vence nos próximos 30 dias"
                  : "documentos vencem nos próximos 30 dias"}
            </p>
            <ul className="mt-3 space-y-1 text-sm" aria-label="Documentos vencidos e a vencer">
              {summary.documents.items.map((d) => (
                <li key={d.id} className="flex justify-between gap-2">
                  <Link to={`/documents/${d.id}`} className="min-w-0 truncate hover:text-accent hover:underline">
                    {d.titulo} <span className="text-fg-soft">· {d.tipo}</span>
                  </Link>
                  <span className={`shrink-0 ${d.expired ? "badge badge-red" : "badge badge-yellow"}`}>{d.text}</span>
                </li>
              ))}
            </ul>
            <p className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-sm font-semibold">
              {summary.documents.expired > 0 ? (
                <Link to={summary.documents.vencidosHref} className="text-accent underline-offset-2 hover:underline">
                  Ver vencidos
                </Link>
              ) : null}
              <Link to={summary.documents.aVencerHref} className="text-accent underline-offset-2 hover:underline">
                Ver a vencer
              </Link>
            </p>
          </Card>
        ) : null}
        {/* Only where interests exist (a business without real estate sees no empty card). */}
        {summary.matches && (summary.matches.total > 0 || (summary.counts.interesses ?? 0) > 0) ? (
          <Card title="Novos matches">
            <p className="text-3xl font-bold tabular-nums">{summary.matches.total}</p>
            <p className="text-sm text-fg-soft">
              {summary.matches.total === 1 ? "imóvel combina com um interesse" : "combinações de imóveis com interesses"}
            </p>
            {summary.matches.items.length ? (
              <ul className="mt-3 space-y-1 text-sm" aria-label="Últimos matches">
                {summary.matches.items.map((m) => (
                  <li key={m.id}>
                    <Link to={m.href} className="hover:text-accent hover:underline">
                      {m.imovel} <span aria-hidden="true">→</span>
                      <span className="sr-only">para</span> {m.cliente}
                    </Link>
                    {m.motivo ? <span className="text-fg-soft"> · {m.motivo}</span> : null}
                  </li>
                ))}
              </ul>
            ) : null}
            <Link to="/property_clients" className="mt-3 inline-block text-sm font-semibold text-accent underline-offset-2 hover:underline">
              Ver interesses
            </Link>
          </Card>
        ) : null}
        {summary.counts.clients !== undefined ? (
          <Card title="Cadastros">
            <dl className="grid grid-cols-2 gap-2 text-sm">
              {[
                ["clients", "Clientes", "/clients"],
                ["companies", "Empresas", "/companies"],
                ["produtos", "Produtos", "/produtos"],
                ["movimentacoes-produtos", "Movimentações", "/movimentacao-produtos"],
              ]
                .filter(([key]) => summary.counts[key as string] !== undefined)
                .map(([key, label, href]) => (
                  <div key={key}>
                    <dt className="text-fg-soft">
                      <Link to={href as string} className="hover:text-accent hover:underline">
                        {label}
                      </Link>
                    </dt>
                    <dd className="text-xl font-semibold tabular-nums">{formatNumber(summary.counts[key as string] ?? 0)}</dd>
                  </div>
                ))}
            </dl>
          </Card>
        ) : null}
        <Card title="Perfil do negócio">
          <p className="text-3xl font-bold tabular-nums">{percent}%</p>
          <div
            className="mt-2 h-2 rounded-full bg-muted"
            role="progressbar"
            aria-label="Perfil do negócio completo"
            aria-valuenow={percent}
            aria-valuemin={0}
            aria-valuemax={100}
          >
            <div className="h-2 rounded-full bg-accent" style={{ width: `${percent}%` }} />
          </div>
          {summary.profile.missing.length > 0 ? (
            <p className="mt-3 text-sm text-fg-soft">Falta: {summary.profile.missing.join(", ")}.</p>
          ) : (
            <p className="mt-3 text-sm text-fg-soft">Perfil completo.</p>
          )}
          {manager ? (
            <Link to="/config" className="mt-3 inline-block text-sm font-semibold text-accent underline-offset-2 hover:underline">
              Editar perfil do negócio
            </Link>
          ) : null}
        </Card>
        <Card title="Equipe">
          <p className="text-3xl font-bold tabular-nums">{summary.team.active}</p>
          <p className="text-sm text-fg-soft">{summary.team.active === 1 ? "pessoa ativa" : "pessoas ativas"}</p>
          {summary.team.pending > 0 ? (
            <p className="mt-2 text-sm text-fg-soft">{summary.team.pending} convite(s) aguardando aceite.</p>
          ) : null}
          {manager ? (
            <Link to="/admin/users" className="mt-3 inline-block text-sm font-semibold text-accent underline-offset-2 hover:underline">
              Gerenciar equipe
            </Link>
          ) : null}
        </Card>
        <Card title="Sua conta">
          <p className="text-3xl font-bold tabular-nums">{summary.sessions}</p>
          <p className="text-sm text-fg-soft">{summary.sessions === 1 ? "sessão ativa" : "sessões ativas"}</p>
          <Link to="/perfil" className="mt-3 inline-block text-sm font-semibold text-accent underline-offset-2 hover:underline">
            Ver sessões e senha
          </Link>
        </Card>
      </div>
    </>
  );
}
