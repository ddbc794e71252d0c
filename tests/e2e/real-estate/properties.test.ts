/**
 * Imóveis end to end in Chromium: a corretor registers a property on the full form with the
 * CEP filling the address, finds it with filters kept in the URL, sees it as a card (cover or
 * placeholder, price, código, place, facts, status) and moves its status with a reason into
 * the history.
 */
import { and, eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { properties, propertyStatusHistory } from "../../../db/schema/index.ts";
import { createRegisteredUser, e2eDb } from "../support/accounts.ts";
import { browserFixture, waitForPath } from "../support/browser.ts";
import { login } from "../support/pages.ts";

const f = browserFixture();
const FILLED = "Endereço preenchido pelo CEP. Confira e complete o número.";
const DETAIL = /\/properties\/([0-9a-f-]{36})$/;

async function typeCep(page: Page, digits: string): Promise<void> {
  const answered = page.waitForResponse((r) => r.url().endsWith("/functions/v1/consultar-cep"), { timeout: 10_000 });
  await page.getByLabel("CEP", { exact: true }).pressSequentially(digits);
  await answered;
  await page.getByText(FILLED).waitFor();
}

describe("Imóveis", () => {
  it("creates from the full form with CEP autofill, filters in the URL, cards, status change with history", async () => {
    const page = f.page;
    const owner = await createRegisteredUser({ name: "Marta Imóveis" });
    await login(page, owner.email, owner.password);

    await page.goto("/properties/create");
    await page.getByLabel("Título do anúncio").fill("Apartamento reformado perto do metrô Faria Lima");
    await page.getByLabel("Finalidade").selectOption("venda");
    await page.getByLabel("Tipo", { exact: true }).selectOption("apartamento");
    await page.getByLabel("Valor de venda").fill("980.000,00");
    await page.getByLabel("Área útil/privativa (m²)").fill("74");
    await page.getByLabel("Quartos").fill("3");
    await page.getByLabel("Vagas").fill("1");
    await typeCep(page, "05422030");
    expect(await page.getByLabel("Bairro", { exact: true }).inputValue()).toBe("Pinheiros");
    expect(await page.getByLabel("Cidade", { exact: true }).inputValue()).toBe("São Paulo");
    await page.getByLabel("Número", { exact: true }).fill("120");
    await page.getByRole("button", { name: "Salvar imóvel" }).click();
    await page.waitForURL(DETAIL);
    const id = DETAIL.exec(new URL(page.url()).pathname)?.[1] as string;
    const [row] = await e2eDb().select().from(properties).where(eq(properties.id, id));
    expect(row).toMatchObject({ bairro: "Pinheiros", cidade: "São Paulo", uf: "SP", rua: "Rua dos Pinheiros", status: "disponivel" });
    expect(row?.codigo).toMatch(/^AP\d{4}$/);

    // A second one that the filters must leave out.
    await page.goto("/properties/create");
    await page.getByLabel("Título do anúncio").fill("Casa para alugar na Mooca");
    await page.getByLabel("Finalidade").selectOption("locacao");
    await page.getByLabel("Tipo", { exact: true }).selectOption("casa");
    await page.getByLabel("Valor do aluguel (mês)").fill("4.200,00");
    await page.getByLabel("Área útil/privativa (m²)").fill("120");
    await page.getByLabel("Quartos").fill("2");
    await page.getByLabel("Bairro", { exact: true }).fill("Mooca");
    await page.getByLabel("Cidade", { exact: true }).fill("São Paulo");
    await page.getByLabel("UF", { exact: true }).selectOption("SP");
    await page.getByRole("button", { name: "Salvar imóvel" }).click();
    await page.waitForURL(DETAIL);

    // A rent says it is monthly in the list's Preço column.
    await page.goto("/properties?f.finalidade=locacao&view=table");
    await page.getByText("Casa para alugar na Mooca").first().waitFor();
    expect(await page.locator('tbody tr td[data-label="Preço"]').first().textContent()).toBe("R$ 4.200,00/mês");

    // Filters live in the URL: a copied link shows the same list.
    await page.goto("/properties?f.finalidade=venda&f.tipo=apartamento&view=table");
    await page
      .getByRole("link", { name: /AP\d{4}/ })
      .first()
      .waitFor();
    expect(await page.getByText("Casa para alugar na Mooca").count()).toBe(0);
    expect(await page.getByText("Apartamento reformado perto do metrô Faria Lima").count()).toBeGreaterThan(0);

    // Cards keep the filters and the choice in the URL; without a cover, the kind's placeholder.
    await page.getByRole("link", { name: "Cartões" }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get("view")).toBe("cards");
    expect(new URL(page.url()).searchParams.getAll("f.finalidade")).toEqual(["venda"]);
    const card = page.getByRole("list", { name: "Imóveis em cartões" }).getByRole("listitem");
    await card.first().waitFor();
    expect(await card.count()).toBe(1);
    const text = (await card.first().textContent()) ?? "";
    expect(text).toContain("R$ 980.000,00");
    expect(text).toContain("Pinheiros");
    expect(text).toContain("3 quartos · 1 vaga · 74 m²");
    expect(text).toContain("Disponível");
    expect(await page.locator("table:visible").count()).toBe(0);
    await card.first().getByRole("link", { name: "Apartamento reformado perto do metrô Faria Lima", exact: true }).click();
    await waitForPath(page, `/properties/${id}`);

    // Status change with a reason: in the history, and written by the trigger. Nothing is preselected.
    expect(await page.getByLabel("Novo status").inputValue()).toBe("");
    await page.getByLabel("Novo status").selectOption("reservado");
    await page.getByLabel("Motivo (opcional)").fill("Proposta aceita pelo proprietário");
    await page.getByRole("button", { name: "Mudar status" }).click();
    await page.getByText("Status atualizado.").waitFor();
    await page.getByText("Proposta aceita pelo proprietário").waitFor();
    const history = await e2eDb()
      .select()
      .from(propertyStatusHistory)
      .where(and(eq(propertyStatusHistory.propertyId, id), eq(propertyStatusHistory.para, "reservado")));
    expect(history).toHaveLength(1);
    expect(history[0]?.motivo).toBe("Proposta aceita pelo proprietário");
  });

  it("shares the public link (copy, share sheet or WhatsApp), shows only true facts, asks before taking the page down", async () => {
    const page = f.page;
    const owner = await createRegisteredUser({ name: "Rita Compartilha" });
    await login(page, owner.email, owner.password);
    await page.goto("/properties/create");
    const title = "Apartamento com piscina para alugar na Vila Mariana";
    await page.getByLabel("Título do anúncio").fill(title);
    await page.getByLabel("Finalidade").selectOption("locacao");
    await page.getByLabel("Tipo", { exact: true }).selectOption("apartamento");
    await page.getByLabel("Valor do aluguel (mês)").fill("2.500,00");
    await page.getByLabel("Área útil/privativa (m²)").fill("68");
    await page.getByLabel("Quartos").fill("2");
    await page.getByLabel("Bairro", { exact: true }).fill("Vila Mariana");
    await page.getByLabel("Cidade", { exact: true }).fill("São Paulo");
    await page.getByLabel("UF", { exact: true }).selectOption("SP");
    await page.getByLabel("Piscina", { exact: true }).check();
    await page.getByLabel("Churrasqueira", { exact: true }).check();
    await page.getByRole("button", { name: "Salvar imóvel" }).click();
    await page.waitForURL(DETAIL);
    const id = DETAIL.exec(new URL(page.url()).pathname)?.[1] as string;
    const [row] = await e2eDb().select().from(properties).where(eq(properties.id, id));
    const publicUrl = `${f.baseURL}/imovel/${row?.slug}`;

    // Dados: what is true or filled, never a "Não" row; the features as chips, agreeing with the row.
    expect(row?.caracteristicas).toEqual(["piscina", "churrasqueira"]);
    const values = await page.locator("main dd").allTextContents();
    expect(values.length).toBeGreaterThan(5);
    expect(values.filter((v) => v.trim() === "Não")).toEqual([]);
    expect(values).toContain("R$ 2.500,00/mês");
    expect(await page.locator("main dt", { hasText: /^Piscina$/ }).count()).toBe(0);
    expect(await page.locator("main dt", { hasText: /^Mobiliado$/ }).count()).toBe(0);
    const chips = await page
      .getByRole("list", { name: /^Características/ })
      .getByRole("listitem")
      .allTextContents();
    expect(chips).toEqual(["Piscina", "Churrasqueira"]);

    // "Ver página pública" opens the public page in a new tab.
    const open = page.getByRole("link", { name: /^Ver página pública/ });
    expect(await open.getAttribute("href")).toBe(publicUrl);
    expect(await open.getAttribute("target")).toBe("_blank");

    // "Copiar link": the public address lands in the clipboard, and the toast says so.
    await f.context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: f.baseURL });
    await page.getByRole("button", { name: "Copiar link" }).click();
    await page.getByText("Link copiado").waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(publicUrl);

    // "Compartilhar" without a share sheet (desktop Chromium): WhatsApp with title, price and link.
    await f.context.route("https://wa.me/**", (route) => route.fulfill({ status: 200, contentType: "text/html", body: "<p>WhatsApp</p>" }));
    await page.evaluate(() => Object.defineProperty(navigator, "share", { value: undefined, configurable: true }));
    const [popup] = await Promise.all([page.waitForEvent("popup"), page.getByRole("link", { name: "Compartilhar" }).click()]);
    const shared = new URL(popup.url());
    expect(`${shared.origin}${shared.pathname}`).toBe("https://wa.me/");
    expect(shared.searchParams.get("text")).toBe(`${title} — R$ 2.500,00/mês\n${publicUrl}`);
    await popup.close();

    // With a share sheet (a phone), it opens instead of WhatsApp, with the same link.
    await page.evaluate(() => {
      const calls: ShareData[] = [];
      (window as unknown as { shareCalls: ShareData[] }).shareCalls = calls;
      Object.defineProperty(navigator, "share", {
        value: (data: ShareData) => {
          calls.push(data);
          return Promise.resolve();
        },
        configurable: true,
      });
    });
    const popups: unknown[] = [];
    page.on("popup", (p) => popups.push(p));
    await page.getByRole("link", { name: "Compartilhar" }).click();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { shareCalls: ShareData[] }).shareCalls))
      .toEqual([{ title, text: `${title} — R$ 2.500,00/mês`, url: publicUrl }]);
    expect(popups).toHaveLength(0);

    // At 390 px the header's actions wrap: no horizontal scroll on the page nor on the cards.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await page.getByRole("button", { name: "Copiar link" }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.goto("/properties?view=cards");
    const card = page.getByRole("list", { name: "Imóveis em cartões" }).getByRole("listitem").first();
    await card.getByRole("button", { name: `Copiar link de ${title}` }).click();
    await page.getByText("Link copiado").waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(publicUrl);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // The table: one "Link público" menu per row.
    await page.setViewportSize({ width: 1366, height: 800 });
    await page.goto("/properties?view=table");
    await page.getByText(`Link público de ${title}`).click();
    expect(
      await page
        .getByRole("link", { name: /^Ver página pública/ })
        .first()
        .getAttribute("href"),
    ).toBe(publicUrl);

    // Rented takes the page down: asked once more, then the share buttons give way to why.
    await page.goto(`/properties/${id}`);
    await page.getByLabel("Novo status").selectOption("alugado");
    await page.getByRole("button", { name: "Mudar status" }).click();
    await page.getByRole("alertdialog", { name: "Marcar como Alugado?" }).waitFor();
    expect((await e2eDb().select().from(properties).where(eq(properties.id, id)))[0]?.status).toBe("disponivel");
    await page.getByRole("button", { name: "Sim, marcar como Alugado" }).click();
    await page.getByText("Status atualizado.").waitFor();
    expect((await e2eDb().select().from(properties).where(eq(properties.id, id)))[0]?.status).toBe("alugado");
    await page.getByText("Alugado: a página pública não mostra mais este imóvel.").waitFor();
    expect(await page.getByRole("button", { name: "Copiar link" }).count()).toBe(0);
    expect(await page.getByLabel("Novo status").inputValue()).toBe("");
  });
});
