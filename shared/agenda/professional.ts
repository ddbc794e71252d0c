import type { BusinessHours } from "./business-hours.ts";
import type { InstantRange } from "./intervals.ts";
import { describeIntervals, minutesOf, type WeeklyIntervals } from "./local-times.ts";

/** A professional as the slot rules see them: who, when they work, and what already fills it. */
export interface Professional {
  id: string;
  nome: string;
  /** Weekly availability in the business's zone; must lie inside the business hours. */
  weekly: WeeklyIntervals;
  /** Time off (férias, folga, consulta médica) as instant ranges. */
  timeOff: readonly InstantRange[];
  /** Appointments that hold the professional (every status but cancelado and faltou). */
  bookings: readonly InstantRange[];
}

const WEEKDAY_NAMES = ["Domingo", "Segunda", "Terça", "Quarta", "Quinta", "Sexta", "Sábado"];

/**
 * The pt-BR problems of a weekly availability against the business hours (the /profissionais
 * form refuses to save while any is left): each interval must lie inside one opening interval.
 */
export function weeklyOutsideHours(weekly: WeeklyIntervals, hours: BusinessHours): string[] {
  const problems: string[] = [];
  weekly.forEach((intervals, weekday) => {
    const open = hours.weekly[weekday] ?? [];
    for (const i of intervals) {
      const start = minutesOf(i.start);
      const end = minutesOf(i.end);
      if (!(start < end)) {
        problems.push(`${WEEKDAY_NAMES[weekday]}: ${i.start}–${i.end} não é um intervalo válido`);
        continue;
      }
      const inside = open.some((o) => minutesOf(o.start) <= start && end <= minutesOf(o.end));
      if (!inside) {
        const where = open.length ? `(${describeIntervals(open)})` : "(fechado)";
        problems.push(`${WEEKDAY_NAMES[weekday]}: ${i.start}–${i.end} fica fora do horário de funcionamento ${where}`);
      }
    }
  });
  return problems;
}
