import { isId } from "../id.ts";
import {
  addDays,
  type CalendarDay,
  dayLabel,
  fullDayLabel,
  monthGrid,
  monthLabel,
  monthStart,
  weekGrid,
  weekLabel,
  weekStart,
} from "../social/calendar.ts";
import { formatTimeIn, instantIn } from "../time-zone.ts";
import type { BusinessHours } from "./business-hours.ts";
import { nationalHolidayOn } from "./holidays.ts";
import { type LocalInterval, minutesOf, weekdayOf } from "./local-times.ts";

/**
 * /agenda's views (issue 21, ADR 060): which days a view shows, where an appointment sits on the
 * time grid, and what a drop point means — pure and client-safe, so the loader, the page and the
 * drag code agree. Days are the organização's calendar days (ADR 039/045: spans from the zone's
 * data, a DST day 23 or 25 hours); the grid is the wall clock of each day.
 */

export const AGENDA_VIEWS = ["dia", "semana", "mes"] as const;
export type AgendaView = (typeof AGENDA_VIEWS)[number];

/** What /agenda shows, as its URL says: `?vista=dia|semana|mes&data=aaaa-mm-dd&profissional=<id>`. */
export interface AgendaQuery {
  vista: AgendaView;
  data: string;
  /** One professional's agenda; null: everyone side by side. */
  profissional: string | null;
}

const DAY_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real date "aaaa-mm-dd". */
export function isAgendaDay(value: unknown): value is string {
  const m = typeof value === "string" ? DAY_RE.exec(value) : null;
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3]);
}

/** The URL → the view; anything unknown falls back (the day view of today, everyone). */
export function parseAgendaQuery(params: URLSearchParams, today: string): AgendaQuery {
  const raw = params.get("vista");
  const vista: AgendaView = raw === "semana" || raw === "mes" ? raw : "dia";
  const data = params.get("data") ?? "";
  const profissional = params.get("profissional");
  return { vista, data: isAgendaDay(data) ? data : today, profissional: isId(profissional) ? profissional : null };
}

/** The view → its URL search (the day view and "everyone" left out: links stay short). */
export function agendaSearch(query: AgendaQuery, change: Partial<AgendaQuery> = {}): string {
  const q = { ...query, ...change };
  const params = new URLSearchParams();
  if (q.vista !== "dia") params.set("vista", q.vista);
  params.set("data", q.data);
  if (q.profissional) params.set("profissional", q.profissional);
  return `?${params.toString()}`;
}

/** The date of the previous or next day, week or month. */
export function stepAgendaDate(query: Pick<AgendaQuery, "vista" | "data">, step: -1 | 1): string {
  if (query.vista === "dia") return addDays(query.data, step);
  if (query.vista === "semana") return addDays(weekStart(query.data), 7 * step);
  return monthStart(query.data, step);
}

/** The days a view shows, each with its span in the zone (the month: whole weeks, Sunday first). */
export function agendaDays(query: Pick<AgendaQuery, "vista" | "data">, zone: string): CalendarDay[] {
  if (query.vista === "semana") return weekGrid(query.data, zone);
  if (query.vista === "mes") return monthGrid(query.data, zone).flat();
  const week = weekGrid(query.data, zone);
  return week.filter((d) => d.day === query.data);
}

/** "quinta-feira, 26 de novembro de 2026" · "22 a 28 de novembro de 2026" · "novembro de 2026". */
export function agendaPeriodLabel(query: Pick<AgendaQuery, "vista" | "data">): string {
  if (query.vista === "dia") return fullDayLabel(query.data);
  if (query.vista === "semana") return weekLabel(query.data);
  return monthLabel(query.data);
}

export { addDays, dayLabel, fullDayLabel };

/** The wall-clock minutes since the day's midnight of an instant in the zone (0–1439). */
export function minutesInZone(instant: number, zone: string): number {
  return minutesOf(formatTimeIn(instant, zone));
}

/** "HH:mm" of minutes since midnight (1440 → "24:00"). */
export function clockOf(minutes: number): string {
  const m = Math.max(0, Math.min(1440, Math.round(minutes)));
  return `${String(Math.floor(m / 60)).padStart(2, "0")}:${String(m % 60).padStart(2, "0")}`;
}

/**
 * The instant a grid position means: `minutes` of the wall clock on `day` in the zone (a time a
 * spring-forward skipped moves forward, an ambiguous one is its first: ADR 039). 1440 is the
 * next day's midnight.
 */
export function instantAt(day: string, minutes: number, zone: string): number {
  if (minutes >= 1440) return instantIn(addDays(day, 1), "00:00", zone).getTime();
  return instantIn(day, clockOf(minutes), zone).getTime();
}

/**
 * A day's opening intervals on the wall clock, by the same precedence as `hoursOn` (exception,
 * then holiday, then the week) without turning them into instants: the grid shades by the clock,
 * and 35 columns of zone readings would cost the page more than the rest of its layout.
 */
export function openIntervalsOn(hours: BusinessHours, day: string): readonly LocalInterval[] {
  const exception = hours.exceptions.find((e) => e.day === day);
  if (exception) return exception.intervals;
  if (hours.localHolidays.some((h) => h.day === day)) return [];
  if (hours.closedOnNationalHolidays && nationalHolidayOn(day)) return [];
  return hours.weekly[weekdayOf(day)] ?? [];
}

/** The hours the time grid spans (whole hours): the opening hours of the days shown, widened to what is booked. */
export interface GridHours {
  /** Minutes since midnight, a whole hour. */
  from: number;
  to: number;
}

const DEFAULT_GRID: GridHours = { from: 8 * 60, to: 20 * 60 };

/**
 * From the earliest opening to the latest closing of the days shown (default 08:00–20:00 when the
 * business set no hours), widened to every item's start and end so nothing booked is cut off.
 */
export function gridHours(
  hours: BusinessHours,
  days: readonly string[],
  items: readonly { startMin: number; endMin: number }[],
): GridHours {
  let from = Number.POSITIVE_INFINITY;
  let to = Number.NEGATIVE_INFINITY;
  for (const day of days) {
    for (const i of openIntervalsOn(hours, day)) {
      from = Math.min(from, minutesOf(i.start));
      to = Math.max(to, minutesOf(i.end));
    }
  }
  if (!Number.isFinite(from) || !Number.isFinite(to)) ({ from, to } = DEFAULT_GRID);
  for (const item of items) {
    from = Math.min(from, item.startMin);
    to = Math.max(to, item.endMin);
  }
  return { from: Math.max(0, Math.floor(from / 60) * 60), to: Math.min(1440, Math.ceil(to / 60) * 60) };
}

/**
 * Closed stretches of a day inside the grid (minutes), to shade: the complement of the day's
 * opening intervals (a holiday or a closed day: all of it).
 */
export function closedStretches(hours: BusinessHours, day: string, grid: GridHours): { from: number; to: number }[] {
  const open = openIntervalsOn(hours, day)
    .map((i) => ({ from: minutesOf(i.start), to: minutesOf(i.end) }))
    .filter((i) => i.from < i.to)
    .sort((a, b) => a.from - b.from);
  const out: { from: number; to: number }[] = [];
  let at = grid.from;
  for (const i of open) {
    if (i.from > at) out.push({ from: at, to: Math.min(i.from, grid.to) });
    at = Math.max(at, i.to);
  }
  if (at < grid.to) out.push({ from: at, to: grid.to });
  return out.filter((s) => s.to > s.from);
}

/** An item placed in a column: its lane among those it overlaps and how many lanes its cluster has. */
export interface Placed<T> {
  item: T;
  lane: number;
  lanes: number;
}

/**
 * Side-by-side lanes for items that overlap in one column (a cancelled appointment and the one
 * that took its place, a visit over an appointment): each takes the first free lane, and every
 * item of a cluster of overlapping items shares the cluster's lane count, as calendars do.
 */
export function placeInLanes<T extends { startMin: number; endMin: number }>(items: readonly T[]): Placed<T>[] {
  const sorted = [...items].sort((a, b) => a.startMin - b.startMin || b.endMin - a.endMin);
  const out: Placed<T>[] = [];
  let cluster: Placed<T>[] = [];
  let laneEnds: number[] = [];
  let clusterEnd = Number.NEGATIVE_INFINITY;
  const close = () => {
    for (const p of cluster) p.lanes = laneEnds.length;
    cluster = [];
    laneEnds = [];
  };
  for (const item of sorted) {
    if (item.startMin >= clusterEnd) close();
    let lane = laneEnds.findIndex((end) => end <= item.startMin);
    if (lane === -1) {
      lane = laneEnds.length;
      laneEnds.push(item.endMin);
    } else laneEnds[lane] = item.endMin;
    const placed = { item, lane, lanes: 1 };
    cluster.push(placed);
    out.push(placed);
    clusterEnd = Math.max(clusterEnd, item.endMin);
  }
  close();
  return out;
}

/**
 * Where a dragged item lands: `offsetMin` (the pointer's distance from the grid's top, in
 * minutes) minus where it was grabbed, snapped to the agenda's step, kept inside the day.
 */
export function snapMinutes(rawMin: number, stepMin: number, durationMin: number): number {
  const step = stepMin > 0 ? stepMin : 30;
  const snapped = Math.round(rawMin / step) * step;
  return Math.max(0, Math.min(1440 - durationMin, snapped));
}

/** A resize's new duration: snapped to the step, at least one step, never past midnight. */
export function snapDuration(startMin: number, rawEndMin: number, stepMin: number): number {
  const step = stepMin > 0 ? stepMin : 30;
  const end = Math.min(1440, Math.max(startMin + step, Math.round(rawEndMin / step) * step));
  return end - startMin;
}
