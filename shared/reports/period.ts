import { instantIn } from "../time-zone.ts";
import type { ReportPeriod } from "./document.ts";

/**
 * A report's period (ADR 083): whole days of the organização's calendar, [from, to] inclusive,
 * "aaaa-mm-dd". The instants that bound it are the local midnights in the organização's IANA zone
 * (`periodInstants`): a sale at 23:59 in São Paulo on 30/11 (02:59 UTC on 01/12) is November's,
 * one at 00:00 on 01/12 is December's. The comparison period is the one of the same length that
 * ends the day before. Pure and client-safe: the screen's presets and the server's queries agree.
 */

export const MAX_REPORT_DAYS = 366;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export function isDay(value: unknown): value is string {
  return typeof value === "string" && DAY.test(value) && new Date(`${value}T00:00:00Z`).toISOString().slice(0, 10) === value;
}

/** "aaaa-mm-dd" + n days (calendar arithmetic, zone-free). */
export function shiftDay(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Days in [from, to], both counted. */
export function periodLength(p: ReportPeriod): number {
  return Math.round((Date.parse(`${p.to}T00:00:00Z`) - Date.parse(`${p.from}T00:00:00Z`)) / 86_400_000) + 1;
}

/** The period of the same length that ends the day before `p` starts. */
export function previousPeriod(p: ReportPeriod): ReportPeriod {
  const to = shiftDay(p.from, -1);
  return { from: shiftDay(to, -(periodLength(p) - 1)), to };
}

/** The period's bounds as UTC epoch ms: [start, end), each a local midnight in `zone`. */
export function periodInstants(p: ReportPeriod, zone: string): { start: number; end: number } {
  return { start: instantIn(p.from, "00:00", zone).getTime(), end: instantIn(shiftDay(p.to, 1), "00:00", zone).getTime() };
}

export const PERIOD_PRESETS = [
  { id: "hoje", label: "Hoje" },
  { id: "7-dias", label: "7 dias" },
  { id: "este-mes", label: "Este mês" },
  { id: "mes-passado", label: "Mês passado" },
  { id: "90-dias", label: "90 dias" },
  { id: "este-ano", label: "Este ano" },
] as const;
export type PeriodPreset = (typeof PERIOD_PRESETS)[number]["id"];

/** A preset's days, from today's (the organização's) date. */
export function presetPeriod(preset: PeriodPreset, today: string): ReportPeriod {
  const monthStart = `${today.slice(0, 8)}01`;
  switch (preset) {
    case "hoje":
      return { from: today, to: today };
    case "7-dias":
      return { from: shiftDay(today, -6), to: today };
    case "este-mes":
      return { from: monthStart, to: today };
    case "mes-passado": {
      const to = shiftDay(monthStart, -1);
      return { from: `${to.slice(0, 8)}01`, to };
    }
    case "90-dias":
      return { from: shiftDay(today, -89), to: today };
    case "este-ano":
      return { from: `${today.slice(0, 4)}-01-01`, to: today };
  }
}

/** Which preset the period is (on `today`), or null: "Personalizado". */
export function presetOf(p: ReportPeriod, today: string): PeriodPreset | null {
  for (const { id } of PERIOD_PRESETS) {
    const q = presetPeriod(id, today);
    if (q.from === p.from && q.to === p.to) return id;
  }
  return null;
}

/**
 * The period a URL asks for (`de`, `ate`), or "Este mês" when either is missing or malformed;
 * a reversed one is put in order, a longer one than a year and a day is cut to its last 366 days.
 */
export function parsePeriod(de: string | null | undefined, ate: string | null | undefined, today: string): ReportPeriod {
  if (!isDay(de) || !isDay(ate)) return presetPeriod("este-mes", today);
  const p = de <= ate ? { from: de, to: ate } : { from: ate, to: de };
  if (periodLength(p) > MAX_REPORT_DAYS) return { from: shiftDay(p.to, -(MAX_REPORT_DAYS - 1)), to: p.to };
  return p;
}

/** One bar of a chart over time: a day or a calendar month (clipped to the period). */
export interface PeriodBucket {
  /** "2026-11-27" or "2026-11". */
  key: string;
  /** "27/11" or "nov/26". */
  label: string;
  from: string;
  to: string;
}

const MONTHS = ["jan", "fev", "mar", "abr", "mai", "jun", "jul", "ago", "set", "out", "nov", "dez"];

export function dayBucketsOf(p: ReportPeriod): PeriodBucket[] {
  const out: PeriodBucket[] = [];
  for (let d = p.from; d <= p.to; d = shiftDay(d, 1)) out.push({ key: d, label: `${d.slice(8, 10)}/${d.slice(5, 7)}`, from: d, to: d });
  return out;
}

export function monthLabel(month: string): string {
  return `${MONTHS[Number(month.slice(5, 7)) - 1]}/${month.slice(2, 4)}`;
}

export function monthBucketsOf(p: ReportPeriod): PeriodBucket[] {
  const out: PeriodBucket[] = [];
  let from = p.from;
  while (from <= p.to) {
    const nextMonth = shiftDay(`${from.slice(0, 8)}28`, 4);
    const monthEnd = shiftDay(`${nextMonth.slice(0, 8)}01`, -1);
    const to = monthEnd < p.to ? monthEnd : p.to;
    out.push({ key: from.slice(0, 7), label: monthLabel(from), from, to });
    from = shiftDay(to, 1);
  }
  return out;
}

/** Days for a month or shorter, months beyond (a chart's bars stay few enough to read at 390 px). */
export function trendBucketsOf(p: ReportPeriod): { unit: "dia" | "mes"; buckets: PeriodBucket[] } {
  return periodLength(p) <= 62 ? { unit: "dia", buckets: dayBucketsOf(p) } : { unit: "mes", buckets: monthBucketsOf(p) };
}

/** "01/11/2026 a 30/11/2026" (one day: "27/11/2026"). */
export function periodInWords(p: ReportPeriod): string {
  const f = (d: string) => `${d.slice(8, 10)}/${d.slice(5, 7)}/${d.slice(0, 4)}`;
  return p.from === p.to ? f(p.from) : `${f(p.from)} a ${f(p.to)}`;
}
