/**
 * A document's expiry as the screens say it (ADR 074): "vencido" from the day after its last
 * valid day, "a vencer" within the next 30 days (today included), days in the organização's zone.
 * Pure: `today` is the organização's local day (shared/time-zone.ts `dayIn`).
 */

/** How far ahead a document counts as "a vencer" (the dashboard's warning list too). */
export const EXPIRING_DAYS = 30;

export type ExpiryState = "vencido" | "a_vencer" | "em_dia" | "sem_vencimento";

/** "aaaa-mm-dd" + n days (calendar arithmetic in UTC: a local day has no zone). */
export function addDays(day: string, n: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

export function expiryState(expiresOn: string | null, today: string): ExpiryState {
  if (!expiresOn) return "sem_vencimento";
  if (expiresOn < today) return "vencido";
  if (expiresOn <= addDays(today, EXPIRING_DAYS)) return "a_vencer";
  return "em_dia";
}

/** Whole days from `today` to `expiresOn` (negative when past). */
export function daysUntil(expiresOn: string, today: string): number {
  return Math.round((Date.parse(`${expiresOn}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000);
}

/** "Vence hoje", "Vence amanhã", "Vence em 12 dias", "Venceu ontem", "Venceu há 3 dias". */
export function expiryText(expiresOn: string, today: string): string {
  const n = daysUntil(expiresOn, today);
  if (n === 0) return "Vence hoje";
  if (n === 1) return "Vence amanhã";
  if (n > 1) return `Vence em ${n} dias`;
  if (n === -1) return "Venceu ontem";
  return `Venceu há ${-n} dias`;
}

/** The list's URL filter for the documents vencidos or a vencer, as of `today` (`f.vencimento=`). */
export function expiryFilter(state: "vencido" | "a_vencer", today: string): string {
  return state === "vencido" ? `..${addDays(today, -1)}` : `${today}..${addDays(today, EXPIRING_DAYS)}`;
}
