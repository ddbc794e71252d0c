/**
 * Brazilian display formats (pt-BR, BRL, America/Sao_Paulo).
 *
 * Pure and client-safe: runs unchanged in the browser and in the Worker.
 * Every space this module emits is a plain U+0020 — Intl's pt-BR output uses
 * U+00A0/U+202F, which breaks string comparisons, tests and CSV exports, so we
 * normalise it. Use CSS `white-space: nowrap` where wrapping must be avoided.
 */

export const LOCALE = "pt-BR";
export const TIME_ZONE = "America/Sao_Paulo";

/** Intl objects are costly to build; create them once per isolate. */
const integerFormat = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 0, useGrouping: true });

const dateTimeFormat = new Intl.DateTimeFormat(LOCALE, {
  timeZone: TIME_ZONE,
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

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

interface CalendarParts {
  year: string;
  month: string;
  day: string;
  hour: string;
  minute: string;
}

/** "2026-03-05" with nothing else: a calendar date (due date, birthday), not an instant. */
const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

function toInstant(d: DateInput): Date {
  const date = d instanceof Date ? d : new Date(d);
  if (Number.isNaN(date.getTime())) throw new RangeError(`Data inválida: ${String(d)}`);
  return date;
}

function zonedParts(d: DateInput): CalendarParts {
  const parts: Record<string, string> = {};
  for (const part of dateTimeFormat.formatToParts(toInstant(d))) parts[part.type] = part.value;
  return {
    year: parts.year ?? "",
    month: parts.month ?? "",
    day: parts.day ?? "",
    hour: parts.hour ?? "",
    minute: parts.minute ?? "",
  };
}

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
 * "dd/mm/aaaa" in America/Sao_Paulo. A bare "aaaa-mm-dd" string is a calendar
 * date and is shown as-is (no time-zone shift). Throws RangeError on an invalid date.
 */
export function formatDate(d: DateInput): string {
  const p = dateOnlyParts(d) ?? zonedParts(d);
  return `${p.day}/${p.month}/${p.year}`;
}

/** "HH:mm", 24 h, America/Sao_Paulo. */
export function formatTime(d: DateInput): string {
  const p = zonedParts(d);
  return `${p.hour}:${p.minute}`;
}

/** "dd/mm/aaaa HH:mm", 24 h, America/Sao_Paulo. */
export function formatDateTime(d: DateInput): string {
  const p = zonedParts(d);
  return `${p.day}/${p.month}/${p.year} ${p.hour}:${p.minute}`;
}

/** Whole days between two São Paulo calendar days (b − a). */
function dayDiff(a: { year: string; month: string; day: string }, b: typeof a): number {
  const ua = Date.UTC(Number(a.year), Number(a.month) - 1, Number(a.day));
  const ub = Date.UTC(Number(b.year), Number(b.month) - 1, Number(b.day));
  return Math.round((ub - ua) / 86_400_000);
}

/**
 * "hoje às 14:30", "amanhã às 09:00", "ontem às 18:00", else "dd/mm/aaaa às HH:mm".
 * Days are compared on the São Paulo calendar, not as 24 h windows.
 * A date-only string ("2026-03-05") has no time, so it yields "hoje", "amanhã",
 * "ontem" or "dd/mm/aaaa" alone.
 */
export function formatRelative(d: DateInput, now: DateInput = new Date()): string {
  const today = zonedParts(now);
  const dateOnly = dateOnlyParts(d);
  const target = dateOnly ?? zonedParts(d);
  const diff = dayDiff(today, target);
  const dayWord = diff === 0 ? "hoje" : diff === 1 ? "amanhã" : diff === -1 ? "ontem" : null;
  const day = dayWord ?? `${target.day}/${target.month}/${target.year}`;
  if (dateOnly) return day;
  const p = target as CalendarParts;
  return `${day} às ${p.hour}:${p.minute}`;
}

/**
 * The instant of a São Paulo wall-clock time: `saoPauloInstant("2026-03-05", "14:30")`.
 * São Paulo has been UTC−3 since 2019; the zone's own answer corrects any other offset.
 */
export function saoPauloInstant(day: string, time = "00:00"): Date {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  const [h, mi] = time.split(":").map(Number) as [number, number];
  const wanted = Date.UTC(y, m - 1, d, h, mi);
  let guess = wanted + 3 * 3_600_000;
  for (let i = 0; i < 2; i++) {
    const p = zonedParts(new Date(guess));
    const shown = Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute));
    if (shown === wanted) break;
    guess += wanted - shown;
  }
  return new Date(guess);
}

/** "aaaa-mm-ddTHH:mm" in São Paulo: the value of an `<input type="datetime-local">`. */
export function toDateTimeLocal(d: DateInput): string {
  const p = zonedParts(d);
  return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}`;
}

/** "aaaa-mm-dd" of the São Paulo calendar day an instant falls on. */
export function saoPauloDay(d: DateInput): string {
  const p = zonedParts(d);
  return `${p.year}-${p.month}-${p.day}`;
}
