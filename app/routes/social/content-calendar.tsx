import { useMemo } from "react";
import { Form, Link, useSubmit } from "react-router";
import type { Route } from "./+types/content-calendar";
import { POST_STATUS, SOCIAL_NETWORK } from "../../../shared/enums/social.ts";
import { calendarSearch, monthLabel, stepDate, weekLabel } from "../../../shared/social/calendar.ts";
import { ResourceErrorBoundary } from "../../components/data/error-boundary.tsx";
import { CalendarBoard, daysOf } from "../../components/social/calendar-board.tsx";
import { PostLegend } from "../../components/social/post-marks.tsx";
import { buttonClass } from "../../components/ui/button.tsx";
import { PageHeader } from "../../components/ui/card.tsx";
import { useLiveRevalidation } from "../../lib/live/use-live-events.ts";
import { titleMeta } from "../../lib/title.ts";
import { readForm, unknownIntent } from "../../server/forms.server.ts";
import { type CalendarData, calendarLoader, rescheduleAction } from "../../server/social/calendar.server.ts";

export const meta: Route.MetaFunction = () => titleMeta("Calendário de Posts");

export function loader(args: Route.LoaderArgs) {
  return calendarLoader(args);
}

export async function action(args: Route.ActionArgs) {
  const form = await readForm(args.request.clone() as unknown as Request);
  if (form.get("intent") === "reagendar") return rescheduleAction(args, form);
  return unknownIntent();
}

/** A post's status or time changed anywhere in the organização (ADR 043): read the calendar again. */
const livePosts = (event: { type: string; resource?: string }) =>
  event.type === "post.status" || (event.type === "record.changed" && event.resource === "posts");

export default function ContentCalendar({ loaderData }: Route.ComponentProps) {
  useLiveRevalidation(livePosts);
  const data = loaderData;
  const days = useMemo(() => daysOf(data.days), [data.days]);
  const { query } = data;
  const month = query.vista === "mes";
  const period = month ? monthLabel(query.data) : weekLabel(query.data);
  const noun = month ? "mês" : "semana";
  return (
    <>
      <PageHeader
        title="Calendário de Posts"
        description="Os posts agendados e publicados de cada dia, no fuso do seu negócio."
        actions={
          <Link to={`${data.detailPath}/create`} className={buttonClass("primary")}>
            Novo post
          </Link>
        }
      />
      <nav aria-label="Período" className="mb-3 flex flex-wrap items-center gap-2">
        <div className="flex items-center gap-1">
          <Link
            to={calendarSearch(query, { data: stepDate(query, -1) })}
            className={buttonClass("secondary", "!px-2.5")}
            aria-label={`${noun === "mês" ? "Mês" : "Semana"} anterior`}
          >
            ‹
          </Link>
          <Link to={calendarSearch(query, { data: data.today })} className={buttonClass("secondary")}>
            Hoje
          </Link>
          <Link
            to={calendarSearch(query, { data: stepDate(query, 1) })}
            className={buttonClass("secondary", "!px-2.5")}
            aria-label={`Próxim${noun === "mês" ? "o mês" : "a semana"}`}
          >
            ›
          </Link>
        </div>
        <h2 className="min-w-0 text-lg font-semibold first-letter:uppercase" aria-live="polite">
          {period}
        </h2>
        <div className="ml-auto flex rounded-lg border border-line p-0.5 text-sm">
          {(["mes", "semana"] as const).map((vista) => (
            <Link
              key={vista}
              to={calendarSearch(query, { vista })}
              aria-current={query.vista === vista ? "page" : undefined}
              className={`rounded-md px-3 py-1 font-semibold ${query.vista === vista ? "bg-accent text-accent-fg" : "text-fg-soft hover:text-fg"}`}
            >
              {vista === "mes" ? "Mês" : "Semana"}
            </Link>
          ))}
        </div>
      </nav>
      <Filters data={data} />
      <PostLegend />
      {days.every((d) => d.total === 0) ? <EmptyState data={data} /> : null}
      <CalendarBoard data={data} days={days} />
    </>
  );
}

/** Network, account and status, in the URL (a GET form: shareable, the back button works; changing one applies it). */
function Filters({ data }: { data: CalendarData }) {
  const submit = useSubmit();
  const { query } = data;
  const filtered = Boolean(query.rede || query.conta || query.status);
  const select = "mt-1 w-full rounded-lg border border-line bg-surface px-2 py-1.5 text-sm";
  return (
    <Form
      method="get"
      className="mb-3 grid grid-cols-1 items-end gap-2 sm:flex sm:flex-wrap"
      onChange={(event) => submit(event.currentTarget, { replace: true })}
      aria-label="Filtros do calendário"
    >
      {query.vista === "semana" ? <input type="hidden" name="vista" value="semana" /> : null}
      <input type="hidden" name="data" value={query.vista === "mes" ? query.data.slice(0, 7) : query.data} />
      <label className="flex min-w-0 flex-col text-xs font-semibold sm:w-40">
        Rede
        <select name="rede" defaultValue={query.rede ?? ""} className={select}>
          <option value="">Todas</option>
          {SOCIAL_NETWORK.options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      </label>
      <label className="flex min-w-0 flex-col text-xs font-semibold sm:w-56">
        Conta
        <select name="conta" defaultValue={query.conta ?? ""} className={select}>
          <option value="">Todas</option>
          {data.accounts.map((a) => (
            <option key={a.id} value={a.id}>
              {SOCIAL_NETWORK.label(a.rede)}: {a.nome}
            </option>
          ))}
        </select>
      </label>
      <label className="flex min-w-0 flex-col text-xs font-semibold sm:w-48">
        Status
        <select name="status" defaultValue={query.status ?? ""} className={select}>
          <option value="">Todos</option>
          {POST_STATUS.options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      </label>
      <noscript>
        <button type="submit" className={buttonClass("secondary")}>
          Filtrar
        </button>
      </noscript>
      {filtered ? (
        <Link to={calendarSearch(query, { rede: null, conta: null, status: null })} className="py-1.5 text-sm font-semibold text-accent">
          Limpar filtros
        </Link>
      ) : null}
    </Form>
  );
}

/** Nothing in the period: why, and what to do (create a post; filters that hide everything). */
function EmptyState({ data }: { data: CalendarData }) {
  const { query } = data;
  const filtered = Boolean(query.rede || query.conta || query.status);
  return (
    <div className="mb-4 rounded-lg border border-dashed border-line p-4 text-sm">
      <p className="font-semibold">
        {filtered ? "Nenhum post com esses filtros neste período." : `Nenhum post ${query.vista === "mes" ? "neste mês" : "nesta semana"}.`}
      </p>
      <p className="mt-1 text-fg-soft">
        {filtered
          ? "Limpe os filtros ou veja outro período."
          : "Cada post aparece no dia em que sai, com a cor e o símbolo do status em cada rede. Crie um post a partir de um imóvel ou do zero e agende a data e a hora."}
      </p>
      {filtered ? null : (
        <p className="mt-3 flex flex-wrap gap-2">
          <Link to={`${data.detailPath}/create`} className={buttonClass("primary")}>
            Criar um post
          </Link>
          {data.accounts.length === 0 && data.canConnect ? (
            <Link to="/social-connect-simple" className={buttonClass("secondary")}>
              Conectar Facebook e Instagram
            </Link>
          ) : null}
        </p>
      )}
    </div>
  );
}

export function ErrorBoundary() {
  return <ResourceErrorBoundary />;
}
