/**
 * Completing and cancelling a sale (ADR 071) against the real local libSQL: the whole effect of a
 * sale with a product and a service paid by Pix, dinheiro with change and crédito in 3x — stock,
 * receivables (exact sum, due days in the organização's zone), cash movements, commissions and
 * the balances read from the ledger — and its cancellation restoring all of it exactly.
 */
import { and, asc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { cashMovements, commissions, receivables, saleItems, salePayments, sales, stockMovements } from "../../../db/schema/index.ts";
import type { SaleDraft } from "../../../shared/finance/sale-draft.ts";
import { balancesOn, recordMovement } from "../../../worker/services/finance/cash-ledger.ts";
import { cancelSale, completeSale } from "../../../worker/services/finance/sales/index.ts";
import { createHarness, type Harness } from "../harness.ts";
import { at, createShop, refusal, type Shop, stockOf } from "./sales-fixtures.ts";

let h: Harness;
let shop: Shop;
// 23:30 of 30 January in Manaus (UTC−4) is already 31 January in UTC: the sale's day is the 30th.
const SOLD = "2026-01-31T03:30:00Z";

beforeAll(async () => {
  h = await createHarness();
  shop = await createShop(h, "Salão Vendas");
});

function fullDraft(): SaleDraft {
  return {
    draftId: crypto.randomUUID(),
    clientId: shop.client,
    items: [
      { productId: shop.shampoo, quantityMilli: 2000, unitPriceCentavos: 3000 },
      { serviceId: shop.corte.id, professionalId: shop.ana, quantityMilli: 1000, unitPriceCentavos: 8000 },
    ],
    totalDiscount: { kind: "valor", centavos: 1000 },
    payments: [
      { method: "pix", amountCentavos: 3000 },
      { method: "credito", amountCentavos: 6001, installments: 3 },
      { method: "dinheiro", amountCentavos: 5000 },
    ],
    expectedTotalCentavos: 13_000,
  };
}

describe("completing a sale", () => {
  it("writes the sale, stock exit, receivables, movements and commission in one go", async () => {
    const ctx = at(h.ctx(), SOLD);
    const done = await completeSale(ctx, shop.owner, fullDraft());
    // 13.000 due; Pix 30,00 + crédito 60,01 leave 39,99 in cash: 50,00 handed over, 10,01 change.
    expect(done).toMatchObject({ totalCentavos: 13_000, changeCentavos: 1_001, replayed: false });
    expect(done.number).toBeGreaterThan(0);
    const db = h.fresh.db;

    const [sale] = await db.select().from(sales).where(eq(sales.id, done.saleId));
    expect(sale).toMatchObject({
      numero: done.number,
      status: "concluida",
      clienteId: shop.client,
      subtotalCentavos: 14_000,
      descontoCentavos: 1_000,
      descontoTotalCentavos: 1_000,
      totalCentavos: 13_000,
      trocoCentavos: 1_001,
    });

    // The R$ 10,00 off the total is shared 6000:8000 → 428,57 : 571,43; the larger remainder takes the centavo.
    const items = await db.select().from(saleItems).where(eq(saleItems.vendaId, done.saleId)).orderBy(asc(saleItems.posicao));
    expect(items.map((i) => [i.descricao, i.quantidade, i.descontoRateadoCentavos, i.totalCentavos])).toEqual([
      ["Shampoo profissional", 2, 429, 5_571],
      ["Corte", 1, 571, 7_429],
    ]);

    expect(await stockOf(h, shop.shampoo)).toBe(3);
    const exits = await db.select().from(stockMovements).where(eq(stockMovements.vendaId, done.saleId));
    expect(exits).toHaveLength(1);
    expect(exits[0]).toMatchObject({ tipo: "venda", quantidade: -2, motivo: `Venda nº ${done.number} — Carla Mendes` });

    const payments = await db.select().from(salePayments).where(eq(salePayments.vendaId, done.saleId)).orderBy(asc(salePayments.posicao));
    expect(payments.map((p) => [p.forma, p.valorCentavos, p.recebidoCentavos, p.parcelas, p.contaId])).toEqual([
      ["pix", 3_000, null, 1, shop.banco],
      ["credito", 6_001, null, 3, null],
      ["dinheiro", 3_999, 5_000, 1, shop.caixa],
    ]);

    // Crédito 3x: 60,01 = 20,01 + 20,00 + 20,00; k months after the sale's LOCAL day (30 Jan → 28 Feb clamped, then 30 again).
    const open = await db.select().from(receivables).where(eq(receivables.vendaId, done.saleId)).orderBy(asc(receivables.parcela));
    expect(open.map((r) => [r.parcela, r.parcelas, r.valorCentavos, r.vencimento, r.status, r.forma])).toEqual([
      [1, 3, 2_001, "2026-02-28", "aberta", "credito"],
      [2, 3, 2_000, "2026-03-30", "aberta", "credito"],
      [3, 3, 2_000, "2026-04-30", "aberta", "credito"],
    ]);
    expect(open[0]?.descricao).toBe(`Venda nº ${done.number} — Cartão de crédito 1/3 — Carla Mendes`);

    const moves = await db
      .select()
      .from(cashMovements)
      .where(eq(cashMovements.vendaId, done.saleId))
      .orderBy(asc(cashMovements.valorCentavos));
    expect(moves.map((m) => [m.contaId, m.tipo, m.valorCentavos, m.forma, m.descricao])).toEqual([
      [shop.banco, "entrada", 3_000, "pix", `Venda nº ${done.number} — Pix — Carla Mendes`],
      [shop.caixa, "entrada", 3_999, "dinheiro", `Venda nº ${done.number} — Dinheiro — Carla Mendes`],
    ]);
    // Everything the sale brought in, now or later, is its total exactly (the change went back).
    const inNow = moves.reduce((a, m) => a + m.valorCentavos, 0);
    const later = open.reduce((a, r) => a + r.valorCentavos, 0);
    expect(inNow + later).toBe(13_000);

    // 40% of what the Corte line sold for after the discount (74,29) → 29,716 → 29,72.
    const due = await db.select().from(commissions).where(eq(commissions.vendaId, done.saleId));
    expect(due.map((c) => [c.profissionalId, c.valorCentavos, c.status])).toEqual([[shop.ana, 2_972, "pendente"]]);

    const balances = await balancesOn(ctx, shop.owner, "2026-01-30");
    expect(balances.get(shop.caixa)).toBe(3_999);
    expect(balances.get(shop.banco)).toBe(3_000);
    expect(balances.get(shop.cartao)).toBe(0);
  });

  it("cancels it: stock, receivables, balances and commission restored with the ledgers' own entries", async () => {
    const done = await completeSale(at(h.ctx(), SOLD), shop.owner, fullDraft());
    const stockBefore = await stockOf(h, shop.shampoo);
    const later = at(h.ctx(), "2026-02-02T15:00:00Z");
    const cancelled = await cancelSale(later, shop.owner, done.saleId, { reason: "Cliente desistiu" });
    expect(cancelled).toMatchObject({ numero: done.number, estornos: 2, comissoesPagas: [] });
    const db = h.fresh.db;

    expect(await stockOf(h, shop.shampoo)).toBe(stockBefore + 2);
    const stock = await db
      .select()
      .from(stockMovements)
      .where(eq(stockMovements.vendaId, done.saleId))
      .orderBy(asc(stockMovements.quantidade));
    expect(stock.map((m) => [m.tipo, m.quantidade, m.excluidoEm])).toEqual([
      ["venda", -2, null],
      ["cancelamento", 2, null],
    ]);

    const [sale] = await db.select().from(sales).where(eq(sales.id, done.saleId));
    expect(sale).toMatchObject({ status: "cancelada", canceladaPor: shop.owner.userId, motivoCancelamento: "Cliente desistiu" });
    expect(sale?.canceladaEm?.toISOString()).toBe("2026-02-02T15:00:00.000Z");

    const open = await db.select({ status: receivables.status }).from(receivables).where(eq(receivables.vendaId, done.saleId));
    expect(open.map((r) => r.status)).toEqual(["cancelada", "cancelada", "cancelada"]);
    const [commission] = await db.select({ status: commissions.status }).from(commissions).where(eq(commissions.vendaId, done.saleId));
    expect(commission?.status).toBe("cancelada");

    // Nothing deleted: the two entradas stay on the 30th, their estornos land on the day of the cancel.
    const moves = await db.select().from(cashMovements).where(eq(cashMovements.vendaId, done.saleId));
    expect(moves.filter((m) => m.tipo === "entrada")).toHaveLength(2);
    const reversals = moves.filter((m) => m.tipo === "estorno");
    expect(reversals.map((m) => m.valorCentavos).sort((x, y) => x - y)).toEqual([-3_999, -3_000]);
    const sums = new Map<string, number>();
    for (const m of moves) sums.set(m.contaId, (sums.get(m.contaId) ?? 0) + m.valorCentavos);
    expect([...sums.values()]).toEqual([0, 0]);
    const balances = await balancesOn(later, shop.owner, "2026-02-02");
    const dayBefore = await balancesOn(later, shop.owner, "2026-02-01");
    expect((dayBefore.get(shop.caixa) ?? 0) - (balances.get(shop.caixa) ?? 0)).toBe(3_999);
    expect((dayBefore.get(shop.banco) ?? 0) - (balances.get(shop.banco) ?? 0)).toBe(3_000);
  });

  it("reverses the movement of an installment already received, and keeps a paid commission paid (named in the answer)", async () => {
    const done = await completeSale(at(h.ctx(), SOLD), shop.owner, fullDraft());
    const db = h.fresh.db;
    const [first] = await db.select().from(receivables).where(eq(receivables.vendaId, done.saleId)).orderBy(asc(receivables.parcela));
    // The acquirer paid the first installment into the Banco (as the finance screens record it).
    const { id: received } = await recordMovement(at(h.ctx(), "2026-02-28T15:00:00Z"), shop.owner, {
      contaId: shop.banco,
      tipo: "entrada",
      valorCentavos: first?.valorCentavos as number,
      descricao: "Recebimento parcela 1/3",
      recebivelId: first?.id as string,
    });
    await db
      .update(receivables)
      .set({ status: "recebida", recebidaEm: new Date("2026-02-28T15:00:00Z"), contaId: shop.banco })
      .where(eq(receivables.id, first?.id as string));
    await db
      .update(commissions)
      .set({ status: "paga", pagaEm: new Date("2026-02-05T12:00:00Z") })
      .where(eq(commissions.vendaId, done.saleId));

    const cancelled = await cancelSale(at(h.ctx(), "2026-03-02T15:00:00Z"), shop.owner, done.saleId, { reason: "Devolução" });
    expect(cancelled.estornos).toBe(3);
    expect(cancelled.comissoesPagas).toEqual([{ profissional: "Ana Lima", valorCentavos: 2_972 }]);
    const [reversal] = await db.select().from(cashMovements).where(eq(cashMovements.estornoDe, received));
    expect(reversal).toMatchObject({
      contaId: shop.banco,
      tipo: "estorno",
      valorCentavos: -(first?.valorCentavos as number),
      recebivelId: first?.id,
    });
    const statuses = await db.select({ status: receivables.status }).from(receivables).where(eq(receivables.vendaId, done.saleId));
    expect(statuses.map((r) => r.status)).toEqual(["cancelada", "cancelada", "cancelada"]);
    const [commission] = await db.select({ status: commissions.status }).from(commissions).where(eq(commissions.vendaId, done.saleId));
    expect(commission?.status).toBe("paga");
  });

  it("cancels once: a second cancel, or two racing ones, take effect once and the other is refused in pt-BR", async () => {
    const one = await completeSale(h.ctx(), shop.owner, fullDraft());
    const results = await Promise.allSettled([
      cancelSale(h.ctx(), shop.owner, one.saleId, { reason: "Duplicada" }),
      cancelSale(h.ctx(), shop.owner, one.saleId, { reason: "Duplicada" }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const refused = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect(refused.reason).toMatchObject({ status: 409, message: "Esta venda já foi cancelada: nada foi estornado de novo." });
    const again = await refusal(cancelSale(h.ctx(), shop.owner, one.saleId, { reason: "De novo" }));
    expect(again.status).toBe(409);
    const stock = await h.fresh.db
      .select()
      .from(stockMovements)
      .where(and(eq(stockMovements.vendaId, one.saleId), eq(stockMovements.tipo, "cancelamento")));
    expect(stock).toHaveLength(1);
    const reversals = await h.fresh.db
      .select()
      .from(cashMovements)
      .where(and(eq(cashMovements.vendaId, one.saleId), eq(cashMovements.tipo, "estorno")));
    expect(reversals).toHaveLength(2);
  });
});
