import { addDays } from "../ai/brazil-dates.ts";
import { instantIn } from "../time-zone.ts";
import type { InstantRange } from "./intervals.ts";

/** A wall-clock interval of a day, "HH:mm" to "HH:mm" ("24:00" = the next midnight), half-open. */
export interface LocalInterval {
  start: string;
  end: string;
}

/** Intervals per weekday, index 0 = domingo … 6 = sábado (as Date.getUTCDay()). */
export type WeeklyIntervals = readonly (readonly LocalInterval[])[];

const WEEKDAY_SHORT = ["dom", "seg", "ter", "qua", "qui", "sex", "sáb"] as const;
const WEEKDAY_PLURAL = ["aos domingos", "às segundas", "às terças", "às quartas", "às quintas", "às sextas", "aos sábados"];

/** 0 = domingo of a calendar day "aaaa-mm-dd". */
export function weekdayOf(day: string): number {
  return new Date(`${day}T00:00:00Z`).getUTCDay();
}

export function weekdayShort(day: string): string {
  return WEEKDAY_SHORT[weekdayOf(day)] ?? "";
}

/** "às segundas": for "Ana não atende às segundas". */
export function weekdayPlural(day: string): string {
  return WEEKDAY_PLURAL[weekdayOf(day)] ?? "";
}

/** Minutes since midnight of "HH:mm" (0–1440), or NaN when malformed. */
export function minutesOf(time: string): number {
  const m = /^(\d{2}):(\d{2})$/.exec(time);
  if (!m) return Number.NaN;
  const total = Number(m[1]) * 60 + Number(m[2]);
  return Number(m[2]) < 60 && total <= 1440 ? total : Number.NaN;
}

/** The instant of a wall-clock time on a day in `zone` ("24:00" is the next day's 00:00). */
function instantOn(day: string, time: string, zone: string): number {
  return time === "24:00" ? instantIn(addDays(day, 1), "00:00", zone).getTime() : instantIn(day, time, zone).getTime();
}

/**
 * Wall-clock intervals of a day as instants in `zone`. On a DST day the wall clock decides (ADR
 * 039's instantIn): 09:00–18:00 is 9 hours on a normal day and 8 or 10 on a transition day only if
 * the jump falls inside it (Brazil's jumps were at midnight, so the working day kept its length).
 */
export function rangesOn(day: string, intervals: readonly LocalInterval[], zone: string): InstantRange[] {
  return intervals
    .filter((i) => minutesOf(i.start) < minutesOf(i.end))
    .map((i) => ({ start: instantOn(day, i.start, zone), end: instantOn(day, i.end, zone) }));
}

/** "09:00–12:00, 13:00–18:00". */
export function describeIntervals(intervals: readonly LocalInterval[]): string {
  return [...intervals]
    .sort((a, b) => minutesOf(a.start) - minutesOf(b.start))
    .map((i) => `${i.start}–${i.end}`)
    .join(", ");
}

/** Every calendar day from `first` to `last`, both included. */
export function daysBetween(first: string, last: string): string[] {
  const out: string[] = [];
  for (let d = first; d <= last; d = addDays(d, 1)) out.push(d);
  return out;
}
