import { type InstantRange, normalize } from "./intervals.ts";
import { nationalHolidayOn } from "./holidays.ts";
import {
  describeIntervals,
  type LocalInterval,
  rangesOn,
  type WeeklyIntervals,
  weekdayOf,
  weekdayPlural,
  weekdayShort,
} from "./local-times.ts";

/** A one-off day: closed (no intervals) or open at other hours. Wins over holidays and the week. */
export interface HoursException {
  day: string;
  intervals: readonly LocalInterval[];
  motivo?: string;
}

/** An organização's opening hours, all in its IANA zone (ADR 039). */
export interface BusinessHours {
  zone: string;
  weekly: WeeklyIntervals;
  /** Closed on Brazil's national holidays (holidays.ts) unless an exception opens the day. */
  closedOnNationalHolidays: boolean;
  localHolidays: readonly { day: string; nome: string }[];
  exceptions: readonly HoursException[];
}

/** What a day's hours are and why (for the refusal that names them). */
export interface DayHours {
  day: string;
  intervals: readonly LocalInterval[];
  ranges: InstantRange[];
  /** Why the day is closed or special: "feriado: Tiradentes", "exceção: Inventário". */
  motivo?: string;
}

/** The hours of one calendar day "aaaa-mm-dd" in the business's zone. */
export function hoursOn(hours: BusinessHours, day: string): DayHours {
  const exception = hours.exceptions.find((e) => e.day === day);
  if (exception) {
    return {
      day,
      intervals: exception.intervals,
      ranges: normalize(rangesOn(day, exception.intervals, hours.zone)),
      motivo: exception.motivo ?? "horário especial",
    };
  }
  const local = hours.localHolidays.find((h) => h.day === day)?.nome;
  const national = hours.closedOnNationalHolidays ? nationalHolidayOn(day) : undefined;
  const holiday = local ?? national;
  if (holiday) return { day, intervals: [], ranges: [], motivo: `feriado: ${holiday}` };
  const intervals = hours.weekly[weekdayOf(day)] ?? [];
  return { day, intervals, ranges: normalize(rangesOn(day, intervals, hours.zone)) };
}

/** The pt-BR refusal for a time outside a day's hours. */
export function outsideHoursMessage(dayHours: DayHours): string {
  const [, m, d] = dayHours.day.split("-");
  const date = `${d}/${m}`;
  if (dayHours.ranges.length === 0) {
    return dayHours.motivo ? `Fechado em ${date} (${dayHours.motivo})` : `Fechado ${weekdayPlural(dayHours.day)}`;
  }
  return `Fora do horário de funcionamento (${weekdayShort(dayHours.day)} ${describeIntervals(dayHours.intervals)})`;
}
