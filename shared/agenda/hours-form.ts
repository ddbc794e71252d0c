import { z } from "zod";
import { checkbox, optionalString, requiredString } from "../validation.ts";
import type { LocalInterval, WeeklyIntervals } from "./local-times.ts";
import { describeIntervals, minutesOf } from "./local-times.ts";

/**
 * Horários' forms (ADR 063), client-safe: the week (several intervals per weekday), a local
 * holiday, a one-off exception. Intervals come as repeated `inicio-{d}` / `fim-{d}` fields (d = 0
 * domingo … 6 sábado; an exception's are `inicio` / `fim`), paired in order, so a form without
 * JavaScript posts them as typed. Every refusal is pt-BR and names the day and the intervals.
 */

import { dayKey, HOLIDAY_NAME_MAX, MAX_INTERVALS_PER_DAY, REASON_MAX, WEEKDAY_NAMES } from "./hours-fields.ts";

export { dayKey, formatDay, HOLIDAY_NAME_MAX, MAX_INTERVALS_PER_DAY, REASON_MAX, WEEKDAY_NAMES } from "./hours-fields.ts";

/** A repeated form field as a list (absent: none; a file or a number counts as malformed text). */
function listOf(value: unknown): string[] {
  const values = Array.isArray(value) ? value : value === undefined ? [] : [value];
  return values.map((v) => (typeof v === "string" ? v.trim() : "?"));
}

/** "9:00" → "09:00" (what people type); anything else unchanged (then refused). */
function normalizeTime(text: string): string {
  return /^\d:\d{2}$/.test(text) ? `0${text}` : text;
}

/**
 * The intervals of one day from paired start/end lists, or the pt-BR problem. A pair left blank
 * is a row not used; every other must be HH:mm (00:00–24:00), end after start, none overlapping
 * (touching is fine: the intervals are half-open).
 */
export function intervalsFrom(starts: readonly string[], ends: readonly string[], label: string): LocalInterval[] | string {
  const out: LocalInterval[] = [];
  const rows = Math.max(starts.length, ends.length);
  for (let i = 0; i < rows; i++) {
    const start = normalizeTime(starts[i] ?? "");
    const end = normalizeTime(ends[i] ?? "");
    if (start === "" && end === "") continue;
    if (start === "" || end === "") return `${label}: informe o início e o fim de cada intervalo.`;
    if (Number.isNaN(minutesOf(start)) || Number.isNaN(minutesOf(end)) || start === "24:00") {
      return `${label}: horário inválido; use HH:mm, de 00:00 a 24:00 (ex.: 09:00).`;
    }
    if (minutesOf(end) <= minutesOf(start)) return `${label}: o fim (${end}) deve ser depois do início (${start}).`;
    out.push({ start, end });
  }
  if (out.length > MAX_INTERVALS_PER_DAY) return `${label}: no máximo ${MAX_INTERVALS_PER_DAY} intervalos por dia.`;
  const sorted = [...out].sort((a, b) => minutesOf(a.start) - minutesOf(b.start));
  for (let i = 1; i < sorted.length; i++) {
    const before = sorted[i - 1] as LocalInterval;
    const current = sorted[i] as LocalInterval;
    if (minutesOf(current.start) < minutesOf(before.end)) {
      return `${label}: os intervalos ${describeIntervals([before])} e ${describeIntervals([current])} se sobrepõem.`;
    }
  }
  return sorted;
}

/** The week as the form posts it: `inicio-{d}`/`fim-{d}` for each weekday and the national holidays box. */
export const businessWeekSchema = z
  .record(z.string(), z.unknown())
  .transform((form, ctx): { semana: WeeklyIntervals; fechaFeriadosNacionais: boolean } => {
    const semana = WEEKDAY_NAMES.map((name, d) => {
      const result = intervalsFrom(listOf(form[`inicio-${d}`]), listOf(form[`fim-${d}`]), name);
      if (typeof result === "string") {
        ctx.addIssue({ code: "custom", message: result, path: [dayKey(d)] });
        return [];
      }
      return result;
    });
    const closed = checkbox().safeParse(form.fechaFeriadosNacionais);
    return { semana, fechaFeriadosNacionais: closed.success ? closed.data : false };
  });
export type BusinessWeekInput = z.output<typeof businessWeekSchema>;

/** "aaaa-mm-dd" of a real calendar day (the date input's value, or "dd/mm/aaaa" as typed), or null. */
export function calendarDay(text: string): string | null {
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  const br = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text);
  const [y, m, d] = iso ? [iso[1], iso[2], iso[3]] : br ? [br[3], br[2], br[1]] : [];
  if (!y || !m || !d) return null;
  const year = Number(y);
  if (year < 2000 || year > 2100) return null;
  const date = new Date(Date.UTC(year, Number(m) - 1, Number(d)));
  return date.getUTCMonth() === Number(m) - 1 && date.getUTCDate() === Number(d) ? `${y}-${m}-${d}` : null;
}

/** A calendar day field: required, a real date between 2000 and 2100. */
function dayField(): z.ZodType<string, unknown> {
  return z.unknown().transform((value, ctx): string => {
    const text = typeof value === "string" ? value.trim() : "";
    if (text === "") {
      ctx.addIssue({ code: "custom", message: "Informe a data." });
      return z.NEVER;
    }
    const day = calendarDay(text);
    if (!day) {
      ctx.addIssue({ code: "custom", message: "Data inválida: use dd/mm/aaaa (ex.: 20/01/2027)." });
      return z.NEVER;
    }
    return day;
  });
}

/** A local holiday: the business closes that day (the city's anniversary, Carnaval…). */
export const localHolidaySchema = z.object({
  dia: dayField(),
  nome: requiredString("Nome do feriado", { max: HOLIDAY_NAME_MAX }),
});
export type LocalHolidayInput = z.output<typeof localHolidaySchema>;

/** A one-off day: closed, or open at other hours; the reason shows on the agenda's refusal. */
export const hoursExceptionSchema = z
  .object({
    dia: dayField(),
    fechado: checkbox(),
    inicio: z.unknown().optional(),
    fim: z.unknown().optional(),
    motivo: optionalString("Motivo", { max: REASON_MAX }),
  })
  .transform((form, ctx): { dia: string; intervalos: LocalInterval[]; motivo: string | undefined } => {
    if (form.fechado) return { dia: form.dia, intervalos: [], motivo: form.motivo };
    const result = intervalsFrom(listOf(form.inicio), listOf(form.fim), "Horário especial");
    if (typeof result === "string") {
      ctx.addIssue({ code: "custom", message: result, path: ["inicio"] });
      return z.NEVER;
    }
    if (result.length === 0) {
      ctx.addIssue({
        code: "custom",
        message: "Informe o horário de abertura nesse dia, ou marque “Fechado o dia todo”.",
        path: ["inicio"],
      });
      return z.NEVER;
    }
    return { dia: form.dia, intervalos: result, motivo: form.motivo };
  });
export type HoursExceptionInput = z.output<typeof hoursExceptionSchema>;

/** Removing a special day (a holiday or an exception) by its id. */
export const removeSpecialDaySchema = z.object({ id: requiredString("Dia", { max: 64 }) });
