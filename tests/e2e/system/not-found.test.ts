import { describe, expect, it } from "vitest";
import { createRegisteredUser } from "../support/accounts.ts";
import { browserFixture, waitForPath } from "../support/browser.ts";
import { login } from "../support/pages.ts";

const f = browserFixture();

describe("404", () => {
  it("answers 404 with 'Página não encontrada' and the requested path", async () => {
    const { page } = f;
    // Chromium logs the 404 document itself as a failed resource.
    f.allowBrowserError(/status of 404/);
    const path = "/caminho/que-nao-existe-123";
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
    await page.getByRole("heading", { name: "Página não encontrada" }).waitFor();
    expect((await page.locator("body").textContent()) ?? "").toContain(path);
    // Signed out: the public page, no app menu.
    expect(await page.getByRole("navigation", { name: "Menu principal" }).count()).toBe(0);
  });

  it("shows a signed-in member the 404 inside the app, with the menu (still status 404)", async () => {
    const { page } = f;
    f.allowBrowserError(/status of 404/);
    const user = await createRegisteredUser({ name: "Nina Perdida" });
    await login(page, user.email, user.password);
    const path = "/imoveis-que-nao-existem/42";
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
    await page.getByRole("heading", { level: 1, name: "Página não encontrada" }).waitFor();
    expect(await page.locator("main").textContent()).toContain(path);
    const menu = page.getByRole("navigation", { name: "Menu principal" });
    await menu.getByRole("link", { name: "Dashboard" }).waitFor();
    expect(await page.locator("summary", { hasText: "Menu do usuário" }).count()).toBe(1);

    // The menu works from there (router navigation), and an unknown address reached in the app is the same page.
    await page.waitForLoadState("networkidle");
    await menu.getByRole("link", { name: "Clientes" }).click();
    await waitForPath(page, "/clients");
    await page.getByRole("heading", { level: 1, name: "Clientes" }).waitFor();
    await page.evaluate((to) => {
      window.history.pushState({}, "", to);
      window.dispatchEvent(new PopStateEvent("popstate"));
    }, "/outro-caminho-inexistente");
    await page.getByRole("heading", { level: 1, name: "Página não encontrada" }).waitFor();
    await menu.getByRole("link", { name: "Dashboard" }).waitFor();
  });
});

describe("405", () => {
  it("answers a form sent to a page without an action with a pt-BR page, not React Router's English text", async () => {
    const { page } = f;
    const user = await createRegisteredUser({ name: "Otávio Reis" });
    await login(page, user.email, user.password);
    // A form posted to the dashboard, which receives no forms (same origin, the session's cookie).
    const response = await page.request.post("/", { form: { x: "1" }, headers: { origin: f.baseURL } });
    expect(response.status()).toBe(405);
    const html = await response.text();
    const main = html.slice(html.indexOf("<main"), html.indexOf("</main>"));
    expect(main).toContain("Ação não permitida");
    expect(main).toContain("Esta página não recebe envios de formulário.");
    expect(main).not.toMatch(/You made a|did not provide|Erro interno/);
  });
});
