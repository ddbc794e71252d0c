/**
 * Brazilian display formats (pt-BR, BRL, dates in the organização's IANA zone — shared/time-zone.ts;
 * São Paulo when a caller has no organização).
 *
 * Pure and client-safe: runs unchanged in the browser and in the Worker.
 * Every space this module emits is a plain U+0020 — Intl's pt-BR output uses
 * U+00A0/U+202F, which breaks string comparisons, tests and CSV exports, so we
 * normalise it. Use CSS `white-space: nowrap` where wrapping must be avoided.
 */

import { DEFAULT_TIME_ZONE, dayIn, formatDateTimeIn, formatTimeIn, instantIn, type ZonedParts, zonedParts } from "./time-zone.ts";

export const LOCALE = "pt-BR";

/** Intl objects are costly to build; create them once per isolate. */
const integerFormat = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 0, useGrouping: true });

const NON_BREAKING_SPACES = /[\u00a0\u202f]/g;

/** Replaces Intl's non-breaking spaces with a normal space (see module doc). */
export function normalizeSpaces(text: string): string {
  return text.replace(NON_BREAKING_SPACES, " ");
}

/**
 * 123456 → "R$ 1.234,56"; -123456 → "-R$ 1.234,56".
 * Built from integer reais and centavos (no float division) so large amounts
 * never pick up binary rounding errors. Non-integers are rounded to the centavo.
 */
export function formatBRL(centavos: number): string {
  if (!Number.isFinite(centavos)) throw new RangeError(`Valor em centavos inválido: ${centavos}`);
  const rounded = Math.round(centavos);
  const abs = Math.abs(rounded);
  const reais = Math.floor(abs / 100);
  const cents = String(abs % 100).padStart(2, "0");
  const sign = rounded < 0 ? "-" : ""; // also hides "-0"
  return `${sign}R$ ${normalizeSpaces(integerFormat.format(reais))},${cents}`;
}

const GROUPED_INT = /^\d{1,3}(?:\.\d{3})+$/; // "1.234", "12.345.678"
const PLAIN_INT = /^\d+$/;

/**
 * Parses a money string typed by a person into integer centavos, or null.
 * Accepts "1.234,56", "R$ 1.234,56", "-R$ 10", "R$ -10", "1234,5", "1234", ",50".
 * pt-BR first: the comma is the decimal separator and dots group thousands, so
 * "1.234" is 123400. With no comma, a single dot followed by one or two digits
 * ("1234.5") is a decimal point, as `<input type="number">` and JSON produce.
 * More than two decimal places is rejected rather than silently rounded.
 */
export function parseBRL(input: string): number | null {
  if (typeof input !== "string") return null;
  let body = input.replace(/[\s\u00a0\u202f]/g, "");
  let negative = false;
  if (body.startsWith("-")) [negative, body] = [true, body.slice(1)];
  if (/^r\$/i.test(body)) body = body.slice(2);
  if (body.startsWith("-") && !negative) [negative, body] = [true, body.slice(1)];

  let intPart: string;
  let fraction = "";
  const comma = body.split(",");
  if (comma.length > 2) return null;
  if (comma.length === 2) {
    [intPart, fraction] = [comma[0] ?? "", comma[1] ?? ""];
    if (!/^\d{1,2}$/.test(fraction)) return null;
    if (intPart !== "" && !PLAIN_INT.test(intPart) && !GROUPED_INT.test(intPart)) return null;
  } else if (GROUPED_INT.test(body) || PLAIN_INT.test(body)) {
    intPart = body;
  } else {
    const dotted = /^(\d+)\.(\d{1,2})$/.exec(body);
    if (!dotted) return null;
    [intPart, fraction] = [dotted[1] ?? "", dotted[2] ?? ""];
  }

  const reais = Number(intPart.replace(/\./g, "") || "0");
  const total = reais * 100 + Number(fraction.padEnd(2, "0"));
  if (!Number.isSafeInteger(total)) return null;
  return negative && total !== 0 ? -total : total;
}

/** Building an Intl formatter costs far more than using one (≈0.2 ms each): keep them. */
const numberFormats = new Map<string, Intl.NumberFormat>();

/** pt-BR number: 1234567.891 → "1.234.567,891". Options are passed to Intl. */
export function formatNumber(value: number, options?: Intl.NumberFormatOptions): string {
  const key = options ? JSON.stringify(options) : "";
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(LOCALE, options);
    numberFormats.set(key, format);
  }
  return normalizeSpaces(format.format(value));
}

export type DateInput = Date | string | number;

/** "2026-03-05" with nothing else: a calendar date (due date, birthday), not an instant. */
const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A date-only string keeps its own day; `new Date("2026-03-05")` is UTC midnight = 04/03 in São Paulo. */
function dateOnlyParts(d: DateInput): { year: string; month: string; day: string } | null {
  if (typeof d !== "string") return null;
  const m = DATE_ONLY.exec(d.trim());
  if (!m) return null;
  const [, year = "", month = "", day = ""] = m;
  // Round-trip check: engines roll "2026-02-30" over to 02/03 instead of failing.
  const utc = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  if (utc.getUTCMonth() !== Number(month) - 1 || utc.getUTCDate() !== Number(day)) {
    throw new RangeError(`Data inválida: ${d}`);
  }
  return { year, month, day };
}

/**
 * "dd/mm/aaaa" in the organização's zone (São Paulo when none is given). A bare "aaaa-mm-dd"
 * string is a calendar date and is shown as-is (no time-zone shift). Throws RangeError on an invalid date.
 */
export function formatDate(d: DateInput, zone: string = DEFAULT_TIME_ZONE): string {
  const p = dateOnlyParts(d) ?? zonedParts(d, zone);
  return `${p.day}/${p.month}/${p.year}`;
}

/** "HH:mm", 24 h, in the zone. */
export function formatTime(d: DateInput, zone: string = DEFAULT_TIME_ZONE): string {
  return formatTimeIn(d, zone);
}

/** "dd/mm/aaaa HH:mm", 24 h, in the zone. */
export function formatDateTime(d: DateInput, zone: string = DEFAULT_TIME_ZONE): string {
  return formatDateTimeIn(d, zone);
}

/** Whole days between two calendar days (b − a). */
function dayDiff(a: { year: string; month: string; day: string }, b: typeof a): number {
  const ua = Date.UTC(Number(a.year), Number(a.month) - 1, Number(a.day));
  const ub = Date.UTC(Number(b.year), Number(b.month) - 1, Number(b.day));
  return Math.round((ub - ua) / 86_400_000);
}

/**
 * "hoje às 14:30", "amanhã às 09:00", "ontem às 18:00", else "dd/mm/aaaa às HH:mm".
 * Days are compared on the zone's calendar, not as 24 h windows.
 * A date-only string ("2026-03-05") has no time, so it yields "hoje", "amanhã",
 * "ontem" or "dd/mm/aaaa" alone.
 */
export function formatRelative(d: DateInput, now: DateInput = new Date(), zone: string = DEFAULT_TIME_ZONE): string {
  const today = zonedParts(now, zone);
  const dateOnly = dateOnlyParts(d);
  const target = dateOnly ?? zonedParts(d, zone);
  const diff = dayDiff(today, target);
  const dayWord = diff === 0 ? "hoje" : diff === 1 ? "amanhã" : diff === -1 ? "ontem" : null;
  const day = dayWord ?? `${target.day}/${target.month}/${target.year}`;
  if (dateOnly) return day;
  const p = target as ZonedParts;
  return `${day} às ${p.hour}:${p.minute}`;
}

/**
 * The instant of a wall-clock time in the zone: `localInstant("2026-03-05", "14:30", zone)`
 * (shared/time-zone.ts `instantIn`: a nonexistent time moves forward, an ambiguous one takes the first).
 */
export function localInstant(day: string, time = "00:00", zone: string = DEFAULT_TIME_ZONE): Date {
  return instantIn(day, time, zone);
}

/** "aaaa-mm-ddTHH:mm" in the zone: the value of an `<input type="datetime-local">`. */
export function toDateTimeLocal(d: DateInput, zone: string = DEFAULT_TIME_ZONE): string {
  const p = zonedParts(d, zone);
  return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}`;
}

/** "aaaa-mm-dd" of the zone's calendar day an instant falls on. */
export function localDay(d: DateInput, zone: string = DEFAULT_TIME_ZONE): string {
  return dayIn(d, zone);
}
