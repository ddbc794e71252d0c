import { POST_STATUS, type PostStatus, SOCIAL_NETWORK, type SocialNetwork } from "../enums/social.ts";
import { isId } from "../id.ts";
import { dayIn, formatTimeIn, instantIn, zonedParts } from "../time-zone.ts";

/**
 * The posts calendar's days (issue 19, ADR 045): a day is the organização's calendar day, from
 * the zone's IANA data (ADR 039), never a UTC day nor a fixed offset — a post at 23:30 in São
 * Paulo is on that day, and a day of a daylight-saving change is 23 or 25 hours long. Pure and
 * client-safe: the loader reads each day's span with these, the page names and moves days with
 * the same functions.
 */

/** A day of a view: "aaaa-mm-dd", and the instants it spans in the zone ([start, end), in ms). */
export interface CalendarDay {
  day: string;
  start: number;
  end: number;
  /** In the month shown (a month grid's leading and trailing days are not). */
  inMonth: boolean;
}

export const CALENDAR_VIEWS = ["mes", "semana"] as const;
export type CalendarView = (typeof CALENDAR_VIEWS)[number];

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar date "aaaa-mm-dd" (2026-02-30 is not). */
export function isDay(value: unknown): value is string {
  const m = typeof value === "string" ? DAY.exec(value) : null;
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3]);
}

/** Calendar arithmetic on dates alone (no zone: a calendar day has no instant). */
function utcOf(day: string): Date {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d));
}

function dayOfUtc(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** The date `n` days after `day` (negative: before). */
export function addDays(day: string, n: number): string {
  const d = utcOf(day);
  d.setUTCDate(d.getUTCDate() + n);
  return dayOfUtc(d);
}

/** 0 = domingo … 6 = sábado (a Brazilian calendar starts on Sunday). */
export function weekdayOf(day: string): number {
  return utcOf(day).getUTCDay();
}

/** The first day of the month `day` is in, and the first of the month `n` months away. */
export function monthStart(day: string, n = 0): string {
  const d = utcOf(day);
  return dayOfUtc(new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + n, 1)));
}

/** The Sunday that starts the week `day` is in. */
export function weekStart(day: string): string {
  return addDays(day, -weekdayOf(day));
}

/** Where the zone's day begins: its midnight, or the first minute that exists when the clock skipped midnight (São Paulo, 2018-11-04 → 01:00). */
export function dayStart(day: string, zone: string): number {
  return instantIn(day, "00:00", zone).getTime();
}

const DAY_MS = 86_400_000;

/**
 * Where `day` begins when the day before began at `previous`: 24 hours later when that instant
 * reads 00:00 of `day` (the clock moved exactly as time did, so no change of offset came between:
 * one zone reading instead of `instantIn`'s four or more, on a page that lays out 43 days), else
 * `dayStart` (a day after a clock change, or one whose midnight never happened).
 */
function nextDayStart(previous: number, day: string, zone: string): number {
  const guess = previous + DAY_MS;
  const at = zonedParts(guess, zone);
  if (`${at.year}-${at.month}-${at.day}` === day && at.hour === "00" && at.minute === "00") return guess;
  return dayStart(day, zone);
}

/**
 * "HH:mm" of an instant inside a day's span: on a 24-hour day that began at midnight the offset
 * holds all day, so the time is plain arithmetic (a month's chips need no zone reading each);
 * on a day of a clock change, the zone's reading.
 */
export function timeInDay(instant: number, span: Pick<CalendarDay, "start" | "end">, zone: string): string {
  if (span.end - span.start !== DAY_MS || instant < span.start || instant >= span.end) return formatTimeIn(instant, zone);
  const minutes = Math.floor((instant - span.start) / 60_000);
  return `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
}

/**
 * Laid-out spans by zone and days: the same month is read again and again (every visit, every
 * live revalidation), and its 43 zone readings cost more than the rest of the layout. The zone's
 * data does not change while the code runs, so a span once computed stays true; a few entries
 * (the months around now, a handful of zones) are kept, the oldest dropped first.
 */
const SPANS = new Map<string, readonly CalendarDay[]>();
const SPANS_KEPT = 64;

function span(days: readonly string[], zone: string, month: string | null): CalendarDay[] {
  const key = `${zone}|${month ?? ""}|${days[0]}|${days.length}`;
  const kept = SPANS.get(key);
  if (kept) return kept.slice();
  const made = computeSpan(days, zone, month);
  if (SPANS.size >= SPANS_KEPT) SPANS.delete(SPANS.keys().next().value as string);
  SPANS.set(key, made);
  return made.slice();
}

function computeSpan(days: readonly string[], zone: string, month: string | null): readonly CalendarDay[] {
  const all = [...days, addDays(days[days.length - 1] as string, 1)];
  const starts: number[] = [];
  for (const [i, d] of all.entries()) starts.push(i === 0 ? dayStart(d, zone) : nextDayStart(starts[i - 1] as number, d, zone));
  return days.map((day, i) =>
    Object.freeze({
      day,
      start: starts[i] as number,
      end: starts[i + 1] as number,
      inMonth: month === null || day.startsWith(month),
    }),
  );
}

/**
 * The month of `day` as whole weeks, Sunday first: the days before the 1st and after the last
 * day complete the first and last weeks (4 to 6 weeks), each with its span in the zone.
 */
export function monthGrid(day: string, zone: string): CalendarDay[][] {
  const first = monthStart(day);
  const next = monthStart(day, 1);
  const start = weekStart(first);
  const days: string[] = [];
  for (let d = start; d < next || weekdayOf(d) !== 0; d = addDays(d, 1)) days.push(d);
  const spans = span(days, zone, first.slice(0, 7));
  return Array.from({ length: spans.length / 7 }, (_, w) => spans.slice(w * 7, w * 7 + 7));
}

/** The week (Sunday to Saturday) of `day`, each day with its span in the zone. */
export function weekGrid(day: string, zone: string): CalendarDay[] {
  const start = weekStart(day);
  return span(
    Array.from({ length: 7 }, (_, i) => addDays(start, i)),
    zone,
    null,
  );
}

/**
 * The instant on `day` at the same time of day the post had, on the zone's clock: dragging a
 * 09:00 post to another day keeps 09:00 there, whatever the offset of either day. A time that
 * does not exist on that day (a spring-forward gap) moves forward by the gap (ADR 039).
 */
export function sameTimeOn(instant: Date | string | number, day: string, zone: string): Date {
  return instantIn(day, formatTimeIn(instant, zone), zone);
}

/** The zone's day of an instant (re-exported: the calendar's one notion of "which day"). */
export function calendarDayOf(instant: Date | string | number, zone: string): string {
  return dayIn(instant, zone);
}

const MONTHS = [
  "janeiro",
  "fevereiro",
  "março",
  "abril",
  "maio",
  "junho",
  "julho",
  "agosto",
  "setembro",
  "outubro",
  "novembro",
  "dezembro",
] as const;
export const WEEKDAYS = ["domingo", "segunda-feira", "terça-feira", "quarta-feira", "quinta-feira", "sexta-feira", "sábado"] as const;
export const WEEKDAYS_SHORT = ["dom", "seg", "ter", "qua", "qui", "sex", "sáb"] as const;

/** "novembro de 2026". */
export function monthLabel(day: string): string {
  const d = utcOf(day);
  return `${MONTHS[d.getUTCMonth()]} de ${d.getUTCFullYear()}`;
}

/** "26 de novembro" (with the year when asked). */
export function dayLabel(day: string, withYear = false): string {
  const d = utcOf(day);
  return `${d.getUTCDate()} de ${MONTHS[d.getUTCMonth()]}${withYear ? ` de ${d.getUTCFullYear()}` : ""}`;
}

/** "quinta-feira, 26 de novembro de 2026": a day as a screen reader should say it. */
export function fullDayLabel(day: string): string {
  return `${WEEKDAYS[weekdayOf(day)]}, ${dayLabel(day, true)}`;
}

/** "22 a 28 de novembro de 2026" (or across months: "29 de novembro a 5 de dezembro de 2026"). */
export function weekLabel(day: string): string {
  const start = weekStart(day);
  const end = addDays(start, 6);
  const a = utcOf(start);
  const b = utcOf(end);
  if (a.getUTCMonth() === b.getUTCMonth()) return `${a.getUTCDate()} a ${dayLabel(end, true)}`;
  return `${dayLabel(start, a.getUTCFullYear() !== b.getUTCFullYear())} a ${dayLabel(end, true)}`;
}

/** What the calendar shows, as its URL says: view, date, filters. */
export interface CalendarQuery {
  vista: CalendarView;
  /** A day of the month or week shown ("aaaa-mm-dd"). */
  data: string;
  rede: SocialNetwork | null;
  conta: string | null;
  status: PostStatus | null;
}

/**
 * The calendar's URL → what to show. Anything unknown or malformed falls back to the default
 * (the month, today in the zone, no filter): a stale or edited link still opens a calendar.
 */
export function parseCalendarQuery(params: URLSearchParams, today: string): CalendarQuery {
  const vista = params.get("vista") === "semana" ? "semana" : "mes";
  const raw = params.get("data") ?? "";
  // "aaaa-mm" names a month.
  const data = isDay(raw) ? raw : isDay(`${raw}-01`) ? `${raw}-01` : today;
  const rede = params.get("rede");
  const conta = params.get("conta");
  const status = params.get("status");
  return {
    vista,
    data,
    rede: SOCIAL_NETWORK.has(rede) ? rede : null,
    conta: isId(conta) ? conta : null,
    status: POST_STATUS.has(status) ? status : null,
  };
}

/** The query → the calendar's URL search (defaults left out, so links stay short). */
export function calendarSearch(query: CalendarQuery, change: Partial<CalendarQuery> = {}): string {
  const q = { ...query, ...change };
  const params = new URLSearchParams();
  if (q.vista !== "mes") params.set("vista", q.vista);
  params.set("data", q.vista === "mes" ? q.data.slice(0, 7) : q.data);
  if (q.rede) params.set("rede", q.rede);
  if (q.conta) params.set("conta", q.conta);
  if (q.status) params.set("status", q.status);
  return `?${params.toString()}`;
}

/** The days a view shows: the month's weeks, or one week. */
export function viewDays(query: Pick<CalendarQuery, "vista" | "data">, zone: string): CalendarDay[] {
  return query.vista === "semana" ? weekGrid(query.data, zone) : monthGrid(query.data, zone).flat();
}

/** The date of the previous or next month or week. */
export function stepDate(query: Pick<CalendarQuery, "vista" | "data">, step: -1 | 1): string {
  return query.vista === "semana" ? addDays(weekStart(query.data), 7 * step) : monthStart(query.data, step);
}

/** One network's publication as a calendar chip shows it. */
export interface CalendarTarget {
  rede: SocialNetwork;
  status: PostStatus;
}

/** "facebook:agendado,instagram:publicado" (the calendar's page data) → each network's publication. */
export function targetsOf(code: string): CalendarTarget[] {
  const out: CalendarTarget[] = [];
  for (const part of code ? code.split(",") : []) {
    const [rede, status] = part.split(":");
    if (SOCIAL_NETWORK.has(rede) && POST_STATUS.has(status)) out.push({ rede, status });
  }
  return out;
}
