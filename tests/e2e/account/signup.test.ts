import { describe, expect, inject, it } from "vitest";
import { extractLink, fakeEmailClient } from "../../fakes/email-server.ts";
import { uniqueEmail } from "../support/accounts.ts";
import { browserFixture, waitForPath } from "../support/browser.ts";
import { logout } from "../support/pages.ts";

const f = browserFixture();
const mail = fakeEmailClient(inject("emailApiBase"));

describe("sign-up to dashboard", () => {
  it("signs up, confirms by e-mail, completes the business profile, reaches the dashboard and logs out", async () => {
    const { page } = f;
    const email = uniqueEmail("cadastro");
    const password = "Horizonte#2026";

    await page.goto("/criar-conta");
    await page.getByLabel("Nome", { exact: true }).fill("Mariana Oliveira Santos");
    await page.getByLabel("E-mail", { exact: true }).fill(email);
    await page.getByLabel("Senha", { exact: true }).fill(password);
    await page.getByLabel("Confirmar senha", { exact: true }).fill(password);
    await page.getByLabel(/Li e aceito/).check();
    await page.getByRole("button", { name: "Criar conta" }).click();

    await waitForPath(page, "/email-confirmation");
    expect(new URL(page.url()).searchParams.get("email")).toBe(email);
    await expect.poll(() => page.title()).toBe("Confirme seu Email | Alicerce");

    const message = await mail.waitForEmail(email);
    const link = new URL(extractLink(message, "/auth/callback"));
    expect(link.searchParams.get("type")).toBe("signup");
    expect(link.searchParams.get("token")).toBeTruthy();
    expect(link.origin).toBe(new URL(f.baseURL).origin);

    // Opening the link only shows the page; the button (with the sign-up's password) confirms.
    await page.goto(link.toString());
    await page.getByRole("heading", { name: "Confirme seu e-mail" }).waitFor();
    await page.getByLabel("Digite a senha que você escolheu ao criar a conta", { exact: true }).fill(password);
    await page.getByRole("button", { name: "Confirmar e entrar" }).click();
    await waitForPath(page, "/completar-cadastro");

    await page.getByLabel("Nome do negócio").fill("Oliveira Corretora de Imóveis");
    await page.getByLabel("Segmento").selectOption("corretor");
    await page.getByLabel("CPF ou CNPJ").fill("45.723.174/0001-10");
    await page.getByLabel("CRECI").fill("F-123456");
    await page.getByLabel("WhatsApp").fill("(11) 98765-4321");
    await page.getByLabel("Cidade").fill("São Paulo");
    await page.getByLabel("UF").selectOption("SP");
    await page.getByRole("button", { name: "Concluir cadastro" }).click();

    await waitForPath(page, "/registration-success");
    await page.getByRole("heading", { name: /Conta criada/i }).waitFor();
    await page.getByRole("link", { name: "Ir para o painel" }).click();
    await waitForPath(page, "/");
    await expect.poll(() => page.title()).toBe("Dashboard | Alicerce");

    await logout(page);
    // The session is gone: the dashboard sends the visitor back to /login.
    await page.goto("/");
    await waitForPath(page, "/login");
  });
});
