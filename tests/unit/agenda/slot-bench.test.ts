import { describe, expect, it } from "vitest";
import type { Professional } from "../../../shared/agenda/professional.ts";
import { findSlotsForAnyone, nextFreeSlot } from "../../../shared/agenda/slots.ts";
import { MONDAY, ana, at, rules } from "./fixtures.ts";

/**
 * The bench size: a week, 5 professionals, 2,000 appointments that week (400 each, 5 min,
 * spread deterministically over the whole week so the working hours keep some holes). The budget is loose on purpose (a shared CI CPU);
 * the number measured on the dev machine is in ADR 058.
 */
describe("slot search at the bench size", () => {
  it("computes a week of slots for 5 professionals with 2,000 bookings well within budget", () => {
    const origin = at(MONDAY, "00:00");
    const week = { start: origin, end: origin + 7 * 86_400_000 };
    const professionals: Professional[] = Array.from({ length: 5 }, (_, p) =>
      ana({
        id: `p${p}`,
        nome: `Profissional ${p + 1}`,
        bookings: Array.from({ length: 400 }, (_, i) => {
          const start = origin + ((i * 7919 + p * 131) % (7 * 24 * 60)) * 60_000;
          return { start, end: start + 5 * 60_000 };
        }),
      }),
    );
    const r = rules({ stepMin: 15, durationMin: 15 });
    findSlotsForAnyone(r, professionals, week); // warm the Intl formatters and the JIT
    const runs = 5;
    const began = performance.now();
    let count = 0;
    for (let i = 0; i < runs; i++) count = findSlotsForAnyone(r, professionals, week).length;
    const ms = (performance.now() - began) / runs;
    const nextBegan = performance.now();
    const next = nextFreeSlot(r, professionals);
    const nextMs = performance.now() - nextBegan;
    console.info(
      `agenda bench: week × 5 professionals × 2,000 bookings → ${count} slots in ${ms.toFixed(1)} ms; próximo livre ${nextMs.toFixed(1)} ms`,
    );
    expect(count).toBeGreaterThan(0);
    expect(next).not.toBeNull();
    expect(ms).toBeLessThan(250);
  });
});
