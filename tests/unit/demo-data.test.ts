import { describe, expect, it } from "vitest";
import {
  DEMO_STOCK_EMAILS,
  type MovementDemo,
  type ProductDemo,
  demoClients,
  demoCompanies,
  demoProducts,
  demoStockMovements,
} from "../../scripts/seed/demo-data.ts";
import { CLIENT_ORIGINS, COMPANY_TYPES, PRODUCT_UNITS } from "../../shared/enums.ts";
import { movimentacaoProdutoSchema } from "../../shared/resources/movimentacoes-produtos.ts";
import { produtoSchema } from "../../shared/resources/produtos.ts";
import { isValidCnpj, isValidCpf, isValidPhoneBR, normalizeCnpj } from "../../shared/documents.ts";
import { clientSchema } from "../../shared/resources/clients.ts";
import { companySchema } from "../../shared/resources/companies.ts";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** Several "todays": weekdays and weekends, month and year boundaries, early and late hours (UTC). */
const NOWS = [
  "2025-06-15T14:00:00Z",
  "2026-01-01T02:00:00Z",
  "2024-03-04T11:30:00Z",
  "2025-11-30T23:59:00Z",
  "2025-09-09T12:00:00Z",
  "2026-03-20T18:00:00Z",
  "2026-07-04T10:05:00Z",
].map((s) => new Date(s));

/** Independent EAN-13 check: Σ of all 13 digits with weights 1,3,1,3… is a multiple of 10. */
function isValidEan13(code: string): boolean {
  if (!/^\d{13}$/.test(code)) return false;
  const sum = [...code].reduce((acc, ch, i) => acc + Number(ch) * (i % 2 === 0 ? 1 : 3), 0);
  return sum % 10 === 0;
}

function balances(movements: readonly MovementDemo[], products: readonly ProductDemo[]) {
  const bySku = new Map(products.map((p) => [p.sku, { product: p, balance: 0, lowest: 0, count: 0 }]));
  for (const m of movements) {
    const entry = bySku.get(m.produtoSku);
    if (!entry) throw new Error(`produto desconhecido: ${m.produtoSku}`);
    entry.balance += m.tipo === "saida" ? -m.quantidade : m.quantidade;
    entry.lowest = Math.min(entry.lowest, entry.balance);
    entry.count++;
  }
  return [...bySku.values()];
}

describe("demoCompanies", () => {
  const companies = demoCompanies();

  it("has 12 companies of every kind, at least 4 fornecedores, with unique keys", () => {
    expect(companies).toHaveLength(12);
    expect(new Set(companies.map((c) => c.key)).size).toBe(12);
    for (const tipo of COMPANY_TYPES) expect(companies.some((c) => c.tipo === tipo)).toBe(true);
    expect(companies.filter((c) => c.tipo === "fornecedor").length).toBeGreaterThanOrEqual(4);
  });

  it("parses with companySchema", () => {
    for (const { key, ...input } of companies) {
      const result = companySchema.safeParse(input);
      expect(result.success, `${key}: ${JSON.stringify(result.error?.issues)}`).toBe(true);
    }
  });

  it("has valid, unique CNPJs", () => {
    const cnpjs = companies.map((c) => c.cnpj ?? "");
    for (const cnpj of cnpjs) expect(isValidCnpj(cnpj), cnpj).toBe(true);
    expect(new Set(cnpjs.map(normalizeCnpj)).size).toBe(cnpjs.length);
  });
});

/** SEFAZ-SP: the 9th and 12th digits are Σ digit·weight mod 11, last digit of the remainder. */
function isValidIeSp(value: string): boolean {
  const d = value.replace(/\D/g, "");
  if (d.length !== 12) return false;
  const digit = (weights: number[]) => (weights.reduce((acc, w, i) => acc + w * Number(d[i]), 0) % 11) % 10;
  return digit([1, 3, 4, 5, 6, 7, 8, 10]) === Number(d[8]) && digit([3, 2, 10, 9, 8, 7, 6, 5, 4, 3, 2]) === Number(d[11]);
}

describe("demoCompanies: inscrição estadual", () => {
  it("is ISENTO, absent or a valid São Paulo number", () => {
    expect(isValidIeSp("110.042.490.114")).toBe(true);
    for (const c of demoCompanies()) {
      if (c.inscricaoEstadual === undefined || c.inscricaoEstadual === "ISENTO") continue;
      expect(isValidIeSp(c.inscricaoEstadual), c.inscricaoEstadual).toBe(true);
    }
  });
});

describe("demoClients", () => {
  const clients = demoClients();
  const companyKeys = new Set(demoCompanies().map((c) => c.key));

  it("has 60 clients, about 8 of them pessoas jurídicas, with unique names", () => {
    expect(clients).toHaveLength(60);
    expect(clients.filter((c) => c.tipo === "pj")).toHaveLength(8);
    expect(new Set(clients.map((c) => c.nome)).size).toBe(60);
  });

  it("parses with clientSchema", () => {
    for (const { empresaKey: _, ...input } of clients) {
      const result = clientSchema.safeParse(input);
      expect(result.success, `${input.nome}: ${JSON.stringify(result.error?.issues)}`).toBe(true);
    }
  });

  it("has valid CPFs and CNPJs, unique across clients and companies", () => {
    const documents = clients.filter((c) => c.documento).map((c) => c.documento as string);
    expect(documents.length).toBeGreaterThanOrEqual(50);
    for (const c of clients) {
      if (!c.documento) continue;
      expect(c.tipo === "pj" ? isValidCnpj(c.documento) : isValidCpf(c.documento), `${c.nome}: ${c.documento}`).toBe(true);
    }
    const all = [...documents, ...demoCompanies().map((c) => c.cnpj ?? ""), "45723174000110"].map(normalizeCnpj);
    expect(new Set(all).size).toBe(all.length);
  });

  it("links about 10 clients to existing companies by key", () => {
    const linked = clients.filter((c) => c.empresaKey);
    expect(linked.length).toBeGreaterThanOrEqual(8);
    expect(linked.length).toBeLessThanOrEqual(12);
    for (const c of linked) expect(companyKeys.has(c.empresaKey as string), c.empresaKey).toBe(true);
    for (const c of clients) expect(c).not.toHaveProperty("empresaId");
  });

  it("spreads origins, consent, birthdays, phones and e-mails believably", () => {
    for (const origem of CLIENT_ORIGINS)
      expect(
        clients.some((c) => c.origem === origem),
        origem,
      ).toBe(true);
    expect(clients.filter((c) => c.consentimentoLgpd).length).toBe(48);
    const birthdays = clients.filter((c) => c.aniversario).map((c) => c.aniversario as string);
    expect(birthdays.length).toBeGreaterThanOrEqual(36);
    expect(birthdays.length).toBeLessThanOrEqual(46);
    for (const b of birthdays) {
      expect(b).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(Number(b.slice(0, 4))).toBeGreaterThanOrEqual(1950);
      expect(Number(b.slice(0, 4))).toBeLessThanOrEqual(2004);
    }
    const phones = clients.flatMap((c) => c.telefones.map((t) => t.numero));
    for (const c of clients) {
      expect(c.telefones.length).toBeGreaterThanOrEqual(1);
      expect(c.telefones.length).toBeLessThanOrEqual(2);
    }
    for (const p of phones) expect(isValidPhoneBR(p), p).toBe(true);
    expect(new Set(phones).size).toBe(phones.length);
    expect(clients.filter((c) => c.telefones[0]?.whatsapp).length).toBeGreaterThan(40);
    const emails = clients.filter((c) => c.email).map((c) => c.email as string);
    expect(emails.length).toBeGreaterThanOrEqual(55);
    expect(new Set(emails).size).toBe(emails.length);
  });
});

describe("demoProducts", () => {
  const products = demoProducts();
  const companies = demoCompanies();

  it("has 40 products with unique SKUs and known units", () => {
    expect(products).toHaveLength(40);
    expect(new Set(products.map((p) => p.sku)).size).toBe(40);
    for (const p of products) expect(PRODUCT_UNITS).toContain(p.unidade);
  });

  it("has valid, unique Brazilian EAN-13 codes for about 70% of them", () => {
    const codes = products.filter((p) => p.codigoBarras).map((p) => p.codigoBarras as string);
    expect(codes.length).toBeGreaterThanOrEqual(26);
    expect(codes.length).toBeLessThanOrEqual(30);
    for (const code of codes) {
      expect(isValidEan13(code), code).toBe(true);
      expect(code.startsWith("789")).toBe(true);
    }
    expect(new Set(codes).size).toBe(codes.length);
  });

  it("names fornecedores that exist, for about 85% of them", () => {
    const suppliers = new Set(companies.filter((c) => c.tipo === "fornecedor").map((c) => c.key));
    const supplied = products.filter((p) => p.fornecedorKey);
    expect(supplied.length).toBe(34);
    for (const p of supplied) expect(suppliers.has(p.fornecedorKey as string), p.fornecedorKey).toBe(true);
  });

  it("has integer money with price ≥ cost, some at cost, two inactive", () => {
    for (const p of products) {
      expect(Number.isInteger(p.custoCentavos) && p.custoCentavos > 0).toBe(true);
      expect(Number.isInteger(p.precoCentavos)).toBe(true);
      expect(p.precoCentavos).toBeGreaterThanOrEqual(p.custoCentavos);
      expect(p.estoqueMinimo).toBeGreaterThan(0);
      expect(p.nome.length).toBeGreaterThan(3);
    }
    expect(products.some((p) => p.precoCentavos === p.custoCentavos)).toBe(true);
    expect(products.filter((p) => p.precoCentavos > p.custoCentavos).length).toBeGreaterThanOrEqual(10);
    expect(products.filter((p) => !p.ativo)).toHaveLength(2);
  });
});

describe("demoStockMovements", () => {
  const products = demoProducts();
  const skus = new Set(products.map((p) => p.sku));

  it.each(NOWS)("keeps every invariant for now = %s", (now) => {
    const movements = demoStockMovements(now);
    expect(movements.length).toBeGreaterThanOrEqual(600);
    expect(movements.length).toBeLessThanOrEqual(900);

    const lastPerSku = new Map<string, string>();
    for (const m of movements) {
      expect(skus.has(m.produtoSku)).toBe(true);
      expect(DEMO_STOCK_EMAILS).toContain(m.porEmail);
      expect(m.motivo.length).toBeGreaterThan(3);
      if (m.tipo === "ajuste") {
        expect(m.quantidade).not.toBe(0);
        expect(m.custoUnitarioCentavos).toBeUndefined();
      } else {
        expect(m.quantidade).toBeGreaterThan(0);
      }
      if (m.tipo === "entrada") {
        expect(Number.isInteger(m.custoUnitarioCentavos) && (m.custoUnitarioCentavos as number) > 0).toBe(true);
        expect(m.motivo).toMatch(/^Compra /);
      }
      if (m.tipo === "saida") expect(m.custoUnitarioCentavos).toBeUndefined();

      // Inside the window, in business hours in São Paulo (UTC−3).
      const t = Date.parse(m.ocorridoEm);
      expect(new Date(t).toISOString()).toBe(m.ocorridoEm);
      expect(t).toBeGreaterThanOrEqual(now.getTime() - 120 * DAY);
      expect(t).toBeLessThanOrEqual(now.getTime() - HOUR);
      const local = new Date(t - 3 * HOUR);
      expect(local.getUTCHours()).toBeGreaterThanOrEqual(8);
      expect(local.getUTCHours()).toBeLessThan(18);
      expect(local.getUTCDay()).not.toBe(0);

      // Strictly ascending per product, so the running balance has one order.
      const previous = lastPerSku.get(m.produtoSku);
      if (previous !== undefined) expect(m.ocorridoEm > previous, `${m.produtoSku} ${m.ocorridoEm}`).toBe(true);
      lastPerSku.set(m.produtoSku, m.ocorridoEm);
    }

    for (const p of products) {
      const first = movements.find((m) => m.produtoSku === p.sku);
      expect(first?.tipo, p.sku).toBe("entrada");
    }

    const result = balances(movements, products);
    for (const r of result) expect(r.lowest, r.product.sku).toBeGreaterThanOrEqual(0);
    const low = result.filter((r) => r.balance < r.product.estoqueMinimo);
    expect(low).toHaveLength(6);
    expect(low.filter((r) => r.balance === 0)).toHaveLength(2);
    expect(low.every((r) => r.product.ativo)).toBe(true);
    for (const r of result) {
      if (r.balance < r.product.estoqueMinimo) continue;
      expect(r.balance, r.product.sku).toBeGreaterThanOrEqual(r.product.estoqueMinimo * 1.5);
    }
  });

  it("is the same low set whatever the day", () => {
    const lowSets = NOWS.map((now) =>
      balances(demoStockMovements(now), products)
        .filter((r) => r.balance < r.product.estoqueMinimo)
        .map((r) => r.product.sku)
        .sort()
        .join(","),
    );
    expect(new Set(lowSets).size).toBe(1);
  });
});

describe("determinism", () => {
  it("returns deep-equal data on every call", () => {
    expect(demoCompanies()).toEqual(demoCompanies());
    expect(demoClients()).toEqual(demoClients());
    expect(demoProducts()).toEqual(demoProducts());
    for (const now of NOWS.slice(0, 3)) {
      expect(demoStockMovements(new Date(now.getTime()))).toEqual(demoStockMovements(new Date(now.getTime())));
    }
  });

  it("does not depend on the wall clock", () => {
    const now = new Date("2025-06-15T14:00:00Z");
    const first = JSON.stringify(demoStockMovements(now));
    const later = JSON.stringify(demoStockMovements(new Date("2025-06-15T14:00:00Z")));
    expect(later).toBe(first);
    // Moving "now" moves the history with it.
    expect(JSON.stringify(demoStockMovements(new Date(now.getTime() + 7 * DAY)))).not.toBe(first);
  });
});

describe("demo products and movements against the app's schemas", () => {
  it("every product and movement is input the forms and the API accept", () => {
    for (const { fornecedorKey: _f, ...product } of demoProducts()) {
      const parsed = produtoSchema.safeParse(product);
      expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
    }
    const now = new Date("2026-11-24T15:00:00Z");
    for (const { produtoSku: _s, porEmail: _p, ...movement } of demoStockMovements(now)) {
      const parsed = movimentacaoProdutoSchema.safeParse({ ...movement, produtoId: "p1" });
      expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
    }
  });
});
