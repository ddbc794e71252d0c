/**
 * Serviços end to end in Chromium (ADR 065), as a salon's owner sets up a service on a phone-sized
 * screen: the empty list, the form (category suggested, duration "1h30", a fixed commission, who
 * performs it), then the service's page — a product consumed per service added by search, its
 * quantity changed, the cost and margin computed from the product's cost, and "Gerar post" opening
 * /gerar-postagem with the service chosen. No horizontal scroll at 390 px; axe finds nothing serious.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { memberships, products, professionals, serviceProducts, services } from "../../../db/schema/index.ts";
import { createRegisteredUser, e2eDb } from "../support/accounts.ts";
import { axeSeriousViolations, browserFixture, waitForPath } from "../support/browser.ts";
import { pageOverflow } from "../support/layout-checks.ts";
import { login } from "../support/pages.ts";

const f = browserFixture();
const UUID_PATH = /^\/servicos\/[0-9a-f-]{36}$/;

async function salon() {
  const owner = await createRegisteredUser({ name: "Renata Salão" });
  const db = e2eDb();
  const [m] = await db.select().from(memberships).where(eq(memberships.userId, owner.id));
  if (!m) throw new Error("no membership");
  const now = new Date();
  await db.insert(products).values({
    orgId: m.orgId,
    sku: "TNT-60",
    nome: "Tinta 6.0 castanho",
    ordem: "tinta 6.0 castanho",
    unidade: "un",
    custoCentavos: 3200,
    criadoEm: now,
    atualizadoEm: now,
  });
  await db.insert(professionals).values({ orgId: m.orgId, nome: "Bianca Torres", ordem: "bianca torres", cor: "#16a34a" });
  // Another service's category, suggested while typing.
  await db.insert(services).values({
    orgId: m.orgId,
    nome: "Escova",
    ordem: "escova",
    categoria: "Cabelo",
    duracaoMin: 30,
    criadoEm: now,
    atualizadoEm: now,
  });
  return { owner, orgId: m.orgId };
}

describe("serviços", () => {
  it("creates a service, adds a consumed product on its page (cost and margin follow) and opens Gerar post from it", async () => {
    const { page } = f;
    await page.setViewportSize({ width: 390, height: 844 });
    const { owner, orgId } = await salon();
    await login(page, owner.email, owner.password);

    await page.goto(f.url("/servicos"));
    await page.getByRole("link", { name: "Escova" }).first().waitFor();
    expect(await pageOverflow(page)).toBeUndefined();
    await page.getByRole("link", { name: "Novo serviço" }).first().click();
    await waitForPath(page, "/servicos/create");
    await page.waitForLoadState("networkidle");

    await page.getByLabel("Nome", { exact: true }).fill("Coloração");
    const category = page.getByLabel("Categoria", { exact: true });
    expect(await category.getAttribute("list")).toBeTruthy();
    expect(
      await page
        .locator(`datalist#${await category.getAttribute("list")} option`)
        .evaluateAll((o) => o.map((x) => x.getAttribute("value"))),
    ).toEqual(["Cabelo"]);
    await category.fill("Cabelo");
    // The duration reads as a salon writes it; the value sent is minutes.
    await page.getByLabel("Duração", { exact: true }).selectOption({ label: "1h30" });
    await page.getByLabel("Preço", { exact: true }).pressSequentially("150");
    expect(await page.getByLabel("Comissão", { exact: true }).locator("option").first().textContent()).toBe("Padrão do profissional");
    await page.getByLabel("Comissão", { exact: true }).selectOption("fixo");
    await page.getByLabel("Comissão (R$)", { exact: true }).pressSequentially("25");
    await page.getByLabel("Bianca Torres").check();
    expect(await pageOverflow(page)).toBeUndefined();
    await page.getByRole("button", { name: "Salvar serviço" }).click();

    await page.waitForURL((u) => UUID_PATH.test(u.pathname));
    const id = new URL(page.url()).pathname.split("/").at(-1) as string;
    await page.getByRole("heading", { level: 1, name: "Coloração" }).waitFor();
    await page.getByText("Nenhum produto consumido.").waitFor();
    const summary = page.locator("section").filter({ has: page.getByRole("heading", { name: "Resumo", exact: true }) });
    await summary.getByText("1h30").waitFor();
    await summary.getByText("R$ 25,00").waitFor();
    await page
      .locator("section")
      .filter({ has: page.getByRole("heading", { name: "Profissionais", exact: true }) })
      .getByRole("link", { name: "Bianca Torres" })
      .waitFor();

    // A product consumed per service, found by search.
    const picker = page.getByRole("combobox", { name: "Produto" });
    // Before the page's script runs the picker is a plain list; once hydrated it searches as typed.
    await expect.poll(() => picker.evaluate((el) => el.tagName), { timeout: 15_000 }).toBe("INPUT");
    await picker.fill("tinta");
    await page.getByRole("option", { name: /Tinta 6\.0 castanho/ }).click();
    await page.getByLabel("Quantidade por serviço", { exact: true }).fill("1,5");
    await page.getByRole("button", { name: "Adicionar", exact: true }).click();
    const lines = page.getByRole("list", { name: "Produtos consumidos por serviço" });
    await lines.getByRole("link", { name: "Tinta 6.0 castanho" }).waitFor();
    // 1,5 × R$ 32,00 = R$ 48,00 of R$ 150,00: 68,0% left.
    await expect.poll(() => page.getByTestId("custo-produtos").textContent()).toBe("R$ 48,00");
    expect(await page.getByTestId("margem").textContent()).toBe("68,0%");
    await lines.getByText("Em estoque:").waitFor();

    // The quantity changed on its line.
    await lines.getByLabel("Quantidade (un)").fill("1");
    await lines.getByRole("button", { name: "Salvar a quantidade de Tinta 6.0 castanho" }).click();
    await expect.poll(() => page.getByTestId("custo-produtos").textContent()).toBe("R$ 32,00");
    const db = e2eDb();
    const stored = await db.select().from(serviceProducts).where(eq(serviceProducts.servicoId, id));
    expect(stored.map((s) => [s.orgId, s.quantidade])).toEqual([[orgId, 1]]);
    expect(await pageOverflow(page)).toBeUndefined();
    expect(await axeSeriousViolations(page)).toEqual([]);

    // "Gerar post": the service is the post's origin on /gerar-postagem.
    await page.getByRole("link", { name: "Gerar post" }).click();
    await page.waitForURL((u) => u.pathname === "/gerar-postagem" && u.searchParams.get("servico") === id);
    await page.getByText("Serviço", { exact: true }).first().waitFor();
    await page.getByText("Coloração").first().waitFor();
  });
});
