import { describe, expect, it } from "vitest";
import {
  type CatalogItem,
  EMPTY_CART,
  addItem,
  cartProblem,
  formatDiscountInput,
  formatQuantityInput,
  itemForEnter,
  newPayment,
  parseDiscount,
  parseQuantity,
  priceCart,
  removeLine,
  setLine,
  setPayment,
  stepQuantity,
  summarizePayments,
  toSaleDraft,
} from "../../../app/components/sales/cart-rules.ts";
import { orderCart } from "../../../app/components/sales/order-cart.ts";
import { saleDraftSchema } from "../../../shared/finance/sale-draft.ts";

const SHAMPOO: CatalogItem = {
  kind: "produto",
  id: "11111111-1111-4111-8111-111111111111",
  name: "Shampoo 300 ml",
  sku: "SH-300",
  barcode: "7891234567895",
  priceCentavos: 3990,
  unit: "un",
  stockMilli: 5000,
};
const CORTE: CatalogItem = {
  kind: "servico",
  id: "22222222-2222-4222-8222-222222222222",
  name: "Corte feminino",
  sku: null,
  barcode: null,
  priceCentavos: 8000,
  unit: null,
  stockMilli: null,
  professionalIds: ["33333333-3333-4333-8333-333333333333"],
};
const DRAFT = "44444444-4444-4444-8444-444444444444";
const CLIENT = "66666666-6666-4666-8666-666666666666";

describe("the point of sale's cart", () => {
  it("adds a product twice as one line of two units, a service with its first professional", () => {
    let cart = addItem(EMPTY_CART, SHAMPOO, "a");
    cart = addItem(cart, SHAMPOO, "b");
    cart = addItem(cart, CORTE, "c");
    expect(cart.lines).toHaveLength(2);
    expect(cart.lines[0]?.quantityMilli).toBe(2000);
    expect(cart.lines[1]?.professionalId).toBe(CORTE.professionalIds?.[0]);
  });

  it("starts a new line when the same product already has a discount or another price", () => {
    let cart = addItem(EMPTY_CART, SHAMPOO, "a");
    cart = setLine(cart, 0, { discount: { kind: "valor", centavos: 100 } });
    cart = addItem(cart, SHAMPOO, "b");
    expect(cart.lines).toHaveLength(2);
  });

  it("+/− step by one unit and never below one; Delete removes", () => {
    let cart = addItem(EMPTY_CART, SHAMPOO, "a");
    cart = stepQuantity(cart, 0, -1);
    expect(cart.lines[0]?.quantityMilli).toBe(1000);
    cart = stepQuantity(stepQuantity(cart, 0, 1), 0, 1);
    expect(cart.lines[0]?.quantityMilli).toBe(3000);
    expect(removeLine(cart, 0).lines).toHaveLength(0);
  });

  it("reads quantities and discounts as typed in pt-BR", () => {
    expect(parseQuantity("1,5")).toBe(1500);
    expect(parseQuantity("2")).toBe(2000);
    expect(parseQuantity("0")).toBeNull();
    expect(parseQuantity("-1")).toBeNull();
    expect(parseQuantity("1,2345")).toBeNull();
    expect(formatQuantityInput(1500)).toBe("1,5");
    expect(parseDiscount("10%")).toEqual({ ok: true, discount: { kind: "percentual", basisPoints: 1000 } });
    expect(parseDiscount("12,5 %")).toEqual({ ok: true, discount: { kind: "percentual", basisPoints: 1250 } });
    expect(parseDiscount("R$ 5,50")).toEqual({ ok: true, discount: { kind: "valor", centavos: 550 } });
    expect(parseDiscount("")).toEqual({ ok: true, discount: null });
    expect(parseDiscount("abc").ok).toBe(false);
    expect(parseDiscount("-3").ok).toBe(false);
    expect(formatDiscountInput({ kind: "percentual", basisPoints: 1250 })).toBe("12,5%");
    expect(formatDiscountInput({ kind: "valor", centavos: 550 })).toBe("5,50");
  });

  it("prices with shared/money: item discount, then the total's discount shared", () => {
    let cart = addItem(addItem(EMPTY_CART, SHAMPOO, "a"), CORTE, "c");
    cart = setLine(cart, 0, { discount: { kind: "percentual", basisPoints: 1000 } });
    cart = { ...cart, totalDiscount: { kind: "valor", centavos: 1000 } };
    const priced = priceCart(cart);
    expect(priced.ok).toBe(true);
    if (!priced.ok) return;
    // 39,90 − 3,99 = 35,91; + 80,00 = 115,91; − 10,00 = 105,91.
    expect(priced.value.totalCentavos).toBe(10591);
    expect(priced.value.lines.reduce((a, l) => a + l.netCentavos, 0)).toBe(10591);
  });

  it("keeps the remaining amount and the change: only cash has change", () => {
    expect(summarizePayments(10000, [{ method: "pix", amountCentavos: 6000 }])).toEqual({
      tenderedCentavos: 6000,
      remainingCentavos: 4000,
      changeCentavos: 0,
      overpaidByNonCash: false,
    });
    expect(
      summarizePayments(10000, [
        { method: "pix", amountCentavos: 6000 },
        { method: "dinheiro", amountCentavos: 5000 },
      ]).changeCentavos,
    ).toBe(1000);
    expect(summarizePayments(10000, [{ method: "credito", amountCentavos: 12000 }]).overpaidByNonCash).toBe(true);
  });

  it("says why it cannot be sent yet, in pt-BR", () => {
    expect(cartProblem(EMPTY_CART)).toBe("Adicione ao menos um item à venda.");
    let cart = addItem(EMPTY_CART, CORTE, "c");
    cart = setLine(cart, 0, { professionalId: null });
    expect(cartProblem(cart)).toMatch(/escolha o profissional/);
    cart = setLine(cart, 0, { professionalId: CORTE.professionalIds?.[0] ?? null });
    expect(cartProblem(cart)).toBe("Escolha ao menos uma forma de pagamento.");
    cart = { ...cart, payments: [newPayment("pix", 5000, "p")] };
    expect(cartProblem(cart)).toBe("Faltam R$ 30,00 para cobrir o total.");
    cart = { ...cart, payments: [...cart.payments, newPayment("dinheiro", 5000, "q")] };
    expect(cartProblem(cart)).toBeNull();
  });

  it("installments only where the method allows them, within 1..24", () => {
    let cart = { ...addItem(EMPTY_CART, SHAMPOO, "a"), payments: [newPayment("credito", 3990, "p")] };
    cart = setPayment(cart, 0, { installments: 30 });
    expect(cart.payments[0]?.installments).toBe(24);
    cart = setPayment(cart, 0, { method: "debito" });
    expect(cart.payments[0]?.installments).toBe(1);
  });

  it("sends a SaleDraft the contract accepts, with the draft id and the total seen", () => {
    let cart = addItem(addItem(EMPTY_CART, SHAMPOO, "a"), CORTE, "c");
    cart = {
      ...cart,
      payments: [newPayment("pix", 5000, "p"), { ...newPayment("a_prazo", 6990, "q"), installments: 2, firstDueDate: "2026-12-10" }],
    };
    const total = priceCart(cart);
    if (!total.ok) throw new Error(total.error);
    const draft = toSaleDraft(cart, DRAFT, total.value.totalCentavos);
    expect(saleDraftSchema.safeParse(draft).success).toBe(true);
    expect(draft.draftId).toBe(DRAFT);
    expect(draft.expectedTotalCentavos).toBe(11990);
    expect(draft.items[0]).toMatchObject({ productId: SHAMPOO.id, serviceId: null, quantityMilli: 1000 });
    expect(draft.items[1]).toMatchObject({ serviceId: CORTE.id, professionalId: CORTE.professionalIds?.[0] });
    expect(draft.payments[0]).toEqual({ method: "pix", amountCentavos: 5000 });
    expect(draft.payments[1]).toMatchObject({ method: "a_prazo", installments: 2, firstDueDate: "2026-12-10", interval: "mensal" });
  });

  it("Enter adds the exact barcode or SKU first, else the highlighted, else the only result", () => {
    const results = [CORTE, SHAMPOO];
    expect(itemForEnter(results, "7891234567895", 0)).toBe(SHAMPOO);
    expect(itemForEnter(results, "sh-300", 0)).toBe(SHAMPOO);
    expect(itemForEnter(results, "co", 0)).toBe(CORTE);
    expect(itemForEnter(results, "co", -1)).toBeNull();
    expect(itemForEnter([SHAMPOO], "sham", -1)).toBe(SHAMPOO);
  });

  it("an order fills the cart with its lines, discounts, walk-in customer and delivery fee, and names itself", () => {
    const cart = orderCart({
      id: "55555555-5555-4555-8555-555555555555",
      numero: 12,
      contactName: "Maria",
      contactPhone: "11912345678",
      clientId: null,
      clientName: null,
      deliveryFeeCentavos: 800,
      lines: [
        {
          productId: SHAMPOO.id,
          serviceId: null,
          professionalId: null,
          description: "Shampoo",
          quantityMilli: 2000,
          unitPriceCentavos: 3990,
          discountCentavos: 500,
        },
      ],
    });
    expect(cart.orderId).toBe("55555555-5555-4555-8555-555555555555");
    expect(cart.notes).toBe("Pedido nº 12");
    expect([cart.customerName, cart.customerPhone]).toEqual(["Maria", "11912345678"]);
    expect(cart.lines.map((l) => l.kind)).toEqual(["produto", "livre"]);
    const priced = priceCart(cart);
    expect(priced.ok && priced.value.totalCentavos).toBe(7980 - 500 + 800);
    const draft = toSaleDraft({ ...cart, payments: [newPayment("pix", 8280, "p")] }, DRAFT, 8280);
    expect(draft.items[1]).toMatchObject({ productId: null, serviceId: null, description: "Taxa de entrega" });
    expect(saleDraftSchema.safeParse(draft).success).toBe(true);
    expect([draft.customerName, draft.customerPhone]).toEqual(["Maria", "11912345678"]);
    // A client chosen at the counter names the sale: the walk-in's fields are not sent.
    const withClient = toSaleDraft({ ...cart, clientId: CLIENT, payments: [newPayment("pix", 8280, "p")] }, DRAFT, 8280);
    expect([withClient.customerName, withClient.customerPhone]).toEqual([null, null]);
  });

  it("a walk-in's phone is checked and kept as digits", () => {
    const base = {
      draftId: DRAFT,
      items: [{ quantityMilli: 1000, unitPriceCentavos: 100, description: "x" }],
      payments: [{ method: "pix", amountCentavos: 100 }],
      expectedTotalCentavos: 100,
    };
    const ok = saleDraftSchema.safeParse({ ...base, customerName: " Ana ", customerPhone: "(11) 98765-4321" });
    expect(ok.success && [ok.data.customerName, ok.data.customerPhone]).toEqual(["Ana", "11987654321"]);
    expect(saleDraftSchema.safeParse({ ...base, customerPhone: "1234" }).success).toBe(false);
    expect(saleDraftSchema.safeParse({ ...base, customerPhone: "abc" }).success).toBe(false);
  });
});
