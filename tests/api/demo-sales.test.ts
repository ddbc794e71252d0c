/**
 * The demo's sales (issue 22, ADR 071): three months made through the sale transaction, with
 * products and services, every payment method and some cancelled — and money that adds up: per
 * live sale, what came in now plus what is to be received is its total exactly; per cancelled
 * one, every movement has its estorno and no receivable is left open.
 */
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { seedDemo, seedMissingDemoSalesOf } from "../../scripts/seed/demo.ts";
import { salePayments, sales } from "../../db/schema/index.ts";
import { PAYMENT_METHODS } from "../../shared/money/payment-method.ts";
import { createHarness, type Harness } from "./harness.ts";

// The clock now: the demo schedules posts from it, and refuses a schedule in the past.
const NOW = new Date();
let h: Harness;
let orgId: string;

beforeAll(async () => {
  h = await createHarness();
  orgId = (await seedDemo(h.fresh.db, NOW)).orgId;
}, 240_000);

describe("demo sales", () => {
  it("spans three months with every payment method, products and services, some cancelled", async () => {
    const rows = await h.fresh.db.select({ status: sales.status, vendidaEm: sales.vendidaEm }).from(sales).where(eq(sales.orgId, orgId));
    expect(rows.length).toBeGreaterThan(120);
    expect(rows.filter((r) => r.status === "cancelada").length).toBeGreaterThan(2);
    const first = Math.min(...rows.map((r) => r.vendidaEm.getTime()));
    expect(NOW.getTime() - first).toBeGreaterThan(85 * 86_400_000);
    const methods = new Set(
      (await h.fresh.db.select({ forma: salePayments.forma }).from(salePayments).where(eq(salePayments.orgId, orgId))).map((p) => p.forma),
    );
    expect([...methods].sort()).toEqual([...PAYMENT_METHODS].sort());
    const [kinds] = (
      await h.fresh.db.$client.execute({
        // The counter's sales (an order's sale may carry a service without a professional).
        sql: "select sum(i.product_id is not null) as p, sum(i.service_id is not null) as s, sum(i.professional_id is not null) as pro from sale_items i join sales s on s.id = i.sale_id and s.org_id = i.org_id where i.org_id = ? and s.order_id is null",
        args: [orgId],
      })
    ).rows;
    expect(Number(kinds?.p)).toBeGreaterThan(20);
    expect(Number(kinds?.s)).toBeGreaterThan(20);
    expect(Number(kinds?.pro)).toBe(Number(kinds?.s));
  });

  it("adds up per sale: live ones to the centavo, cancelled ones reversed whole", async () => {
    const broken = await h.fresh.db.all<{ id: string }>(sql`
      select s.id from sales s
      where s.org_id = ${orgId} and s.total_cents <> (
        coalesce((select sum(m.amount_cents) from cash_movements m where m.org_id = s.org_id and m.sale_id = s.id and m.kind = 'entrada'), 0)
        + coalesce((select sum(r.amount_cents) from receivables r where r.org_id = s.org_id and r.sale_id = s.id), 0))
      union all
      select s.id from sales s
      where s.org_id = ${orgId} and s.status = 'cancelada' and (
        coalesce((select sum(m.amount_cents) from cash_movements m where m.org_id = s.org_id and m.sale_id = s.id), 0) <> 0
        or exists (select 1 from receivables r where r.org_id = s.org_id and r.sale_id = s.id and r.status <> 'cancelada'))`);
    expect(broken).toEqual([]);
  });

  it("charges the last two weeks' finished appointments at the desk: split with change, installments, a discount with a product sold", async () => {
    const [desk] = (
      await h.fresh.db.$client.execute({
        sql: `select count(*) as n, sum(s.change_cents > 0) as troco, sum(s.discount_cents > 0) as desconto,
                sum((select count(*) from sale_payments p where p.org_id = s.org_id and p.sale_id = s.id) > 1) as divididas,
                sum(exists (select 1 from sale_items i where i.org_id = s.org_id and i.sale_id = s.id and i.product_id is not null)) as produtos,
                sum(exists (select 1 from receivables r where r.org_id = s.org_id and r.sale_id = s.id and r.installments = 3)) as parceladas
              from sales s where s.org_id = ? and s.appointment_id is not null`,
        args: [orgId],
      })
    ).rows;
    expect(Number(desk?.n)).toBeGreaterThan(8);
    for (const kind of ["troco", "desconto", "divididas", "produtos", "parceladas"]) expect(Number(desk?.[kind]), kind).toBeGreaterThan(0);
  });

  it("is not sold twice into a demo that already has its sales", async () => {
    expect(await seedMissingDemoSalesOf(h.fresh.db, NOW)).toBe(false);
  });
});
