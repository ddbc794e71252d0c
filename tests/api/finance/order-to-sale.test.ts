/**
 * An order becoming its sale through "Gerar venda" (issue 22, ADR 073/071) against the real local
 * libSQL: a walk-in customer's name and phone reach the sale (list, search, receipt), a service
 * line's professional rides to the sale and earns the commission, the order becomes one sale
 * only, and an order's number (or a sale's, 1 to 9 included) is found exactly by its digits.
 */
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { orderCart } from "../../../app/components/sales/order-cart.ts";
import { newPayment, priceCart, toSaleDraft } from "../../../app/components/sales/cart-rules.ts";
import { commissions, orderItems, orders, professionalServices, saleItems, sales } from "../../../db/schema/index.ts";
import type { PedidoRow } from "../../../shared/resources/pedidos.ts";
import type { VendaRow } from "../../../shared/resources/vendas.ts";
import { checkoutOrder } from "../../../worker/services/finance/checkout-order.ts";
import { saleReceipt } from "../../../worker/services/finance/sale-receipt.ts";
import { insertProfessional } from "../agenda/desk-fixtures.ts";
import { createHarness, type Harness } from "../harness.ts";
import { api, errorFields } from "../records.ts";
import { createShop, type Shop } from "./sales-fixtures.ts";

let h: Harness;
let shop: Shop;
let other: Shop;
let bia: string;

type Body<T> = { data: T; total?: number; error?: { message: string; fields?: Record<string, string> } };

beforeAll(async () => {
  h = await createHarness();
  shop = await createShop(h, "Salão Avulso");
  other = await createShop(h, "Outro Salão");
  bia = await insertProfessional(h, shop.owner.orgId, { nome: "Bia Souza" });
  // Only Ana performs the Corte (the lines editor offers her); Bia performs nothing yet.
  await h.fresh.db.insert(professionalServices).values({ orgId: shop.owner.orgId, profissionalId: shop.ana, servicoId: shop.corte.id });
});

const walkIn = (lines: Record<string, unknown>[]) => ({
  contatoNome: "Dona Cida",
  contatoTelefone: "(11) 98765-4321",
  entrega: "retirada",
  previstoPara: "2026-12-24T10:00:00-03:00",
  itens: lines,
});

async function createOrder(body: Record<string, unknown>) {
  return api<Body<{ id: string }>>(h, shop.cookie, "POST", "/api/orders", body);
}

/** What the point of sale posts for `/sales/nova?pedido=<id>`: the order's cart, paid in full by Pix. */
async function gerarVenda(orderId: string) {
  const order = await checkoutOrder(h.ctx(), shop.owner, orderId);
  if (!order.ok) throw new Error(order.message);
  const cart = orderCart(order);
  const priced = priceCart(cart);
  if (!priced.ok) throw new Error(priced.error);
  const total = priced.value.totalCentavos;
  const draft = toSaleDraft({ ...cart, payments: [newPayment("pix", total, "p")] }, crypto.randomUUID(), total);
  return api<Body<{ id: string }>>(h, shop.cookie, "POST", "/api/sales", draft);
}

describe("pedido → venda", () => {
  it("carries the walk-in's name and phone and the service line's professional to the sale, once", async () => {
    const made = await createOrder(
      walkIn([
        { produtoId: shop.shampoo, descricao: "Shampoo", quantidade: 1, precoUnitarioCentavos: 3000 },
        { servicoId: shop.corte.id, profissionalId: shop.ana, descricao: "Corte", quantidade: 1, precoUnitarioCentavos: 8000 },
      ]),
    );
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const orderId = made.body.data.id;
    const order = (await api<Body<PedidoRow>>(h, shop.cookie, "GET", `/api/orders/${orderId}`)).body.data;
    expect(order.itens.map((i) => [i.descricao, i.profissionalId, i.profissionalNome])).toEqual([
      ["Shampoo", null, null],
      ["Corte", shop.ana, "Ana Lima"],
    ]);

    const sold = await gerarVenda(orderId);
    expect(sold.status, JSON.stringify(sold.body)).toBe(201);
    const saleId = sold.body.data.id;
    const [sale] = await h.fresh.db.select().from(sales).where(eq(sales.id, saleId));
    expect([sale?.contatoNome, sale?.contatoTelefone, sale?.clienteId, sale?.pedidoId]).toEqual([
      "Dona Cida",
      "11987654321",
      null,
      orderId,
    ]);
    // The professional reached the sale's line, and the Corte's 40% commission is hers.
    const lines = await h.fresh.db.select().from(saleItems).where(eq(saleItems.vendaId, saleId));
    expect(lines.find((l) => l.servicoId === shop.corte.id)?.profissionalId).toBe(shop.ana);
    const paid = await h.fresh.db.select().from(commissions).where(eq(commissions.vendaId, saleId));
    expect(paid.map((c) => [c.profissionalId, c.valorCentavos])).toEqual([[shop.ana, 3200]]);

    // The list, its search (name or phone) and the receipt name the walk-in.
    const list = await api<Body<VendaRow[]>>(h, shop.cookie, "GET", "/api/sales?q=cida");
    expect(list.body.data.map((r) => [r.id, r.contatoNome, r.clienteNome])).toEqual([[saleId, "Dona Cida", null]]);
    const byPhone = await api<Body<VendaRow[]>>(h, shop.cookie, "GET", "/api/sales?q=11987654321");
    expect(byPhone.body.data.map((r) => r.id)).toEqual([saleId]);
    const receipt = await saleReceipt(h.ctx(), shop.owner, saleId);
    expect(receipt?.client).toEqual({ id: null, name: "Dona Cida", phone: "11987654321" });

    // Once: the order is the sale's, and "Gerar venda" again is refused with nothing written.
    const [linked] = await h.fresh.db.select({ vendaId: orders.vendaId }).from(orders).where(eq(orders.id, orderId));
    expect(linked?.vendaId).toBe(saleId);
    expect(await checkoutOrder(h.ctx(), shop.owner, orderId)).toMatchObject({ ok: false });
    const cart = orderCart({
      ...order,
      contactName: order.contatoNome,
      contactPhone: order.contatoTelefone,
      clientId: null,
      clientName: null,
      deliveryFeeCentavos: 0,
      lines: [],
    } as never);
    expect(cart.orderId).toBe(orderId);
    const again = await api<Body<{ id: string }>>(h, shop.cookie, "POST", "/api/sales", {
      ...toSaleDraft({ ...cart, lines: [], payments: [] }, crypto.randomUUID(), 3000),
      items: [{ description: "Shampoo", quantityMilli: 1000, unitPriceCentavos: 3000 }],
      payments: [{ method: "pix", amountCentavos: 3000 }],
    });
    expect(again.status).toBe(409);
    expect(await h.fresh.db.select().from(sales).where(eq(sales.pedidoId, orderId))).toHaveLength(1);
  });

  it("keeps a client's name over a typed walk-in name", async () => {
    const draft = {
      draftId: crypto.randomUUID(),
      clientId: shop.client,
      customerName: "Outra Pessoa",
      items: [{ description: "Taxa", quantityMilli: 1000, unitPriceCentavos: 500 }],
      payments: [{ method: "pix", amountCentavos: 500 }],
      expectedTotalCentavos: 500,
    };
    const sold = await api<Body<{ id: string }>>(h, shop.cookie, "POST", "/api/sales", draft);
    expect(sold.status).toBe(201);
    const [sale] = await h.fresh.db.select().from(sales).where(eq(sales.id, sold.body.data.id));
    expect([sale?.clienteId, sale?.contatoNome]).toEqual([shop.client, null]);
    const badDraft = crypto.randomUUID();
    const bad = await api<Body<{ id: string }>>(h, shop.cookie, "POST", "/api/sales", {
      ...draft,
      draftId: badDraft,
      clientId: null,
      customerPhone: "123",
    });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body.error)).toContain("Telefone do cliente inválido");
    expect(await h.fresh.db.select().from(sales).where(eq(sales.rascunhoId, badDraft))).toEqual([]);
  });

  it("refuses a professional on a product line, another organização's, or a deleted one, changing nothing", async () => {
    const before = await h.fresh.db.select().from(orderItems).where(eq(orderItems.orgId, shop.owner.orgId));
    const onProduct = await createOrder(
      walkIn([{ produtoId: shop.shampoo, profissionalId: shop.ana, descricao: "Shampoo", quantidade: 1, precoUnitarioCentavos: 3000 }]),
    );
    expect(onProduct.status).toBe(400);
    expect(Object.values(errorFields(onProduct.body))).toContain("Só um item de serviço tem profissional.");
    const foreign = await createOrder(
      walkIn([{ servicoId: shop.corte.id, profissionalId: other.ana, descricao: "Corte", quantidade: 1, precoUnitarioCentavos: 8000 }]),
    );
    expect(foreign.status).toBe(422);
    expect(foreign.body.error?.message).toBe("Um item do pedido não é um produto, serviço ou profissional cadastrado.");
    const after = await h.fresh.db.select().from(orderItems).where(eq(orderItems.orgId, shop.owner.orgId));
    expect(after.length).toBe(before.length);
    // Bia (performing nothing linked) is still accepted: the editor offers, the server checks the organização.
    const withBia = await createOrder(
      walkIn([{ servicoId: shop.corte.id, profissionalId: bia, descricao: "Corte", quantidade: 1, precoUnitarioCentavos: 8000 }]),
    );
    expect(withBia.status).toBe(201);
    const [line] = await h.fresh.db
      .select({ p: orderItems.profissionalId })
      .from(orderItems)
      .where(and(eq(orderItems.orgId, shop.owner.orgId), eq(orderItems.pedidoId, withBia.body.data.id)));
    expect(line?.p).toBe(bia);
  });

  it("finds an order by its number exactly, 1 to 9 included, and by one letter as before", async () => {
    const orderList = await api<Body<PedidoRow[]>>(h, shop.cookie, "GET", "/api/orders?q=1");
    expect([orderList.body.data.map((r) => r.numero), orderList.body.total]).toEqual([[1], 1]);
    const none = await api<Body<PedidoRow[]>>(h, shop.cookie, "GET", "/api/orders?q=99");
    expect(none.body.data).toEqual([]);
    const letter = await api<Body<PedidoRow[]>>(h, shop.cookie, "GET", "/api/orders?q=d");
    expect(letter.body.data.length).toBeGreaterThanOrEqual(2);
    expect(letter.body.data.every((r) => r.contatoNome === "Dona Cida")).toBe(true);
  });
});
