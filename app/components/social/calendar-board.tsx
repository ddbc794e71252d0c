import { type DragEvent, type KeyboardEvent, type MouseEvent, type ReactNode, useEffect, useRef, useState } from "react";
import { useFetcher, useNavigate } from "react-router";
import { addDays, calendarSearch, fullDayLabel, targetsOf, WEEKDAYS_SHORT, weekdayOf } from "../../../shared/social/calendar.ts";
import { dayIn } from "../../../shared/time-zone.ts";
import { useTimeZone } from "../../lib/time-zone.ts";
import type { CalendarData, CalendarDayView, DaysJson } from "../../server/social/calendar.server.ts";
import { TargetMark } from "./post-marks.tsx";
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
  const [dragging, setDragging] = useState<CalendarPost | null>(null);
  const [over, setOver] = useState<string | null>(null);
  const focusAfter = useRef<string | null>(null);
  const navigate = useNavigate();
  const month = data.query.vista === "mes";
  /** A plain click on a post's link opens it in the app (a modified click is the browser's: new tab…). */
  const open = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigate(event.currentTarget.getAttribute("href") ?? "/");
  };
  const canMove = (post: CalendarPost) => data.canMove && post.movable;

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

  const onKey = (event: KeyboardEvent<HTMLElement>, post: CalendarPost) => {
    if (event.target !== event.currentTarget || !canMove(post)) return;
    const step = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -7, ArrowDown: 7 }[event.key];
    if (!step) return;
    event.preventDefault();
    send(post, addDays(dayIn(post.at, zone), step));
  };

  const onDrop = (event: DragEvent<HTMLElement>, day: string) => {
    event.preventDefault();
    setOver(null);
    const post = dragging;
    setDragging(null);
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
      <ol className="grid grid-cols-1 gap-1 sm:grid-cols-7" aria-busy={busy || undefined} data-calendar={data.query.vista}>
        {days.map((day) => (
          <DayCell
            key={day.day}
            day={day}
            data={data}
            weekHref={weekHref}
            onOpen={open}
            month={month}
            over={over === day.day}
            onDragOver={(event) => {
              if (!dragging) return;
              event.preventDefault();
              event.dataTransfer.dropEffect = "move";
              setOver(day.day);
            }}
            onDragLeave={() => setOver((d) => (d === day.day ? null : d))}
            onDrop={(event) => onDrop(event, day.day)}
          >
            {day.posts.map((post) => (
              <Chip
                key={post.id}
                post={post}
                detailPath={data.detailPath}
                movable={canMove(post)}
                dragging={dragging?.id === post.id}
                onKey={(event) => onKey(event, post)}
                onDragStart={(event) => {
                  event.dataTransfer.setData("text/plain", post.id);
                  event.dataTransfer.effectAllowed = "move";
                  setDragging(post);
                }}
                onDragEnd={() => {
                  setDragging(null);
                  setOver(null);
                }}
                onMove={() => setMoving(post)}
                onOpen={open}
              />
            ))}
          </DayCell>
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
  onOpen,
  month,
  over,
  children,
  onDragOver,
  onDragLeave,
  onDrop,
}: {
  day: Day;
  data: CalendarData;
  weekHref: string;
  onOpen: (event: MouseEvent<HTMLAnchorElement>) => void;
  month: boolean;
  over: boolean;
  children: ReactNode;
  onDragOver: (event: DragEvent<HTMLElement>) => void;
  onDragLeave: () => void;
  onDrop: (event: DragEvent<HTMLElement>) => void;
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
      onDragOver={onDragOver}
      onDragLeave={onDragLeave}
      onDrop={onDrop}
    >
      <h3>
        {/* On a phone the agenda's "qui, 26 de nov" comes from the data attributes (app.css): no elements per day for it. */}
        <a
          href={weekLink}
          onClick={onOpen}
          aria-label={`Ver a semana de ${label}`}
          data-wd={WEEKDAYS_SHORT[weekdayOf(day.day)]}
          data-mes={monthShort(day.day)}
          className={today ? "cal-today" : undefined}
        >
          {Number(day.day.slice(8))}
        </a>
        {today ? <small>hoje</small> : null}
      </h3>
      <ul>{children}</ul>
      {more > 0 ? (
        month ? (
          <a href={weekLink} onClick={onOpen} className="cal-more">
            {`+${more} ${more === 1 ? "post" : "posts"}`}
          </a>
        ) : (
          <p className="cal-more">{`e mais ${more} ${more === 1 ? "post" : "posts"} neste dia`}</p>
        )
      ) : null}
    </li>
  );
}

/** A caption's start, for a button's name (the chip's link says it whole). */
function short(text: string): string {
  return text.length > 32 ? `${text.slice(0, 31)}…` : text;
}

const MONTHS_SHORT = ["jan", "fev", "mar", "abr", "mai", "jun", "jul", "ago", "set", "out", "nov", "dez"];
function monthShort(day: string): string {
  return MONTHS_SHORT[Number(day.slice(5, 7)) - 1] ?? "";
}

/**
 * A post on its day. Its link is a plain anchor followed by the page's router (`onOpen`): a
 * month holds up to 126 of them, and a router link per chip costs more to render than the rest.
 */
function Chip({
  post,
  detailPath,
  movable,
  dragging,
  onKey,
  onDragStart,
  onDragEnd,
  onMove,
  onOpen,
}: {
  post: CalendarPost;
  detailPath: string;
  movable: boolean;
  dragging: boolean;
  onKey: (event: KeyboardEvent<HTMLElement>) => void;
  onDragStart: (event: DragEvent<HTMLElement>) => void;
  onDragEnd: () => void;
  onMove: () => void;
  onOpen: (event: MouseEvent<HTMLAnchorElement>) => void;
}) {
  const targets = targetsOf(post.redes);
  return (
    <li
      data-post={post.id}
      tabIndex={movable ? 0 : undefined}
      draggable={movable || undefined}
      aria-describedby={movable ? "calendario-ajuda" : undefined}
      onKeyDown={onKey}
      onDragStart={onDragStart}
      onDragEnd={onDragEnd}
      className={dragging ? "cal-chip opacity-50" : "cal-chip"}
    >
      <a href={`${detailPath}/${post.id}`} onClick={onOpen}>
        <b>{post.hora}</b> {post.legenda}
      </a>
      <span>
        {targets.map((t) => (
          <TargetMark key={t.rede} rede={t.rede} status={t.status} />
        ))}
        {movable ? (
          <button type="button" data-move={post.id} className="cal-move" aria-label={`Mover “${short(post.legenda)}”`} onClick={onMove}>
            Mover
          </button>
        ) : null}
      </span>
    </li>
  );
}
