/**
 * The dashboard end to end in Chromium (issue 23, ADR 084), on the demo as the owner opens it:
 * the business cards show the demo's numbers (today's sales, the overdue bills, the cash balance,
 * each counted here straight from the database), the trends have their words for screen readers,
 * nothing scrolls sideways at 390 px, and a click on "Contas vencidas" lands on /contas filtered
 * to exactly those bills.
 */
import { and, eq, gte, isNull, lt, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { cashMovements, expenses, memberships, sales, users } from "../../../db/schema/index.ts";
import { seedDemo } from "../../../scripts/seed/demo.ts";
import { DEMO_LOGIN } from "../../../shared/demo-accounts.ts";
import { dashboardPeriods } from "../../../shared/reports/dashboard-periods.ts";
import { e2eDb } from "../support/accounts.ts";
import { browserFixture } from "../support/browser.ts";
import { login } from "../support/pages.ts";
import { brl, noSidewaysScroll } from "../finance/money-pages.ts";

const f = browserFixture();
const SP = "America/Sao_Paulo";

async function demoOrg(): Promise<string> {
  const db = e2eDb();
  const find = async () =>
    (
      await db
        .select({ orgId: memberships.orgId })
        .from(users)
        .innerJoin(memberships, eq(memberships.userId, users.id))
        .where(eq(users.email, DEMO_LOGIN.email))
    )[0]?.orgId;
  return (await find()) ?? (await seedDemo(db)).orgId;
}

const squash = (text: string | null) => (text ?? "").replace(/\s+/g, " ").trim();

describe("dashboard", () => {
  it("the owner sees the demo's numbers and drills into the overdue bills", async () => {
    const orgId = await demoOrg();
    const db = e2eDb();
    const p = dashboardPeriods(new Date(), SP);
    // The demo's numbers, counted here by hand from the database.
    const overdue = await db
      .select({ descricao: expenses.descricao, valor: expenses.valorCentavos })
      .from(expenses)
      .where(and(eq(expenses.orgId, orgId), isNull(expenses.excluidoEm), eq(expenses.status, "aberta"), lt(expenses.vencimento, p.today)));
    expect(overdue.length, "the demo keeps overdue bills").toBeGreaterThan(0);
    const [today] = await db
      .select({ total: sql<number>`coalesce(sum(${sales.totalCentavos}), 0)` })
      .from(sales)
      .where(
        and(
          eq(sales.orgId, orgId),
          eq(sales.status, "concluida"),
          gte(sales.vendidaEm, new Date(p.dayStart)),
          lt(sales.vendidaEm, new Date(p.dayEnd)),
        ),
      );
    const [cash] = await db
      .select({ total: sql<number>`coalesce(sum(${cashMovements.valorCentavos}), 0)` })
      .from(cashMovements)
      .where(and(eq(cashMovements.orgId, orgId), isNull(cashMovements.excluidoEm), lt(cashMovements.ocorridoEm, new Date(p.dayEnd))));

    const { page } = f;
    await page.setViewportSize({ width: 390, height: 844 });
    await login(page, DEMO_LOGIN.email, DEMO_LOGIN.password);
    await page.goto("/");
    const card = (title: string) => page.locator("section").filter({ has: page.getByRole("heading", { name: title, exact: true }) });

    const salesCard = card("Vendas");
    await expect.poll(() => salesCard.count()).toBe(1);
    expect(squash(await salesCard.textContent())).toContain(`Hoje${brl(Number(today?.total ?? 0))}`);
    // The trend's words for screen readers (the picture itself is hidden from them).
    expect(squash(await salesCard.locator("figcaption").textContent())).toMatch(/^Vendas por dia, de \d\d\/\d\d a \d\d\/\d\d: hoje R\$/);

    expect(squash(await card("Saldo em caixa").textContent())).toContain(brl(Number(cash?.total ?? 0)));
    for (const title of ["Agenda de hoje", "Contas a receber", "Novos interesses", "Estoque baixo"]) {
      expect(await card(title).count(), title).toBe(1);
    }

    const bills = card("Contas a pagar");
    const sum = overdue.reduce((s, b) => s + b.valor, 0);
    const overdueLink = bills.getByRole("link", { name: /^Contas vencidas/ });
    expect(squash(await overdueLink.textContent())).toBe(`Contas vencidas${overdue.length}${brl(sum)}`);
    await noSidewaysScroll(page);

    await overdueLink.click();
    await page.waitForURL((url) => url.pathname === "/contas" && url.searchParams.get("f.vencidas") === "sim");
    for (const b of overdue) {
      await expect
        .poll(() => page.locator("main").getByText(b.descricao, { exact: true }).count(), { message: b.descricao })
        .toBeGreaterThan(0);
    }
    await expect
      .poll(async () => squash(await page.locator("main").textContent()))
      .toContain(overdue.length === 1 ? "1 despesa encontrada" : `${overdue.length} despesas encontradas`);

    // On a desktop the cards sit side by side, nothing overflows.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto("/");
    await expect.poll(() => card("Vendas").count()).toBe(1);
    await noSidewaysScroll(page);
  }, 120_000);
});
