import { data } from "react-router";
import { postDefinition } from "../../../shared/resources/posts.ts";
import {
  type CalendarDay,
  type CalendarQuery,
  isDay,
  parseCalendarQuery,
  sameTimeOn,
  timeInDay,
  viewDays,
} from "../../../shared/social/calendar.ts";
import { isId } from "../../../shared/id.ts";
import { dayIn, instantIn, timeZoneOf } from "../../../shared/time-zone.ts";
import { type CalendarDayPosts, readCalendar } from "../../../worker/services/social/calendar.ts";
import { mayReschedule, type Reschedule, reschedulePosts } from "../../../worker/services/social/reschedule.ts";
import { DomainError } from "../../../worker/services/context.ts";
import { can } from "../../../worker/auth/permissions.ts";
import { guard } from "../resources.server.ts";

/**
 * /content-calendar's loader and action (ADR 045): the month's or week's posts in the
 * organização's zone, in one round trip, and the move of a post to another day or time.
 */

/** How many posts a day shows before "+N": a month cell stays readable, a week's column longer. */
const PER_DAY = { mes: 3, semana: 12 } as const;

type Args = Parameters<typeof guard>[0];

export async function calendarLoader(args: Args) {
  const { ctx, actor } = guard(args, postDefinition, "read");
  const zone = timeZoneOf(actor.timeZone);
  const today = dayIn(ctx.now, zone);
  const query: CalendarQuery = parseCalendarQuery(new URL(args.request.url).searchParams, today);
  const days = viewDays(query, zone);
  const read = await readCalendar(ctx, actor, days, PER_DAY[query.vista], query);
  const shown: CalendarDayView[] = read.days.map((d, i) => {
    const span = days[i] as CalendarDay;
    return { ...d, inMonth: span.inMonth, posts: d.posts.map((p) => ({ ...p, hora: timeInDay(Date.parse(p.at), span, zone) })) };
  });
  return {
    query,
    today,
    now: ctx.now.toISOString(),
    // One JSON text, not a tree of values: a month of up to 126 posts costs the page's data
    // encoder (per value) more than the rest of the page; the browser and the render parse it once.
    days: JSON.stringify(shown) as DaysJson,
    accounts: read.accounts,
    canMove: mayReschedule(actor),
    /** Whether the member may open Conectar Redes (the empty state's way forward without accounts). */
    canConnect: can(actor.role, "social-connections", "read"),
    detailPath: postDefinition.basePath,
  };
}

/** A day as the calendar shows it: its posts, each with its time of day on the organização's clock. */
export type CalendarDayView = Omit<CalendarDayPosts, "posts"> & {
  inMonth: boolean;
  posts: (CalendarDayPosts["posts"][number] & { hora: string })[];
};
/** `JSON.stringify(CalendarDayView[])`, typed so only `daysOf` reads it. */
export type DaysJson = string & { readonly __days: CalendarDayView[] };

export type CalendarData = Awaited<ReturnType<typeof calendarLoader>>;

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/**
 * Moves one post: to another day at the same time of day (`dia`: the drag, the arrows), or to a
 * day and time picked in "Mover para…" (`dia` + `hora`). `era` is the instant the page showed, so
 * a post that moved meanwhile is refused instead of moved twice.
 */
export async function rescheduleAction(args: Args, form: FormData) {
  const { ctx, actor } = guard(args, postDefinition, "read");
  const zone = timeZoneOf(actor.timeZone);
  const id = String(form.get("id") ?? "");
  const dia = String(form.get("dia") ?? "");
  const hora = String(form.get("hora") ?? "");
  const era = String(form.get("era") ?? "");
  if (!isId(id)) return data({ error: "Post não encontrado." }, { status: 404 });
  if (!isDay(dia)) return data({ error: "Escolha um dia válido." }, { status: 422 });
  if (hora && !TIME.test(hora)) return data({ error: "Escolha um horário válido (HH:mm)." }, { status: 422 });
  const seen = era && !Number.isNaN(Date.parse(era)) ? new Date(era) : null;
  if (!seen && !hora) return data({ error: "Escolha também o horário: este post ainda não tem um." }, { status: 422 });
  const para = hora ? instantIn(dia, hora, zone) : sameTimeOn(seen as Date, dia, zone);
  return answer(() => reschedulePosts(ctx, actor, [{ id, para, era: seen }]), id);
}

/** Runs a move; a refusal is the page's pt-BR message with its status. */
export async function answer(move: () => Promise<unknown>, id: string) {
  try {
    await move();
    return { ok: true as const, moved: id };
  } catch (error) {
    if (error instanceof DomainError) return data({ error: error.message }, { status: error.status });
    throw error;
  }
}

/** Two posts swap their instants (the feed's reordering): one batch, both or neither. */
export async function swapAction(args: Args, form: FormData) {
  const { ctx, actor } = guard(args, postDefinition, "read");
  const ids = [String(form.get("a") ?? ""), String(form.get("b") ?? "")];
  const eras = [String(form.get("eraA") ?? ""), String(form.get("eraB") ?? "")].map((v) => (Date.parse(v) ? new Date(v) : null));
  if (!ids.every(isId) || ids[0] === ids[1]) return data({ error: "Escolha dois posts agendados diferentes." }, { status: 422 });
  const [a, b] = eras;
  if (!a || !b) return data({ error: "Só posts agendados trocam de lugar no feed." }, { status: 422 });
  const changes: Reschedule[] = [
    { id: ids[0] as string, para: b, era: a },
    { id: ids[1] as string, para: a, era: b },
  ];
  return answer(() => reschedulePosts(ctx, actor, changes), ids[0] as string);
}
