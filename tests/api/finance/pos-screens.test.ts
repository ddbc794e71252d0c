/**
 * The point of sale's server side (issue 22) through the real route modules against libSQL: the
 * search finds products by name, SKU and barcode and services with their professionals; the
 * checkout's loader gives the Pix and an order's cart; the receipt reads a completed sale (items,
 * payments, change, installments) and its cancellation. Whoever may sell (owner, admin, staff);
 * the professional role and another organização get nothing.
 */
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import * as catalogRoute from "../../../app/routes/sales/catalog.ts";
import * as newRoute from "../../../app/routes/sales/new.tsx";
import * as receiptRoute from "../../../app/routes/sales/receipt.tsx";
import { orderItems, orders, products, professionalServices } from "../../../db/schema/index.ts";
import { pixSettingsSchema } from "../../../shared/finance/pix-settings.ts";
import { sortKey } from "../../../shared/search.ts";
import { updatePixSettings } from "../../../worker/services/finance/pix-settings.ts";
import { cancelSale, completeSale } from "../../../worker/services/finance/sales/index.ts";
import { createPageHarness } from "../page-harness.ts";
import type { Harness } from "../harness.ts";
import { addMember } from "../records.ts";
import { createShop, type Shop } from "./sales-fixtures.ts";

let h: Harness;
let shop: Shop;
let other: Shop;
let saleId: string;

beforeAll(async () => {
  h = await createPageHarness({ "sales/nova": newRoute, "sales/nova/catalogo": catalogRoute, "sales/:id": receiptRoute });
  shop = await createShop(h, "Salão Caixa");
  other = await createShop(h, "Outra Loja");
  await h.fresh.db.update(products).set({ codigoBarras: "7891234567895" }).where(eq(products.id, shop.shampoo));
  await h.fresh.db.insert(professionalServices).values({ orgId: shop.owner.orgId, profissionalId: shop.ana, servicoId: shop.corte.id });
  const sale = await completeSale(h.ctx(), shop.owner, {
    draftId: crypto.randomUUID(),
    clientId: shop.client,
    items: [
      { productId: shop.shampoo, quantityMilli: 1000, unitPriceCentavos: 3000 },
      { serviceId: shop.corte.id, professionalId: shop.ana, quantityMilli: 1000, unitPriceCentavos: 8000 },
    ],
    payments: [
      { method: "pix", amountCentavos: 5000 },
      { method: "dinheiro", amountCentavos: 2000 },
      { method: "a_prazo", amountCentavos: 4000, installments: 2, firstDueDate: "2026-12-10" },
    ],
    expectedTotalCentavos: 11_000,
  });
  saleId = sale.saleId;
});

async function json(path: string, cookie: string): Promise<{ status: number; body: unknown }> {
  const res = await h.request(path, { cookie });
  return { status: res.status, body: res.status === 200 ? await res.json() : await res.text() };
}

/** A route module's loader data (React Router's single fetch answers turbo-stream; the JSON route answers JSON). */
async function loaderData(path: string, cookie: string): Promise<{ status: number; text: string }> {
  const [pathname, search] = path.split("?");
  const res = await h.request(`${pathname}.data${search ? `?${search}` : ""}`, { cookie });
  return { status: res.status, text: await res.text() };
}

describe("the point of sale's search (/sales/nova/catalogo)", () => {
  it("finds a product by barcode first, by SKU regardless of case, and by any word of its name", async () => {
    for (const q of ["7891234567895", "shp-1", "profissional", "SHAMPOO"]) {
      const { status, body } = await json(`/sales/nova/catalogo?q=${encodeURIComponent(q)}`, shop.cookie);
      expect(status, q).toBe(200);
      const first = (body as { data: { id: string; kind: string; priceCentavos: number; stockMilli: number }[] }).data[0];
      expect(first, q).toMatchObject({ id: shop.shampoo, kind: "produto", priceCentavos: 3000, stockMilli: 4000 });
    }
  });

  it("finds a service with the professionals who perform it; nothing for an empty or unmatched query", async () => {
    const { body } = await json("/sales/nova/catalogo?q=cort", shop.cookie);
    expect((body as { data: unknown[] }).data).toEqual([
      expect.objectContaining({ kind: "servico", id: shop.corte.id, professionalIds: [shop.ana] }),
    ]);
    expect(((await json("/sales/nova/catalogo?q=", shop.cookie)).body as { data: unknown[] }).data).toEqual([]);
    expect(((await json("/sales/nova/catalogo?q=inexistente", shop.cookie)).body as { data: unknown[] }).data).toEqual([]);
    const long = await json(`/sales/nova/catalogo?q=${"x".repeat(5000)}`, shop.cookie);
    expect(long.status).toBe(200);
  });

  it("never shows another organização's products", async () => {
    const { body } = await json("/sales/nova/catalogo?q=shampoo", other.cookie);
    expect((body as { data: { id: string }[] }).data.map((d) => d.id)).toEqual([other.shampoo]);
  });

  it("staff may search; the professional role is refused", async () => {
    const staff = await addMember(h, shop.owner.orgId, "staff");
    expect((await json("/sales/nova/catalogo?q=shampoo", staff.cookie)).status).toBe(200);
    const pro = await addMember(h, shop.owner.orgId, "professional");
    expect((await json("/sales/nova/catalogo?q=shampoo", pro.cookie)).status).toBe(403);
  });
});

describe("the checkout's loader (/sales/nova)", () => {
  it("gives the Pix when the business has one, and an order's cart for ?pedido=", async () => {
    const before = await loaderData("/sales/nova", shop.cookie);
    expect(before.status).toBe(200);
    expect(before.text).not.toContain("45723174000110");
    await updatePixSettings(
      h.ctx(),
      shop.owner,
      pixSettingsSchema.parse({ pixChaveTipo: "cnpj", pixChave: "45723174000110", pixNome: "Salão", pixCidade: "Manaus" }),
    );
    const orderId = crypto.randomUUID();
    await h.fresh.db.insert(orders).values({
      id: orderId,
      orgId: shop.owner.orgId,
      numero: 7,
      ordem: sortKey("Carla Mendes"),
      clienteId: shop.client,
      entrega: "entrega",
      endereco: { cep: null, rua: "Rua das Flores", numero: "12", complemento: null, bairro: "Centro", cidade: "Manaus", uf: "AM" },
      taxaEntregaCentavos: 800,
      subtotalCentavos: 6000,
      totalCentavos: 6800,
    });
    await h.fresh.db.insert(orderItems).values({
      orgId: shop.owner.orgId,
      pedidoId: orderId,
      posicao: 1,
      produtoId: shop.shampoo,
      descricao: "Shampoo profissional",
      quantidade: 2,
      precoUnitarioCentavos: 3000,
      totalCentavos: 6000,
    });
    const withOrder = await loaderData(`/sales/nova?pedido=${orderId}`, shop.cookie);
    expect(withOrder.text).toContain("45723174000110");
    expect(withOrder.text).toContain("deliveryFeeCentavos");
    expect(withOrder.text).toContain("Shampoo profissional");
    expect(withOrder.text).not.toContain("já virou");
    const unknown = await loaderData(`/sales/nova?pedido=${crypto.randomUUID()}`, shop.cookie);
    expect(unknown.text).toContain("Pedido não encontrado");
    const foreign = await loaderData(`/sales/nova?pedido=${orderId}`, other.cookie);
    expect(foreign.text).toContain("Pedido não encontrado");
    expect((await loaderData("/sales/nova?pedido=nao-e-id", shop.cookie)).status).toBe(200);
  });

  it("is refused to the professional role", async () => {
    const pro = await addMember(h, shop.owner.orgId, "professional");
    expect((await loaderData("/sales/nova", pro.cookie)).status).toBe(403);
  });
});

describe("the receipt (/sales/:id)", () => {
  it("reads the sale as sold: items, payments, change, installments with due dates, the client", async () => {
    const { status, text } = await loaderData(`/sales/${saleId}`, shop.cookie);
    expect(status).toBe(200);
    for (const expected of ["Shampoo profissional", "Corte", "Carla Mendes", "2026-12-10", "2027-01-10", "a_prazo", "dinheiro", "Ana Lima"])
      expect(text, expected).toContain(expected);
    // The WhatsApp link carries the summary, encoded, to wa.me.
    expect(text).toContain("https://wa.me/?text=");
  });

  it("another organização and a made-up id get 404; the professional role 403", async () => {
    expect((await loaderData(`/sales/${saleId}`, other.cookie)).status).toBe(404);
    expect((await loaderData(`/sales/${crypto.randomUUID()}`, shop.cookie)).status).toBe(404);
    expect((await loaderData("/sales/nao-e-id", shop.cookie)).status).toBe(404);
    const pro = await addMember(h, shop.owner.orgId, "professional");
    expect((await loaderData(`/sales/${saleId}`, pro.cookie)).status).toBe(403);
  });

  it("offers cancelling to owner and admin only, and shows a cancelled sale as such", async () => {
    expect((await loaderData(`/sales/${saleId}`, shop.cookie)).text).toMatch(/"canCancel",true/);
    const staff = await addMember(h, shop.owner.orgId, "staff");
    const seen = await loaderData(`/sales/${saleId}`, staff.cookie);
    expect(seen.status).toBe(200);
    expect(seen.text).toMatch(/"canCancel",false/);
    await cancelSale(h.ctx(), shop.owner, saleId, { reason: "Cliente desistiu" });
    const after = await loaderData(`/sales/${saleId}?cancelada=1`, shop.cookie);
    expect(after.text).toContain("cancelada");
    expect(after.text).toContain("Cliente desistiu");
    expect(after.text).toMatch(/"canCancel",false/);
  });
});
