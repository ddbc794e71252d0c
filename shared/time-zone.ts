import { defineEnum } from "./define-enum.ts";

/**
 * Times in the organização's zone (ADR 039). Pure and client-safe: every answer is read from the
 * IANA zone data the runtime carries (Intl), never from a fixed offset such as -03:00, so a
 * return of daylight saving time (or any other change Brazil makes) needs a runtime update and no
 * code change — the tests prove it on São Paulo's historical DST dates, which the same functions
 * answer right because they read the zone's rules for that date.
 */

/** Brazil's four zones; an organização chooses one in Configurações do Negócio. */
export const TIME_ZONES = defineEnum({
  "America/Sao_Paulo": { label: "Brasília (America/Sao_Paulo)" },
  "America/Manaus": { label: "Amazonas (America/Manaus)" },
  "America/Rio_Branco": { label: "Acre (America/Rio_Branco)" },
  "America/Noronha": { label: "Fernando de Noronha (America/Noronha)" },
});

export type TimeZone = (typeof TIME_ZONES.values)[number];

/** The zone of an organização that never chose one (and of pages without an organização). */
export const DEFAULT_TIME_ZONE: TimeZone = "America/Sao_Paulo";

/** A zone read from storage or a session: a known one, else the default (never throws). */
export function timeZoneOf(value: unknown): TimeZone {
  return TIME_ZONES.has(value) ? value : DEFAULT_TIME_ZONE;
}

/** A wall-clock reading of an instant in a zone (zero-padded, 24 h). */
export interface ZonedParts {
  year: string;
  month: string;
  day: string;
  hour: string;
  minute: string;
}

/** Building an Intl formatter costs far more than using one: one per zone per isolate. */
const partFormats = new Map<string, Intl.DateTimeFormat>();

function partFormat(zone: string): Intl.DateTimeFormat {
  let format = partFormats.get(zone);
  if (!format) {
    // en-CA gives plain digits; h23 never answers "24" at midnight. Throws RangeError on an unknown zone.
    format = new Intl.DateTimeFormat("en-CA", {
      timeZone: zone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    });
    partFormats.set(zone, format);
  }
  return format;
}

function instantOf(d: Date | string | number): Date {
  const date = d instanceof Date ? d : new Date(d);
  if (Number.isNaN(date.getTime())) throw new RangeError(`Data inválida: ${String(d)}`);
  return date;
}

/** The wall clock read from the zone data (Intl): the truth, and the slow way (≈ 10 µs). */
function readParts(date: Date, zone: string): ZonedParts {
  const parts: Record<string, string> = {};
  for (const part of partFormat(zone).formatToParts(date)) parts[part.type] = part.value;
  return { year: parts.year ?? "", month: parts.month ?? "", day: parts.day ?? "", hour: parts.hour ?? "", minute: parts.minute ?? "" };
}

const HOUR_MS = 3_600_000;
/** Since 1980 every zone's offset is whole minutes and changes at most once in an hour. */
const STEADY_FROM = Date.UTC(1980, 0, 1);
/** "zone hour" → the zone's offset through that whole UTC hour, or null when it changes inside it. */
const hourOffsets = new Map<string, number | null>();

function steadyOffset(hour: number, zone: string): number | null {
  const key = `${zone} ${hour}`;
  let offset = hourOffsets.get(key);
  if (offset === undefined) {
    const at = (ms: number) => wallMs(readParts(new Date(ms), zone)) - ms;
    const start = hour * HOUR_MS;
    const first = at(start);
    offset = first === at(start + HOUR_MS - 60_000) ? first : null;
    // A week of slots reads ≈ 170 hours: the memory stays small, whatever runs for long.
    if (hourOffsets.size >= 20_000) hourOffsets.clear();
    hourOffsets.set(key, offset);
  }
  return offset;
}

/**
 * The wall clock in `zone` (an IANA name) at an instant. A calendar or a slot search asks this
 * thousands of times per request: the zone data is read twice per UTC hour (its offset at the
 * hour's first and last minute) and, when the hour holds no change, every instant in it is
 * arithmetic. An hour with a change, and any instant before 1980, read the zone data directly.
 */
export function zonedParts(instant: Date | string | number, zone: string): ZonedParts {
  const date = instantOf(instant);
  const ms = date.getTime();
  const offset = ms >= STEADY_FROM ? steadyOffset(Math.floor(ms / HOUR_MS), zone) : null;
  if (offset === null) return readParts(date, zone);
  // The wall clock as if it were UTC: "yyyy-mm-ddThh:mm…" (a 4-digit year since 1980).
  const w = new Date(ms + offset).toISOString();
  return { year: w.slice(0, 4), month: w.slice(5, 7), day: w.slice(8, 10), hour: w.slice(11, 13), minute: w.slice(14, 16) };
}

/** "dd/mm/aaaa" of the instant in the zone. */
export function formatDateIn(instant: Date | string | number, zone: string): string {
  const p = zonedParts(instant, zone);
  return `${p.day}/${p.month}/${p.year}`;
}

/** "HH:mm" (24 h) of the instant in the zone. */
export function formatTimeIn(instant: Date | string | number, zone: string): string {
  const p = zonedParts(instant, zone);
  return `${p.hour}:${p.minute}`;
}

/** "dd/mm/aaaa HH:mm" of the instant in the zone. */
export function formatDateTimeIn(instant: Date | string | number, zone: string): string {
  const p = zonedParts(instant, zone);
  return `${p.day}/${p.month}/${p.year} ${p.hour}:${p.minute}`;
}

/** "aaaa-mm-dd": the zone's calendar day the instant falls on. */
export function dayIn(instant: Date | string | number, zone: string): string {
  const p = zonedParts(instant, zone);
  return `${p.year}-${p.month}-${p.day}`;
}

/** The wall clock as if it were UTC, in ms (to compare readings by arithmetic). */
function wallMs(p: ZonedParts): number {
  return Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute));
}

/** How far the zone's wall clock is ahead of UTC at an instant, in ms (minute precision). */
function offsetAt(ms: number, zone: string): number {
  const exact = Math.floor(ms / 60_000) * 60_000;
  return wallMs(zonedParts(exact, zone)) - exact;
}

const DAY_MS = 86_400_000;
const LOCAL_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const LOCAL_TIME = /^(\d{1,2}):(\d{2})(?::\d{2})?$/;

/**
 * The instant a person means by a local date and time typed in `zone`:
 * `instantIn("2026-03-05", "14:30", "America/Manaus")`.
 *
 * Where the zone's clock jumps, it decides as a person (and Temporal's "compatible") would:
 * - a gap (a time that never happened, e.g. São Paulo's 2018-11-04 00:00–00:59) moves forward by
 *   the gap's length: 00:30 is the instant shown as 01:30;
 * - an overlap (a time that happened twice, e.g. 2019-02-16 23:00–23:59) takes the first
 *   occurrence (still under daylight time).
 * Throws RangeError on a malformed or impossible date or time.
 */
export function instantIn(day: string, time: string, zone: string): Date {
  const d = LOCAL_DAY.exec(day);
  const t = LOCAL_TIME.exec(time);
  if (!d || !t) throw new RangeError(`Data ou hora inválida: ${day} ${time}`);
  const wanted = Date.UTC(Number(d[1]), Number(d[2]) - 1, Number(d[3]), Number(t[1]), Number(t[2]));
  const check = new Date(wanted);
  if (
    check.getUTCDate() !== Number(d[3]) ||
    check.getUTCMonth() !== Number(d[2]) - 1 ||
    check.getUTCHours() !== Number(t[1]) ||
    check.getUTCMinutes() !== Number(t[2])
  ) {
    throw new RangeError(`Data ou hora inválida: ${day} ${time}`);
  }
  // The offsets a day either side: a transition in between gives two, else both are the same.
  const before = offsetAt(wanted - DAY_MS, zone);
  const after = offsetAt(wanted + DAY_MS, zone);
  const candidates = [wanted - before, wanted - after].filter((ms) => offsetAt(ms, zone) === wanted - ms);
  // Overlap: both readings exist, the earlier instant is the first occurrence.
  if (candidates.length) return new Date(Math.min(...candidates));
  // Gap: read with the offset in force before the jump, the time lands past it by the gap's length.
  return new Date(wanted - before);
}
