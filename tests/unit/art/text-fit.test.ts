import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fitText, type Measure, overflowOf, type TextBox, wrap } from "../../../shared/art/text-fit.ts";

/** Every character 0.6 em wide: easy to reason about. */
const mono: Measure = (text, size) => Array.from(text).length * size * 0.6;

const box = (over: Partial<TextBox> = {}): TextBox => ({
  width: 600,
  height: 200,
  maxSize: 60,
  minSize: 30,
  lineHeight: 1.25,
  maxLines: 3,
  ...over,
});

describe("fitText", () => {
  it("keeps the largest size when the text fits", () => {
    expect(fitText("Casa térrea", box(), mono)).toEqual({ size: 60, lines: ["Casa térrea"], truncated: false });
  });

  it("wraps between words before shrinking", () => {
    // 60 px: 16 characters per line; the box holds 2 lines of 75 px.
    const fitted = fitText("Casa térrea com piscina e jardim", box({ height: 150 }), mono);
    expect(fitted.size).toBe(60);
    expect(fitted.lines).toEqual(["Casa térrea com", "piscina e jardim"]);
  });

  it("shrinks a text that does not fit, down to the minimum, and never below", () => {
    const fitted = fitText("R$ 12.500.000,00", box({ width: 400, maxLines: 1, height: 80 }), mono);
    expect(fitted.size).toBeLessThan(60);
    expect(fitted.size).toBeGreaterThanOrEqual(30);
    expect(fitted.lines).toEqual(["R$ 12.500.000,00"]);
    expect(mono("R$ 12.500.000,00", fitted.size)).toBeLessThanOrEqual(400);
  });

  it("ends in an ellipsis at the minimum size when even that does not fit", () => {
    const title = "Cobertura duplex com vista panorâmica para o mar, piscina privativa e espaço gourmet de altíssimo padrão";
    const fitted = fitText(title, box({ height: 80, maxLines: 2 }), mono);
    expect(fitted.size).toBe(30);
    expect(fitted.truncated).toBe(true);
    expect(fitted.lines).toHaveLength(2);
    expect(fitted.lines[1]?.endsWith("…")).toBe(true);
    expect(overflowOf(fitted, box({ height: 80, maxLines: 2 }), mono)).toBeNull();
  });

  it("breaks a word wider than the box between letters", () => {
    expect(wrap("Pinheirinhosdaserra", 300, 50, mono)).toEqual(["Pinheirinh", "osdaserra"]);
  });

  it("overflowOf catches a line wider than its box (the check can fail)", () => {
    expect(overflowOf({ size: 60, lines: ["uma linha larga demais para a caixa"], truncated: false }, box(), mono)).toMatch(/linha/);
    expect(overflowOf({ size: 60, lines: ["a", "b", "c"], truncated: false }, box({ height: 100 }), mono)).toMatch(/altura/);
  });

  it("never overflows its box, whatever the text", () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom("a", "b", "M", " ", "ç", "ã", "1", ".", "—"), maxLength: 200 }),
        fc.integer({ min: 80, max: 1000 }),
        fc.integer({ min: 1, max: 5 }),
        (text, width, maxLines) => {
          const b = box({ width, maxLines, height: maxLines * 60 * 1.25 });
          expect(overflowOf(fitText(text, b, mono), b, mono)).toBeNull();
        },
      ),
    );
  });
});
