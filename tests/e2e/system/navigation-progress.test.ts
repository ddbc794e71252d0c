/**
 * Navigation progress: while the next page loads (longer than ~150 ms), a thin bar shows at the
 * top, the content is marked busy and a polite status says so; all gone once the page is there.
 */
import { describe, expect, it } from "vitest";
import { createRegisteredUser } from "../support/accounts.ts";
import { browserFixture, waitForPath } from "../support/browser.ts";
import { login } from "../support/pages.ts";

const f = browserFixture();

describe("navigation progress", () => {
  it("shows a bar, aria-busy and a status while a slow page loads, and nothing after", async () => {
    const { page } = f;
    const user = await createRegisteredUser({ name: "Paula Paciente" });
    await login(page, user.email, user.password);
    await page.waitForLoadState("networkidle");
    const bar = page.getByRole("progressbar", { name: "Carregando a página" });
    expect(await bar.count()).toBe(0);

    // The Clientes page's data is held until released (a slow phone network).
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/clients\.data/, async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole("navigation", { name: "Menu principal" }).getByRole("link", { name: "Clientes" }).click();
    await bar.waitFor();
    expect(await page.locator("#conteudo").getAttribute("aria-busy")).toBe("true");
    await expect.poll(() => page.getByRole("status").filter({ hasText: "Carregando…" }).count()).toBe(1);

    release();
    await waitForPath(page, "/clients");
    await page.getByRole("heading", { level: 1, name: "Clientes" }).waitFor();
    await bar.waitFor({ state: "detached" });
    expect(await page.locator("#conteudo").getAttribute("aria-busy")).toBeNull();
    expect(await page.getByRole("status").filter({ hasText: "Carregando…" }).count()).toBe(0);
  });
});
