import { addDays, isDay } from "../social/calendar.ts";
import { dayIn } from "../time-zone.ts";

/**
 * Installment due dates as the organização's local days "aaaa-mm-dd" (ADR 039: a due date is a
 * calendar day, never an instant). The first is the one given, or today in the zone; the next
 * ones are monthly or weekly after it. Monthly keeps the **day asked** and clamps it to the end
 * of a shorter month: from 31 Jan → 28 (or 29) Feb → 31 Mar, because each date counts from the
 * first, never from the previous (chaining would drift to the 28th for good).
 */

export const INSTALLMENT_INTERVALS = ["mensal", "semanal"] as const;
export type InstallmentInterval = (typeof INSTALLMENT_INTERVALS)[number];

/** The first due date: the one given when it is a real day, else today in the zone. */
export function firstDueDate(given: string | null | undefined, now: Date | number, zone: string): string {
  return given && isDay(given) ? given : dayIn(now, zone);
}

function daysInMonth(year: number, month1: number): number {
  return new Date(Date.UTC(year, month1, 0)).getUTCDate();
}

/** `day` moved `months` months, its day of month clamped to the target month's last day. */
export function addMonthsClamped(day: string, months: number): string {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  const index = y * 12 + (m - 1) + months;
  const year = Math.floor(index / 12);
  const month1 = index - year * 12 + 1;
  const dd = Math.min(d, daysInMonth(year, month1));
  return `${String(year).padStart(4, "0")}-${String(month1).padStart(2, "0")}-${String(dd).padStart(2, "0")}`;
}

/** `count` due dates from `first`, every month or every week. */
export function dueDates(first: string, count: number, interval: InstallmentInterval): string[] {
  if (!isDay(first)) throw new RangeError(`Data de vencimento inválida: ${first}`);
  return Array.from({ length: count }, (_, i) => (interval === "mensal" ? addMonthsClamped(first, i) : addDays(first, 7 * i)));
}
