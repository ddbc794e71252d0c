import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { checkBooking } from "../../../shared/agenda/booking-check.ts";
import { hoursOn } from "../../../shared/agenda/business-hours.ts";
import type { InstantRange } from "../../../shared/agenda/intervals.ts";
import { rangesOn } from "../../../shared/agenda/local-times.ts";
import type { Professional } from "../../../shared/agenda/professional.ts";
import type { SlotRules } from "../../../shared/agenda/slot-rules.ts";
import { findSlots, findSlotsForAnyone } from "../../../shared/agenda/slots.ts";
import { dayIn } from "../../../shared/time-zone.ts";
import { MANAUS, SP, ana, at, salonHours } from "./fixtures.ts";

/**
 * Properties over random bookings, time off, steps, durations, buffers and "now", in both zones,
 * checked against the raw inputs (not the module's own helpers): nothing returned is busy, closed,
 * outside availability or past; the booking check and the slot search agree on every start.
 */

const MIN = 60_000;
const DAY = 86_400_000;

interface Case {
  rules: SlotRules;
  professional: Professional;
  window: InstantRange;
}

const caseArb = fc
  .record({
    zone: fc.constantFrom(SP, MANAUS),
    weekStart: fc.constantFrom("2026-11-23", "2018-11-05", "2019-02-11"),
    step: fc.constantFrom(15, 30, 60),
    duration: fc.integer({ min: 1, max: 12 }).map((n) => n * 15),
    buffer: fc.constantFrom(0, 10, 15),
    notice: fc.constantFrom(0, 60, 120),
    nowOffset: fc.integer({ min: -2 * 24 * 60, max: 4 * 24 * 60 }),
    bookings: fc.array(fc.tuple(fc.integer({ min: 0, max: 7 * 24 * 4 }), fc.integer({ min: 1, max: 12 })), { maxLength: 30 }),
    timeOff: fc.array(fc.tuple(fc.integer({ min: 0, max: 7 * 24 * 4 }), fc.integer({ min: 1, max: 40 })), { maxLength: 3 }),
  })
  .map(({ zone, weekStart, step, duration, buffer, notice, nowOffset, bookings, timeOff }): Case => {
    const origin = at(weekStart, "00:00", zone);
    const quarter = (q: number, len: number): InstantRange => ({ start: origin + q * 15 * MIN, end: origin + (q + len) * 15 * MIN });
    return {
      rules: {
        hours: salonHours(zone),
        durationMin: duration,
        stepMin: step,
        bufferMin: buffer,
        minNoticeMin: notice,
        now: origin + nowOffset * MIN,
      },
      professional: ana({
        bookings: bookings.map(([q, len]) => quarter(q, len)),
        timeOff: timeOff.map(([q, len]) => quarter(q, len)),
      }),
      window: { start: origin, end: origin + 7 * DAY },
    };
  });

const insideSome = (ranges: InstantRange[], s: InstantRange): boolean => ranges.some((r) => r.start <= s.start && s.end <= r.end);

describe("slot search properties", () => {
  it("returns only free, open, available, future slots, sorted and deterministic", () => {
    fc.assert(
      fc.property(caseArb, ({ rules, professional, window }) => {
        const slots = findSlots(rules, professional, window);
        expect(findSlots(rules, professional, window)).toEqual(slots);
        for (let i = 1; i < slots.length; i++) expect((slots[i]?.start ?? 0) > (slots[i - 1]?.start ?? 0)).toBe(true);
        const zone = rules.hours.zone;
        for (const slot of slots) {
          expect(slot.end - slot.start).toBe(rules.durationMin * MIN);
          expect(slot.start >= rules.now + rules.minNoticeMin * MIN).toBe(true);
          expect(slot.start >= window.start && slot.start < window.end).toBe(true);
          for (const b of professional.bookings) {
            expect(slot.start < b.end + rules.bufferMin * MIN && b.start < slot.end + rules.bufferMin * MIN).toBe(false);
          }
          for (const t of professional.timeOff) expect(slot.start < t.end && t.start < slot.end).toBe(false);
          const day = dayIn(slot.start, zone);
          expect(insideSome(hoursOn(rules.hours, day).ranges, slot)).toBe(true);
          const weekly = professional.weekly[new Date(`${day}T00:00:00Z`).getUTCDay()] ?? [];
          expect(insideSome(rangesOn(day, weekly, zone), slot)).toBe(true);
        }
      }),
      { numRuns: 60 },
    );
  });

  it("the booking check accepts exactly the starts the slot search offers", () => {
    fc.assert(
      fc.property(caseArb, fc.array(fc.integer({ min: 0, max: 7 * 24 * 12 - 1 }), { maxLength: 40 }), (c, probes) => {
        const offered = new Set(findSlots(c.rules, c.professional, c.window).map((s) => s.start));
        // Every offered start, and random 5-minute starts across the week, on or off the grid.
        const starts = [...offered, ...probes.map((p) => c.window.start + p * 5 * MIN)];
        for (const start of starts) {
          const check = checkBooking(c.rules, c.professional, start);
          expect(check.ok).toBe(offered.has(start));
          if (!check.ok) expect(check.motivo.length).toBeGreaterThan(0);
        }
      }),
      { numRuns: 60 },
    );
  });

  it("qualquer um is the union of everyone's slots, each listing exactly who is free", () => {
    fc.assert(
      fc.property(caseArb, caseArb, (a, b) => {
        const other = { ...b.professional, id: "bia", nome: "Bia" };
        const any = findSlotsForAnyone(a.rules, [a.professional, other], a.window);
        const mine = new Set(findSlots(a.rules, a.professional, a.window).map((s) => s.start));
        const hers = new Set(findSlots(a.rules, other, a.window).map((s) => s.start));
        expect(any.map((s) => s.start)).toEqual([...new Set([...mine, ...hers])].sort((x, y) => x - y));
        for (const slot of any) {
          const expected = [mine.has(slot.start) ? "ana" : null, hers.has(slot.start) ? "bia" : null].filter(Boolean);
          expect([...slot.professionalIds].sort()).toEqual(expected);
        }
      }),
      { numRuns: 40 },
    );
  });
});
