import type { FilterOption } from "../resources/types.ts";

/**
 * A service's duration: whole minutes, 5 to 720 (12 h), in steps of 5 (the database's check is
 * the range; the step keeps the form a short choice and every slot grid aligned). Shown the way
 * a salon writes it: "30 min", "1h", "1h30". Pure and client-safe.
 */

export const DURATION_MIN = 5;
export const DURATION_MAX = 720;
export const DURATION_STEP = 5;

/** "45 min", "1h", "1h30", "12h". */
export function formatDuration(minutes: number): string {
  if (!Number.isFinite(minutes) || minutes <= 0) return "";
  const whole = Math.round(minutes);
  const hours = Math.floor(whole / 60);
  const rest = whole % 60;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours}h` : `${hours}h${String(rest).padStart(2, "0")}`;
}

/**
 * What people type for a duration, in minutes: "90", "90 min", "1h30", "1h 30min", "1:30", "2h",
 * "1,5 h". Null for anything else (the schema names the field in its message).
 */
export function parseDuration(text: string): number | null {
  const t = text.trim().toLowerCase().replace(/\s+/g, "");
  if (!t) return null;
  let m = /^(\d{1,4})(?:m|min|mins|minutos?)?$/.exec(t);
  if (m) return Number(m[1]);
  m = /^(\d{1,2})(?:h|hr|hs|horas?)(?:(\d{1,2})(?:m|min|mins|minutos?)?)?$/.exec(t);
  if (m) return Number(m[1]) * 60 + Number(m[2] ?? 0);
  m = /^(\d{1,2}):(\d{2})$/.exec(t);
  if (m && Number(m[2]) < 60) return Number(m[1]) * 60 + Number(m[2]);
  m = /^(\d{1,2})[,.](\d{1,2})(?:h|hr|hs|horas?)$/.exec(t);
  if (m) {
    const minutes = Number(`${m[1]}.${m[2]}`) * 60;
    return Number.isInteger(minutes) ? minutes : null;
  }
  return null;
}

/** A valid duration: whole minutes within the range, on the 5-minute step. */
export function isValidDuration(minutes: number): boolean {
  return Number.isInteger(minutes) && minutes >= DURATION_MIN && minutes <= DURATION_MAX && minutes % DURATION_STEP === 0;
}

/** The form's choices: every 5 minutes from 5 min to 12h ("1h30" reads; "90" is sent). */
export const DURATION_OPTIONS: readonly FilterOption[] = Array.from(
  { length: (DURATION_MAX - DURATION_MIN) / DURATION_STEP + 1 },
  (_, i) => {
    const minutes = DURATION_MIN + i * DURATION_STEP;
    return { value: String(minutes), label: formatDuration(minutes) };
  },
);
