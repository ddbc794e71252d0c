/**
 * What may never leave a half-done or duplicated sale (ADR 071), against the real local libSQL:
 * a write killed midway at each table of the batch leaves the database byte-for-byte unchanged;
 * two sales racing for the last unit — one succeeds, stock 0, the other refused in pt-BR with
 * nothing of it written; a repeated or doubled submit is one sale; another organização's ids are
 * refused like unknown ones; numbers stay unique and consecutive under concurrency; an order
 * becomes at most one sale.
 */
import { and, eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createDb } from "../../../db/client.ts";
import { cashMovements, orders, receivables, sales, stockMovements } from "../../../db/schema/index.ts";
import type { SaleDraft } from "../../../shared/finance/sale-draft.ts";
import { cancelSale, completeSale } from "../../../worker/services/finance/sales/index.ts";
import { insertAppointment } from "../agenda/desk-fixtures.ts";
import { createHarness, type Harness } from "../harness.ts";
import { createShop, digestAll, failingAt, productDraft, refusal, type Shop, stockOf } from "./sales-fixtures.ts";

let h: Harness;
let a: Shop;
let b: Shop;

beforeAll(async () => {
  h = await createHarness();
  a = await createShop(h, "Loja A", "America/Manaus", 1000);
  b = await createShop(h, "Loja B", "America/Manaus", 1000);
});

async function insertOrder(shop: Shop, status: "novo" | "cancelado" = "novo"): Promise<string> {
  const id = crypto.randomUUID();
  const now = new Date();
  const [last] = await h.fresh.db.select({ n: orders.numero }).from(orders).where(eq(orders.orgId, shop.owner.orgId));
  await h.fresh.db.insert(orders).values({
    id,
    orgId: shop.owner.orgId,
    numero: (last?.n ?? 0) + 100 + Math.floor(Math.random() * 1_000_000),
    ordem: "carla mendes",
    clienteId: shop.client,
    status,
    criadoEm: now,
    atualizadoEm: now,
  });
  return id;
}

/** Product + service with commission, Pix + dinheiro with change + crédito 3x, from an order: every table of the batch. */
function everything(shop: Shop, orderId?: string): SaleDraft {
  return {
    draftId: crypto.randomUUID(),
    clientId: shop.client,
    orderId: orderId ?? null,
    items: [
      { productId: shop.shampoo, quantityMilli: 1000, unitPriceCentavos: 3000 },
      { serviceId: shop.corte.id, professionalId: shop.ana, quantityMilli: 1000, unitPriceCentavos: 8000 },
    ],
    payments: [
      { method: "pix", amountCentavos: 3000 },
      { method: "credito", amountCentavos: 6000, installments: 3 },
      { method: "dinheiro", amountCentavos: 5000 },
    ],
    expectedTotalCentavos: 11_000,
  };
}

describe("a write killed midway", () => {
  const faults = [
    ["sales", "INSERT"],
    ["sale_items", "INSERT"],
    ["sale_payments", "INSERT"],
    ["stock_movements", "INSERT"],
    ["receivables", "INSERT"],
    ["cash_movements", "INSERT"],
    ["commissions", "INSERT"],
    ["orders", "UPDATE"],
  ] as const;

  for (const [table, event] of faults) {
    it(`leaves the database unchanged when the ${event.toLowerCase()} on ${table} fails`, async () => {
      const orderId = await insertOrder(a);
      const before = await digestAll(h);
      await failingAt(h, table, event, () => completeSale(h.ctx(), a.owner, everything(a, orderId)));
      expect(await digestAll(h)).toEqual(before);
      // The same draft goes through once the fault is gone: the fault, not the draft, stopped it.
      const done = await completeSale(h.ctx(), a.owner, everything(a, orderId));
      expect(done.replayed).toBe(false);
      expect(await digestAll(h)).not.toEqual(before);
    });
  }
});

describe("two sales racing for the last unit", () => {
  it("lets exactly one through; the other is refused in pt-BR and writes nothing", async () => {
    const shop = await createShop(h, "Última unidade", "America/Sao_Paulo", 1);
    // Two connections to the same database, as two Workers would hold.
    const other = createDb({ url: h.fresh.url });
    const drafts = [productDraft(shop), productDraft(shop)];
    const results = await Promise.allSettled([
      completeSale(h.ctx(), shop.owner, drafts[0]),
      completeSale({ ...h.ctx(), db: other }, shop.owner, drafts[1]),
    ]);
    other.$client.close();
    expect(results.map((r) => r.status).sort()).toEqual(["fulfilled", "rejected"]);
    const refused = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect(refused.reason).toMatchObject({ status: 409 });
    expect(refused.reason.message).toMatch(/^Estoque insuficiente de Shampoo profissional \(saldo .*\)\. A venda não foi concluída\./);
    expect(await stockOf(h, shop.shampoo)).toBe(0);
    const lost = drafts[results.findIndex((r) => r.status === "rejected")] as SaleDraft;
    const org = shop.owner.orgId;
    expect(
      await h.fresh.db
        .select()
        .from(sales)
        .where(and(eq(sales.orgId, org), eq(sales.rascunhoId, lost.draftId))),
    ).toEqual([]);
    expect(await h.fresh.db.select().from(sales).where(eq(sales.orgId, org))).toHaveLength(1);
    expect(
      await h.fresh.db
        .select()
        .from(stockMovements)
        .where(and(eq(stockMovements.orgId, org), eq(stockMovements.tipo, "venda"))),
    ).toHaveLength(1);
    expect(await h.fresh.db.select().from(cashMovements).where(eq(cashMovements.orgId, org))).toHaveLength(1);
  });

  it("refuses a sale beyond the stock, naming the product, when negative stock is off", async () => {
    const shop = await createShop(h, "Sem estoque", "America/Sao_Paulo", 2);
    const error = await refusal(completeSale(h.ctx(), shop.owner, productDraft(shop, 3000)));
    expect(error.status).toBe(409);
    expect(error.message).toBe(
      "Estoque insuficiente de Shampoo profissional (saldo 2 un, a venda precisa de 3 un). A venda não foi concluída. Confira o saldo, ajuste as quantidades ou permita estoque negativo em Configurações do Negócio.",
    );
    expect(await stockOf(h, shop.shampoo)).toBe(2);
  });
});

describe("the same checkout submitted again", () => {
  it("answers the same sale, replayed, and never makes a second one", async () => {
    const draft = productDraft(a);
    const first = await completeSale(h.ctx(), a.owner, draft);
    const again = await completeSale(h.ctx(), a.owner, draft);
    expect(again).toEqual({ ...first, replayed: true });
    const racing = productDraft(a);
    const both = await Promise.all([completeSale(h.ctx(), a.owner, racing), completeSale(h.ctx(), a.owner, racing)]);
    expect(both[0].saleId).toBe(both[1].saleId);
    expect(both.map((r) => r.replayed).sort()).toEqual([false, true]);
    expect(await h.fresh.db.select().from(sales).where(eq(sales.rascunhoId, racing.draftId))).toHaveLength(1);
  });

  it("does not replay another organização's draft id: each organização has its own", async () => {
    const draft = productDraft(a);
    const mine = await completeSale(h.ctx(), a.owner, draft);
    const theirs = await completeSale(h.ctx(), b.owner, { ...productDraft(b), draftId: draft.draftId });
    expect(theirs.replayed).toBe(false);
    expect(theirs.saleId).not.toBe(mine.saleId);
  });
});

describe("ids of another organização", () => {
  it("are refused like unknown ones, with nothing written and nothing of theirs said", async () => {
    const orderB = await insertOrder(b);
    const appointmentB = await insertAppointment(h, b.owner.orgId, {
      clienteId: b.client,
      profissionalId: b.ana,
      inicio: Date.now(),
      servicos: [b.corte],
    });
    const base = everything(a);
    const [product, service] = base.items as [SaleDraft["items"][0], SaleDraft["items"][0]];
    const cases: [string, string, (id: string) => SaleDraft, string][] = [
      [
        "product",
        b.shampoo,
        (id) => ({ ...base, items: [{ ...product, productId: id }, service] }),
        "Item 1: produto não encontrado. Escolha um produto cadastrado.",
      ],
      [
        "service",
        b.corte.id,
        (id) => ({ ...base, items: [product, { ...service, serviceId: id }] }),
        "Item 2: serviço não encontrado. Escolha um serviço cadastrado.",
      ],
      [
        "professional",
        b.ana,
        (id) => ({ ...base, items: [product, { ...service, professionalId: id }] }),
        "Item 2: profissional não encontrado. Escolha um profissional cadastrado.",
      ],
      ["client", b.client, (id) => ({ ...base, clientId: id }), "Cliente não encontrado. Escolha um cliente cadastrado."],
      ["order", orderB, (id) => ({ ...base, orderId: id }), "Pedido não encontrado."],
      ["appointment", appointmentB, (id) => ({ ...base, appointmentId: id }), "Agendamento não encontrado."],
    ];
    const before = await digestAll(h);
    for (const [what, theirs, draftWith, message] of cases) {
      const error = await refusal(completeSale(h.ctx(), a.owner, draftWith(theirs)));
      expect(error.message, what).toBe(message);
      expect(error.status, what).toBe(422);
      // The very answer an id nobody has gets: nothing tells that it exists elsewhere.
      const unknown = await refusal(completeSale(h.ctx(), a.owner, draftWith(crypto.randomUUID())));
      expect([unknown.message, unknown.status, unknown.field], what).toEqual([error.message, error.status, error.field]);
    }
    expect(await digestAll(h)).toEqual(before);
    // Cancelling another organização's sale: not found.
    const theirs = await completeSale(h.ctx(), b.owner, productDraft(b));
    const error = await refusal(cancelSale(h.ctx(), a.owner, theirs.saleId, { reason: "Não é minha" }));
    expect(error.status).toBe(404);
    const [still] = await h.fresh.db.select({ status: sales.status }).from(sales).where(eq(sales.id, theirs.saleId));
    expect(still?.status).toBe("concluida");
  });
});

describe("numbering", () => {
  it("gives concurrent sales distinct, consecutive numbers per organização", async () => {
    const shop = await createShop(h, "Numeração", "America/Sao_Paulo", 100);
    const other = createDb({ url: h.fresh.url });
    const done = await Promise.all(
      Array.from({ length: 8 }, (_, i) => completeSale(i % 2 ? { ...h.ctx(), db: other } : h.ctx(), shop.owner, productDraft(shop))),
    );
    other.$client.close();
    expect(done.map((d) => d.number).sort((x, y) => x - y)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    const rows = await h.fresh.db.select({ numero: sales.numero }).from(sales).where(eq(sales.orgId, shop.owner.orgId));
    expect(rows.map((r) => r.numero).sort((x, y) => x - y)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });
});

describe("an order", () => {
  it("becomes at most one sale, in the same write; a cancelled order is refused", async () => {
    const orderId = await insertOrder(a);
    const done = await completeSale(h.ctx(), a.owner, everything(a, orderId));
    const [order] = await h.fresh.db.select({ vendaId: orders.vendaId }).from(orders).where(eq(orders.id, orderId));
    expect(order?.vendaId).toBe(done.saleId);
    const again = await refusal(completeSale(h.ctx(), a.owner, everything(a, orderId)));
    expect(again).toMatchObject({ status: 409, message: "Este pedido já virou uma venda: nada foi lançado de novo." });
    const cancelled = await insertOrder(a, "cancelado");
    const refused = await refusal(completeSale(h.ctx(), a.owner, everything(a, cancelled)));
    expect(refused).toMatchObject({ status: 409, message: "Este pedido foi cancelado e não pode virar venda." });
    // Two sales racing for one order: one becomes its sale.
    const raced = await insertOrder(a);
    const results = await Promise.allSettled([
      completeSale(h.ctx(), a.owner, everything(a, raced)),
      completeSale(h.ctx(), a.owner, everything(a, raced)),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(await h.fresh.db.select().from(sales).where(eq(sales.pedidoId, raced))).toHaveLength(1);
  });
});

describe("cancelling a sale whose product was removed since", () => {
  it("is refused in pt-BR with nothing reversed, and goes through once the product is restored", async () => {
    const shop = await createShop(h, "Produto excluído", "America/Sao_Paulo", 5);
    const done = await completeSale(h.ctx(), shop.owner, productDraft(shop));
    const { products } = await import("../../../db/schema/index.ts");
    await h.fresh.db.update(products).set({ excluidoEm: new Date() }).where(eq(products.id, shop.shampoo));
    const before = await digestAll(h);
    const error = await refusal(cancelSale(h.ctx(), shop.owner, done.saleId, { reason: "Devolução" }));
    expect(error).toMatchObject({
      status: 409,
      message: "Um produto desta venda foi excluído. Restaure-o em Produtos e cancele a venda de novo.",
    });
    expect(await digestAll(h)).toEqual(before);
    await h.fresh.db.update(products).set({ excluidoEm: null }).where(eq(products.id, shop.shampoo));
    expect((await cancelSale(h.ctx(), shop.owner, done.saleId, { reason: "Devolução" })).estornos).toBe(1);
  });
});

describe("refusals before writing", () => {
  it("refuses a total that changed, a payment short of the total, and a missing account — in pt-BR", async () => {
    const shop = await createShop(h, "Recusas", "America/Sao_Paulo", 10);
    const changed = await refusal(completeSale(h.ctx(), shop.owner, { ...productDraft(shop), expectedTotalCentavos: 2_990 }));
    expect(changed).toMatchObject({
      status: 422,
      field: "expectedTotalCentavos",
      message: "O total mudou: a venda soma R$ 30,00 e a tela mostrava R$ 29,90. Confira os itens e conclua de novo.",
    });
    const short = await refusal(
      completeSale(h.ctx(), shop.owner, { ...productDraft(shop), payments: [{ method: "pix", amountCentavos: 2_000 }] }),
    );
    expect(short.message).toBe("Faltam R$ 10,00 para cobrir o total de R$ 30,00.");
    const bad = await refusal(completeSale(h.ctx(), shop.owner, { draftId: "x" }));
    expect(bad.status).toBe(422);
    const { financeAccounts } = await import("../../../db/schema/index.ts");
    await h.fresh.db.update(financeAccounts).set({ ativo: false }).where(eq(financeAccounts.id, shop.banco));
    const noBank = await refusal(completeSale(h.ctx(), shop.owner, productDraft(shop)));
    expect(noBank.message).toBe(
      "Não há uma conta ativa do tipo “Banco” para receber este pagamento. Cadastre ou reative uma em Contas financeiras.",
    );
    await h.fresh.db.update(financeAccounts).set({ ativo: true }).where(eq(financeAccounts.id, shop.banco));
    expect(await stockOf(h, shop.shampoo)).toBe(10);
    expect(
      await h.fresh.db
        .select()
        .from(receivables)
        .where(inArray(receivables.orgId, [shop.owner.orgId])),
    ).toEqual([]);
  });
});
