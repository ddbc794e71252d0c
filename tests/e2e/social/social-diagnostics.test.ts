/**
 * The social diagnostics in the browser, on a phone (390×844): the owner connects the stand-in's
 * Page and Instagram account, sees every check ok on /test-facebook and the whole picture on
 * /test-social-integration, runs the Instagram dry run on /test-posting (a container, and no
 * media_publish in the stand-in's log) and publishes one test post on the Page (after the
 * confirmation), with its link. Nothing scrolls sideways.
 */
import { describe, expect, inject, it } from "vitest";
import { TEST_POST_TEXT } from "../../../shared/social/diagnosis-views.ts";
import { createRegisteredUser } from "../support/accounts.ts";
import { axeSeriousViolations, browserFixture, waitForPath } from "../support/browser.ts";
import { login } from "../support/pages.ts";

const f = browserFixture();

interface Logged {
  method: string;
  path: string;
  params: Record<string, string>;
}

async function standinLog(): Promise<Logged[]> {
  const response = await fetch(new URL("/_control/log", inject("metaStandinUrl")));
  return (await response.json()) as Logged[];
}

async function noSidewaysScroll(): Promise<void> {
  const wide = await f.page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(wide, `${f.page.url()} scrolls sideways`).toBeLessThanOrEqual(0);
}

describe("social diagnostics (demo stand-in)", () => {
  it("checks the Page, shows the integration, runs a dry run that publishes nothing and one test post", async () => {
    const { page } = f;
    f.allowBrowserError(/dialog\/oauth.*Failed to load resource: the server responded with a status of 404/);
    await page.setViewportSize({ width: 390, height: 844 });
    const owner = await createRegisteredUser({ name: "Teresa Teste" });
    await login(page, owner.email, owner.password);

    // Connect the stand-in's Page and its Instagram account (as tests/e2e/social/meta-connect.test.ts).
    await page.goto("/social-connect-simple");
    await page.waitForLoadState("networkidle");
    await page.getByRole("button", { name: "Conectar com o Facebook" }).click();
    await page.getByRole("button", { name: "Continuar" }).click();
    await waitForPath(page, "/facebook-pages");
    const pageCard = page.locator("section", { has: page.getByRole("heading", { name: "Demo Imobiliária (demonstração)", exact: true }) });
    await pageCard.getByRole("checkbox", { name: "Publicar nesta Página do Facebook" }).check();
    await pageCard.getByRole("checkbox", { name: /Publicar no Instagram ligado a ela/ }).check();
    await page.getByRole("button", { name: "Salvar escolha" }).click();
    await page.getByRole("status").filter({ hasText: "Pronto: o Alicerce publica em" }).waitFor();

    await page.goto("/test-facebook");
    await page.getByRole("heading", { level: 1, name: "Diagnóstico do Facebook" }).waitFor();
    await page.getByRole("status").filter({ hasText: "Nenhum problema encontrado." }).waitFor();
    const checks = page.getByRole("list", { name: "Verificações de Demo Imobiliária (demonstração)" });
    await checks.getByText("Você pode criar conteúdo nesta Página.").waitFor();
    await checks.getByText("A Página e a conta do Instagram estão vinculadas na Meta.").waitFor();
    await noSidewaysScroll();
    expect(await axeSeriousViolations(page), "/test-facebook").toEqual([]);

    await page.goto("/test-social-integration");
    await page.getByRole("heading", { level: 1, name: "Diagnóstico da Integração" }).waitFor();
    await page.getByText("Modo demonstração — não é a Meta.").first().waitFor();
    await page.getByText("Simulador local (modo demonstração)").waitFor();
    await page.getByText(/publicações livres nas últimas 24 horas/).waitFor();
    await noSidewaysScroll();
    expect(await axeSeriousViolations(page), "/test-social-integration").toEqual([]);

    await page.goto("/test-posting");
    await page.getByRole("heading", { level: 1, name: "Teste de Publicação" }).waitFor();
    await page.waitForLoadState("networkidle");
    const dryRun = page.locator("section", { has: page.getByRole("heading", { name: "Teste sem publicar", exact: true }) });
    const instagram = await dryRun.locator("option", { hasText: "@demo.imobiliaria" }).getAttribute("value");
    await dryRun.getByLabel("Conta").selectOption(instagram ?? "");
    await dryRun.getByRole("button", { name: "Teste sem publicar" }).click();
    const dryResult = dryRun.getByRole("status").filter({ hasText: "Nada foi publicado" });
    await dryResult.waitFor({ timeout: 20_000 });
    const containerId = /Id na Meta: (\S+)/.exec((await dryResult.textContent()) ?? "")?.[1];
    expect(containerId).toBeTruthy();
    const log = await standinLog();
    expect(log.some((r) => r.method === "POST" && r.path.endsWith("/media") && r.params.caption?.includes("não publicado"))).toBe(true);
    expect(log.filter((r) => r.path.endsWith("/media_publish") && r.params.creation_id === containerId)).toEqual([]);
    await noSidewaysScroll();

    const testPost = page.locator("section", { has: page.getByRole("heading", { name: "Publicar post de teste", exact: true }) });
    const posted = async () =>
      (await standinLog()).filter((r) => r.method === "POST" && r.path.endsWith("/feed") && r.params.message === TEST_POST_TEXT);
    const before = (await posted()).length;
    await testPost.getByRole("checkbox", { name: /Entendo que o post será publicado de verdade/ }).check();
    await testPost.getByRole("button", { name: "Publicar post de teste" }).click();
    await testPost.getByRole("status").filter({ hasText: "Post de teste publicado na Página." }).waitFor();
    expect(await testPost.getByRole("link", { name: "Abrir o post de teste" }).getAttribute("href")).toMatch(/\/_demo\/posts\//);
    expect((await posted()).length).toBe(before + 1);
    await noSidewaysScroll();
    expect(await axeSeriousViolations(page), "/test-posting").toEqual([]);
  });
});
