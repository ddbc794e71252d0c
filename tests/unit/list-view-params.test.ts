import { describe, expect, it } from "vitest";
import { needsNormalizing, normalizeDecimal, normalizeListParams } from "../../app/components/data/list-params.ts";

const normalize = (search: string) => normalizeListParams(new URLSearchParams(search)).toString();
const get = (search: string, key: string) => normalizeListParams(new URLSearchParams(search)).get(key);

describe("normalizeListParams: ranges", () => {
  it("turns money typed in reais into a range of centavos", () => {
    expect(get("f.preco.de.reais=1.234,56&f.preco.ate.reais=R$ 5.000", "f.preco")).toBe("123456..500000");
    expect(get("f.preco.de.reais=10&f.preco.ate.reais=", "f.preco")).toBe("1000..");
    expect(get("f.preco.de.reais=&f.preco.ate.reais=0,5", "f.preco")).toBe("..50");
  });

  it("turns pt-BR decimals into the URL's dot", () => {
    expect(get("f.estoque.de=2,5&f.estoque.ate=1.000", "f.estoque")).toBe("2.5..1000");
    expect(get("f.estoque.de=-1,25&f.estoque.ate=", "f.estoque")).toBe("-1.25..");
    expect(get("f.estoque.de=007&f.estoque.ate=12.50", "f.estoque")).toBe("7..12.5");
  });

  it("keeps date ranges as they are", () => {
    expect(get("f.criadoEm.de=2026-01-01&f.criadoEm.ate=2026-01-31", "f.criadoEm")).toBe("2026-01-01..2026-01-31");
    expect(get("f.criadoEm.de=2020-01-01&f.criadoEm.ate=", "f.criadoEm")).toBe("2020-01-01..");
  });

  it("drops empty ranges and sides that are not a number or a date", () => {
    expect(normalize("f.preco.de.reais=&f.preco.ate.reais=&f.estoque.de=&f.estoque.ate=")).toBe("");
    expect(get("f.preco.de.reais=abc&f.preco.ate.reais=12,345", "f.preco")).toBeNull();
    expect(get("f.preco.de.reais=abc&f.preco.ate.reais=50", "f.preco")).toBe("..5000");
    expect(get("f.estoque.de=1e9&f.estoque.ate=10", "f.estoque")).toBe("..10");
    expect(get("f.criadoEm.de=2026-02-30&f.criadoEm.ate=", "f.criadoEm")).toBeNull();
    // A date on one side and a number on the other is not a range.
    expect(get("f.criadoEm.de=2026-02-01&f.criadoEm.ate=5", "f.criadoEm")).toBeNull();
  });

  it("swaps sides given in the wrong order", () => {
    expect(get("f.preco.de.reais=500&f.preco.ate.reais=100", "f.preco")).toBe("10000..50000");
    expect(get("f.criadoEm.de=2026-02-01&f.criadoEm.ate=2026-01-01", "f.criadoEm")).toBe("2026-01-01..2026-02-01");
  });

  it("keeps the rest of the form: blank values out, columns joined, relation ids and radios as sent", () => {
    expect(normalize("q=&f.tipo=pj&f.pago=&f.fornecedor=c1&f.fornecedor=c2&cols=nome&cols=preco")).toBe(
      "f.tipo=pj&f.fornecedor=c1&f.fornecedor=c2&cols=nome%2Cpreco",
    );
  });
});

describe("needsNormalizing", () => {
  it("is true for what a form submits and false for a canonical link", () => {
    expect(needsNormalizing(new URLSearchParams("f.preco.de.reais=10"))).toBe(true);
    expect(needsNormalizing(new URLSearchParams("f.preco.ate.reais=10"))).toBe(true);
    expect(needsNormalizing(new URLSearchParams("f.estoque.de=1"))).toBe(true);
    expect(needsNormalizing(new URLSearchParams("f.preco=1000..&f.criadoEm=2026-01-01..&f.fornecedor=c1"))).toBe(false);
  });
});

describe("normalizeDecimal", () => {
  it("reads pt-BR numbers", () => {
    expect(normalizeDecimal("1.234,5")).toBe("1234.5");
    expect(normalizeDecimal("12,5")).toBe("12.5");
    expect(normalizeDecimal("12.5")).toBe("12.5");
    expect(normalizeDecimal("-0")).toBe("0");
    expect(normalizeDecimal("1,2345678")).toBeNull();
    expect(normalizeDecimal("1,2,3")).toBeNull();
    expect(normalizeDecimal("")).toBeNull();
  });
});
