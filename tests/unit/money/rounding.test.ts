import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { divideHalfUp, mulDivHalfUp } from "../../../shared/money/integer-math.ts";
import { formatBasisPoints, parseBasisPoints, percentOf } from "../../../shared/money/percent.ts";

describe("rounding: half-up (half away from zero), never banker's", () => {
  it("rounds every half up, where half-even would alternate", () => {
    // 12,5 → 13 and 13,5 → 14 (half-even would give 12 and 14).
    expect(divideHalfUp(25n, 2n)).toBe(13n);
    expect(divideHalfUp(27n, 2n)).toBe(14n);
    expect(divideHalfUp(-25n, 2n)).toBe(-13n);
    expect(divideHalfUp(24n, 10n)).toBe(2n);
    expect(divideHalfUp(26n, 10n)).toBe(3n);
  });

  it("10% of R$ 0,05 is R$ 0,01 and 10% of R$ 0,15 is R$ 0,02", () => {
    expect(percentOf(5, 1000)).toBe(1);
    expect(percentOf(15, 1000)).toBe(2);
    expect(percentOf(25, 1000)).toBe(3);
    expect(percentOf(100_00, 1250)).toBe(12_50);
    expect(percentOf(33_33, 333)).toBe(1_11); // 110,9889 → 111
  });

  it("stays exact where a float product would pass 2^53", () => {
    // R$ 900 bilhões × 99,99%: the product is ~9e17, beyond a double's integers.
    expect(percentOf(90_000_000_000_000, 9999)).toBe(89_991_000_000_000);
  });

  it("agrees with the exact rational rounded half-up (property)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e12 }), fc.integer({ min: 0, max: 10_000 }), (amount, bp) => {
        const r = percentOf(amount, bp);
        // r is the nearest integer, ties up: amount·bp − r·10000 lies in [−5000, 5000); a tie
        // (exactly 5000 over a multiple) rounds up, so −5000 is reached and +5000 never is.
        const diff = BigInt(amount) * BigInt(bp) - BigInt(r) * 10_000n;
        expect(diff < 5000n && diff >= -5000n).toBe(true);
      }),
    );
    // Ties on purpose (random pairs rarely land on one): 50 × 100 bp = 0,5 → 1.
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e8 }), (k) => {
        expect(percentOf(2 * k + 1, 5000)).toBe(k + 1);
      }),
    );
  });

  it("refuses a result that is not a safe integer", () => {
    expect(() => mulDivHalfUp(Number.MAX_SAFE_INTEGER, 10, 1)).toThrow(RangeError);
  });
});

describe("percentages as basis points", () => {
  it("reads pt-BR and dotted text exactly", () => {
    expect(parseBasisPoints("12,5")).toBe(1250);
    expect(parseBasisPoints("12.5%")).toBe(1250);
    expect(parseBasisPoints("2,99")).toBe(299);
    expect(parseBasisPoints("10")).toBe(1000);
    expect(parseBasisPoints(" 0,01 % ")).toBe(1);
    expect(parseBasisPoints("0,001")).toBeNull();
    expect(parseBasisPoints("-5")).toBeNull();
    expect(parseBasisPoints("abc")).toBeNull();
  });

  it("prints without trailing zeros, and round-trips", () => {
    expect(formatBasisPoints(1250)).toBe("12,5%");
    expect(formatBasisPoints(1000)).toBe("10%");
    expect(formatBasisPoints(1)).toBe("0,01%");
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 99_999 }), (bp) => {
        expect(parseBasisPoints(formatBasisPoints(bp))).toBe(bp);
      }),
    );
  });
});
