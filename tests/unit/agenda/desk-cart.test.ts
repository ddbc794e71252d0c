import { describe, expect, it } from "vitest";
import {
  type DeskCharge,
  EMPTY_CHARGE,
  deskCart,
  deskChargeBody,
  deskTotal,
  startCharge,
} from "../../../app/components/agenda/desk-cart.ts";
import { addItem, newPayment, setPayment, withNewPayment } from "../../../app/components/sales/cart-rules.ts";
import { saleDraftPaymentSchema } from "../../../shared/finance/sale-draft.ts";

/** The desk's charge (ADR 078) is the point of sale's cart with the services performed first. */

const PANEL = {
  profissionalId: "22222222-2222-4222-8222-222222222222",
  servicos: [
    { id: "33333333-3333-4333-8333-333333333333", nome: "Corte", precoCentavos: 8000, duracaoMin: 45 },
    { id: "44444444-4444-4444-8444-444444444444", nome: "Escova", precoCentavos: 4000, duracaoMin: 30 },
  ],
};
const CORTE = PANEL.servicos[0]?.id as string;
const ESCOVA = PANEL.servicos[1]?.id as string;
const ESMALTE = {
  kind: "produto" as const,
  id: "55555555-5555-4555-8555-555555555555",
  name: "Esmalte",
  sku: null,
  barcode: null,
  priceCentavos: 2500,
  unit: "un",
  stockMilli: 5000,
};

function withProduct(charge: DeskCharge): DeskCharge {
  const cart = addItem(deskCart(PANEL, [CORTE], charge), ESMALTE, "e");
  return { ...cart, lines: cart.lines.filter((l) => l.kind !== "servico") };
}

describe("the desk's charge", () => {
  it("prices the services performed, the products sold and the discount on the total with the checkout's rules", () => {
    const charge = { ...withProduct(EMPTY_CHARGE), totalDiscount: { kind: "percentual" as const, basisPoints: 1000 } };
    const cart = deskCart(PANEL, [CORTE, ESCOVA], charge);
    expect(cart.lines.map((l) => [l.kind, l.description, l.unitPriceCentavos, l.professionalId])).toEqual([
      ["servico", "Corte", 8000, PANEL.profissionalId],
      ["servico", "Escova", 4000, PANEL.profissionalId],
      ["produto", "Esmalte", 2500, null],
    ]);
    // 145,00 − 10% = 130,50
    expect(deskTotal(cart)).toBe(13_050);
    // A service removed from the finish leaves the charge's own lines as they were.
    expect(deskTotal(deskCart(PANEL, [CORTE], charge))).toBe(9_450);
  });

  it("opens with the method already tapped for the whole total, or with no payment", () => {
    expect(startCharge(PANEL, [CORTE, ESCOVA], "", "2026-11-27")).toEqual(EMPTY_CHARGE);
    const opened = startCharge(PANEL, [CORTE, ESCOVA], "dinheiro", "2026-11-27");
    expect(opened.lines).toEqual([]);
    expect(opened.payments).toMatchObject([{ method: "dinheiro", amountCentavos: 12_000, installments: 1 }]);
  });

  it("proposes each new payment for what is still to pay and sends the payments the sale draft accepts", () => {
    const base = deskCart(PANEL, [CORTE], EMPTY_CHARGE);
    let cart = withNewPayment(base, "pix", "2026-11-27", "p");
    cart = setPayment(cart, 0, { amountCentavos: 3000 });
    cart = withNewPayment(cart, "credito", "2026-11-27", "c");
    expect(cart.payments[1]).toMatchObject({ method: "credito", amountCentavos: 5000 });
    cart = setPayment(cart, 1, { installments: 3 });
    cart = withNewPayment(cart, "boleto", "2026-11-27", "b");
    // Nothing left to pay: the boleto proposes 0 and a first due date a month on.
    expect(cart.payments[2]).toMatchObject({ method: "boleto", amountCentavos: 0, firstDueDate: "2026-12-27" });
    expect(deskChargeBody(cart)).toEqual({ ok: false, error: "Pagamento 3: informe um valor maior que zero." });
    const sent = deskChargeBody({ ...cart, payments: cart.payments.slice(0, 2) });
    expect(sent).toEqual({
      ok: true,
      body: {
        vendidos: [],
        descontoTotal: null,
        totalCentavos: 8000,
        pagamentos: [
          { method: "pix", amountCentavos: 3000 },
          { method: "credito", amountCentavos: 5000, installments: 3, interval: "mensal", firstDueDate: null },
        ],
      },
    });
    if (sent.ok) for (const p of sent.body.pagamentos) expect(saleDraftPaymentSchema.safeParse(p).success).toBe(true);
  });

  it("sends the products sold in thousandths and refuses what does not cover the total", () => {
    const charge = withProduct(EMPTY_CHARGE);
    const short = deskCart(PANEL, [CORTE], { ...charge, payments: [newPayment("pix", 10_000, "p")] });
    expect(deskChargeBody(short)).toEqual({ ok: false, error: "Faltam R$ 5,00 para cobrir o total." });
    const cash = deskCart(PANEL, [CORTE], { ...charge, payments: [newPayment("dinheiro", 20_000, "d")] });
    const body = deskChargeBody(cash);
    expect(body.ok && body.body.vendidos).toEqual([{ produtoId: ESMALTE.id, quantidadeMilli: 1000 }]);
    expect(body.ok && body.body.totalCentavos).toBe(10_500);
  });
});
