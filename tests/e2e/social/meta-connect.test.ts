/**
 * The owner connects Facebook through the local stand-in's dialog ("Modo demonstração — não é a
 * Meta"), chooses demo_page_1 and its Instagram account, and sees both connected with their
 * permissions — on a phone-sized screen, without sideways scrolling.
 */
import { describe, expect, it } from "vitest";
import { createRegisteredUser } from "../support/accounts.ts";
import { browserFixture, waitForPath } from "../support/browser.ts";
import { login } from "../support/pages.ts";

const f = browserFixture();

/** A card of the page by its title. */
const card = (title: string) => f.page.locator("section", { has: f.page.getByRole("heading", { name: title, exact: true }) });

async function noSidewaysScroll(): Promise<void> {
  const wide = await f.page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(wide, `${f.page.url()} scrolls sideways`).toBeLessThanOrEqual(0);
}

describe("connecting Meta (demo stand-in)", () => {
  it("owner connects through the Facebook dialog, chooses demo_page_1 and its Instagram, and sees both connected", async () => {
    const { page } = f;
    // The stand-in's consent page has no favicon (the browser asks it for one).
    f.allowBrowserError(/dialog\/oauth.*Failed to load resource: the server responded with a status of 404/);
    await page.setViewportSize({ width: 390, height: 844 });
    const owner = await createRegisteredUser({ name: "Rita Dona" });
    await login(page, owner.email, owner.password);
    await page.goto("/social-connect-simple");
    await page.getByRole("heading", { name: "Conectar Redes" }).waitFor();
    await page.getByText("Modo demonstração — não é a Meta.").first().waitFor();
    await noSidewaysScroll();
    await page.waitForLoadState("networkidle");
    await page.getByRole("button", { name: "Conectar com o Facebook" }).click();

    // The stand-in's consent page says it is not Meta; every permission comes ticked.
    await page.getByRole("heading", { name: "Modo demonstração — não é a Meta" }).waitFor();
    expect(await page.getByRole("checkbox", { name: "pages_manage_posts" }).isChecked()).toBe(true);
    await page.getByRole("button", { name: "Continuar" }).click();

    await waitForPath(page, "/facebook-pages");
    await page.getByRole("status").filter({ hasText: "Facebook conectado." }).waitFor();
    const pageCard = card("Demo Imobiliária (demonstração)");
    const wrongPage = card("Demo Página sem Instagram");
    await wrongPage.getByText("o seu acesso a esta Página não inclui criar conteúdo").waitFor();
    expect(await wrongPage.getByRole("checkbox", { name: "Publicar nesta Página do Facebook" }).isDisabled()).toBe(true);
    await noSidewaysScroll();
    await pageCard.getByRole("checkbox", { name: "Publicar nesta Página do Facebook" }).check();
    await pageCard.getByRole("checkbox", { name: /Publicar no Instagram ligado a ela: @demo\.imobiliaria/ }).check();
    await page.getByRole("button", { name: "Salvar escolha" }).click();
    await page
      .getByRole("status")
      .filter({ hasText: "Pronto: o Alicerce publica em Demo Imobiliária (demonstração) (Facebook), @demo.imobiliaria (Instagram)." })
      .waitFor();

    await page.goto("/facebook-connection");
    await page.getByRole("heading", { name: "Conexão Facebook" }).waitFor();
    await page.getByText("Todas as permissões necessárias foram concedidas.").waitFor();
    const permissions = page.getByRole("list", { name: "Permissões pedidas à Meta" });
    expect(await permissions.getByText("Concedida").count()).toBe(10);
    const accounts = card("Contas");
    await accounts.getByText("Demo Imobiliária (demonstração)").waitFor();
    await accounts.getByText("@demo.imobiliaria").waitFor();
    expect(await accounts.getByText("Conectada").count()).toBe(2);
    await noSidewaysScroll();

    await page.goto("/social-connect-simple");
    await page.getByText("Conectado como").first().waitFor();
    const used = card("Contas que o Alicerce usa");
    await used.getByText("@demo.imobiliaria").waitFor();
    await waitForPath(page, "/social-connect-simple");
  });
});
