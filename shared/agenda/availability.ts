import { addDays } from "../ai/brazil-dates.ts";
import { dayIn, formatDateIn, formatDateTimeIn, formatTimeIn, instantIn } from "../time-zone.ts";
import type { BusinessHours } from "./business-hours.ts";
import type { LocalInterval, WeeklyIntervals } from "./local-times.ts";
import { minutesOf } from "./local-times.ts";
import { weeklyOutsideHours } from "./professional.ts";

/**
 * A professional's weekly availability and time off as the /profissionais page and the API
 * type them (ADR 064): pure and client-safe, so the page and the service refuse the same input
 * with the same pt-BR problems. The business hours come from Horários (business_hours).
 */

export const WEEKDAY_NAMES = ["Domingo", "Segunda", "Terça", "Quarta", "Quinta", "Sexta", "Sábado"] as const;

/** Intervals one weekday may hold (a split shift with a lunch break needs two). */
export const MAX_INTERVALS_PER_DAY = 6;

const EMPTY_WEEK: LocalInterval[][] = [[], [], [], [], [], [], []];

function isInterval(value: unknown): value is LocalInterval {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof (value as LocalInterval).start === "string" &&
    typeof (value as LocalInterval).end === "string"
  );
}

/**
 * Stored WeeklyIntervals JSON (professionals.weekly, business_hours.weekly) → seven lists; anything
 * malformed reads as closed (a damaged row never opens a day).
 */
export function parseWeekly(json: string | null | undefined): LocalInterval[][] {
  if (!json) return EMPTY_WEEK.map(() => []);
  try {
    const value: unknown = JSON.parse(json);
    if (!Array.isArray(value) || value.length !== 7) return EMPTY_WEEK.map(() => []);
    return value.map((day) => (Array.isArray(day) ? day.filter(isInterval).map((i) => ({ start: i.start, end: i.end })) : []));
  } catch {
    return EMPTY_WEEK.map(() => []);
  }
}

/** Business hours for the availability check: only the week matters (holidays are per day). */
export function weeklyHours(weekly: WeeklyIntervals, zone: string): BusinessHours {
  return { zone, weekly, closedOnNationalHolidays: true, localHolidays: [], exceptions: [] };
}

/** "9:00", "09:00", "0900" → "09:00"; "24:00" kept; null when it is no time of day. */
export function normalizeTime(value: unknown): string | null {
  if (typeof value !== "string") return null;
  const m = /^\s*(\d{1,2}):?(\d{2})\s*$/.exec(value);
  if (!m) return null;
  const text = `${(m[1] as string).padStart(2, "0")}:${m[2]}`;
  return Number.isNaN(minutesOf(text)) ? null : text;
}

export type WeeklyParse = { ok: true; weekly: LocalInterval[][] } | { ok: false; problems: string[] };

/**
 * What a person typed as a week → seven sorted lists, or the pt-BR problems: a time that is not
 * one, an end not after its start, two intervals of a day that overlap, too many in a day.
 * Accepts the API's JSON shape (`[[{ start, end }], …]`, 7 days) and the form's rows (`{ start,
 * end }` per weekday, blank rows left out).
 */
export function parseWeeklyInput(input: unknown): WeeklyParse {
  if (!Array.isArray(input) || input.length !== 7) {
    return { ok: false, problems: ["Informe a disponibilidade dos 7 dias da semana (domingo a sábado)."] };
  }
  const problems: string[] = [];
  const weekly: LocalInterval[][] = [];
  input.forEach((day: unknown, weekday) => {
    const name = WEEKDAY_NAMES[weekday] as string;
    const rows = Array.isArray(day) ? day : [];
    if (!Array.isArray(day)) problems.push(`${name}: informe uma lista de intervalos.`);
    const intervals: LocalInterval[] = [];
    for (const row of rows) {
      const raw = typeof row === "object" && row !== null ? (row as Record<string, unknown>) : {};
      const blank = (v: unknown) => v === undefined || v === null || (typeof v === "string" && v.trim() === "");
      if (blank(raw.start) && blank(raw.end)) continue;
      const start = normalizeTime(raw.start);
      const end = normalizeTime(raw.end);
      if (!start || !end || start === "24:00") {
        problems.push(`${name}: informe o início e o fim no formato HH:mm.`);
        continue;
      }
      if (minutesOf(end) <= minutesOf(start)) {
        problems.push(`${name}: o fim (${end}) deve ser depois do início (${start}).`);
        continue;
      }
      intervals.push({ start, end });
    }
    intervals.sort((a, b) => minutesOf(a.start) - minutesOf(b.start));
    if (intervals.length > MAX_INTERVALS_PER_DAY) problems.push(`${name}: no máximo ${MAX_INTERVALS_PER_DAY} intervalos por dia.`);
    for (let i = 1; i < intervals.length; i++) {
      const a = intervals[i - 1] as LocalInterval;
      const b = intervals[i] as LocalInterval;
      if (minutesOf(b.start) < minutesOf(a.end)) problems.push(`${name}: ${a.start}–${a.end} e ${b.start}–${b.end} se sobrepõem.`);
    }
    weekly.push(intervals);
  });
  return problems.length ? { ok: false, problems } : { ok: true, weekly };
}

/**
 * The week checked against the business hours: the parse's problems, then every interval outside
 * the opening hours (shared/agenda weeklyOutsideHours). Saved only when this is ok.
 */
export function checkAvailability(input: unknown, hours: BusinessHours): WeeklyParse {
  const parsed = parseWeeklyInput(input);
  if (!parsed.ok) return parsed;
  const outside = weeklyOutsideHours(parsed.weekly, hours);
  return outside.length ? { ok: false, problems: outside.map((p) => `${p}.`) } : parsed;
}

/** The form's fields of a week: `semana.<weekday>.<row>.inicio` / `.fim` → the API's shape. */
export function weekFromForm(entries: Iterable<[string, unknown]>): { start: unknown; end: unknown }[][] {
  const week: { start: unknown; end: unknown }[][] = [[], [], [], [], [], [], []];
  const rows = new Map<string, { start: unknown; end: unknown }>();
  for (const [key, value] of entries) {
    const m = /^semana\.([0-6])\.(\d{1,2})\.(inicio|fim)$/.exec(key);
    if (!m) continue;
    const id = `${m[1]}.${m[2]}`;
    let row = rows.get(id);
    if (!row) {
      row = { start: undefined, end: undefined };
      rows.set(id, row);
      (week[Number(m[1])] as { start: unknown; end: unknown }[])[Number(m[2])] = row;
    }
    if (m[3] === "inicio") row.start = value;
    else row.end = value;
  }
  return week.map((day) => day.filter(Boolean));
}

// ---------------------------------------------------------------------------
// Time off

export const TIME_OFF_KINDS = ["Férias", "Folga", "Consulta médica", "Curso", "Outro"] as const;

/** The longest time off one entry may hold (a year: a longer absence is an inactive professional). */
export const MAX_TIME_OFF_DAYS = 366;

export const TIME_OFF_DETAIL_MAX = 120;

export interface TimeOffInput {
  /** "aaaa-mm-dd" in the organização's zone. */
  dataInicio: unknown;
  /** "HH:mm", blank: the day's start. */
  horaInicio?: unknown;
  dataFim: unknown;
  /** "HH:mm", blank: the end of the last day (the next midnight). */
  horaFim?: unknown;
  tipo: unknown;
  detalhe?: unknown;
}

export type TimeOffParse =
  | { ok: true; start: number; end: number; motivo: string }
  | { ok: false; errors: Partial<Record<keyof TimeOffInput, string>> };

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function text(value: unknown): string {
  return typeof value === "string" ? value.trim() : "";
}

/**
 * A time off as typed → its instants in `zone` and its reason ("Férias — viagem"). Blank hours
 * mean whole days: from the first day's 00:00 to the midnight after the last (so 10/01 to 12/01
 * holds three days, whatever the zone's clock did in between).
 */
export function parseTimeOff(input: TimeOffInput, zone: string): TimeOffParse {
  const errors: Partial<Record<keyof TimeOffInput, string>> = {};
  const kind = text(input.tipo);
  if (!(TIME_OFF_KINDS as readonly string[]).includes(kind))
    errors.tipo = "Escolha o tipo: férias, folga, consulta médica, curso ou outro.";
  const detail = text(input.detalhe);
  if (detail.length > TIME_OFF_DETAIL_MAX) errors.detalhe = `O detalhe deve ter no máximo ${TIME_OFF_DETAIL_MAX} caracteres.`;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
  else if (/[\u0000-\u001f\u007f]/.test(detail)) errors.detalhe = "O detalhe tem caracteres inválidos.";
  const firstDay = text(input.dataInicio);
  const lastDay = text(input.dataFim);
  const startTime = text(input.horaInicio);
  const endTime = text(input.horaFim);
  const at = (day: string, time: string, field: "dataInicio" | "dataFim", timeField: "horaInicio" | "horaFim", whole: string) => {
    if (!DAY.test(day)) {
      errors[field] = field === "dataInicio" ? "Informe a data de início." : "Informe a data de fim.";
      return null;
    }
    const clock = time ? normalizeTime(time) : whole;
    if (!clock || (clock === "24:00" && timeField === "horaInicio")) {
      errors[timeField] = "Informe a hora no formato HH:mm, ou deixe em branco para o dia inteiro.";
      return null;
    }
    try {
      // "24:00" of the last day: the next day's midnight.
      return clock === "next" || clock === "24:00"
        ? instantIn(addDays(day, 1), "00:00", zone).getTime()
        : instantIn(day, clock, zone).getTime();
    } catch {
      errors[field] = "Data inválida.";
      return null;
    }
  };
  const start = at(firstDay, startTime, "dataInicio", "horaInicio", "00:00");
  const end = at(lastDay, endTime, "dataFim", "horaFim", "next");
  if (start !== null && end !== null) {
    if (end <= start) errors.dataFim = "O fim deve ser depois do início.";
    else if (end - start > MAX_TIME_OFF_DAYS * 86_400_000) errors.dataFim = `Uma folga pode ter no máximo ${MAX_TIME_OFF_DAYS} dias.`;
    else if (start < Date.UTC(2000, 0, 1) || end > Date.UTC(2100, 0, 1)) errors.dataInicio = "Data inválida.";
  }
  if (Object.keys(errors).length || start === null || end === null) return { ok: false, errors };
  return { ok: true, start, end, motivo: detail ? `${kind} — ${detail}` : kind };
}

/**
 * "10/01/2027", "10/01/2027 a 12/01/2027" (whole days: midnight to midnight in the zone), or
 * "10/01/2027, 14:00–16:00" / "10/01/2027 14:00 a 12/01/2027 12:00".
 */
export function describeTimeOff(start: number, end: number, zone: string): string {
  const startDay = dayIn(start, zone);
  const lastInstant = end - 1;
  // A day's first instant (on a day whose midnight was skipped by DST, 01:00), not "00:00" on the clock.
  const midnight = (at: number) => instantIn(dayIn(at, zone), "00:00", zone).getTime() === at;
  const wholeDays = midnight(start) && midnight(end);
  if (wholeDays) {
    const lastDay = dayIn(lastInstant, zone);
    return lastDay === startDay ? formatDateIn(start, zone) : `${formatDateIn(start, zone)} a ${formatDateIn(lastInstant, zone)}`;
  }
  if (dayIn(end, zone) === startDay) return `${formatDateIn(start, zone)}, ${formatTimeIn(start, zone)}–${formatTimeIn(end, zone)}`;
  return `${formatDateTimeIn(start, zone)} a ${formatDateTimeIn(end, zone)}`;
}

/** Where a time off stands at `now`. */
export function timeOffStatus(start: number, end: number, now: number): "em curso" | "programada" | "encerrada" {
  return end <= now ? "encerrada" : start <= now ? "em curso" : "programada";
}
