/**
 * /relatorio end to end in Chromium (issue 23, ADR 083), on the demo as the owner opens it at
 * 390 px: Relatórios → Vendas, the period changed to "90 dias", the faturamento (counted here
 * straight from the database for the same São Paulo days) and its change, the chart drawn (the
 * lazy chunk loads) with its numbers, nothing scrolling sideways; the filters stay in the URL.
 */
import { and, eq, gte, lt, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { memberships, sales, users } from "../../../db/schema/index.ts";
import { seedDemo } from "../../../scripts/seed/demo.ts";
import { DEMO_LOGIN } from "../../../shared/demo-accounts.ts";
import { periodInstants, presetPeriod } from "../../../shared/reports/period.ts";
import { dayIn } from "../../../shared/time-zone.ts";
import { brl, noSidewaysScroll } from "../finance/money-pages.ts";
import { e2eDb } from "../support/accounts.ts";
import { axeSeriousViolations, browserFixture } from "../support/browser.ts";
import { login } from "../support/pages.ts";

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

describe("/relatorio", () => {
  it("the owner opens Relatórios → Vendas, changes the period, sees the numbers and the chart at 390 px", async () => {
    const orgId = await demoOrg();
    const db = e2eDb();
    const today = dayIn(new Date(), SP);
    const period = presetPeriod("90-dias", today);
    const { start, end } = periodInstants(period, SP);
    const [expected] = await db
      .select({ total: sql<number>`coalesce(sum(${sales.totalCentavos}), 0)` })
      .from(sales)
      .where(
        and(
          eq(sales.orgId, orgId),
          eq(sales.status, "concluida"),
          gte(sales.vendidaEm, new Date(start)),
          lt(sales.vendidaEm, new Date(end)),
        ),
      );
    expect(Number(expected?.total), "the demo sold in the last 90 days").toBeGreaterThan(0);

    const { page } = f;
    await page.setViewportSize({ width: 390, height: 844 });
    await login(page, DEMO_LOGIN.email, DEMO_LOGIN.password);
    await page.goto("/relatorios");
    await expect.poll(() => page.getByRole("heading", { name: "Relatórios", level: 1 }).count()).toBe(1);
    await noSidewaysScroll(page);
    expect(await axeSeriousViolations(page)).toEqual([]);
    await page
      .getByRole("link", { name: /^Vendas/ })
      .first()
      .click();
    await page.waitForURL((url) => url.pathname === "/relatorio" && url.searchParams.get("r") === "vendas");
    await expect.poll(() => page.getByRole("heading", { name: "Vendas", level: 1 }).count()).toBe(1);

    await page.getByRole("navigation", { name: "Períodos prontos" }).getByRole("link", { name: "90 dias" }).click();
    await page.waitForURL((url) => url.searchParams.get("de") === period.from && url.searchParams.get("ate") === period.to);
    const kpis = page.getByRole("list", { name: "Indicadores do período" });
    const faturamento = kpis.getByRole("listitem").filter({ hasText: "Faturamento" });
    await expect.poll(async () => squash(await faturamento.textContent())).toContain(`Faturamento${brl(Number(expected?.total))}`);
    expect(squash(await faturamento.textContent())).toMatch(/vs período anterior|período anterior/);
    expect(await page.getByRole("link", { name: "90 dias" }).getAttribute("aria-current")).toBe("true");

    // The chart: drawn once its lazy chunk arrives, named for screen readers, its numbers a click away.
    const byMonth = page.locator("section").filter({ has: page.getByRole("heading", { name: "Vendas por mês" }) });
    await expect.poll(() => byMonth.locator('svg[role="img"]').count()).toBeGreaterThan(0);
    expect(await byMonth.locator('svg[role="img"]').first().getAttribute("aria-label")).toContain("Vendas por mês");
    await byMonth.getByText("Ver os números").first().click();
    await expect.poll(() => byMonth.getByRole("table").first().isVisible()).toBe(true);
    await noSidewaysScroll(page);
    expect(await axeSeriousViolations(page)).toEqual([]);

    // A filter from its select lands in the URL and in words.
    await page.getByRole("combobox", { name: "Forma de pagamento" }).selectOption("pix");
    await page.getByRole("button", { name: "Aplicar" }).click();
    await page.waitForURL((url) => url.searchParams.get("forma") === "pix");
    await expect.poll(async () => squash(await page.locator("main").textContent())).toContain("Forma de pagamento: Pix");
    await noSidewaysScroll(page);
  }, 120_000);
});
