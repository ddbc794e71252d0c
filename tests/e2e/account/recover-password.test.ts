import { describe, expect, inject, it } from "vitest";
import { extractLink, fakeEmailClient } from "../../fakes/email-server.ts";
import { createRegisteredUser, uniqueEmail } from "../support/accounts.ts";
import { browserFixture, waitForPath } from "../support/browser.ts";
import { login, submitLogin } from "../support/pages.ts";

const f = browserFixture();
const mail = fakeEmailClient(inject("emailApiBase"));

async function requestLink(email: string): Promise<string> {
  const { page } = f;
  await page.goto("/forgot-password");
  await page.getByLabel("E-mail", { exact: true }).fill(email);
  await page.getByRole("button", { name: "Enviar link" }).click();
  // The answer itself, not the network going quiet: a click on a hydrated form submits a moment
  // later, and "networkidle" may already hold before its request leaves (a CI run read the form).
  await page.getByText("Se existir uma conta com este e-mail").waitFor();
  const text = (await page.locator("main").textContent()) ?? "";
  return text.replaceAll(email, "<e-mail>");
}

describe("forgot and recover password", () => {
  it("answers the same whether or not the e-mail exists", async () => {
    const user = await createRegisteredUser({ name: "Ricardo Gomes" });
    const known = await requestLink(user.email);
    const unknown = await requestLink(uniqueEmail("ninguem"));
    expect(unknown).toBe(known);
  });

  it("sets a new password from the e-mailed link: the old one stops working, the new one works", async () => {
    const { page } = f;
    const user = await createRegisteredUser({ name: "Luciana Barbosa" });
    const newPassword = "nova-senha-segura-42";
    const since = Date.now();
    await requestLink(user.email);

    const message = await mail.waitForEmail(user.email, { after: since });
    const link = new URL(extractLink(message, "/auth/callback"));
    expect(link.searchParams.get("type")).toBe("recovery");

    await page.goto(link.toString());
    await page.getByRole("heading", { name: "Criar nova senha" }).waitFor();
    await page.getByRole("button", { name: "Continuar" }).click();
    await waitForPath(page, "/recover-password");
    await page.getByLabel("Senha", { exact: true }).fill(newPassword);
    await page.getByLabel("Confirmar senha", { exact: true }).fill(newPassword);
    await page.getByRole("button", { name: "Salvar nova senha" }).click();
    await waitForPath(page, "/");

    // A new visitor (fresh cookies): the old password is refused, the new one signs in.
    const other = await f.newPage();
    // The refused login answers 401, which Chromium reports as a failed resource load.
    f.allowBrowserError(/status of 401/);
    await other.goto("/login");
    await submitLogin(other, user.email, user.password);
    await expect.poll(() => other.getByRole("alert").textContent()).toContain("E-mail ou senha incorretos.");
    expect(new URL(other.url()).pathname).toBe("/login");

    // The link works once.
    await other.goto(link.toString());
    await expect.poll(() => other.getByRole("heading", { level: 1 }).textContent()).toBe("Link inválido");

    await login(other, user.email, newPassword);
    await expect.poll(() => other.title()).toBe("Dashboard | Alicerce");
  });
});
