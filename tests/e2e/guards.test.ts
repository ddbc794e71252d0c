import { describe, expect, it } from "vitest";
import { createRegisteredUser } from "./support/accounts.ts";
import { browserFixture, waitForPath } from "./support/browser.ts";
import { login, submitLogin } from "./support/pages.ts";

const f = browserFixture();

describe("route guards", () => {
  it("sends an anonymous visitor on /perfil to /login and back to /perfil after signing in", async () => {
    const { page } = f;
    const user = await createRegisteredUser({ name: "Paulo Roberto Mendes" });
    const response = await page.request.get("/perfil", { maxRedirects: 0 });
    expect(response.status()).toBe(302);
    expect(new URL(response.headers().location ?? "", f.baseURL).pathname).toBe("/login");

    await page.goto("/perfil");
    await waitForPath(page, "/login");
    await submitLogin(page, user.email, user.password);
    await waitForPath(page, "/perfil");
  });

  it("sends a signed-in user who opens /login to the dashboard", async () => {
    const { page } = f;
    const user = await createRegisteredUser({ name: "Fernanda Ribeiro" });
    await login(page, user.email, user.password);
    await page.goto("/login");
    await waitForPath(page, "/");
    await expect.poll(() => page.title()).toBe("Dashboard | Alicerce");
  });
});
