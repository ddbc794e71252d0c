import { addDays } from "../documents/expiry.ts";
import { dayIn, instantIn } from "../time-zone.ts";

/**
 * The days the dashboard reads (ADR 084), decided in the organização's zone: "today", this month
 * so far against the same days of last month, the next and last 7 days, and the 30 days of the
 * trends. Local days are "aaaa-mm-dd"; instants are UTC epoch ms, each day's bounds its local
 * midnight (so a sale at 23:59 in São Paulo is that day's, whatever UTC says). Pure.
 */
export const TREND_DAYS = 30;
export const WEEK_DAYS = 7;

export interface DashboardPeriods {
  today: string;
  /** [start, end) of today. */
  dayStart: number;
  dayEnd: number;
  /** This month's first day ("aaaa-mm-01") and its local midnight. */
  monthFrom: string;
  monthStart: number;
  /** Last month's first day and the same day-of-month as today (clamped to its length), and their bounds. */
  lastMonthFrom: string;
  lastMonthTo: string;
  lastMonthStart: number;
  lastMonthEnd: number;
  /** Today + 6 (the next 7 days, today included) and today − 6 (the last 7 days). */
  weekAhead: string;
  weekAgo: string;
  weekAgoStart: number;
  /** The trends' 30 days, oldest first, ending today, and their 31 bounds (day i is [bounds[i], bounds[i+1])). */
  trendDays: string[];
  trendBounds: number[];
}

const midnight = (day: string, zone: string) => instantIn(day, "00:00", zone).getTime();

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

export function dashboardPeriods(now: Date, zone: string): DashboardPeriods {
  const today = dayIn(now, zone);
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7));
  const dayOfMonth = Number(today.slice(8, 10));
  const monthFrom = `${today.slice(0, 8)}01`;
  const lastYear = month === 1 ? year - 1 : year;
  const lastMonth = month === 1 ? 12 : month - 1;
  const lastPrefix = `${String(lastYear).padStart(4, "0")}-${String(lastMonth).padStart(2, "0")}-`;
  const lastMonthFrom = `${lastPrefix}01`;
  const lastMonthTo = `${lastPrefix}${String(Math.min(dayOfMonth, daysInMonth(lastYear, lastMonth))).padStart(2, "0")}`;
  const trendDays = Array.from({ length: TREND_DAYS }, (_, i) => addDays(today, i - TREND_DAYS + 1));
  const trendBounds = [...trendDays, addDays(today, 1)].map((d) => midnight(d, zone));
  return {
    today,
    dayStart: midnight(today, zone),
    dayEnd: midnight(addDays(today, 1), zone),
    monthFrom,
    monthStart: midnight(monthFrom, zone),
    lastMonthFrom,
    lastMonthTo,
    lastMonthStart: midnight(lastMonthFrom, zone),
    lastMonthEnd: midnight(addDays(lastMonthTo, 1), zone),
    weekAhead: addDays(today, WEEK_DAYS - 1),
    weekAgo: addDays(today, -(WEEK_DAYS - 1)),
    weekAgoStart: midnight(addDays(today, -(WEEK_DAYS - 1)), zone),
    trendDays,
    trendBounds,
  };
}

/** The change from `before` to `now` as a fraction (0.25 = +25%); null when there is nothing to compare with. */
export function changeOf(now: number, before: number): number | null {
  if (before <= 0) return null;
  return (now - before) / before;
}
