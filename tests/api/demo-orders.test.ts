import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { commissions, orderItems, orders, orderStatusChanges, professionals, sales, users } from "../../db/schema/index.ts";
import { DEMO_ORDERS } from "../../scripts/seed/demo-orders.ts";
import { seedDemo } from "../../scripts/seed/demo.ts";
import { DEMO_LOGIN } from "../../shared/demo-accounts.ts";
import { ORDER_STATUSES } from "../../shared/finance/enums.ts";
import type { PedidoRow } from "../../shared/resources/pedidos.ts";
import { createSession } from "../../worker/auth/sessions.ts";
import { createHarness, type Harness } from "./harness.ts";
import { api } from "./records.ts";

/**
 * The demo's Pedidos as `npm start` seeds them (ADR 073): every status of the pipeline, numbered
 * 1…n, priced by the module (the table's CHECK holds), with items and a history whose last step
 * is the order's status, read back through the API as the screens read them.
 */

const NOW = new Date("2026-11-25T17:10:00Z");

let h: Harness;
let orgId: string;
let cookie: string;

beforeAll(async () => {
  h = await createHarness();
  orgId = (await seedDemo(h.fresh.db, NOW)).orgId;
  const [user] = await h.fresh.db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_LOGIN.email));
  cookie = `alicerce_session=${(await createSession(h.fresh.db, user?.id as string, {})).token}`;
}, 120_000);

describe("the demo's orders", () => {
  it("has open orders in every status, numbered 1…n, each with its items and history", async () => {
    const rows = await h.fresh.db.select().from(orders).where(eq(orders.orgId, orgId));
    expect(rows).toHaveLength(DEMO_ORDERS.length);
    expect(new Set(rows.map((r) => r.status))).toEqual(new Set(ORDER_STATUSES));
    expect(rows.map((r) => r.numero).sort((a, b) => a - b)).toEqual(DEMO_ORDERS.map((_, i) => i + 1));
    for (const row of rows) {
      const items = await h.fresh.db
        .select()
        .from(orderItems)
        .where(and(eq(orderItems.orgId, orgId), eq(orderItems.pedidoId, row.id)));
      expect(items.length).toBeGreaterThan(0);
      expect(row.totalCentavos).toBe(items.reduce((a, i) => a + i.totalCentavos, 0) + row.taxaEntregaCentavos);
      const history = await h.fresh.db.select().from(orderStatusChanges).where(eq(orderStatusChanges.pedidoId, row.id));
      const last = history.sort((a, b) => a.em.getTime() - b.em.getTime()).at(-1);
      expect(last?.para).toBe(row.status);
      for (const change of history) expect(change.em.getTime()).toBeLessThanOrEqual(NOW.getTime());
    }
  });

  it("turned two delivered orders into sales through the sales transaction, at most one sale each", async () => {
    const rows = await h.fresh.db.select().from(orders).where(eq(orders.orgId, orgId));
    const sold = rows.filter((r) => r.vendaId !== null);
    expect(sold).toHaveLength(DEMO_ORDERS.filter((o) => o.pago).length);
    for (const order of sold) {
      expect(order.status).toBe("entregue");
      const [sale] = await h.fresh.db
        .select()
        .from(sales)
        .where(eq(sales.id, order.vendaId as string));
      expect(sale).toMatchObject({ orgId, pedidoId: order.id, totalCentavos: order.totalCentavos, status: "concluida" });
    }
  });

  it("sold a walk-in's order under her name, and its service line's commission went to its professional", async () => {
    const [sale] = await h.fresh.db
      .select()
      .from(sales)
      .where(and(eq(sales.orgId, orgId), eq(sales.contatoNome, "Renata Bastos")));
    expect(sale).toMatchObject({ clienteId: null, contatoTelefone: "11954321098", status: "concluida" });
    const paid = await h.fresh.db
      .select({ nome: professionals.nome, valor: commissions.valorCentavos })
      .from(commissions)
      .innerJoin(professionals, eq(professionals.id, commissions.profissionalId))
      .where(eq(commissions.vendaId, sale?.id as string));
    expect(paid.map((c) => c.nome)).toEqual(["Sofia Kawamura"]);
    expect(paid[0]?.valor).toBeGreaterThan(0);
    const withProfessional = await h.fresh.db
      .select({ id: orderItems.id })
      .from(orderItems)
      .where(and(eq(orderItems.orgId, orgId), sql`${orderItems.profissionalId} is not null`));
    expect(withProfessional.length).toBe(DEMO_ORDERS.flatMap((o) => o.lines.filter((l) => l.professional)).length);
  });

  it("reads through the API as the screens do: customer, address, items", async () => {
    const list = await api<{ data: PedidoRow[] }>(h, cookie, "GET", "/api/orders?sort=numero&dir=asc");
    const first = list.body.data[0] as PedidoRow;
    expect(first.clienteNome).toBeTruthy();
    expect(first.endereco).toMatchObject({ rua: "Rua dos Pinheiros", numero: "1240", cidade: "São Paulo" });
    expect(first.itens.map((i) => i.descricao)).toEqual(["Kit boas-vindas novo morador", "Capacho personalizado “Bem-vindo” 60 × 40 cm"]);
    const walkIn = list.body.data[1] as PedidoRow;
    expect(walkIn).toMatchObject({ clienteId: null, contatoNome: "Sr. Valdir (síndico)", entrega: "retirada" });
  });
});
