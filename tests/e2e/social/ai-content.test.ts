/**
 * /ai-content "Gerador de Conteúdo IA" in Chromium (the e2e app talks to the fake OpenAI; this
 * organização has the AI off — limit 0 in Configurações do Negócio — so the template path, which says so): a free generation shows its status, then its captions, with the notice,
 * and a caption becomes a draft in the post editor; "Um mês de ideias" plans next month with why
 * each idea was suggested, and one click puts the plan in drafts that /content-calendar shows at
 * their days (a second click adds none). At 390 px without sideways scroll, and no serious axe
 * violation.
 */
import { and, eq, isNull } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { businessSettings, memberships, posts } from "../../../db/schema/index.ts";
import { monthStart } from "../../../shared/social/calendar.ts";
import { DEFAULT_TIME_ZONE, dayIn } from "../../../shared/time-zone.ts";
import { createRegisteredUser, e2eDb } from "../support/accounts.ts";
import { axeSeriousViolations, browserFixture, waitForPath } from "../support/browser.ts";
import { pageOverflow } from "../support/layout-checks.ts";
import { login } from "../support/pages.ts";

const f = browserFixture();

describe("/ai-content", () => {
  it("generates from a topic, turns a caption into a draft, and puts a month of ideas on the calendar (390 px)", async () => {
    const { page } = f;
    await page.setViewportSize({ width: 390, height: 844 });
    const owner = await createRegisteredUser({ name: "Rita Ideias" });
    const db = e2eDb();
    const [m] = await db.select().from(memberships).where(eq(memberships.userId, owner.id));
    const orgId = m?.orgId as string;
    // The AI off for this organização: the engine writes with the template generator (ADR 055).
    await db
      .insert(businessSettings)
      .values({ orgId, limiteTokensIaMensal: 0 })
      .onConflictDoUpdate({ target: businessSettings.orgId, set: { limiteTokensIaMensal: 0 } });
    await login(page, owner.email, owner.password);
    await page.goto(`${f.baseURL}/ai-content`);
    await page.getByRole("heading", { name: "Gerador de Conteúdo IA" }).waitFor();
    await page.getByTestId("ai-usage").waitFor();
    expect(await page.getByRole("link", { name: "Contas de Referência" }).first().getAttribute("href")).toBe("/ai-content/referencias");

    // Free generation: the button says it is working, the status line says when it is done.
    await page.getByLabel("Tema", { exact: true }).fill("Dicas para quem vai alugar o primeiro apartamento");
    await page.getByRole("combobox", { name: "Objetivo" }).selectOption("engajar");
    await page.getByRole("button", { name: "Gerar conteúdo" }).click();
    await page.getByTestId("ai-status").filter({ hasText: "Conteúdo pronto." }).waitFor({ timeout: 20_000 });
    const result = page.getByTestId("ai-free-result");
    await result.waitFor();
    expect(await result.locator("ol > li").count()).toBeGreaterThanOrEqual(2);
    await page.getByText("gerador de modelos", { exact: false }).first().waitFor();
    expect(await page.getByRole("button", { name: "Gerar conteúdo" }).isEnabled()).toBe(true);

    // A caption → a draft, opened in the editor.
    await page.getByRole("button", { name: "Criar rascunho com a legenda 1" }).click();
    await page.getByRole("link", { name: "Rascunho criado: abrir" }).click();
    await page.waitForURL(/\/posts\/[0-9a-f-]+\/edit$/);
    const draftId = page.url().split("/posts/")[1]?.split("/")[0] as string;
    const [draft] = await db.select().from(posts).where(eq(posts.id, draftId));
    expect(draft?.orgId).toBe(orgId);
    expect(draft?.aprovacao).toBe("rascunho");
    expect(draft?.legenda.length).toBeGreaterThan(20);

    // A month of ideas for next month, each with its reason.
    await page.goto(`${f.baseURL}/ai-content`);
    const next = monthStart(dayIn(new Date(), DEFAULT_TIME_ZONE), 1).slice(0, 7);
    await page.getByRole("combobox", { name: "Mês" }).selectOption(next);
    await page.getByRole("button", { name: "Gerar plano" }).click();
    const plan = page.getByTestId("ai-month-plan");
    await plan.waitFor({ timeout: 20_000 });
    const ideas = await plan.getByTestId("ai-idea").count();
    expect(ideas).toBeGreaterThan(0);
    await plan.getByText("Por quê:").first().waitFor();
    expect(await pageOverflow(page)).toBeUndefined();
    expect(await axeSeriousViolations(page)).toEqual([]);

    const inMonth = async () =>
      (
        await db
          .select({ id: posts.id })
          .from(posts)
          .where(and(eq(posts.orgId, orgId), isNull(posts.excluidoEm)))
      ).length;
    const before = await inMonth();
    await plan.getByRole("button", { name: /^Criar \d+ rascunhos? no calendário$/ }).click();
    const toast = page.getByText(/rascunhos? criados? no calendário\./);
    await toast.waitFor();
    expect(await inMonth()).toBe(before + ideas);
    // Once drafts, the ideas say so and cannot be sent again.
    await plan.getByRole("link", { name: "No calendário: abrir rascunho" }).first().waitFor();
    await plan.getByText("Todas as ideias já estão no calendário.").waitFor();
    expect(await inMonth()).toBe(before + ideas);

    await page.getByRole("link", { name: "Ver no calendário" }).click();
    await waitForPath(page, "/content-calendar");
    expect(new URL(page.url()).searchParams.get("data")).toBe(next);
    const created = await db
      .select({ id: posts.id })
      .from(posts)
      .where(and(eq(posts.orgId, orgId), isNull(posts.excluidoEm)));
    const shown = await page.locator("[data-post]").evaluateAll((els) => els.map((e) => e.getAttribute("data-post")));
    expect(shown.filter((id) => created.some((c) => c.id === id)).length).toBeGreaterThan(0);
  });
});
