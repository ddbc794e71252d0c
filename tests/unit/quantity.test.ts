import { describe, expect, it } from "vitest";
import { formatQuantityWithUnit, unitFor } from "../../shared/quantity.ts";
import { formatSignedQuantity } from "../../shared/resources/movimentacoes-produtos.ts";
import { formatQuantity } from "../../shared/resources/produtos.ts";

describe("unitFor", () => {
  it("pluralises units written as words from 2 up and for zero", () => {
    expect(unitFor(1, "resma")).toBe("resma");
    expect(unitFor(4, "resma")).toBe("resmas");
    expect(unitFor(0, "resma")).toBe("resmas");
    expect(unitFor(2, "milheiro")).toBe("milheiros");
    expect(unitFor(-3, "resma")).toBe("resmas");
  });
  it("keeps the singular below 2", () => {
    expect(unitFor(1.5, "resma")).toBe("resma");
    expect(unitFor(-1, "milheiro")).toBe("milheiro");
  });
  it("never pluralises abbreviations", () => {
    for (const unit of ["un", "cx", "pct", "kg", "g", "l", "ml", "m"]) expect(unitFor(5, unit)).toBe(unit);
  });
});

describe("quantities with units", () => {
  it("reads in pt-BR", () => {
    expect(formatQuantityWithUnit(4, "resma")).toBe("4 resmas");
    expect(formatQuantityWithUnit(1, "resma")).toBe("1 resma");
    expect(formatQuantityWithUnit(1.5, "kg")).toBe("1,5 kg");
    expect(formatQuantityWithUnit(12)).toBe("12");
  });
  it("is what the product screens show", () => {
    expect(formatQuantity(4, "resma")).toBe("4 resmas");
    expect(formatQuantity(1500, "un")).toBe("1.500 un");
    expect(formatSignedQuantity(-2, "milheiro")).toBe("−2 milheiros");
    expect(formatSignedQuantity(1, "resma")).toBe("+1 resma");
    expect(formatSignedQuantity(1.25, "kg")).toBe("+1,25 kg");
  });
});
