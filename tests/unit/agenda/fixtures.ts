import type { BusinessHours } from "../../../shared/agenda/business-hours.ts";
import type { LocalInterval } from "../../../shared/agenda/local-times.ts";
import type { Professional } from "../../../shared/agenda/professional.ts";
import type { SlotRules } from "../../../shared/agenda/slot-rules.ts";
import { instantIn } from "../../../shared/time-zone.ts";

export const SP = "America/Sao_Paulo";
export const MANAUS = "America/Manaus";

const day = (...i: [string, string][]): LocalInterval[] => i.map(([start, end]) => ({ start, end }));
const weekdays = day(["09:00", "12:00"], ["13:00", "18:00"]);

/** Seg–sex 09–12 and 13–18, sáb 09–13, closed on Sundays and national holidays. */
export function salonHours(zone: string = SP): BusinessHours {
  return {
    zone,
    weekly: [[], weekdays, weekdays, weekdays, weekdays, weekdays, day(["09:00", "13:00"])],
    closedOnNationalHolidays: true,
    localHolidays: [],
    exceptions: [],
  };
}

/** Epoch ms of a wall-clock time in a zone. */
export const at = (date: string, time: string, zone: string = SP): number => instantIn(date, time, zone).getTime();

export function ana(extra: Partial<Professional> = {}): Professional {
  return {
    id: "ana",
    nome: "Ana",
    weekly: [[], weekdays, weekdays, weekdays, weekdays, weekdays, []],
    timeOff: [],
    bookings: [],
    ...extra,
  };
}

/** Bruno works only on Monday afternoons. */
export function bruno(extra: Partial<Professional> = {}): Professional {
  return { id: "bruno", nome: "Bruno", weekly: [[], day(["13:00", "18:00"]), [], [], [], [], []], timeOff: [], bookings: [], ...extra };
}

export function rules(extra: Partial<SlotRules> = {}): SlotRules {
  return { hours: salonHours(), durationMin: 60, stepMin: 30, bufferMin: 0, minNoticeMin: 0, now: at("2026-11-15", "08:00"), ...extra };
}

export const MONDAY = "2026-11-23";
/** Monday 2026-11-23, the whole local day in São Paulo. */
export const mondayWindow = { start: at(MONDAY, "00:00"), end: at("2026-11-24", "00:00") };
