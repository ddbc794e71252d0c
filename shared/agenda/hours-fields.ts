/**
 * What Horários' inputs need on the browser (names, limits, the day's text), without the form
 * schemas: a screen importing these does not ship zod (ADR 029's budget).
 */

export const WEEKDAY_NAMES = ["Domingo", "Segunda", "Terça", "Quarta", "Quinta", "Sexta", "Sábado"] as const;

/** More is a typing accident, not a business (and keeps a form's work small). */
export const MAX_INTERVALS_PER_DAY = 6;

export const HOLIDAY_NAME_MAX = 80;
export const REASON_MAX = 120;

/** The form's field for a weekday's intervals, where its error is shown. */
export const dayKey = (weekday: number): string => `dia-${weekday}`;

/** "aaaa-mm-dd" → "dd/mm/aaaa". */
export function formatDay(day: string): string {
  const [y, m, d] = day.split("-");
  return `${d}/${m}/${y}`;
}
