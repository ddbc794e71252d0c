/**
 * The orders' pipeline (ADR 073) and their pricing: the pure rules the board, the order's page
 * and the server share.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ORDER_STATUSES } from "../../../shared/finance/enums.ts";
import {
  checkTransition,
  isEditableStatus,
  nextStatuses,
  type OrderStatus,
  statusesLeadingTo,
} from "../../../shared/finance/order-pipeline.ts";
import { orderPricing } from "../../../shared/finance/order-pricing.ts";
import { pedidoSchema } from "../../../shared/resources/pedidos.ts";

const ALLOWED: [OrderStatus, OrderStatus][] = [
  ["novo", "em_preparo"],
  ["novo", "cancelado"],
  ["em_preparo", "pronto"],
  ["em_preparo", "novo"],
  ["em_preparo", "cancelado"],
  ["pronto", "entregue"],
  ["pronto", "em_preparo"],
  ["pronto", "cancelado"],
];

describe("order pipeline", () => {
  it("allows exactly the pipeline's moves: forward, one step back, cancel while open", () => {
    for (const from of ORDER_STATUSES)
      for (const to of ORDER_STATUSES) {
        const allowed = ALLOWED.some(([f, t]) => f === from && t === to);
        expect(checkTransition(from, to).ok, `${from} → ${to}`).toBe(allowed);
      }
  });

  it("never skips a step: novo cannot jump to pronto or entregue", () => {
    const check = checkTransition("novo", "entregue");
    expect(check).toEqual({ ok: false, error: "Um pedido novo não pode ir para “Entregue”." });
    expect(checkTransition("novo", "pronto").ok).toBe(false);
  });

  it("entregue and cancelado are final, with a pt-BR reason", () => {
    expect(checkTransition("entregue", "cancelado")).toEqual({ ok: false, error: "O pedido está entregue: não muda mais de situação." });
    expect(checkTransition("cancelado", "novo")).toEqual({ ok: false, error: "O pedido está cancelado: não muda mais de situação." });
    expect(nextStatuses("entregue")).toEqual([]);
    expect(nextStatuses("cancelado")).toEqual([]);
  });

  it("an order that became a sale is not cancelled here (its sale is)", () => {
    expect(checkTransition("pronto", "cancelado", true)).toEqual({ ok: false, error: "O pedido já virou uma venda: cancele a venda." });
    expect(checkTransition("pronto", "entregue", true).ok).toBe(true);
  });

  it("the server's guard (statuses leading to a status) agrees with the rule", () => {
    for (const to of ORDER_STATUSES)
      for (const from of ORDER_STATUSES) expect(statusesLeadingTo(to).includes(from), `${from} → ${to}`).toBe(checkTransition(from, to).ok);
  });

  it("only novo and em preparo orders are edited", () => {
    expect(ORDER_STATUSES.filter(isEditableStatus)).toEqual(["novo", "em_preparo"]);
  });
});

describe("order pricing", () => {
  it("prices like a sale: quantity × unit price, minus the line's discount, plus the delivery fee", () => {
    const priced = orderPricing(
      [
        { quantidade: 1.5, precoUnitarioCentavos: 3990, descontoCentavos: 0 }, // 1,5 kg × R$ 39,90 = R$ 59,85
        { quantidade: 3, precoUnitarioCentavos: 650, descontoCentavos: 150 },
      ],
      800,
    );
    expect(priced).toEqual({
      ok: true,
      value: {
        lines: [
          { grossCentavos: 5985, netCentavos: 5985, quantityMilli: 1500 },
          { grossCentavos: 1950, netCentavos: 1800, quantityMilli: 3000 },
        ],
        subtotalCentavos: 7935,
        descontoCentavos: 150,
        taxaEntregaCentavos: 800,
        totalCentavos: 8585,
      },
    });
  });

  it("refuses a discount above its line, in pt-BR", () => {
    const priced = orderPricing([{ quantidade: 1, precoUnitarioCentavos: 1000, descontoCentavos: 1001 }], 0);
    expect(priced).toEqual({ ok: false, error: "Item 1: O desconto de R$ 10,01 é maior que o valor de R$ 10,00." });
  });

  it("always holds the table's CHECK: total = subtotal − discount + fee, Σ lines = total − fee", () => {
    const line = fc.record({
      quantidade: fc.integer({ min: 1, max: 100_000 }).map((m) => m / 1000),
      precoUnitarioCentavos: fc.integer({ min: 0, max: 500_000 }),
      discountShare: fc.double({ min: 0, max: 1, noNaN: true }),
    });
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 20 }), fc.integer({ min: 0, max: 10_000 }), (lines, fee) => {
        const gross = (l: (typeof lines)[number]) => Math.round((l.precoUnitarioCentavos * Math.round(l.quantidade * 1000)) / 1000);
        const input = lines.map((l) => ({
          quantidade: l.quantidade,
          precoUnitarioCentavos: l.precoUnitarioCentavos,
          descontoCentavos: Math.floor(gross(l) * l.discountShare * 0.999),
        }));
        const priced = orderPricing(input, fee);
        expect(priced.ok).toBe(true);
        if (!priced.ok) return;
        const v = priced.value;
        expect(v.totalCentavos).toBe(v.subtotalCentavos - v.descontoCentavos + v.taxaEntregaCentavos);
        expect(v.lines.reduce((a, l) => a + l.netCentavos, 0)).toBe(v.totalCentavos - fee);
        for (const l of v.lines) expect(l.netCentavos).toBeGreaterThanOrEqual(0);
      }),
    );
  });
});

describe("order schema", () => {
  const base = {
    contatoNome: "Dona Cida",
    previstoPara: "2026-12-24T10:00",
    itens: [{ descricao: "Bolo de cenoura", quantidade: "1", precoUnitarioCentavos: "45,00" }],
  };

  it("reads the form's JSON lines and typed amounts; a pick-up drops address and fee", () => {
    const parsed = pedidoSchema.parse({
      ...base,
      itens: JSON.stringify(base.itens),
      entrega: "retirada",
      rua: "Rua A",
      taxaEntregaCentavos: "8,00",
    });
    expect(parsed.itens).toEqual([{ descricao: "Bolo de cenoura", quantidade: 1, precoUnitarioCentavos: 4500, descontoCentavos: 0 }]);
    expect(parsed.rua).toBeUndefined();
    expect(parsed.taxaEntregaCentavos).toBe(0);
    // The form's wall-clock time, read in São Paulo by the schema (the server reads the organização's zone first).
    expect(parsed.previstoPara).toBe("2026-12-24T13:00:00.000Z");
  });

  it("asks for a customer, the delivery address and at least one item, in pt-BR", () => {
    const result = pedidoSchema.safeParse({ entrega: "entrega", previstoPara: "2026-12-24T10:00", itens: [] });
    expect(result.success).toBe(false);
    const messages = result.success ? [] : result.error.issues.map((i) => i.message);
    expect(messages).toContain("Adicione ao menos um item ao pedido.");
    const noCustomer = pedidoSchema.safeParse({ ...base, contatoNome: "", entrega: "entrega" });
    const texts = noCustomer.success ? [] : noCustomer.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
    expect(texts).toEqual([
      "contatoNome: Escolha um cliente ou informe o nome de quem pediu.",
      "rua: Informe a rua da entrega.",
      "cidade: Informe a cidade da entrega.",
    ]);
  });

  it("refuses an item that is both a product and a service, and a discount above the line", () => {
    const id = "3f0b6a52-9a1f-4b55-8d8e-2d3c1a9b7e10";
    const both = pedidoSchema.safeParse({ ...base, itens: [{ ...base.itens[0], produtoId: id, servicoId: id }] });
    expect(both.success).toBe(false);
    const discount = pedidoSchema.safeParse({ ...base, itens: [{ ...base.itens[0], descontoCentavos: "50,00" }] });
    expect(discount.success ? [] : discount.error.issues.map((i) => i.message)).toEqual([
      "Item 1: O desconto de R$ 50,00 é maior que o valor de R$ 45,00.",
    ]);
  });
});
