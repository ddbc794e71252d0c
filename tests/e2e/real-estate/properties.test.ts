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
    await card.first().getByRole("link", { name: "Apartamento reformado perto do metrô Faria Lima" }).click();
    await waitForPath(page, `/properties/${id}`);

    // Status change with a reason: in the history, and written by the trigger.
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
});
