import { addDays, easterSunday } from "../ai/brazil-dates.ts";

/** A day the business is closed for a holiday ("aaaa-mm-dd" in the organização's zone). */
export interface Holiday {
  day: string;
  nome: string;
}

const pad = (n: number): string => String(n).padStart(2, "0");

/**
 * Brazil's national holidays of a year (Leis 662/1949, 6.802/1980, 14.759/2023) plus Sexta-feira
 * Santa, which every state keeps. Carnaval and Corpus Christi are pontos facultativos: a business
 * that closes on them adds them as local holidays. Consciência Negra is national from 2024.
 */
export function nationalHolidays(year: number): Holiday[] {
  const fixed: [number, number, string][] = [
    [1, 1, "Confraternização Universal"],
    [4, 21, "Tiradentes"],
    [5, 1, "Dia do Trabalho"],
    [9, 7, "Independência do Brasil"],
    [10, 12, "Nossa Senhora Aparecida"],
    [11, 2, "Finados"],
    [11, 15, "Proclamação da República"],
    [12, 25, "Natal"],
  ];
  if (year >= 2024) fixed.push([11, 20, "Dia Nacional de Zumbi e da Consciência Negra"]);
  const days: Holiday[] = fixed.map(([m, d, nome]) => ({ day: `${year}-${pad(m)}-${pad(d)}`, nome }));
  days.push({ day: addDays(easterSunday(year), -2), nome: "Sexta-feira Santa" });
  return days.sort((a, b) => a.day.localeCompare(b.day));
}

/** Cached per year: the slot search asks for the same year for every day of a window. */
const byYear = new Map<number, Map<string, string>>();

/** The national holiday on a day, if any. */
export function nationalHolidayOn(day: string): string | undefined {
  const year = Number(day.slice(0, 4));
  let map = byYear.get(year);
  if (!map) {
    map = new Map(nationalHolidays(year).map((h) => [h.day, h.nome]));
    byYear.set(year, map);
  }
  return map.get(day);
}
