/**
 * The service desk's finish makes the appointment's sale (issue 22, ADR 071): with the payment
 * chosen at finish, the services performed become sale lines with the appointment's professional,
 * so commissions per professional come from the agenda — in the finish's own batch (a refused
 * finish sells nothing, a second finish cannot sell twice). Without a payment the finish is as before.
 */
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { cashMovements, commissions, saleItems, sales } from "../../../db/schema/index.ts";
import { finishAppointment } from "../../../worker/services/agenda/desk-finish.ts";
import type { Actor } from "../../../worker/services/context.ts";
import { insertAppointment, insertProfessional, insertService, type ServiceFixture } from "../agenda/desk-fixtures.ts";
import { createHarness, type Harness } from "../harness.ts";
import { addMember } from "../records.ts";
import { createShop, refusal, type Shop } from "./sales-fixtures.ts";

let h: Harness;
let shop: Shop;
let escova: ServiceFixture;
let pro: Actor;
let bia: string;

beforeAll(async () => {
  h = await createHarness();
  shop = await createShop(h, "Salão Atendimento", "America/Sao_Paulo", 10);
  escova = await insertService(h, shop.owner.orgId, { nome: "Escova", precoCentavos: 4000 });
  const member = await addMember(h, shop.owner.orgId, "professional", "Bia Rocha");
  bia = await insertProfessional(h, shop.owner.orgId, { nome: "Bia Rocha", usuarioId: member.userId });
  pro = { orgId: shop.owner.orgId, userId: member.userId, role: "professional", timeZone: "America/Sao_Paulo" };
});

function book(profissionalId: string, servicos: ServiceFixture[]) {
  return insertAppointment(h, shop.owner.orgId, {
    clienteId: shop.client,
    profissionalId,
    inicio: Date.now(),
    servicos,
    status: "confirmado",
  });
}

describe("finishing with the payment", () => {
  it("makes the appointment's sale with its professional's commissions, once", async () => {
    const id = await book(shop.ana, [shop.corte, escova]);
    const done = await finishAppointment(h.ctx(), shop.owner, id, {
      servicoIds: [shop.corte.id, escova.id],
      produtos: [],
      pagamentos: [
        { method: "pix", amountCentavos: 5000 },
        { method: "dinheiro", amountCentavos: 10000 },
      ],
    });
    expect(done.venda).toMatchObject({ totalCentavos: 12_000, changeCentavos: 3_000, replayed: false });
    const [sale] = await h.fresh.db.select().from(sales).where(eq(sales.agendamentoId, id));
    expect(sale).toMatchObject({ id: done.venda?.saleId, numero: done.venda?.number, clienteId: shop.client, totalCentavos: 12_000 });
    const items = await h.fresh.db
      .select()
      .from(saleItems)
      .where(eq(saleItems.vendaId, sale?.id as string));
    expect(items.map((i) => [i.descricao, i.profissionalId, i.totalCentavos]).sort()).toEqual([
      ["Corte", shop.ana, 8_000],
      ["Escova", shop.ana, 4_000],
    ]);
    // Corte pays 40% (its own rule); Escova has none and the business default is 0%: no row.
    const due = await h.fresh.db
      .select()
      .from(commissions)
      .where(eq(commissions.vendaId, sale?.id as string));
    expect(due.map((c) => [c.profissionalId, c.valorCentavos])).toEqual([[shop.ana, 3_200]]);
    const moves = await h.fresh.db
      .select()
      .from(cashMovements)
      .where(eq(cashMovements.vendaId, sale?.id as string));
    expect(moves.map((m) => [m.contaId, m.valorCentavos]).sort()).toEqual(
      [
        [shop.banco, 5_000],
        [shop.caixa, 7_000],
      ].sort(),
    );
    const again = await refusal(
      finishAppointment(h.ctx(), shop.owner, id, {
        servicoIds: [shop.corte.id],
        produtos: [],
        pagamentos: [{ method: "pix", amountCentavos: 8000 }],
      }),
    );
    expect(again.status).toBe(409);
    expect(await h.fresh.db.select().from(sales).where(eq(sales.agendamentoId, id))).toHaveLength(1);
  });

  it("lets a professional finish their own appointment with its sale (they cannot sell at the counter)", async () => {
    const id = await book(bia, [escova]);
    const done = await finishAppointment(h.ctx(), pro, id, {
      servicoIds: [escova.id],
      produtos: [],
      pagamentos: [{ method: "debito", amountCentavos: 4000 }],
    });
    expect(done.venda?.totalCentavos).toBe(4_000);
    const [move] = await h.fresh.db
      .select()
      .from(cashMovements)
      .where(eq(cashMovements.vendaId, done.venda?.saleId as string));
    expect(move).toMatchObject({ contaId: shop.cartao, valorCentavos: 4_000, forma: "debito" });
  });

  it("refuses a payment that does not cover the services, finishing nothing", async () => {
    const caio = await insertProfessional(h, shop.owner.orgId, { nome: "Caio Reis" });
    const id = await book(caio, [shop.corte]);
    const error = await refusal(
      finishAppointment(h.ctx(), shop.owner, id, {
        servicoIds: [shop.corte.id],
        produtos: [],
        pagamentos: [{ method: "pix", amountCentavos: 7000 }],
      }),
    );
    expect(error.message).toBe("Faltam R$ 10,00 para cobrir o total de R$ 80,00.");
    const done = await finishAppointment(h.ctx(), shop.owner, id, { servicoIds: [shop.corte.id], produtos: [] });
    expect(done.venda).toBeNull();
    expect(await h.fresh.db.select().from(sales).where(eq(sales.agendamentoId, id))).toEqual([]);
  });
});
