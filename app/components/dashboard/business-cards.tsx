import type { ReactNode } from "react";
import { Link } from "react-router";
import { Card } from "../ui/card.tsx";
import { Sparkline } from "../ui/sparkline.tsx";
import { formatBRL, formatNumber } from "../../../shared/format.ts";
import { formatTimeIn, formatDateTimeIn } from "../../../shared/time-zone.ts";
import { APPOINTMENT_STATUS } from "../../../shared/enums/agenda.ts";
import { INTEREST_ORIGIN } from "../../../shared/enums/real-estate.ts";
import { useTimeZone } from "../../lib/time-zone.ts";

/**
 * The dashboard's business cards (ADR 084): each a number first, a line of context, and the link
 * to its screen filtered to exactly what it counted. Data comes shaped by the loader (worker/
 * services/reports/dashboard-business.ts); absent data means the role may not read that card.
 */

const linkClass = "text-sm font-semibold text-accent underline-offset-2 hover:underline";

export function CardLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className={linkClass}>
      {children}
    </Link>
  );
}

function Big({ children, tone = "" }: { children: ReactNode; tone?: string }) {
  return <p className={`text-3xl font-bold tabular-nums ${tone}`}>{children}</p>;
}

function Soft({ children }: { children: ReactNode }) {
  return <p className="text-sm text-fg-soft">{children}</p>;
}

function Links({ children }: { children: ReactNode }) {
  return <p className="mt-3 flex flex-wrap gap-x-4 gap-y-1">{children}</p>;
}

const plural = (n: number, one: string, many: string) => `${formatNumber(n)} ${n === 1 ? one : many}`;

export interface AppointmentsCardData {
  total: number;
  byStatus: Record<string, number>;
  next: { id: string; inicio: string; status: string; cliente: string; profissional: string; servicos: string }[];
  href: string;
  own: boolean;
}

export function AppointmentsCard({ data }: { data: AppointmentsCardData }) {
  const zone = useTimeZone();
  const statuses = APPOINTMENT_STATUS.values.filter((s) => (data.byStatus[s] ?? 0) > 0);
  return (
    <Card title={data.own ? "Sua agenda hoje" : "Agenda de hoje"}>
      <Big>{formatNumber(data.total)}</Big>
      <Soft>{data.total === 1 ? "agendamento hoje" : "agendamentos hoje"}</Soft>
      {statuses.length ? (
        <ul className="mt-2 flex flex-wrap gap-1.5" aria-label="Agendamentos de hoje por situação">
          {statuses.map((s) => (
            <li key={s} className={`badge badge-${APPOINTMENT_STATUS.tone(s)}`}>
              {APPOINTMENT_STATUS.label(s)}: {data.byStatus[s]}
            </li>
          ))}
        </ul>
      ) : null}
      {data.next.length ? (
        <>
          <h3 className="mt-3 text-xs font-semibold uppercase tracking-wide text-fg-soft">Próximos</h3>
          <ul className="mt-1 space-y-1 text-sm">
            {data.next.map((a) => (
              <li key={a.id} className="flex gap-2">
                <span className="shrink-0 font-semibold tabular-nums">{formatTimeIn(a.inicio, zone)}</span>
                <span className="min-w-0 truncate">
                  {a.cliente}
                  {a.servicos ? <span className="text-fg-soft"> · {a.servicos}</span> : null}
                  {!data.own && a.profissional ? <span className="text-fg-soft"> · {a.profissional}</span> : null}
                </span>
              </li>
            ))}
          </ul>
        </>
      ) : data.total === 0 ? (
        <p className="mt-3 text-sm text-fg-soft">Nenhum agendamento para hoje. Marque um horário pela agenda.</p>
      ) : (
        <p className="mt-3 text-sm text-fg-soft">Nada mais por hoje.</p>
      )}
      <Links>
        <CardLink to={data.href}>Abrir a agenda de hoje</CardLink>
      </Links>
    </Card>
  );
}

export interface SalesCardData {
  hoje: number;
  hojeQtd: number;
  mes: number;
  mesQtd: number;
  mesAnterior: number;
  /** "+12%" against the same days of last month, or null (nothing last month). */
  change: string | null;
  up: boolean;
  lastMonthName: string;
  trend: number[];
  trendLabel: string;
  hojeHref: string;
  mesHref: string;
  newSale: boolean;
}

export function SalesCard({ data }: { data: SalesCardData }) {
  const empty = data.mesQtd === 0 && data.mesAnterior === 0 && data.trend.every((v) => v === 0);
  return (
    <Card title="Vendas">
      <div className="grid grid-cols-[repeat(auto-fit,minmax(8.5rem,1fr))] gap-3">
        <div>
          <p className="text-xs font-semibold uppercase tracking-wide text-fg-soft">Hoje</p>
          <p className="whitespace-nowrap text-xl font-bold tabular-nums">{formatBRL(data.hoje)}</p>
          <Soft>{plural(data.hojeQtd, "venda", "vendas")}</Soft>
        </div>
        <div>
          <p className="text-xs font-semibold uppercase tracking-wide text-fg-soft">No mês</p>
          <p className="whitespace-nowrap text-xl font-bold tabular-nums">{formatBRL(data.mes)}</p>
          <Soft>{plural(data.mesQtd, "venda", "vendas")}</Soft>
        </div>
      </div>
      <p className="mt-2 text-sm">
        {data.change ? (
          <>
            <span className={`font-semibold ${data.up ? "text-ok" : "text-danger"}`}>{data.change}</span>{" "}
            <span className="text-fg-soft">
              contra {formatBRL(data.mesAnterior)} nos mesmos dias de {data.lastMonthName}
            </span>
          </>
        ) : (
          <span className="text-fg-soft">Sem vendas nos mesmos dias de {data.lastMonthName} para comparar.</span>
        )}
      </p>
      {empty ? (
        <p className="mt-3 text-sm text-fg-soft">Nenhuma venda nos últimos 30 dias. Registre a primeira pelo ponto de venda.</p>
      ) : (
        <Sparkline values={data.trend} label={data.trendLabel} />
      )}
      <Links>
        <CardLink to={data.hojeHref}>Vendas de hoje</CardLink>
        <CardLink to={data.mesHref}>Vendas do mês</CardLink>
        {data.newSale ? <CardLink to="/sales/nova">Nova venda</CardLink> : null}
      </Links>
    </Card>
  );
}

export interface CashCardData {
  total: number;
  accounts: { id: string; nome: string; saldo: number; href: string }[];
  trend: number[];
  trendLabel: string;
  href: string;
}

export function CashCard({ data }: { data: CashCardData }) {
  return (
    <Card title="Saldo em caixa">
      <Big tone={data.total < 0 ? "text-danger" : ""}>{formatBRL(data.total)}</Big>
      <Soft>somando {plural(data.accounts.length, "conta", "contas")}, pelas movimentações até hoje</Soft>
      {data.accounts.length ? (
        <ul className="mt-3 space-y-1 text-sm" aria-label="Saldo por conta">
          {data.accounts.map((a) => (
            <li key={a.id} className="flex justify-between gap-2">
              <Link to={a.href} className="min-w-0 truncate hover:text-accent hover:underline">
                {a.nome}
              </Link>
              <span className={`shrink-0 tabular-nums ${a.saldo < 0 ? "text-danger" : ""}`}>{formatBRL(a.saldo)}</span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-3 text-sm text-fg-soft">Nenhuma conta financeira. Cadastre o caixa e o banco para ver o saldo.</p>
      )}
      {data.accounts.length ? <Sparkline values={data.trend} label={data.trendLabel} /> : null}
      <Links>
        <CardLink to={data.href}>Ver saldos por dia</CardLink>
      </Links>
    </Card>
  );
}

export interface DueCardData {
  vencidas: number;
  vencidasValor: number;
  semana: number;
  semanaValor: number;
  vencidasHref: string;
  semanaHref: string;
  createHref: string;
}

/** Contas a pagar or a receber: overdue and due in the next 7 days. */
export function DueCard({ data, kind }: { data: DueCardData; kind: "pagar" | "receber" }) {
  const pay = kind === "pagar";
  const nothing = data.vencidas === 0 && data.semana === 0;
  return (
    <Card title={pay ? "Contas a pagar" : "Contas a receber"}>
      <div className="grid grid-cols-2 gap-3">
        <Link to={data.vencidasHref} className="group rounded-lg p-1 -m-1 hover:bg-muted">
          <span className="block text-xs font-semibold uppercase tracking-wide text-fg-soft">
            {pay ? "Contas vencidas" : "Recebimentos vencidos"}
          </span>
          <span className={`block text-2xl font-bold tabular-nums ${data.vencidas > 0 ? "text-danger" : ""}`}>
            {formatNumber(data.vencidas)}
          </span>
          <span className="block text-sm text-fg-soft tabular-nums">{formatBRL(data.vencidasValor)}</span>
        </Link>
        <Link to={data.semanaHref} className="group rounded-lg p-1 -m-1 hover:bg-muted">
          <span className="block text-xs font-semibold uppercase tracking-wide text-fg-soft">Próximos 7 dias</span>
          <span className="block text-2xl font-bold tabular-nums">{formatNumber(data.semana)}</span>
          <span className="block text-sm text-fg-soft tabular-nums">{formatBRL(data.semanaValor)}</span>
        </Link>
      </div>
      {nothing ? (
        <p className="mt-3 text-sm text-fg-soft">
          {pay
            ? "Nada vencido nem vencendo nesta semana. Cadastre as contas do mês para não perder prazos."
            : "Nada a receber vencido nem nesta semana. As parcelas das vendas a prazo aparecem aqui."}
        </p>
      ) : null}
      <Links>
        <CardLink to={data.vencidasHref}>{pay ? "Ver contas vencidas" : "Ver recebimentos vencidos"}</CardLink>
        <CardLink to={data.semanaHref}>Ver os próximos 7 dias</CardLink>
        {nothing ? <CardLink to={data.createHref}>{pay ? "Nova despesa" : "Nova receita"}</CardLink> : null}
      </Links>
    </Card>
  );
}

export interface LeadsCardData {
  total: number;
  byOrigin: { origem: string; n: number; href: string }[];
  hot: number;
  href: string;
  hotHref: string;
}

export function LeadsCard({ data }: { data: LeadsCardData }) {
  return (
    <Card title="Novos interesses">
      <Big>{formatNumber(data.total)}</Big>
      <Soft>{data.total === 1 ? "interesse novo nos últimos 7 dias" : "interesses novos nos últimos 7 dias"}</Soft>
      {data.byOrigin.length ? (
        <ul className="mt-3 space-y-1 text-sm" aria-label="Novos interesses por origem">
          {data.byOrigin.map((o) => (
            <li key={o.origem} className="flex justify-between gap-2">
              <Link to={o.href} className="min-w-0 truncate hover:text-accent hover:underline">
                {INTEREST_ORIGIN.label(o.origem)}
              </Link>
              <span className="shrink-0 tabular-nums">{o.n}</span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-3 text-sm text-fg-soft">Nenhum interesse novo esta semana. Divulgue os imóveis na landing page e nos portais.</p>
      )}
      <p className="mt-3 text-sm">
        <Link to={data.hotHref} className="font-semibold hover:text-accent hover:underline">
          <span className="badge badge-red mr-1">Quentes</span>
          {plural(data.hot, "interesse quente em aberto", "interesses quentes em aberto")}
        </Link>
      </p>
      <Links>
        <CardLink to={data.href}>Ver interesses da semana</CardLink>
      </Links>
    </Card>
  );
}

export interface PostsCardData {
  scheduled: number;
  next: { id: string; legenda: string; em: string; redes: string[] }[];
  failed: { id: string; legenda: string; redes: string[] }[];
  href: string;
  failedHref: string;
  canCreate: boolean;
}

const NETWORK_NAMES: Record<string, string> = { facebook: "Facebook", instagram: "Instagram" };
const caption = (text: string) => (text.trim() ? text.trim().split("\n")[0] : "Post sem legenda");

export function PostsCard({ data }: { data: PostsCardData }) {
  const zone = useTimeZone();
  return (
    <Card title="Posts">
      <Big>{formatNumber(data.scheduled)}</Big>
      <Soft>{data.scheduled === 1 ? "post agendado" : "posts agendados"}</Soft>
      {data.failed.length ? (
        <div className="mt-3 rounded-lg border border-danger bg-danger-soft p-2 text-sm" role="status">
          <p className="font-semibold text-danger">{data.failed.length === 1 ? "Um post não foi publicado" : "Posts não publicados"}</p>
          <ul className="mt-1 space-y-1">
            {data.failed.map((f) => (
              <li key={f.id} className="min-w-0 truncate">
                <Link to={`/posts/${f.id}`} className="hover:text-accent hover:underline">
                  {caption(f.legenda)}
                </Link>{" "}
                <span className="text-fg-soft">· {f.redes.map((r) => NETWORK_NAMES[r] ?? r).join(" e ")}</span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {data.next.length ? (
        <>
          <h3 className="mt-3 text-xs font-semibold uppercase tracking-wide text-fg-soft">Próximos</h3>
          <ul className="mt-1 space-y-1 text-sm">
            {data.next.map((p) => (
              <li key={p.id} className="flex gap-2">
                <span className="shrink-0 tabular-nums text-fg-soft">
                  {formatDateTimeIn(p.em, zone).slice(0, 5)} {formatTimeIn(p.em, zone)}
                </span>
                <Link to={`/posts/${p.id}`} className="min-w-0 truncate hover:text-accent hover:underline">
                  {caption(p.legenda)}
                </Link>
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p className="mt-3 text-sm text-fg-soft">Nenhum post agendado. Gere uma postagem e agende para manter as redes ativas.</p>
      )}
      <Links>
        <CardLink to={data.href}>Abrir o calendário</CardLink>
        {data.failed.length ? <CardLink to={data.failedHref}>Ver falhas no histórico</CardLink> : null}
        {!data.next.length && data.canCreate ? <CardLink to="/gerar-postagem">Gerar postagem</CardLink> : null}
      </Links>
    </Card>
  );
}

export function CommissionsCard({ data }: { data: { total: number; aPagar: number; n: number; monthName: string } }) {
  return (
    <Card title="Suas comissões no mês">
      <Big>{formatBRL(data.total)}</Big>
      <Soft>
        {data.n === 0
          ? `Nenhuma comissão em ${data.monthName} ainda: elas aparecem quando um atendimento seu é cobrado.`
          : `${plural(data.n, "comissão", "comissões")} em ${data.monthName}; ${formatBRL(data.aPagar)} a receber`}
      </Soft>
      <Links>
        <CardLink to="/atendimento">Abrir o atendimento</CardLink>
      </Links>
    </Card>
  );
}
