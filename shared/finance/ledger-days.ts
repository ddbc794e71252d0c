import { instantIn } from "../time-zone.ts";

/**
 * The cash ledger's calendar (ADR 069): a balance "on a day" is every movement before the end
 * of that day in the organização's zone; a period is whole local days [from, to]. Pure: the
 * service turns days into UTC instants here and folds the database's sums back into running
 * balances.
 */

/** The longest period read at once (a year and a day: a leap year's report). */
export const MAX_PERIOD_DAYS = 366;
const LOCAL_DAY = /^\d{4}-\d{2}-\d{2}$/;

export type DaysResult = { ok: true; days: string[] } | { ok: false; error: string };

/** "aaaa-mm-dd" + 1 (calendar arithmetic, zone-free). */
export function nextDay(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

function isDay(day: string): boolean {
  if (!LOCAL_DAY.test(day)) return false;
  // "2026-13-01" makes an invalid Date, whose toISOString throws: not a day, not a 500.
  const date = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === day;
}

/** The days of [from, to], or a pt-BR refusal. */
export function periodDays(from: string, to: string): DaysResult {
  if (!isDay(from)) return { ok: false, error: "Data inicial inválida: use o formato aaaa-mm-dd." };
  if (!isDay(to)) return { ok: false, error: "Data final inválida: use o formato aaaa-mm-dd." };
  if (to < from) return { ok: false, error: "A data final vem antes da inicial." };
  const days: string[] = [];
  for (let day = from; day <= to; day = nextDay(day)) {
    if (days.length === MAX_PERIOD_DAYS) return { ok: false, error: `Escolha um período de até ${MAX_PERIOD_DAYS} dias.` };
    days.push(day);
  }
  return { ok: true, days };
}

/**
 * Each day's start as a UTC epoch ms, plus the end of the last day: `days.length + 1`
 * boundaries, day i = [b[i], b[i+1]). A zone's daylight change makes a day 23 or 25 hours.
 */
export function dayBoundaries(days: readonly string[], zone: string): number[] {
  if (days.length === 0) return [];
  const starts = days.map((day) => instantIn(day, "00:00", zone).getTime());
  starts.push(instantIn(nextDay(days[days.length - 1] as string), "00:00", zone).getTime());
  return starts;
}

/** One account's sums as the database reads them (centavos). */
export interface DaySums {
  contaId: string;
  /** Index into the period's days. */
  dia: number;
  entradas: number;
  saidas: number;
}

export interface DayBalance {
  dia: string;
  /** Balance when the day opened. */
  saldoInicial: number;
  /** Money in (≥ 0) and out (≤ 0) that day. */
  entradas: number;
  saidas: number;
  /** Balance when the day closed. */
  saldoFinal: number;
}

export interface AccountPeriod {
  contaId: string;
  saldoInicial: number;
  entradas: number;
  saidas: number;
  saldoFinal: number;
  dias: DayBalance[];
}

/**
 * Running balances per account and day from the opening balances (Σ before the period) and
 * the per-day sums: every account asked for gets every day, quiet days included.
 */
export function foldBalances(
  accountIds: readonly string[],
  days: readonly string[],
  opening: ReadonlyMap<string, number>,
  sums: readonly DaySums[],
): AccountPeriod[] {
  const byKey = new Map(sums.map((s) => [`${s.contaId}\u0000${s.dia}`, s]));
  return accountIds.map((contaId) => {
    const saldoInicial = opening.get(contaId) ?? 0;
    let saldo = saldoInicial;
    let entradas = 0;
    let saidas = 0;
    const dias = days.map((dia, i): DayBalance => {
      const s = byKey.get(`${contaId}\u0000${i}`);
      const dayIn = s?.entradas ?? 0;
      const dayOut = s?.saidas ?? 0;
      const open = saldo;
      saldo += dayIn + dayOut;
      entradas += dayIn;
      saidas += dayOut;
      return { dia, saldoInicial: open, entradas: dayIn, saidas: dayOut, saldoFinal: saldo };
    });
    return { contaId, saldoInicial, entradas, saidas, saldoFinal: saldo, dias };
  });
}
