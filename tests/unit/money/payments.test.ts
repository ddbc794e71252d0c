import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { PAYMENT_METHODS, type PaymentMethod, allowsInstallments } from "../../../shared/money/payment-method.ts";
import { type PaymentInput, type Settlement, settlePayments } from "../../../shared/money/payments.ts";

const TODAY = "2026-11-27";
const settled = (total: number, payments: PaymentInput[]): Settlement => {
  const r = settlePayments(total, payments, TODAY);
  if (!r.ok) throw new Error(r.error);
  return r.value;
};

describe("payments cover the total exactly", () => {
  it("Pix + dinheiro with change: R$ 87,50 paid R$ 50,00 by Pix and R$ 50,00 in cash → R$ 12,50 troco", () => {
    const s = settled(87_50, [
      { method: "pix", amountCentavos: 50_00 },
      { method: "dinheiro", amountCentavos: 50_00 },
    ]);
    expect(s.changeCentavos).toBe(12_50);
    expect(s.tenderedCentavos).toBe(100_00);
    expect(s.payments.map((p) => [p.method, p.tenderedCentavos, p.amountCentavos])).toEqual([
      ["pix", 50_00, 50_00],
      ["dinheiro", 50_00, 37_50],
    ]);
    expect(s.payments[0]?.installments).toEqual([{ number: 1, amountCentavos: 50_00, dueDate: TODAY }]);
  });

  it("crédito em 3x with monthly due dates from today; a prazo from a given date, weekly", () => {
    const s = settled(300_00, [
      { method: "credito", amountCentavos: 100_00, installments: 3 },
      { method: "a_prazo", amountCentavos: 200_00, installments: 2, firstDueDate: "2027-01-31", interval: "semanal" },
    ]);
    expect(s.changeCentavos).toBe(0);
    expect(s.payments[0]?.installments).toEqual([
      { number: 1, amountCentavos: 33_34, dueDate: "2026-11-27" },
      { number: 2, amountCentavos: 33_33, dueDate: "2026-12-27" },
      { number: 3, amountCentavos: 33_33, dueDate: "2027-01-27" },
    ]);
    expect(s.payments[1]?.installments.map((i) => i.dueDate)).toEqual(["2027-01-31", "2027-02-07"]);
  });

  it("a cash payment wholly given back drops out", () => {
    const s = settled(10_00, [
      { method: "debito", amountCentavos: 10_00 },
      { method: "dinheiro", amountCentavos: 5_00 },
    ]);
    expect(s.changeCentavos).toBe(5_00);
    expect(s.payments.map((p) => p.method)).toEqual(["debito"]);
  });

  it("a sale of R$ 0,00 needs no payment", () => {
    expect(settled(0, [])).toEqual({ payments: [], tenderedCentavos: 0, changeCentavos: 0 });
  });

  it("refuses in pt-BR: short, over with a method that has no change, zero amounts, à vista in installments", () => {
    expect(settlePayments(100_00, [{ method: "pix", amountCentavos: 90_00 }], TODAY)).toEqual({
      ok: false,
      error: "Faltam R$ 10,00 para cobrir o total de R$ 100,00.",
    });
    expect(settlePayments(100_00, [], TODAY)).toEqual({ ok: false, error: "Faltam R$ 100,00 para cobrir o total de R$ 100,00." });
    expect(
      settlePayments(
        100_00,
        [
          { method: "credito", amountCentavos: 80_00 },
          { method: "pix", amountCentavos: 30_00 },
        ],
        TODAY,
      ),
    ).toEqual({
      ok: false,
      error: "Os pagamentos fora do dinheiro somam R$ 110,00 e passam do total de R$ 100,00. Só dinheiro pode ter troco.",
    });
    expect(settlePayments(100_00, [{ method: "boleto", amountCentavos: 0 }], TODAY)).toEqual({
      ok: false,
      error: "Pagamento 1 (Boleto): o valor deve ser maior que zero.",
    });
    expect(settlePayments(100_00, [{ method: "pix", amountCentavos: 100_00, installments: 2 }], TODAY)).toEqual({
      ok: false,
      error: "Pagamento 1 (Pix): é à vista, não pode ser parcelado.",
    });
    expect(settlePayments(100_00, [{ method: "credito", amountCentavos: 100_00, installments: 25 }], TODAY)).toEqual({
      ok: false,
      error: "Pagamento 1 (Cartão de crédito): O número de parcelas não pode passar de 24.",
    });
    expect(settlePayments(100_00, [{ method: "cheque" as PaymentMethod, amountCentavos: 100_00 }], TODAY)).toEqual({
      ok: false,
      error: "Pagamento 1: forma de pagamento desconhecida.",
    });
    expect(settlePayments(100_00, [{ method: "a_prazo", amountCentavos: 100_00, firstDueDate: "2026-13-01" }], TODAY)).toEqual({
      ok: false,
      error: "Pagamento 1 (A prazo): A data do primeiro vencimento é inválida.",
    });
  });

  it("only crédito, boleto and a prazo take installments", () => {
    expect(PAYMENT_METHODS.filter(allowsInstallments)).toEqual(["credito", "boleto", "a_prazo"]);
  });

  const paymentArb: fc.Arbitrary<PaymentInput> = fc.constantFrom(...PAYMENT_METHODS).chain((method) =>
    fc.record({
      method: fc.constant(method),
      amountCentavos: fc.integer({ min: 1, max: 1_000_000_00 }),
      installments: allowsInstallments(method) ? fc.integer({ min: 1, max: 12 }) : fc.constant(1),
    }),
  );

  it("accepted exactly when it covers the total with change only from cash; kept amounts sum to the total; order does not matter (property)", () => {
    let accepted = 0;
    let refused = 0;
    fc.assert(
      fc.property(
        fc.array(paymentArb, { maxLength: 6 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.option(fc.integer({ min: -3, max: 3 })),
        fc.integer(),
        (payments, f, nudge, seed) => {
          const cash = payments.filter((p) => p.method === "dinheiro").reduce((a, p) => a + p.amountCentavos, 0);
          const other = payments.filter((p) => p.method !== "dinheiro").reduce((a, p) => a + p.amountCentavos, 0);
          // Mostly a total the payments can cover (the others + part of the cash), sometimes a few centavos off.
          const total = Math.max(0, other + Math.floor(cash * f) + (nudge ?? 0));
          const r = settlePayments(total, payments, TODAY);
          // A payment of fewer centavos than installments is refused (no installment of R$ 0,00).
          const tinyInstallment = payments.some((p) => (p.installments ?? 1) > p.amountCentavos);
          const shouldAccept = other <= total && cash + other >= total && !tinyInstallment;
          expect(r.ok).toBe(shouldAccept);
          if (!r.ok) {
            refused++;
            return;
          }
          accepted++;
          const s = r.value;
          expect(s.changeCentavos).toBe(cash + other - total);
          expect(s.payments.reduce((a, p) => a + p.amountCentavos, 0)).toBe(total);
          for (const p of s.payments) {
            expect(p.amountCentavos).toBeGreaterThan(0);
            expect(p.amountCentavos).toBeLessThanOrEqual(p.tenderedCentavos);
            if (p.method !== "dinheiro") expect(p.amountCentavos).toBe(p.tenderedCentavos);
            expect(p.installments.reduce((a, i) => a + i.amountCentavos, 0)).toBe(p.amountCentavos);
          }
          const reordered = [...payments].sort((a, b) => ((a.amountCentavos * 31 + seed) % 101) - ((b.amountCentavos * 31 + seed) % 101));
          const again = settlePayments(total, reordered, TODAY);
          expect(again.ok).toBe(true);
          if (again.ok) {
            expect(again.value.changeCentavos).toBe(s.changeCentavos);
            expect(again.value.tenderedCentavos).toBe(s.tenderedCentavos);
            expect(again.value.payments.reduce((a, p) => a + p.amountCentavos, 0)).toBe(total);
          }
          expect(settlePayments(total, payments, TODAY)).toEqual(r);
        },
      ),
      { numRuns: 500 },
    );
    // Both branches are exercised, so the property cannot pass by refusing everything.
    expect(accepted).toBeGreaterThan(100);
    expect(refused).toBeGreaterThan(10);
  });
});
