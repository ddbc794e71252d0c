import { addDays } from "../ai/brazil-dates.ts";
import { dayIn } from "../time-zone.ts";
import { type BusinessHours, type DayHours, hoursOn } from "./business-hours.ts";
import { containedIn, type InstantRange, intersect, normalize, overlapsAny } from "./intervals.ts";
import { rangesOn } from "./local-times.ts";
import type { Professional } from "./professional.ts";

const MINUTE = 60_000;

/** The rules every slot question shares (the inside agenda and the public page pass the same). */
export interface SlotRules {
  hours: BusinessHours;
  /** The services' durations summed (totalDuration), in minutes. */
  durationMin: number;
  /** The agenda's slot size from /business-settings (15, 30…): slots start every step from opening. */
  stepMin: number;
  /** Minutes kept free after every appointment (cleaning, sterilizing): 0 for none. */
  bufferMin: number;
  /** No slot starts before now + this many minutes. */
  minNoticeMin: number;
  /** "Now", epoch ms: passed in, never read from a clock, so answers are deterministic. */
  now: number;
}

/** The sum of one or more services' durations, in minutes. */
export function totalDuration(services: readonly { durationMin: number }[]): number {
  return services.reduce((sum, s) => sum + s.durationMin, 0);
}

/** One professional's constraints on one day, as sorted instant ranges. */
export interface ProfessionalDay {
  dayHours: DayHours;
  /** Weekly availability of that weekday ∩ the day's opening hours. */
  available: InstantRange[];
  timeOff: InstantRange[];
  /** Bookings, each extended by the buffer after it. */
  busy: InstantRange[];
}

/** Built once per professional per query: normalized time off and buffered bookings. */
export interface PreparedProfessional {
  professional: Professional;
  timeOff: InstantRange[];
  busy: InstantRange[];
  days: Map<string, ProfessionalDay>;
}

export function prepare(rules: SlotRules, professional: Professional): PreparedProfessional {
  const buffer = rules.bufferMin * MINUTE;
  return {
    professional,
    timeOff: normalize(professional.timeOff),
    busy: normalize(professional.bookings.map((b) => ({ start: b.start, end: b.end + buffer }))),
    days: new Map(),
  };
}

/** The day plan of a professional (memoized on the prepared record). */
export function dayOf(rules: SlotRules, prepared: PreparedProfessional, day: string): ProfessionalDay {
  let plan = prepared.days.get(day);
  if (!plan) {
    const dayHours = hoursOn(rules.hours, day);
    const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
    const weekly = rangesOn(day, prepared.professional.weekly[weekday] ?? [], rules.hours.zone);
    plan = { dayHours, available: intersect(dayHours.ranges, weekly), timeOff: prepared.timeOff, busy: prepared.busy };
    prepared.days.set(day, plan);
  }
  return plan;
}

/** The first failed rule for an appointment starting at `start`, or null when it fits. */
export type Failure = {
  rule: "passado" | "antecedencia" | "duracao" | "horario" | "grade" | "disponibilidade" | "folga" | "agendamento";
} | null;

/**
 * The one predicate behind both the slot search and the booking check (so they can never
 * disagree): in the order a receptionist would explain a refusal.
 */
export function failureAt(rules: SlotRules, plan: ProfessionalDay, start: number): Failure {
  const duration = rules.durationMin * MINUTE;
  if (!(duration > 0) || !(rules.stepMin > 0)) return { rule: "duracao" };
  if (start < rules.now) return { rule: "passado" };
  if (start < rules.now + rules.minNoticeMin * MINUTE) return { rule: "antecedencia" };
  const slot = { start, end: start + duration };
  const opening = plan.dayHours.ranges.find((r) => r.start <= start && start < r.end);
  if (!opening || slot.end > opening.end) return { rule: "horario" };
  if ((start - opening.start) % (rules.stepMin * MINUTE) !== 0) return { rule: "grade" };
  if (overlapsAny(plan.timeOff, slot)) return { rule: "folga" };
  if (!containedIn(plan.available, slot)) return { rule: "disponibilidade" };
  const buffered = { start, end: slot.end + rules.bufferMin * MINUTE };
  if (overlapsAny(plan.busy, buffered)) return { rule: "agendamento" };
  return null;
}

/** The calendar days (in the zone) a window's instants fall on. */
export function daysOfWindow(window: InstantRange, zone: string): string[] {
  const first = dayIn(window.start, zone);
  const last = dayIn(Math.max(window.start, window.end - 1), zone);
  const out: string[] = [];
  for (let d = first; d <= last; d = addDays(d, 1)) out.push(d);
  return out;
}
