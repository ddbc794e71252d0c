import type { BusinessHours, HoursException } from "../../../shared/agenda/business-hours.ts";
import type { LocalInterval, WeeklyIntervals } from "../../../shared/agenda/local-times.ts";
import { minutesOf } from "../../../shared/agenda/local-times.ts";

/**
 * Rows of business_hours / business_hour_days → shared/agenda's BusinessHours (ADR 063). Pure (no
 * database): /horarios and the agenda's rules loader (core) read the rows their own way and map
 * them here, so a booking is checked against exactly what the screen shows.
 */

/** The columns of business_hours this mapping reads (absent row: never set). */
export interface BusinessHoursRow {
  semana: string;
  fechaFeriadosNacionais: boolean;
}

/** The columns of business_hour_days this mapping reads. */
export interface BusinessHourDayRow {
  dia: string;
  tipo: "feriado" | "excecao";
  intervalos: string;
  motivo: string | null;
}

/** A local holiday's name when none was typed (the form requires one; old rows might not). */
export const UNNAMED_HOLIDAY = "feriado local";

function isInterval(value: unknown): value is LocalInterval {
  if (typeof value !== "object" || value === null) return false;
  const { start, end } = value as Record<string, unknown>;
  return typeof start === "string" && typeof end === "string" && minutesOf(start) < minutesOf(end);
}

function intervalsOf(value: unknown): LocalInterval[] {
  return Array.isArray(value) ? value.filter(isInterval).map(({ start, end }) => ({ start, end })) : [];
}

function parsed(json: string): unknown {
  try {
    return JSON.parse(json);
  } catch {
    return null;
  }
}

/** A LocalInterval[] JSON; anything malformed is dropped (a broken row closes, never opens, a day). */
export function parseIntervals(json: string): LocalInterval[] {
  return intervalsOf(parsed(json));
}

/** A WeeklyIntervals JSON (7 arrays, 0 = domingo); malformed days are closed. */
export function parseWeekly(json: string): WeeklyIntervals {
  const value = parsed(json);
  const days: unknown[] = Array.isArray(value) ? value : [];
  return Array.from({ length: 7 }, (_, d) => intervalsOf(days[d]));
}

/**
 * The organização's hours in its zone. No row yet: closed every day (the schema's reading of
 * "never set"), national holidays closed by default; the special days as given (a window's).
 */
export function businessHoursFromRows(zone: string, row: BusinessHoursRow | undefined, days: readonly BusinessHourDayRow[]): BusinessHours {
  const localHolidays: { day: string; nome: string }[] = [];
  const exceptions: HoursException[] = [];
  for (const d of days) {
    if (d.tipo === "feriado") localHolidays.push({ day: d.dia, nome: d.motivo ?? UNNAMED_HOLIDAY });
    else exceptions.push({ day: d.dia, intervals: parseIntervals(d.intervalos), ...(d.motivo ? { motivo: d.motivo } : {}) });
  }
  return {
    zone,
    weekly: row ? parseWeekly(row.semana) : Array.from({ length: 7 }, () => []),
    closedOnNationalHolidays: row?.fechaFeriadosNacionais ?? true,
    localHolidays,
    exceptions,
  };
}
