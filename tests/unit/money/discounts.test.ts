import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { allocateProportionally } from "../../../shared/money/allocate.ts";
import { type Discount, discountCentavos } from "../../../shared/money/discount.ts";
import { type PricedLineInput, type SalePricing, lineGross, priceSale } from "../../../shared/money/sale-pricing.ts";

const priced = (lines: PricedLineInput[], total?: Discount): SalePricing => {
  const r = priceSale(lines, total);
  if (!r.ok) throw new Error(r.error);
  return r.value;
};
const sum = (xs: readonly number[]): number => xs.reduce((a, b) => a + b, 0);

describe("allocating a total over weights (largest remainder)", () => {
  it("R$ 10,00 over three equal items: the extra centavo to the first", () => {
    expect(allocateProportionally(10_00, [30_00, 30_00, 30_00])).toEqual([3_34, 3_33, 3_33]);
  });

  it("gives the leftover centavos to the largest fractions, ties to the larger weight", () => {
    // Exact shares 0,5 / 1,5 / 3: the two halves tie on the fraction, the larger weight wins.
    expect(allocateProportionally(5, [1, 3, 6])).toEqual([0, 2, 3]);
    expect(allocateProportionally(5, [6, 3, 1])).toEqual([3, 2, 0]);
    expect(allocateProportionally(0, [0, 0])).toEqual([0, 0]);
    expect(allocateProportionally(7, [0, 10])).toEqual([0, 7]);
  });

  it("refuses a total with nothing to spread it over", () => {
    expect(() => allocateProportionally(1, [0, 0])).toThrow(RangeError);
    expect(() => allocateProportionally(-1, [1])).toThrow(RangeError);
  });

  const weightsArb = fc.array(fc.integer({ min: 0, max: 1e9 }), { minLength: 1, maxLength: 30 }).filter((w) => sum(w) > 0);

  it("sums exactly, each part within one centavo of its exact share and never above its weight (property)", () => {
    fc.assert(
      fc.property(weightsArb, fc.double({ min: 0, max: 1, noNaN: true }), (weights, f) => {
        const total = Math.floor(sum(weights) * f);
        const parts = allocateProportionally(total, weights);
        expect(sum(parts)).toBe(total);
        const W = BigInt(sum(weights));
        parts.forEach((p, i) => {
          expect(p).toBeGreaterThanOrEqual(0);
          expect(p).toBeLessThanOrEqual(weights[i] as number);
          const exactTimesW = BigInt(total) * BigInt(weights[i] as number);
          expect(BigInt(p) * W - exactTimesW < W && exactTimesW - BigInt(p) * W < W).toBe(true);
        });
      }),
    );
  });

  it("does not depend on the items' order when the weights differ (property)", () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 1, max: 1e7 }), { minLength: 1, maxLength: 12 }),
        fc.integer({ min: 0, max: 1e6 }),
        fc.integer(),
        (weights, total, seed) => {
          const shuffled = weights.map((w, i) => ({ w, i, k: (seed * (i + 7919)) % 97 })).sort((a, b) => a.k - b.k || a.i - b.i);
          const a = allocateProportionally(total, weights);
          const b = allocateProportionally(
            total,
            shuffled.map((s) => s.w),
          );
          shuffled.forEach((s, j) => {
            expect(b[j]).toBe(a[s.i]);
          });
        },
      ),
    );
  });
});

describe("a discount", () => {
  it("in R$ or in %, on the amount", () => {
    expect(discountCentavos(100_00, { kind: "valor", centavos: 15_00 })).toEqual({ ok: true, value: 15_00 });
    expect(discountCentavos(100_00, { kind: "percentual", basisPoints: 1250 })).toEqual({ ok: true, value: 12_50 });
    expect(discountCentavos(33_33, { kind: "percentual", basisPoints: 1000 })).toEqual({ ok: true, value: 3_33 });
    expect(discountCentavos(15, { kind: "percentual", basisPoints: 1000 })).toEqual({ ok: true, value: 2 }); // 1,5 → 2
    expect(discountCentavos(50_00, { kind: "valor", centavos: 50_00 })).toEqual({ ok: true, value: 50_00 });
    expect(discountCentavos(50_00, null)).toEqual({ ok: true, value: 0 });
  });

  it("refuses more than the amount, more than 100% or less than zero, in pt-BR", () => {
    expect(discountCentavos(50_00, { kind: "valor", centavos: 50_01 })).toEqual({
      ok: false,
      error: "O desconto de R$ 50,01 é maior que o valor de R$ 50,00.",
    });
    expect(discountCentavos(50_00, { kind: "percentual", basisPoints: 10_001 })).toEqual({
      ok: false,
      error: "O desconto de 100,01% passa de 100%.",
    });
    expect(discountCentavos(50_00, { kind: "valor", centavos: -1 })).toEqual({ ok: false, error: "O desconto não pode ser negativo." });
    expect(discountCentavos(50_00, { kind: "percentual", basisPoints: -100 })).toEqual({
      ok: false,
      error: "O desconto não pode ser negativo.",
    });
  });
});

describe("pricing a sale", () => {
  it("a worked example: item discounts, then R$ 10,00 off the total shared in proportion", () => {
    const sale = priced(
      [
        { unitPriceCentavos: 25_00, quantityMilli: 2000, discount: { kind: "valor", centavos: 5_00 } }, // 50 − 5 = 45
        { unitPriceCentavos: 60_00, quantityMilli: 1000, discount: { kind: "percentual", basisPoints: 1000 } }, // 60 − 6 = 54
        { unitPriceCentavos: 1_00, quantityMilli: 1000 }, // 1
      ],
      { kind: "valor", centavos: 10_00 },
    );
    // Shares of 10,00 over 45 / 54 / 1 (of 100): 4,50 / 5,40 / 0,10 exactly.
    expect(sale.lines.map((l) => l.totalDiscountShareCentavos)).toEqual([4_50, 5_40, 10]);
    expect(sale.lines.map((l) => l.netCentavos)).toEqual([40_50, 48_60, 90]);
    expect(sale).toMatchObject({ grossCentavos: 111_00, discountCentavos: 21_00, totalCentavos: 90_00 });
  });

  it("R$ 100,00 off three lines of R$ 33,33 + 33,33 + 33,34 leaves every line at zero", () => {
    const sale = priced(
      [33_33, 33_33, 33_34].map((p) => ({ unitPriceCentavos: p, quantityMilli: 1000 })),
      { kind: "percentual", basisPoints: 10_000 },
    );
    expect(sale.lines.map((l) => l.netCentavos)).toEqual([0, 0, 0]);
    expect(sale.totalCentavos).toBe(0);
  });

  it("prices fractional quantities half-up: 1,255 kg at R$ 10,00 = R$ 12,55; 0,333 × R$ 0,15 = R$ 0,05", () => {
    expect(lineGross(10_00, 1255)).toBe(12_55);
    expect(lineGross(15, 333)).toBe(5); // 4,995 → 5
  });

  it("refuses with the line's number", () => {
    expect(
      priceSale([
        { unitPriceCentavos: 10_00, quantityMilli: 1000 },
        { unitPriceCentavos: 5_00, quantityMilli: 1000, discount: { kind: "valor", centavos: 6_00 } },
      ]),
    ).toEqual({
      ok: false,
      error: "Item 2: O desconto de R$ 6,00 é maior que o valor de R$ 5,00.",
    });
    expect(priceSale([{ unitPriceCentavos: 10_00, quantityMilli: 0 }])).toEqual({
      ok: false,
      error: "Item 1: a quantidade deve ser maior que zero.",
    });
    expect(priceSale([{ unitPriceCentavos: 10_00, quantityMilli: 1000 }], { kind: "valor", centavos: 10_01 })).toEqual({
      ok: false,
      error: "Desconto no total: O desconto de R$ 10,01 é maior que o valor de R$ 10,00.",
    });
  });

  const lineArb = fc
    .record({
      unitPriceCentavos: fc.integer({ min: 0, max: 10_000_00 }),
      quantityMilli: fc.integer({ min: 1, max: 50_000 }),
      f: fc.double({ min: 0, max: 1, noNaN: true }),
      pct: fc.boolean(),
    })
    .map(({ unitPriceCentavos, quantityMilli, f, pct }): PricedLineInput => {
      const gross = lineGross(unitPriceCentavos, quantityMilli);
      return {
        unitPriceCentavos,
        quantityMilli,
        discount: pct ? { kind: "percentual", basisPoints: Math.floor(f * 10_000) } : { kind: "valor", centavos: Math.floor(gross * f) },
      };
    });

  it("every line and the total add up exactly, nothing negative, deterministic (property)", () => {
    fc.assert(
      fc.property(
        fc.array(lineArb, { minLength: 1, maxLength: 20 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.boolean(),
        (lines, f, pct) => {
          const subtotal = sum(
            lines.map(
              (l) =>
                lineGross(l.unitPriceCentavos, l.quantityMilli) -
                (discountCentavos(lineGross(l.unitPriceCentavos, l.quantityMilli), l.discount) as { value: number }).value,
            ),
          );
          const total: Discount = pct
            ? { kind: "percentual", basisPoints: Math.floor(f * 10_000) }
            : { kind: "valor", centavos: Math.floor(subtotal * f) };
          const sale = priced(lines, total);
          for (const l of sale.lines) {
            expect(l.netCentavos).toBeGreaterThanOrEqual(0);
            expect(l.lineDiscountCentavos).toBeGreaterThanOrEqual(0);
            expect(l.totalDiscountShareCentavos).toBeGreaterThanOrEqual(0);
            expect(l.grossCentavos - l.lineDiscountCentavos - l.totalDiscountShareCentavos).toBe(l.netCentavos);
          }
          expect(sum(sale.lines.map((l) => l.netCentavos))).toBe(sale.totalCentavos);
          expect(sum(sale.lines.map((l) => l.grossCentavos))).toBe(sale.grossCentavos);
          expect(sale.grossCentavos - sale.discountCentavos).toBe(sale.totalCentavos);
          expect(sum(sale.lines.map((l) => l.totalDiscountShareCentavos))).toBe(
            (discountCentavos(subtotal, total) as { value: number }).value,
          );
          expect(priced(lines, total)).toEqual(sale);
        },
      ),
    );
  });

  it("a discount above the amount is always refused (property)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e9 }), fc.integer({ min: 1, max: 1e9 }), (amount, over) => {
        expect(discountCentavos(amount, { kind: "valor", centavos: amount + over }).ok).toBe(false);
      }),
    );
  });
});
