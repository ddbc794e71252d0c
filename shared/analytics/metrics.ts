/**
 * /analytics' metrics, pure and client-safe (unit-tested; the definitions are ADR 085's):
 *
 * - **engagement** of a post = likes + comments + shares + saves, as Meta's daily read left them
 *   (a number Meta did not give counts 0); **engagement rate** = engagement ÷ reach, only for a
 *   post with reach > 0. Impressions are not kept: Meta retired them for Instagram media (v22)
 *   and for Page posts (2025); reach is the audience figure.
 * - **best time to post**: the mean engagement rate of the posts published on each weekday ×
 *   hour (the organização's zone) over at least the last 90 days; a recommendation only with
 *   enough posts behind it (`BEST_TIME_MIN_POSTS` in all, `BEST_TIME_MIN_SLOT` on its weekday
 *   and on its hour).
 * - the period: whole local days [de, ate], cut into days, weeks or months for the charts.
 */
import { addDays } from "../finance/recurrence.ts";
import { periodDays } from "../finance/ledger-days.ts";
import { instantIn, zonedParts } from "../time-zone.ts";

/** Posts with reach the grid needs before it recommends a day and hour. */
export const BEST_TIME_MIN_POSTS = 10;
/** Posts on the recommended weekday, and at the recommended hour, at least. */
export const BEST_TIME_MIN_SLOT = 3;
/** The grid reads at least this many days back from the period's end (a week's posts say little). */
export const BEST_TIME_WINDOW_DAYS = 90;

export interface PostNumbers {
  alcance: number | null;
  curtidas: number | null;
  comentarios: number | null;
  compartilhamentos: number | null;
  salvamentos: number | null;
}

export function engagementOf(p: PostNumbers): number {
  return (p.curtidas ?? 0) + (p.comentarios ?? 0) + (p.compartilhamentos ?? 0) + (p.salvamentos ?? 0);
}

/** engagement ÷ reach, or null without reach. */
export function engagementRate(p: PostNumbers): number | null {
  return p.alcance && p.alcance > 0 ? engagementOf(p) / p.alcance : null;
}

// ---------------------------------------------------------------- the period

export type Granularity = "dia" | "semana" | "mes";

export interface Bucket {
  /** First local day of the bucket (inclusive). */
  from: string;
  /** Last local day (inclusive). */
  to: string;
  /** "05/11" (a day or a week's first day) or "nov/26". */
  label: string;
  /** UTC ms of the bucket's start; the next bucket's start (or the period's end) ends it. */
  start: number;
}

export interface PeriodPlan {
  de: string;
  ate: string;
  granularity: Granularity;
  buckets: Bucket[];
  /** UTC ms: the first day's start and the day after the last one's start. */
  start: number;
  end: number;
}

const MONTHS = ["jan", "fev", "mar", "abr", "mai", "jun", "jul", "ago", "set", "out", "nov", "dez"];

function dm(day: string): string {
  return `${day.slice(8, 10)}/${day.slice(5, 7)}`;
}

/** The period cut for the charts: by day up to 31 days, by week (from `de`) up to 26 weeks, else by month. */
export function planPeriod(de: string, ate: string, zone: string): PeriodPlan | { error: string } {
  const days = periodDays(de, ate);
  if (!days.ok) return { error: days.error };
  const n = days.days.length;
  const granularity: Granularity = n <= 31 ? "dia" : n <= 182 ? "semana" : "mes";
  const starts: string[] = [];
  if (granularity === "dia") starts.push(...days.days);
  else if (granularity === "semana") for (let i = 0; i < n; i += 7) starts.push(days.days[i] as string);
  else {
    starts.push(de);
    for (const day of days.days) if (day.endsWith("-01") && day !== de) starts.push(day);
  }
  const end = instantIn(addDays(ate, 1), "00:00", zone).getTime();
  const buckets = starts.map((from, i) => {
    const next = starts[i + 1];
    const to = next ? addDays(next, -1) : ate;
    const label = granularity === "mes" ? `${MONTHS[Number(from.slice(5, 7)) - 1]}/${from.slice(2, 4)}` : dm(from);
    return { from, to, label, start: instantIn(from, "00:00", zone).getTime() };
  });
  return { de, ate, granularity, buckets, start: buckets[0]?.start ?? end, end };
}

/** Index of the bucket an instant falls in, or -1 outside the period. */
export function bucketOf(plan: Pick<PeriodPlan, "buckets" | "end">, ms: number): number {
  if (ms >= plan.end || !plan.buckets.length || ms < (plan.buckets[0] as Bucket).start) return -1;
  let lo = 0;
  let hi = plan.buckets.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if ((plan.buckets[mid] as Bucket).start <= ms) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

export interface PeriodPreset {
  id: string;
  label: string;
  de: string;
  ate: string;
}

/** The ready periods, from the organização's today. */
export function periodPresets(today: string): PeriodPreset[] {
  const monthStart = `${today.slice(0, 8)}01`;
  const lastMonthEnd = addDays(monthStart, -1);
  return [
    { id: "7d", label: "Últimos 7 dias", de: addDays(today, -6), ate: today },
    { id: "30d", label: "Últimos 30 dias", de: addDays(today, -29), ate: today },
    { id: "90d", label: "Últimos 90 dias", de: addDays(today, -89), ate: today },
    { id: "mes", label: "Este mês", de: monthStart, ate: today },
    { id: "mes-passado", label: "Mês passado", de: `${lastMonthEnd.slice(0, 8)}01`, ate: lastMonthEnd },
    { id: "ano", label: "Últimos 12 meses", de: addDays(today, -364), ate: today },
  ];
}

// ---------------------------------------------------------------- best time to post

/** Sunday first, as JavaScript's getUTCDay. */
export const WEEKDAYS = ["Domingo", "Segunda", "Terça", "Quarta", "Quinta", "Sexta", "Sábado"];
/** "Seus posts vão melhor às terças": the plural with its article. */
const WEEKDAYS_PLURAL = ["aos domingos", "às segundas", "às terças", "às quartas", "às quintas", "às sextas", "aos sábados"];

export interface TimedPost extends PostNumbers {
  publicadoEm: number;
}

export interface GridCell {
  posts: number;
  /** Mean engagement rate of the cell's posts. */
  rate: number;
}

export interface BestTimes {
  /** Posts with reach that the grid read. */
  posts: number;
  /** [weekday 0–6][hour 0–23]: null where nothing was posted. */
  grid: (GridCell | null)[][];
  /** The hours that hold a post (the columns worth drawing), ascending. */
  hours: number[];
  byWeekday: (GridCell | null)[];
  byHour: (GridCell | null)[];
  /** The recommendation, or why there is none yet. */
  best: { weekday: number; hour: number; rate: number; text: string } | null;
  /** Posts still missing before a recommendation (0 when there is one or when the slots, not the count, are short). */
  missing: number;
}

function mean(cells: { sum: number; n: number }): GridCell | null {
  return cells.n ? { posts: cells.n, rate: cells.sum / cells.n } : null;
}

/**
 * The weekday × hour grid of mean engagement rates and the recommendation: the weekday with the
 * best mean among weekdays with `BEST_TIME_MIN_SLOT` posts, and likewise the hour (each read on
 * its own: a month of posts fills few cells of a 7 × 24 grid). Ties go to the busier slot, then
 * the earlier one.
 */
export function bestTimes(posts: readonly TimedPost[], zone: string): BestTimes {
  const cells = Array.from({ length: 7 }, () => Array.from({ length: 24 }, () => ({ sum: 0, n: 0 })));
  const days = Array.from({ length: 7 }, () => ({ sum: 0, n: 0 }));
  const hours = Array.from({ length: 24 }, () => ({ sum: 0, n: 0 }));
  let count = 0;
  for (const post of posts) {
    const rate = engagementRate(post);
    if (rate === null) continue;
    const p = zonedParts(post.publicadoEm, zone);
    const weekday = new Date(Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day))).getUTCDay();
    const hour = Number(p.hour);
    for (const c of [cells[weekday]?.[hour], days[weekday], hours[hour]]) {
      if (!c) continue;
      c.sum += rate;
      c.n++;
    }
    count++;
  }
  const pick = (slots: { sum: number; n: number }[]): number => {
    let best = -1;
    slots.forEach((s, i) => {
      if (s.n < BEST_TIME_MIN_SLOT) return;
      const b = slots[best];
      const r = s.sum / s.n;
      if (!b || r > b.sum / b.n || (r === b.sum / b.n && s.n > b.n)) best = i;
    });
    return best;
  };
  let best: BestTimes["best"] = null;
  if (count >= BEST_TIME_MIN_POSTS) {
    const weekday = pick(days);
    const hour = pick(hours);
    if (weekday >= 0 && hour >= 0) {
      const d = days[weekday] as { sum: number; n: number };
      best = {
        weekday,
        hour,
        rate: d.sum / d.n,
        text: `Seus posts vão melhor ${WEEKDAYS_PLURAL[weekday]}, ${hour}h.`,
      };
    }
  }
  return {
    posts: count,
    grid: cells.map((row) => row.map(mean)),
    hours: hours.flatMap((h, i) => (h.n ? [i] : [])),
    byWeekday: days.map(mean),
    byHour: hours.map(mean),
    best,
    missing: Math.max(BEST_TIME_MIN_POSTS - count, 0),
  };
}
