/**
 * Charging at the service desk like at the counter (ADR 078): the finish's sale takes several
 * payments with change, crédito in installments, a discount on the total and products sold at the
 * desk — in the finish's own batch with the consumption. Against the real local libSQL: the
 * ledgers' rows to the centavo, a write killed at any table leaves every table unchanged, and a
 * replay writes nothing.
 */
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { appointments, cashMovements, commissions, receivables, sales, stockMovements } from "../../../db/schema/index.ts";
import { addMonthsClamped } from "../../../shared/money/due-dates.ts";
import { dayIn } from "../../../shared/time-zone.ts";
import { finishAppointment } from "../../../worker/services/agenda/desk-finish.ts";
import { insertAppointment } from "../agenda/desk-fixtures.ts";
import { createHarness, type Harness } from "../harness.ts";
import { createShop, digestAll, failingAt, refusal, type Shop, stockOf } from "./sales-fixtures.ts";

let h: Harness;
let shop: Shop;

beforeAll(async () => {
  h = await createHarness();
  shop = await createShop(h, "Salão Caixa do Atendimento", "America/Sao_Paulo", 100);
});

let booked = 0;
/** An appointment in service, each an hour after the last (the agenda refuses overlapping bookings). */
function book(): Promise<string> {
  booked += 1;
  return insertAppointment(h, shop.owner.orgId, {
    clienteId: shop.client,
    profissionalId: shop.ana,
    inicio: Date.now() + booked * 3_600_000,
    servicos: [shop.corte],
    status: "em_atendimento",
  });
}

/**
 * Corte R$ 80 + Shampoo sold R$ 30 − R$ 10 on the total = R$ 100: crédito 3× R$ 20, Pix R$ 15,
 * dinheiro R$ 50 handed over (troco R$ 25); half a Shampoo consumed by the service.
 */
function charged() {
  return {
    servicoIds: [shop.corte.id],
    produtos: [{ produtoId: shop.shampoo, quantidade: 0.5 }],
    vendidos: [{ produtoId: shop.shampoo, quantidadeMilli: 1000 }],
    descontoTotal: { kind: "valor", centavos: 1000 },
    totalCentavos: 10_000,
    pagamentos: [
      { method: "credito", amountCentavos: 6000, installments: 3 },
      { method: "pix", amountCentavos: 1500 },
      { method: "dinheiro", amountCentavos: 5000 },
    ],
  };
}

describe("finishing with the counter's payment", () => {
  it("writes the sale, its installments, the money paid now net of change, the sold product's exit and the consumption", async () => {
    const id = await book();
    const stock = await stockOf(h, shop.shampoo);
    const done = await finishAppointment(h.ctx(), shop.owner, id, charged());
    expect(done.venda).toMatchObject({ totalCentavos: 10_000, changeCentavos: 2_500, replayed: false });
    const saleId = done.venda?.saleId as string;
    const [sale] = await h.fresh.db.select().from(sales).where(eq(sales.id, saleId));
    expect(sale).toMatchObject({ agendamentoId: id, totalCentavos: 10_000, trocoCentavos: 2_500 });

    const moves = await h.fresh.db.select().from(cashMovements).where(eq(cashMovements.vendaId, saleId));
    expect(moves.map((m) => [m.contaId, m.forma, m.valorCentavos]).sort()).toEqual(
      [
        [shop.banco, "pix", 1_500],
        [shop.caixa, "dinheiro", 2_500],
      ].sort(),
    );
    const today = dayIn(new Date(), "America/Sao_Paulo");
    const due = await h.fresh.db.select().from(receivables).where(eq(receivables.vendaId, saleId));
    expect(due.map((r) => [r.forma, r.parcela, r.parcelas, r.valorCentavos, r.vencimento, r.status]).sort()).toEqual([
      ["credito", 1, 3, 2_000, addMonthsClamped(today, 1), "aberta"],
      ["credito", 2, 3, 2_000, addMonthsClamped(today, 2), "aberta"],
      ["credito", 3, 3, 2_000, addMonthsClamped(today, 3), "aberta"],
    ]);
    // The R$ 10 discount is shared by largest remainder: Corte nets R$ 72,73; Ana's 40% of it.
    const paid = await h.fresh.db.select().from(commissions).where(eq(commissions.vendaId, saleId));
    expect(paid.map((c) => [c.profissionalId, c.valorCentavos])).toEqual([[shop.ana, 2_909]]);

    const exits = await h.fresh.db
      .select()
      .from(stockMovements)
      .where(and(eq(stockMovements.produtoId, shop.shampoo), eq(stockMovements.agendamentoId, id)));
    expect(exits.map((m) => [m.tipo, m.quantidade])).toEqual([["consumo", -0.5]]);
    const sold = await h.fresh.db.select().from(stockMovements).where(eq(stockMovements.vendaId, saleId));
    expect(sold.map((m) => [m.tipo, m.quantidade])).toEqual([["venda", -1]]);
    expect(await stockOf(h, shop.shampoo)).toBe(stock - 1.5);

    // A replay (a second tap, a retried request) writes nothing.
    const before = await digestAll(h);
    const again = await refusal(finishAppointment(h.ctx(), shop.owner, id, charged()));
    expect(again).toMatchObject({ status: 409, message: "Este atendimento já foi finalizado: nada foi lançado de novo." });
    expect(await digestAll(h)).toEqual(before);
  });

  it("refuses a total the panel did not show, a discount without payment and a foreign product, finishing nothing", async () => {
    const id = await book();
    const before = await digestAll(h);
    const stale = await refusal(finishAppointment(h.ctx(), shop.owner, id, { ...charged(), totalCentavos: 9_000 }));
    expect(stale).toMatchObject({ status: 422 });
    expect(stale.message).toMatch(/^O total mudou: a venda soma R\$\s100,00 e a tela mostrava R\$\s90,00\./);
    const unpaid = await refusal(
      finishAppointment(h.ctx(), shop.owner, id, {
        servicoIds: [shop.corte.id],
        produtos: [],
        descontoTotal: { kind: "valor", centavos: 500 },
      }),
    );
    expect(unpaid).toMatchObject({ status: 422, message: "Para vender produtos ou dar desconto, escolha como o cliente pagou." });
    const other = await createShop(h, "Outro salão", "America/Sao_Paulo", 5);
    const foreign = await refusal(
      finishAppointment(h.ctx(), shop.owner, id, { ...charged(), vendidos: [{ produtoId: other.shampoo, quantidadeMilli: 1000 }] }),
    );
    expect(foreign).toMatchObject({ status: 422, message: "Produto não encontrado. Escolha um produto cadastrado." });
    const after = await digestAll(h);
    // The other shop wrote its own rows (products, its stock entry); the finish's tables are unchanged.
    for (const table of [
      "appointments",
      "appointment_services",
      "sales",
      "sale_items",
      "sale_payments",
      "cash_movements",
      "receivables",
      "commissions",
    ])
      expect(after[table], table).toBe(before[table]);
  });

  it("sells more than the stock has only when the business allows it: the refusal names the product and writes nothing", async () => {
    const id = await book();
    const stock = await stockOf(h, shop.shampoo);
    const error = await refusal(
      finishAppointment(h.ctx(), shop.owner, id, {
        ...charged(),
        vendidos: [{ produtoId: shop.shampoo, quantidadeMilli: stock * 1000 }],
        totalCentavos: 8_000 + stock * 3_000 - 1_000,
        pagamentos: [{ method: "pix", amountCentavos: 8_000 + stock * 3_000 - 1_000 }],
      }),
    );
    expect(error.status).toBe(409);
    expect(error.message).toContain("Estoque insuficiente de Shampoo profissional");
    const [row] = await h.fresh.db.select({ status: appointments.status }).from(appointments).where(eq(appointments.id, id));
    expect(row?.status).toBe("em_atendimento");
    expect(await stockOf(h, shop.shampoo)).toBe(stock);
  });
});

describe("a finish killed midway", () => {
  const faults = [
    ["appointments", "UPDATE"],
    ["appointment_services", "INSERT"],
    ["stock_movements", "INSERT"],
    ["sales", "INSERT"],
    ["sale_items", "INSERT"],
    ["sale_payments", "INSERT"],
    ["receivables", "INSERT"],
    ["cash_movements", "INSERT"],
    ["commissions", "INSERT"],
  ] as const;

  for (const [table, event] of faults) {
    it(`leaves every table unchanged when the ${event.toLowerCase()} on ${table} fails`, async () => {
      const id = await book();
      const before = await digestAll(h);
      await failingAt(h, table, event, () => finishAppointment(h.ctx(), shop.owner, id, charged()));
      expect(await digestAll(h)).toEqual(before);
      // The same finish goes through once the fault is gone: the fault, not the input, stopped it.
      const done = await finishAppointment(h.ctx(), shop.owner, id, charged());
      expect(done.venda?.totalCentavos).toBe(10_000);
    });
  }
});
