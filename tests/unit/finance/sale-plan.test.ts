/**
 * The sale's plan (ADR 071) on random drafts: whatever the lines, discounts and payments, the
 * money adds up to the centavo — Σ paid now + Σ receivables = total = tendered − troco, the
 * change comes only from dinheiro, every receivable is a real day on or after the sale — and a
 * draft whose total the server prices differently is refused.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { SaleDraft } from "../../../shared/finance/sale-draft.ts";
import { PAYMENT_METHODS } from "../../../shared/money/payment-method.ts";
import { priceSale } from "../../../shared/money/sale-pricing.ts";
import { planSale, type SaleCatalog } from "../../../worker/services/finance/sales/sale-plan.ts";

const PRODUCT = "00000000-0000-4000-8000-000000000001";
const SERVICE = "00000000-0000-4000-8000-000000000002";
const PRO = "00000000-0000-4000-8000-000000000003";
const catalog: SaleCatalog = {
  products: new Map([[PRODUCT, { nome: "Shampoo" }]]),
  services: new Map([[SERVICE, { nome: "Corte", rule: { kind: "percentual", value: 3_333 } }]]),
  professionals: new Map([[PRO, { rule: null }]]),
  defaultRule: null,
};
const TODAY = "2026-01-31";

const item = fc.oneof(
  fc.record({
    productId: fc.constant(PRODUCT),
    quantityMilli: fc.integer({ min: 1, max: 20_000 }),
    unitPriceCentavos: fc.integer({ min: 0, max: 500_00 }),
  }),
  fc.record({
    serviceId: fc.constant(SERVICE),
    professionalId: fc.constant(PRO),
    quantityMilli: fc.integer({ min: 1, max: 3_000 }),
    unitPriceCentavos: fc.integer({ min: 0, max: 900_00 }),
    discount: fc.option(fc.record({ kind: fc.constant("percentual" as const), basisPoints: fc.integer({ min: 0, max: 10_000 }) }), {
      nil: null,
    }),
  }),
);

/** Random lines, then payments that cover the total: shares by random weights, the last in dinheiro with change. */
const draft = fc
  .record({
    items: fc.array(item, { minLength: 1, maxLength: 6 }),
    totalBp: fc.integer({ min: 0, max: 10_000 }),
    methods: fc.array(fc.constantFrom(...PAYMENT_METHODS.filter((m) => m !== "dinheiro")), { maxLength: 3 }),
    weights: fc.array(fc.integer({ min: 1, max: 100 }), { minLength: 3, maxLength: 3 }),
    installments: fc.integer({ min: 1, max: 12 }),
    change: fc.integer({ min: 0, max: 50_00 }),
  })
  .map(({ items, totalBp, methods, weights, installments, change }) => {
    const totalDiscount = { kind: "percentual" as const, basisPoints: totalBp };
    const priced = priceSale(items, totalDiscount);
    if (!priced.ok) throw new Error(priced.error);
    const total = priced.value.totalCentavos;
    const payments: SaleDraft["payments"] = [];
    let left = total;
    for (const [i, method] of methods.entries()) {
      const amount = Math.floor((left * (weights[i] as number)) / 200);
      const count = ["credito", "boleto", "a_prazo"].includes(method) ? Math.min(installments, amount) : 1;
      if (amount < 1 || count < 1) continue;
      payments.push({ method, amountCentavos: amount, installments: count });
      left -= amount;
    }
    if (left + change > 0) payments.push({ method: "dinheiro", amountCentavos: left + change });
    return {
      draft: { draftId: PRODUCT, items, totalDiscount, payments, expectedTotalCentavos: total } as SaleDraft,
      change: left > 0 || change > 0 ? change : 0,
    };
  });

describe("planSale", () => {
  it("adds up to the centavo on any draft", () => {
    fc.assert(
      fc.property(draft, ({ draft: d, change }) => {
        const plan = planSale(d, catalog, TODAY);
        if (!plan.ok) throw new Error(plan.error);
        const p = plan.value;
        expect(p.items.reduce((a, i) => a + i.netCentavos, 0)).toBe(p.totalCentavos);
        expect(p.grossCentavos - p.discountCentavos).toBe(p.totalCentavos);
        const now = p.payments.filter((x) => x.account).reduce((a, x) => a + x.amountCentavos, 0);
        const later = p.payments.flatMap((x) => x.receivables).reduce((a, r) => a + r.amountCentavos, 0);
        const tendered = d.payments.reduce((a, x) => a + x.amountCentavos, 0);
        expect(now + later).toBe(p.totalCentavos);
        expect(tendered - p.changeCentavos).toBe(p.totalCentavos);
        expect(p.changeCentavos).toBe(change);
        for (const x of p.payments) {
          if (x.method !== "dinheiro") expect(x.tenderedCentavos).toBeNull();
          expect(x.account === null).toBe(x.receivables.length > 0);
          for (const r of x.receivables) expect(r.dueDate > TODAY).toBe(true);
        }
        for (const i of p.items) expect(i.commissionCentavos).toBe(i.servicoId ? Math.floor((i.netCentavos * 3_333) / 10_000 + 0.5) : 0);
      }),
      { numRuns: 300 },
    );
  });

  it("refuses a total the server prices differently, by a single centavo", () => {
    fc.assert(
      fc.property(draft, fc.constantFrom(-1, 1), ({ draft: d }, delta) => {
        const expected = d.expectedTotalCentavos + delta;
        fc.pre(expected >= 0);
        const plan = planSale({ ...d, expectedTotalCentavos: expected }, catalog, TODAY);
        expect(plan.ok).toBe(false);
        if (!plan.ok) expect(plan.field).toBe("expectedTotalCentavos");
      }),
      { numRuns: 100 },
    );
  });
});
