/**
 * The sales API (ADR 071): POST /api/sales takes the checkout's draft through the transaction
 * (two round trips), GET /api/sales lists with search, filters, sort and totals, and
 * POST /api/sales/:id/cancel is the managers' — staff may sell but not cancel, the professional
 * role has no access — each within the request's round-trip budget.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { SaleDraft } from "../../../shared/finance/sale-draft.ts";
import { completeSale } from "../../../worker/services/finance/sales/index.ts";
import { createHarness, type Harness } from "../harness.ts";
import { addMember, api } from "../records.ts";
import { createShop, productDraft, type Shop } from "./sales-fixtures.ts";

let h: Harness;
let shop: Shop;
let staff: string;
let pro: string;

beforeAll(async () => {
  h = await createHarness();
  shop = await createShop(h, "API Vendas", "America/Sao_Paulo", 100);
  staff = (await addMember(h, shop.owner.orgId, "staff", "Rita Caixa")).cookie;
  pro = (await addMember(h, shop.owner.orgId, "professional", "Ana Lima")).cookie;
});

async function sell(cookie: string, draft: SaleDraft) {
  return api<{ data: { id: string }; error?: { message: string } }>(h, cookie, "POST", "/api/sales", draft);
}

describe("/api/sales", () => {
  it("sells through the transaction, replays a repeated draft, and lists with search, filters, sort and totals", async () => {
    const pix = productDraft(shop, 2000);
    const made = await sell(staff, { ...pix, clientId: shop.client });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const again = await sell(staff, { ...pix, clientId: shop.client });
    expect(again.body.data.id).toBe(made.body.data.id);
    const cash = await sell(shop.cookie, { ...productDraft(shop, 1000), payments: [{ method: "dinheiro", amountCentavos: 5000 }] });
    expect(cash.status).toBe(201);

    const list = await api<{
      data: { id: string; numero: number; clienteNome: string | null; formas: string; totalCentavos: number }[];
      total: number;
      totals: Record<string, number>;
    }>(h, staff, "GET", "/api/sales?sort=total&dir=desc");
    expect(list.status).toBe(200);
    expect(list.body.total).toBe(2);
    expect(list.body.totals.total).toBe(9_000);
    expect(list.body.data.map((r) => [r.totalCentavos, r.formas, r.clienteNome])).toEqual([
      [6_000, "pix", "Carla Mendes"],
      [3_000, "dinheiro", null],
    ]);
    // A search or a filter counts and sums its matches in one statement (ADR 075): both still right.
    type Page = { data: { id: string }[]; total: number; totals: Record<string, number> };
    const byClient = await api<Page>(h, staff, "GET", "/api/sales?q=carla");
    expect(byClient.body.data.map((r) => r.id)).toEqual([made.body.data.id]);
    expect([byClient.body.total, byClient.body.totals]).toEqual([1, { total: 6_000 }]);
    // By number, exactly: "1" is nº 1 (not every key starting with 1), "10" is nº 10.
    for (let i = 0; i < 8; i++) await completeSale(h.ctx(), shop.owner, productDraft(shop));
    const byNumber = await api<{ data: { numero: number }[] }>(h, staff, "GET", "/api/sales?q=10");
    expect(byNumber.body.data.map((r) => r.numero)).toEqual([10]);
    const byDigit = await api<{ data: { numero: number }[]; total: number }>(h, staff, "GET", "/api/sales?q=1");
    expect([byDigit.body.data.map((r) => r.numero), byDigit.body.total]).toEqual([[1], 1]);
    // One letter alone still means "names starting with it".
    const byLetter = await api<{ data: { id: string }[] }>(h, staff, "GET", "/api/sales?q=c");
    expect(byLetter.body.data.map((r) => r.id)).toEqual([made.body.data.id]);
    const byMethod = await api<Page>(h, staff, "GET", "/api/sales?f.forma=dinheiro");
    expect(byMethod.body.data.map((r) => r.id)).toEqual([cash.body.data.id]);
    expect([byMethod.body.total, byMethod.body.totals]).toEqual([1, { total: 3_000 }]);
  });

  it("lets owner and admin cancel, refuses staff and the professional role, and refuses a second cancel", async () => {
    const made = await sell(staff, productDraft(shop));
    const id = made.body.data.id;
    const byStaff = await api(h, staff, "POST", `/api/sales/${id}/cancel`, { reason: "Cliente desistiu" });
    expect(byStaff.status).toBe(403);
    const byPro = await api(h, pro, "POST", `/api/sales/${id}/cancel`, { reason: "Cliente desistiu" });
    expect(byPro.status).toBe(403);
    expect((await api(h, pro, "GET", "/api/sales")).status).toBe(403);
    expect((await sell(pro, productDraft(shop))).status).toBe(403);
    const noReason = await api<{ error: { message: string } }>(h, shop.cookie, "POST", `/api/sales/${id}/cancel`, { reason: "" });
    expect(noReason.status).toBe(422);
    expect(noReason.body.error.message).toBe("Diga o motivo do cancelamento (de 3 a 500 caracteres).");
    const ok = await api<{ data: { numero: number; estornos: number } }>(h, shop.cookie, "POST", `/api/sales/${id}/cancel`, {
      reason: "Cliente desistiu",
    });
    expect(ok.status).toBe(200);
    expect(ok.body.data.estornos).toBe(1);
    const twice = await api<{ error: { message: string } }>(h, shop.cookie, "POST", `/api/sales/${id}/cancel`, { reason: "De novo" });
    expect(twice.status).toBe(409);
    expect(twice.body.error.message).toBe("Esta venda já foi cancelada: nada foi estornado de novo.");
    const edit = await api(h, shop.cookie, "PATCH", `/api/sales/${id}`, productDraft(shop));
    expect(edit.status).toBe(403);
    const del = await api(h, shop.cookie, "DELETE", `/api/sales/${id}`);
    expect(del.status).toBe(403);
  });
});
