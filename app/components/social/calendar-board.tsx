import { type DragEvent, type KeyboardEvent, type MouseEvent, useEffect, useMemo, useRef, useState } from "react";
import { useFetcher, useNavigate } from "react-router";
import { addDays, calendarSearch, fullDayLabel, WEEKDAYS_SHORT, weekdayOf } from "../../../shared/social/calendar.ts";
import { dayIn } from "../../../shared/time-zone.ts";
import { useTimeZone } from "../../lib/time-zone.ts";
import type { CalendarData, CalendarDayView, DaysJson } from "../../server/social/calendar.server.ts";
import { chipsHtml } from "./calendar-chips.ts";
import { MovePostForm } from "./move-post-form.tsx";

type Day = CalendarDayView;
export type CalendarPost = Day["posts"][number];

/** The loader's days (one JSON text in the page data), read once per render of the page. */
export function daysOf(json: DaysJson): CalendarDayView[] {
  return JSON.parse(json) as CalendarDayView[];
}

/**
 * The month or week of posts (ADR 045). A post that may still move (nothing went out) moves to
 * another day at the same time of day by dragging it with a mouse, by the arrow keys when it is
 * focused (← → a day, ↑ ↓ a week), or by its "Mover" button (a day and time picker, the way on a
 * phone); every move is announced to screen readers and a refusal is said in pt-BR. Days are the
 * organização's: the loader read them in its zone. On a phone the grid is an agenda: one day per
 * row, the days without posts left out, so the page never scrolls sideways.
 */
export function CalendarBoard({ data, days }: { data: CalendarData; days: readonly CalendarDayView[] }) {
  const zone = useTimeZone();
  const fetcher = useFetcher<{ ok?: true; error?: string }>();
  const [announcement, setAnnouncement] = useState("");
  const [moving, setMoving] = useState<CalendarPost | null>(null);
  const [over, setOver] = useState<string | null>(null);
  const dragging = useRef<CalendarPost | null>(null);
  const focusAfter = useRef<string | null>(null);
  const navigate = useNavigate();
  const month = data.query.vista === "mes";
  const canMove = (post: CalendarPost) => data.canMove && post.movable;
  // The chips are HTML text (calendar-chips.ts): their events are handled here, on the grid, by the post's id.
  const byId = useMemo(() => new Map(days.flatMap((d) => d.posts.map((p) => [p.id, p] as const))), [days]);
  const chips = useMemo(
    () => days.map((d) => chipsHtml(d.posts, data.detailPath, (p) => data.canMove && p.movable)),
    [days, data.detailPath, data.canMove],
  );
  const postAt = (target: EventTarget) => {
    const id = (target as HTMLElement).closest?.("[data-post]")?.getAttribute("data-post");
    return id ? (byId.get(id) ?? null) : null;
  };
  const dayAt = (target: EventTarget) => (target as HTMLElement).closest?.("[data-day]")?.getAttribute("data-day") ?? null;

  const send = (post: CalendarPost, dia: string, hora?: string) => {
    const body: Record<string, string> = { intent: "reagendar", id: post.id, dia, era: post.at };
    if (hora) body.hora = hora;
    fetcher.submit(body, { method: "post" });
    focusAfter.current = post.id;
    setAnnouncement(`Movendo “${post.legenda}” para ${fullDayLabel(dia)}${hora ? ` às ${hora}` : ""}…`);
  };

  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data) return;
    if (fetcher.data.error) setAnnouncement(fetcher.data.error);
    else if (fetcher.data.ok) setAnnouncement("Post reagendado.");
    // Keyboard users keep their place: the moved post takes the focus again where it now is.
    if (focusAfter.current) document.querySelector<HTMLElement>(`[data-post="${focusAfter.current}"]`)?.focus();
    focusAfter.current = null;
  }, [fetcher.state, fetcher.data]);

  /** A plain click on a link opens it in the app (a modified click is the browser's: new tab…); "Mover" opens its form. */
  const onClick = (event: MouseEvent<HTMLElement>) => {
    const target = event.target as HTMLElement;
    const mover = target.closest("[data-move]");
    if (mover) {
      const post = postAt(mover);
      if (post) setMoving(post);
      return;
    }
    const link = target.closest("a[href]");
    if (!link || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigate(link.getAttribute("href") ?? "/");
  };

  const onKey = (event: KeyboardEvent<HTMLElement>) => {
    const target = event.target as HTMLElement;
    if (!target.matches("li[data-post]")) return;
    const post = postAt(target);
    if (!post || !canMove(post)) return;
    const step = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -7, ArrowDown: 7 }[event.key];
    if (!step) return;
    event.preventDefault();
    send(post, addDays(dayIn(post.at, zone), step));
  };

  const onDragStart = (event: DragEvent<HTMLElement>) => {
    const post = postAt(event.target);
    if (!post || !canMove(post)) return;
    event.dataTransfer.setData("text/plain", post.id);
    event.dataTransfer.effectAllowed = "move";
    dragging.current = post;
    // Marked on the element itself: re-rendering the day's HTML now would end the drag.
    (event.target as HTMLElement).closest("[data-post]")?.classList.add("opacity-50");
  };

  const onDragEnd = (event: DragEvent<HTMLElement>) => {
    (event.target as HTMLElement).closest?.("[data-post]")?.classList.remove("opacity-50");
    dragging.current = null;
    setOver(null);
  };

  const onDragOver = (event: DragEvent<HTMLElement>) => {
    const day = dayAt(event.target);
    if (!dragging.current || !day) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = "move";
    setOver(day);
  };

  const onDragLeave = (event: DragEvent<HTMLElement>) => {
    const day = dayAt(event.target);
    setOver((d) => (d === day ? null : d));
  };

  const onDrop = (event: DragEvent<HTMLElement>) => {
    const day = dayAt(event.target);
    const post = dragging.current;
    if (!day) return;
    event.preventDefault();
    setOver(null);
    dragging.current = null;
    if (post && dayIn(post.at, zone) !== day) send(post, day);
  };

  const weekHref = calendarSearch(data.query, { vista: "semana", data: DAY_TOKEN });
  const error = fetcher.state === "idle" ? fetcher.data?.error : undefined;
  const busy = fetcher.state !== "idle";
  const empty = days.every((d) => d.total === 0);

  return (
    <div className="min-w-0">
      <p className="sr-only" aria-live="polite" role="status">
        {announcement}
      </p>
      {error ? (
        <p className="mb-3 rounded border border-red-300 bg-red-50 p-2 text-sm text-red-800" role="alert">
          {error}
        </p>
      ) : null}
      {data.canMove ? (
        <p className="mb-3 text-xs text-fg-soft" id="calendario-ajuda">
          Para reagendar, arraste o post para outro dia (o horário continua o mesmo) ou use “Mover”. Com o post focado, ← → mudam um dia e ↑
          ↓ uma semana.
        </p>
      ) : null}
      {moving ? (
        <MovePostForm
          post={moving}
          zone={zone}
          today={data.today}
          busy={busy}
          onMove={(dia, hora) => {
            send(moving, dia, hora);
            setMoving(null);
          }}
          onCancel={() => {
            const id = moving.id;
            setMoving(null);
            document.querySelector<HTMLElement>(`[data-move="${id}"]`)?.focus();
          }}
        />
      ) : null}
      {empty ? <p className="mb-3 text-sm text-fg-soft sm:hidden">Nenhum post neste período.</p> : null}
      <div className="hidden grid-cols-7 gap-1 pb-1 text-center text-xs font-semibold text-fg-soft uppercase sm:grid" aria-hidden="true">
        {WEEKDAYS_SHORT.map((w) => (
          <span key={w}>{w}</span>
        ))}
      </div>
      {/* One handler of each kind for the whole grid (the chips and links inside are found by their data attributes). */}
      <ol
        className="grid grid-cols-1 gap-1 sm:grid-cols-7"
        aria-busy={busy || undefined}
        data-calendar={data.query.vista}
        onClick={onClick}
        onKeyDown={onKey}
        onDragStart={onDragStart}
        onDragEnd={onDragEnd}
        onDragOver={onDragOver}
        onDragLeave={onDragLeave}
        onDrop={onDrop}
      >
        {days.map((day, i) => (
          <DayCell key={day.day} day={day} data={data} weekHref={weekHref} month={month} over={over === day.day} chips={chips[i] ?? ""} />
        ))}
      </ol>
    </div>
  );
}

/** Stands for the day in the week link built once per page (not one URL per day). */
const DAY_TOKEN = "DIADIA";

function DayCell({
  day,
  data,
  weekHref,
  month,
  over,
  chips,
}: {
  day: Day;
  data: CalendarData;
  weekHref: string;
  month: boolean;
  over: boolean;
  chips: string;
}) {
  const today = day.day === data.today;
  const past = day.day < data.today;
  const more = day.total - day.posts.length;
  const weekLink = weekHref.replace(DAY_TOKEN, day.day);
  // On a phone a day without posts is left out of the agenda (today stays, to say where we are).
  const hiddenOnPhone = day.total === 0 && !today ? " cal-day-empty" : "";
  const shade = !day.inMonth ? " cal-day-out" : past ? " cal-day-past" : "";
  const edge = over ? " cal-day-over" : today ? " cal-day-today" : "";
  const label = fullDayLabel(day.day);
  return (
    <li
      data-day={day.day}
      aria-label={`${label}${today ? " (hoje)" : ""}: ${day.total === 1 ? "1 post" : `${day.total} posts`}`}
      className={`cal-day${month ? "" : " cal-day-week"}${shade}${hiddenOnPhone}${edge}`}
    >
      <h3>
        {/* On a phone the agenda's "qui, 26 de nov" comes from the data attributes (app.css): no elements per day for it. */}
        <a
          href={weekLink}
          aria-label={`Ver a semana de ${label}`}
          data-wd={WEEKDAYS_SHORT[weekdayOf(day.day)]}
          data-mes={monthShort(day.day)}
          className={today ? "cal-today" : undefined}
        >
          {Number(day.day.slice(8))}
        </a>
        {today ? <small>hoje</small> : null}
      </h3>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: calendar-chips.ts escapes every value */}
      <ul dangerouslySetInnerHTML={{ __html: chips }} />
      {more > 0 ? (
        month ? (
          <a href={weekLink} className="cal-more">
            {`+${more} ${more === 1 ? "post" : "posts"}`}
          </a>
        ) : (
          <p className="cal-more">{`e mais ${more} ${more === 1 ? "post" : "posts"} neste dia`}</p>
        )
      ) : null}
    </li>
  );
}

const MONTHS_SHORT = ["jan", "fev", "mar", "abr", "mai", "jun", "jul", "ago", "set", "out", "nov", "dez"];
function monthShort(day: string): string {
  return MONTHS_SHORT[Number(day.slice(5, 7)) - 1] ?? "";
}
