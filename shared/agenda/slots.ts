import type { InstantRange } from "./intervals.ts";
import type { Professional } from "./professional.ts";
import { dayOf, daysOfWindow, failureAt, type PreparedProfessional, prepare, type SlotRules } from "./slot-rules.ts";

const MINUTE = 60_000;
const DAY = 86_400_000;

/** A free slot [start, end) in epoch ms. */
export type Slot = InstantRange;

/** A slot for "qualquer um": who is free, best choice first. */
export interface AnySlot extends Slot {
  professionalIds: string[];
}

function slotsOfPrepared(rules: SlotRules, prepared: PreparedProfessional, window: InstantRange): (Slot & { day: string })[] {
  const step = rules.stepMin * MINUTE;
  const duration = rules.durationMin * MINUTE;
  const out: (Slot & { day: string })[] = [];
  if (!(step > 0) || !(duration > 0)) return out;
  for (const day of daysOfWindow(window, rules.hours.zone)) {
    const plan = dayOf(rules, prepared, day);
    for (const opening of plan.dayHours.ranges) {
      for (let start = opening.start; start + duration <= opening.end; start += step) {
        if (start < window.start || start >= window.end) continue;
        if (failureAt(rules, plan, start) === null) out.push({ start, end: start + duration, day });
      }
    }
  }
  return out;
}

/** The free slots of one professional whose start lies in [window.start, window.end), sorted. */
export function findSlots(rules: SlotRules, professional: Professional, window: InstantRange): Slot[] {
  return slotsOfPrepared(rules, prepare(rules, professional), window).map(({ start, end }) => ({ start, end }));
}

/** Bookings of a professional that overlap [start, end): how loaded their day already is. */
function loadOn(professional: Professional, range: InstantRange): number {
  let n = 0;
  for (const b of professional.bookings) if (b.start < range.end && range.start < b.end) n++;
  return n;
}

/**
 * "Qualquer um": every start at which at least one professional is free, with who is free ordered
 * by preference — the one with the fewest appointments that day first (spreads the work), ties in
 * the order given (the caller passes the registry's order, so the choice is deterministic).
 */
export function findSlotsForAnyone(rules: SlotRules, professionals: readonly Professional[], window: InstantRange): AnySlot[] {
  const byStart = new Map<number, { end: number; free: { id: string; load: number; order: number }[] }>();
  professionals.forEach((professional, order) => {
    const prepared = prepare(rules, professional);
    const loads = new Map<string, number>();
    for (const slot of slotsOfPrepared(rules, prepared, window)) {
      let load = loads.get(slot.day);
      if (load === undefined) {
        const opening = dayOf(rules, prepared, slot.day).dayHours.ranges;
        const span = { start: opening[0]?.start ?? slot.start, end: opening[opening.length - 1]?.end ?? slot.end };
        load = loadOn(professional, span);
        loads.set(slot.day, load);
      }
      const entry = byStart.get(slot.start) ?? { end: slot.end, free: [] };
      entry.free.push({ id: professional.id, load, order });
      byStart.set(slot.start, entry);
    }
  });
  return [...byStart.entries()]
    .sort(([a], [b]) => a - b)
    .map(([start, { end, free }]) => ({
      start,
      end,
      professionalIds: free.sort((a, b) => a.load - b.load || a.order - b.order).map((f) => f.id),
    }));
}

/** The first free slot from now (any of the professionals given, or just one), within `horizonDays`. */
export function nextFreeSlot(
  rules: SlotRules,
  professionals: readonly Professional[],
  horizonDays = 60,
): (Slot & { professionalId: string }) | null {
  const prepared = professionals.map((p) => prepare(rules, p));
  // A week at a time: the usual answer is found in the first one, without computing two months.
  for (let from = rules.now; from < rules.now + horizonDays * DAY; from += 7 * DAY) {
    const window = { start: from, end: Math.min(from + 7 * DAY, rules.now + horizonDays * DAY) };
    let best: (Slot & { professionalId: string }) | null = null;
    for (const p of prepared) {
      const first = slotsOfPrepared(rules, p, window)[0];
      if (first && (!best || first.start < best.start)) best = { start: first.start, end: first.end, professionalId: p.professional.id };
    }
    if (best) return best;
  }
  return null;
}
