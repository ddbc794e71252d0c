/**
 * /analytics in Chromium on a phone (390×844, ADR 085): the owner opens it from the menu's URL,
 * the charts draw (the lazily loaded SVG), the best time to post is recommended from the
 * business's own history, the business half shows the average ticket, a preset and a typed
 * period land in the URL and change the numbers; nothing scrolls sideways, no serious axe finding.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { memberships, posts, postTargets, sales, socialAccounts } from "../../../db/schema/index.ts";
import { dayIn, instantIn } from "../../../shared/time-zone.ts";
import { addDays } from "../../../shared/finance/recurrence.ts";
import { createRegisteredUser, e2eDb } from "../support/accounts.ts";
import { axeSeriousViolations, browserFixture, waitForPath } from "../support/browser.ts";
import { pageOverflow } from "../support/layout-checks.ts";
import { login } from "../support/pages.ts";

const f = browserFixture();
const SP = "America/Sao_Paulo";

describe("Analytics", () => {
  it("the owner sees the charts and the best time to post, and changes the period, at 390 px", async () => {
    const page = f.page;
    await page.setViewportSize({ width: 390, height: 844 });
    const owner = await createRegisteredUser({ name: "Lúcia Analítica" });
    const db = e2eDb();
    const [m] = await db.select().from(memberships).where(eq(memberships.userId, owner.id));
    const orgId = m?.orgId as string;
    const now = new Date();
    const today = dayIn(now, SP);
    const account = crypto.randomUUID();
    await db.insert(socialAccounts).values({
      id: account,
      orgId,
      rede: "instagram",
      idExterno: `ig-${account.slice(0, 8)}`,
      nome: "Lúcia Imóveis",
      criadoEm: now,
      atualizadoEm: now,
    });
    // Twelve posts over six weeks: every week one in the evening (19h, 10 % engagement) and one in
    // the morning two days earlier (9h, 3 %).
    for (let i = 0; i < 12; i++) {
      const evening = i % 2 === 0;
      const day = addDays(today, -(7 * Math.floor(i / 2) + (evening ? 1 : 3)));
      const at = instantIn(day, evening ? "19:00" : "09:00", SP);
      const postId = crypto.randomUUID();
      await db.insert(posts).values({ id: postId, orgId, legenda: `Post de teste ${i + 1}`, ordem: `post de teste ${i + 1}` });
      await db.insert(postTargets).values({
        orgId,
        postId,
        contaId: account,
        rede: "instagram",
        status: "publicado",
        publicadoEm: at,
        alcance: 1000,
        curtidas: evening ? 80 : 20,
        comentarios: evening ? 20 : 10,
        compartilhamentos: 0,
        salvamentos: 0,
        metricasEm: now,
        criadoEm: at,
        atualizadoEm: at,
      });
    }
    // Two sales yesterday (R$ 100 and R$ 300: ticket R$ 200) and one 60 days ago (R$ 1.000).
    const sale = (numero: number, total: number, at: Date) =>
      db.insert(sales).values({ orgId, numero, ordem: "", subtotalCentavos: total, totalCentavos: total, vendidaEm: at });
    await sale(1, 10_000, instantIn(addDays(today, -1), "10:00", SP));
    await sale(2, 30_000, instantIn(addDays(today, -1), "15:00", SP));
    await sale(3, 100_000, instantIn(addDays(today, -60), "15:00", SP));

    await login(page, owner.email, owner.password);
    await page.goto(f.url("/analytics"));
    await expect.poll(() => page.title()).toBe("Analytics | Alicerce");
    await page.getByRole("heading", { name: "Analytics", level: 1 }).waitFor();
    // The lazily loaded drawings: reach, engagement, sales, ticket (the donut has no clients to draw).
    await page.getByRole("img", { name: /Alcance por dia/ }).waitFor();
    await page.getByRole("img", { name: /Engajamento por dia/ }).waitFor();
    await page.getByRole("img", { name: /Ticket médio por dia/ }).waitFor();
    expect(await page.getByTestId("melhor-horario").textContent()).toMatch(/^Seus posts vão melhor (às|aos) \S+, 19h\.$/);
    const ticket = page.locator("dt", { hasText: "Ticket médio" }).locator("xpath=following-sibling::dd[1]");
    expect(await ticket.textContent()).toBe("R$ 200,00");
    // The numbers behind a chart, without the drawing.
    await page.getByText("Ver os números").first().click();
    await page.getByRole("table", { name: "Alcance por dia" }).waitFor();
    const overflow = await pageOverflow(page);
    expect(overflow, overflow?.offenders.join(" | ")).toBeUndefined();
    expect(await axeSeriousViolations(page)).toEqual([]);

    // A preset: the last 90 days reach the older sale (R$ 1.400 over 3: R$ 466,67), by week.
    await page.getByRole("link", { name: "Últimos 90 dias" }).click();
    await expect.poll(() => new URL(page.url()).search).toBe("?periodo=90d");
    await page.getByRole("img", { name: /Alcance por semana/ }).waitFor();
    await expect.poll(() => ticket.textContent()).toBe("R$ 466,67");

    // A typed period: yesterday only (its two sales and its evening post).
    const yesterday = addDays(today, -1);
    await page.getByLabel("De", { exact: true }).fill(yesterday);
    await page.getByLabel("Até", { exact: true }).fill(yesterday);
    await page.getByRole("button", { name: "Ver período" }).click();
    await waitForPath(page, "/analytics");
    await expect.poll(() => new URL(page.url()).searchParams.get("de")).toBe(yesterday);
    await expect.poll(() => ticket.textContent()).toBe("R$ 200,00");
    // Yesterday's evening post alone.
    await page.getByRole("link", { name: "Post de teste 1", exact: true }).waitFor();
    expect(await page.getByRole("link", { name: "Post de teste 3", exact: true }).count()).toBe(0);
    expect(await pageOverflow(page)).toBeUndefined();
  });
});
