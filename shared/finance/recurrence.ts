/**
 * The due dates of a recurring bill (ADR 072). Each occurrence is computed from the FIRST due
 * date (the 31st stays the 31st where the month has one, the last day otherwise; 29/02 falls on
 * 28/02 in other years), never from the previous one, so a series never drifts. Pure.
 */

export type RepeatEvery = "semanal" | "mensal" | "anual";

/** How far ahead occurrences exist as rows: next month's bill is already in the list. */
export const RECURRENCE_HORIZON_DAYS = 35;
/** At most this many rows written at once for one series (a weekly bill from years ago). */
export const MAX_OCCURRENCES_PER_RUN = 120;

function parts(day: string): [number, number, number] {
  return day.split("-").map(Number) as [number, number, number];
}

function iso(y: number, m: number, d: number): string {
  return `${String(y).padStart(4, "0")}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`;
}

function lastDay(y: number, m: number): number {
  return new Date(Date.UTC(y, m, 0)).getUTCDate();
}

/** The n-th occurrence (0 = the first due date itself). */
export function nthOccurrence(first: string, every: RepeatEvery, n: number): string {
  const [y, m, d] = parts(first);
  if (every === "semanal") {
    const date = new Date(Date.UTC(y, m - 1, d + 7 * n));
    return date.toISOString().slice(0, 10);
  }
  const months = every === "mensal" ? n : 12 * n;
  const index = m - 1 + months;
  const year = y + Math.floor(index / 12);
  const month = (index % 12) + 1;
  return iso(year, month, Math.min(d, lastDay(year, month)));
}

/** "aaaa-mm-dd" + `days`. */
export function addDays(day: string, days: number): string {
  const [y, m, d] = parts(day);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/**
 * The occurrences after `after` (exclusive) up to `through` (inclusive) and the series' end
 * (`until`, inclusive; null: none), at most MAX_OCCURRENCES_PER_RUN.
 */
export function occurrencesBetween(first: string, every: RepeatEvery, until: string | null, after: string, through: string): string[] {
  const last = until && until < through ? until : through;
  const out: string[] = [];
  for (let n = 1; out.length < MAX_OCCURRENCES_PER_RUN; n++) {
    const day = nthOccurrence(first, every, n);
    if (day > last) break;
    if (day > after) out.push(day);
  }
  return out;
}
