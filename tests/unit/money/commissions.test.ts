import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type CommissionLine, commissionsByProfessional, lineCommission } from "../../../shared/money/commissions.ts";

describe("commissions on the net of each service line", () => {
  it("a percentage counts on the net after discounts, half-up per line", () => {
    expect(lineCommission({ netCentavos: 90_00, quantityMilli: 1000, rule: { kind: "percentual", value: 1000 } })).toBe(9_00);
    expect(lineCommission({ netCentavos: 33_35, quantityMilli: 1000, rule: { kind: "percentual", value: 1000 } })).toBe(3_34); // 3,335 → 3,34
    expect(lineCommission({ netCentavos: 0, quantityMilli: 1000, rule: { kind: "percentual", value: 5000 } })).toBe(0);
  });

  it("a fixed amount pays per unit, whatever the price", () => {
    expect(lineCommission({ netCentavos: 10_00, quantityMilli: 2000, rule: { kind: "fixo", value: 15_00 } })).toBe(30_00);
    expect(lineCommission({ netCentavos: 0, quantityMilli: 1000, rule: { kind: "fixo", value: 15_00 } })).toBe(15_00);
    expect(lineCommission({ netCentavos: 10_00, quantityMilli: 1000, rule: null })).toBe(0);
  });

  it("sums per professional", () => {
    const lines: CommissionLine[] = [
      { professionalId: "ana", netCentavos: 80_00, quantityMilli: 1000, rule: { kind: "percentual", value: 1000 } },
      { professionalId: "bia", netCentavos: 50_00, quantityMilli: 1000, rule: { kind: "fixo", value: 12_00 } },
      { professionalId: "ana", netCentavos: 45_05, quantityMilli: 1000, rule: { kind: "percentual", value: 1000 } },
      { professionalId: "caio", netCentavos: 50_00, quantityMilli: 1000, rule: null },
    ];
    expect(Object.fromEntries(commissionsByProfessional(lines))).toEqual({ ana: 8_00 + 4_51, bia: 12_00 });
  });

  const lineArb: fc.Arbitrary<CommissionLine> = fc.record({
    professionalId: fc.constantFrom("ana", "bia", "caio"),
    netCentavos: fc.integer({ min: 0, max: 1e9 }),
    quantityMilli: fc.integer({ min: 1, max: 10_000 }),
    rule: fc.oneof(
      fc.constant(null),
      fc.integer({ min: 0, max: 10_000 }).map((value) => ({ kind: "percentual" as const, value })),
      fc.integer({ min: 0, max: 1_000_00 }).map((value) => ({ kind: "fixo" as const, value })),
    ),
  });

  it("never negative, a percentage never above the net, totals independent of line order (property)", () => {
    fc.assert(
      fc.property(fc.array(lineArb, { maxLength: 20 }), (lines) => {
        for (const l of lines) {
          const c = lineCommission(l);
          expect(Number.isSafeInteger(c) && c >= 0).toBe(true);
          if (l.rule?.kind === "percentual") expect(c).toBeLessThanOrEqual(l.netCentavos);
        }
        const forward = Object.fromEntries(commissionsByProfessional(lines));
        const backward = Object.fromEntries(commissionsByProfessional([...lines].reverse()));
        expect(backward).toEqual(forward);
        const all = Object.values(forward).reduce((a, b) => a + b, 0);
        expect(all).toBe(lines.reduce((a, l) => a + lineCommission(l), 0));
      }),
    );
  });
});
