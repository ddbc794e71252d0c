/**
 * A corretor (professional role) meets a new buyer at a plantão, on a 390 × 844 screen: from the
 * new interest's form, "Cadastrar novo cliente" (by keyboard) opens the client form, which
 * returns to the interest with the new client chosen; the interest is saved for them. The client
 * is theirs to edit; a client the office registered shows no Editar and its form is refused.
 */
import type { Page } from "playwright-core";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { clients, propertyInterests } from "../../../db/schema/index.ts";
import { createRecord } from "../../../worker/resources/records.ts";
import { e2eDb, e2eServiceContext } from "../support/accounts.ts";
import { browserFixture, waitForPath } from "../support/browser.ts";
import { createTeam } from "../support/team.ts";

const f = browserFixture();
const PHONE = { width: 390, height: 844 };

async function expectNoSidewaysScroll(page: Page, where: string): Promise<void> {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, `${where}: page ${width} px wide`).toBeLessThanOrEqual(PHONE.width);
}

describe("o corretor cadastra um cliente novo pelo interesse", () => {
  it("Novo interesse → Cadastrar novo cliente → back with the client chosen → interest saved, at 390 px", async () => {
    const { page, context } = f;
    const team = await createTeam("Dona Plantão", "corretor-cliente-novo");
    const owner = { orgId: team.orgId, userId: team.users.owner, role: "owner" as const };
    const office = await createRecord(e2eServiceContext(f.baseURL), owner, "clients", { tipo: "pf", nome: "Cliente do Escritório" });

    await page.setViewportSize(PHONE);
    const [name, value] = team.cookies.professional.split(/=(.*)/s) as [string, string];
    await context.addCookies([{ name, value, url: f.baseURL }]);

    await page.goto("/property_clients/create");
    await page.getByRole("combobox", { name: "Cliente" }).waitFor();
    await expectNoSidewaysScroll(page, "Novo interesse");
    // By keyboard: the link is reachable and opens with Enter.
    const link = page.getByRole("link", { name: "+ Cadastrar novo cliente" });
    await link.focus();
    await page.keyboard.press("Enter");
    await waitForPath(page, "/clients/create");
    const back = new URL(page.url()).searchParams.get("volta") ?? "";
    expect(back.startsWith("/property_clients/create?")).toBe(true);
    await expectNoSidewaysScroll(page, "Novo cliente");

    await page.getByLabel("Nome", { exact: true }).fill("Renata Comprador Plantão");
    await page.getByRole("button", { name: "Salvar cliente" }).click();
    await page.waitForURL((u) => u.pathname === "/property_clients/create" && Boolean(u.searchParams.get("cliente")));
    const clientId = new URL(page.url()).searchParams.get("cliente") as string;
    const [created] = await e2eDb().select().from(clients).where(eq(clients.id, clientId));
    expect(created?.nome).toBe("Renata Comprador Plantão");
    expect(created?.criadoPor).toBe(team.users.professional);

    // The new client is the one chosen in the picker.
    await page.getByRole("combobox", { name: "Cliente" }).waitFor();
    await expect
      .poll(async () => page.locator('input[type="hidden"][name="clienteId"], select[name="clienteId"]').first().inputValue())
      .toBe(clientId);
    await page.getByText("Renata Comprador Plantão").first().waitFor();
    await expectNoSidewaysScroll(page, "Novo interesse com o cliente");

    await page.getByLabel("Finalidade", { exact: true }).selectOption("venda");
    await page.getByRole("group", { name: "Tipos de imóvel" }).getByRole("checkbox", { name: "Apartamento", exact: true }).check();
    await page.getByRole("button", { name: "Salvar interesse" }).click();
    await page.waitForURL(/\/property_clients\/[0-9a-f-]{36}$/);
    const interestId = page.url().split("/").at(-1) as string;
    const [interest] = await e2eDb().select().from(propertyInterests).where(eq(propertyInterests.id, interestId));
    expect(interest?.clienteId).toBe(clientId);
    await expectNoSidewaysScroll(page, "Interesse");

    // Their client: Editar is there. The office's: no Editar, and its form is refused in pt-BR.
    await page.goto(`/clients/${clientId}`);
    await page.getByRole("link", { name: "Editar" }).waitFor();
    expect(await page.getByRole("link", { name: "Excluir" }).count()).toBe(0);
    await page.goto(`/clients/${office.id}`);
    await page.getByRole("heading", { name: "Cliente do Escritório" }).waitFor();
    expect(await page.getByRole("link", { name: "Editar" }).count()).toBe(0);
    // The refused page's 403 is the browser's console line on purpose.
    f.allowBrowserError(/status of 403/);
    const refused = await page.goto(`/clients/${office.id}/edit`);
    expect(refused?.status()).toBe(403);
    await page.getByText("Você não tem permissão para acessar esta página.").waitFor();
    // The list offers "Novo cliente" and no bulk delete.
    await page.goto("/clients");
    await page.getByRole("link", { name: "Novo cliente" }).first().waitFor();
    await expectNoSidewaysScroll(page, "Clientes");
  });
});
