/**
 * Produtos and Movimentações de produtos end to end in Chromium, as the people of one business
 * use them: a staff member registers a product and its stock, two exits race for the last
 * units, the low-stock badge and filter, the ledger's running balance and the movements'
 * totals. And who may not: the professional role sees no products, no bulk exports and no LGPD
 * export; staff sees no export links and cannot take a client's data out.
 */
import { eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { memberships, users } from "../../../db/schema/index.ts";
import type { Role } from "../../../shared/enums.ts";
import { clientSchema } from "../../../shared/resources/clients.ts";
import { produtoSchema } from "../../../shared/resources/produtos.ts";
import { hashPassword } from "../../../worker/auth/password.ts";
import { createRecord } from "../../../worker/resources/records.ts";
import { createRegisteredUser, e2eDb, e2eServiceContext, type TestUser, uniqueEmail } from "../support/accounts.ts";
import { browserFixture, waitForPath } from "../support/browser.ts";
import { login } from "../support/pages.ts";

const f = browserFixture();
const FORBIDDEN = "Você não tem permissão para acessar esta página.";
const UUID_PATH = /\/[0-9a-f-]{36}$/;

interface Team {
  orgId: string;
  owner: TestUser;
  staff: TestUser;
  professional: TestUser;
}

/** A business of its own: the owner (registered), a staff member and a professional. */
async function team(): Promise<Team> {
  const owner = await createRegisteredUser({ name: "Sônia Prado" });
  const db = e2eDb();
  const [m] = await db.select().from(memberships).where(eq(memberships.userId, owner.id));
  if (!m) throw new Error("no membership");
  const member = async (role: Role, name: string): Promise<TestUser> => {
    const now = new Date();
    const user: TestUser = { id: crypto.randomUUID(), name, email: uniqueEmail(`produtos-${role}`), password: "senha-forte-123" };
    await db.batch([
      db.insert(users).values({
        id: user.id,
        name,
        email: user.email,
        passwordHash: hashPassword(user.password),
        emailVerifiedAt: now,
        termsAcceptedAt: now,
        createdAt: now,
        updatedAt: now,
      }),
      db.insert(memberships).values({ orgId: m.orgId, userId: user.id, role, createdAt: now, updatedAt: now }),
    ]);
    return user;
  };
  return {
    orgId: m.orgId,
    owner,
    staff: await member("staff", "Téo Almeida"),
    professional: await member("professional", "Lívia Rocha"),
  };
}

/** A record the owner created through the same service the screens use. */
async function ownerCreates(t: Team, resource: "clients" | "produtos", input: unknown): Promise<string> {
  const ctx = e2eServiceContext(f.baseURL);
  const { id } = await createRecord(ctx, { orgId: t.orgId, userId: t.owner.id, role: "owner" }, resource, input);
  if (!id) throw new Error(`could not create ${resource}`);
  return String(id);
}

async function waitIdle(page: Page): Promise<void> {
  await page.waitForLoadState("networkidle");
}

/** The product page's "Estoque" card: the stock and its badge ("Em dia", "Abaixo do mínimo", "Sem estoque"). */
async function stockShown(page: Page): Promise<string> {
  const card = page.locator("section").filter({ has: page.getByRole("heading", { name: "Estoque", exact: true }) });
  const stock = (await card.getByTestId("estoque-atual").textContent()) ?? "";
  const badge = (await card.locator(".badge").textContent()) ?? "";
  return `${stock.trim()} · ${badge.trim()}`;
}

/** Where a submitted exit ended: saved (the new movement's page) or refused (its form, in pt-BR). */
async function outcome(page: Page): Promise<"saved" | "refused" | null> {
  const { pathname } = new URL(page.url());
  if (pathname.startsWith("/movimentacao-produtos/") && UUID_PATH.test(pathname)) return "saved";
  if ((await page.getByText(/^Estoque insuficiente/).count()) > 0) return "refused";
  return null;
}

describe("produtos", () => {
  it("staff registers a product and its stock; of two racing exits only one fits; low stock shows and filters", async () => {
    const { page } = f;
    // The refused exit is answered 409, which Chromium logs.
    f.allowBrowserError(/status of 409/);
    const t = await team();
    await ownerCreates(t, "produtos", produtoSchema.parse({ sku: "PAP-A4", nome: "Papel A4", unidade: "pct" }));
    await login(page, t.staff.email, t.staff.password);

    const menu = page.getByRole("navigation", { name: "Menu principal" }).first();
    await menu.getByRole("link", { name: "Produtos", exact: true }).click();
    await waitForPath(page, "/produtos");
    await page.getByRole("link", { name: "Papel A4" }).waitFor();
    await page.getByRole("link", { name: "Novo produto" }).first().click();
    await waitForPath(page, "/produtos/create");
    await waitIdle(page);

    await page.getByLabel("Nome", { exact: true }).fill("Caneta Azul");
    // The form validates with the definition's schema, loaded after the page (not in its chunk).
    await page.getByLabel("SKU", { exact: true }).fill("AB 12");
    await page.getByLabel("SKU", { exact: true }).press("Tab");
    await page.getByText(/^O campo SKU deve conter letras, números/).waitFor();
    await page.getByLabel("SKU", { exact: true }).fill("can-az-1");
    await page.getByLabel("SKU", { exact: true }).press("Tab");
    await expect.poll(() => page.getByText(/^O campo SKU deve conter/).count()).toBe(0);
    await page.getByLabel("Unidade", { exact: true }).selectOption("un");
    await page.getByLabel("Custo", { exact: true }).pressSequentially("1,5");
    await page.getByLabel("Custo", { exact: true }).press("Tab");
    expect(await page.getByLabel("Custo", { exact: true }).inputValue()).toBe("R$ 1,50");
    await page.getByLabel("Preço de venda", { exact: true }).pressSequentially("1234,9");
    expect(await page.getByLabel("Preço de venda", { exact: true }).inputValue()).toBe("R$ 1.234,9");
    await page.getByLabel("Estoque mínimo", { exact: true }).fill("5");
    await page.getByRole("button", { name: "Salvar produto" }).click();

    await page.waitForURL((u) => u.pathname.startsWith("/produtos/") && UUID_PATH.test(u.pathname));
    const productPath = new URL(page.url()).pathname;
    await page.getByRole("heading", { level: 1, name: "Caneta Azul" }).waitFor();
    await page.getByText("Produto cadastrado.").waitFor();
    expect(await stockShown(page)).toBe("0 un · Sem estoque");

    // An entry of 8: the movement's page, then back to the product through its link.
    await page.getByRole("link", { name: "Registrar entrada" }).click();
    await page.waitForURL((u) => u.pathname === "/movimentacao-produtos/create" && u.searchParams.get("tipo") === "entrada");
    await waitIdle(page);
    expect(await page.getByLabel("Tipo", { exact: true }).inputValue()).toBe("entrada");
    await page.getByLabel("Quantidade", { exact: true }).fill("8");
    await page.getByRole("button", { name: "Registrar movimentação" }).click();
    await page.waitForURL((u) => u.pathname.startsWith("/movimentacao-produtos/") && UUID_PATH.test(u.pathname));
    // The shared record page with the ledger's twists: its value (8 × the product's R$ 1,50) and why there is no Editar.
    await page.getByText("Valor da movimentação: R$ 12,00. Movimentações não se editam: para corrigir, registre um ajuste.").waitFor();
    expect(await page.getByRole("link", { name: "Editar" }).count()).toBe(0);
    await page.getByRole("link", { name: "Caneta Azul (CAN-AZ-1)" }).click();
    await waitForPath(page, productPath);
    await expect.poll(() => stockShown(page)).toBe("8 un · Em dia");

    // Two tabs on "Registrar saída" for 6 each, submitted at the same time: only one fits in 8.
    const exitHref = await page.getByRole("link", { name: "Registrar saída" }).getAttribute("href");
    if (!exitHref) throw new Error("no exit link");
    const other = await f.context.newPage();
    const otherErrors: string[] = [];
    other.on("console", (msg) => {
      if (msg.type() === "error" && !/status of 409/.test(msg.text())) otherErrors.push(msg.text());
    });
    other.on("pageerror", (error) => otherErrors.push(error.message));
    const tabs = [page, other];
    for (const tab of tabs) {
      await tab.goto(exitHref);
      await waitIdle(tab);
      expect(await tab.getByLabel("Tipo", { exact: true }).inputValue()).toBe("saida");
      await tab.getByLabel("Quantidade", { exact: true }).fill("6");
    }
    await Promise.all(tabs.map((tab) => tab.getByRole("button", { name: "Registrar movimentação" }).click()));
    for (const tab of tabs) await expect.poll(() => outcome(tab), { timeout: 20_000 }).not.toBeNull();
    const results = await Promise.all(tabs.map(outcome));
    expect([...results].sort()).toEqual(["refused", "saved"]);
    const refused = tabs[results.indexOf("refused")] as Page;
    // The refusal sits on the quantity, which keeps what was typed.
    expect(await refused.getByLabel("Quantidade", { exact: true }).inputValue()).toBe("6");
    expect(await refused.getByLabel("Quantidade", { exact: true }).getAttribute("aria-invalid")).toBe("true");
    await other.close();
    expect(otherErrors).toEqual([]);

    await page.goto(productPath);
    expect(await stockShown(page)).toBe("2 un · Abaixo do mínimo");
    // The ledger, newest first, with the balance after each line.
    const ledger = page.getByRole("table", { name: /Movimentações mais recentes/ });
    expect(await ledger.locator("tbody tr td:nth-child(3)").allTextContents()).toEqual(["\u22126 un", "+8 un"]);
    expect(await ledger.locator("tbody tr td:nth-child(4)").allTextContents()).toEqual(["2 un", "8 un"]);

    // The list's low-stock filter finds it, and only it.
    await page.goto("/produtos");
    await waitIdle(page);
    await page.getByRole("link", { name: "Papel A4" }).waitFor();
    await page.locator("summary", { hasText: "Filtros" }).click();
    await page
      .getByRole("radio", { name: "Abaixo do mínimo", exact: true })
      .or(page.getByRole("group", { name: "Abaixo do mínimo" }).getByRole("radio", { name: "Sim", exact: true }))
      .check();
    await page.getByRole("button", { name: "Aplicar filtros" }).click();
    await page.waitForURL((u) => u.searchParams.get("f.abaixoMinimo") === "sim");
    await waitIdle(page);
    await page.getByRole("link", { name: "Caneta Azul" }).waitFor();
    expect(await page.getByRole("link", { name: "Papel A4" }).count()).toBe(0);
    await page.getByRole("heading", { name: "1 produto encontrado" }).waitFor();

    // The movements: filters but no search box (the ledger has nothing to search by), and the totals.
    await page.goto("/movimentacao-produtos");
    await waitIdle(page);
    await page.getByRole("heading", { name: "2 movimentações" }).waitFor();
    expect(await page.getByRole("searchbox").count()).toBe(0);
    expect(await page.getByRole("button", { name: "Buscar", exact: true }).count()).toBe(0);
    await page.locator("summary", { hasText: "Filtros" }).click();
    await page.getByRole("button", { name: "Aplicar filtros" }).waitFor();
    // Valor = quantity × the product's cost (R$ 1,50): the entry of 8 and the one exit of 6 saved.
    const totals = page.locator("tfoot");
    await totals.getByText("Total (2 registros)").waitFor();
    await totals.getByText("R$ 21,00", { exact: true }).waitFor();
  });

  it("the professional role sees no products, no bulk exports and no LGPD export", async () => {
    const { page } = f;
    f.allowBrowserError(/status of 403/);
    const t = await team();
    const clientId = await ownerCreates(t, "clients", clientSchema.parse({ tipo: "pf", nome: "Helena Duarte" }));
    await login(page, t.professional.email, t.professional.password);

    // With the professional's own session (the browser's cookies).
    for (const path of ["/produtos", "/produtos/export?formato=csv", "/clients/export?formato=csv", `/clients/${clientId}/dados`]) {
      const res = await page.request.get(path, { maxRedirects: 0 });
      expect(res.status(), path).toBe(403);
    }
    await page.goto("/produtos");
    await page.getByText(FORBIDDEN).waitFor();

    // Their menu has no Produtos; the client they may read has no LGPD card.
    await page.goto(`/clients/${clientId}`);
    await page.getByRole("heading", { level: 1, name: "Helena Duarte" }).waitFor();
    const menu = page.getByRole("navigation", { name: "Menu principal" }).first();
    await menu.getByRole("link").first().waitFor();
    expect(await menu.getByRole("link", { name: "Produtos" }).count()).toBe(0);
    expect(await menu.getByRole("link", { name: /Movimentações/ }).count()).toBe(0);
    // (The record's own "LGPD" section, its consent, stays: the card of requests does not.)
    expect(await page.getByText("Pedidos do titular sobre os dados pessoais dele.").count()).toBe(0);
    expect(await page.getByRole("link", { name: /Exportar dados/ }).count()).toBe(0);
    expect(await page.getByRole("link", { name: /Apagar dados pessoais/ }).count()).toBe(0);
  });

  it("staff sees no export links and cannot take a client's data out; the owner can", async () => {
    const { page } = f;
    const t = await team();
    const clientId = await ownerCreates(t, "clients", clientSchema.parse({ tipo: "pf", nome: "Otávio Nunes" }));
    await ownerCreates(t, "produtos", produtoSchema.parse({ sku: "CAF-500", nome: "Café 500 g", unidade: "pct" }));
    await login(page, t.staff.email, t.staff.password);

    for (const [path, listed, newButton] of [
      ["/clients", "Otávio Nunes", "Novo cliente"],
      ["/produtos", "Café 500 g", "Novo produto"],
    ] as const) {
      await page.goto(path);
      await page.getByRole("link", { name: listed }).waitFor();
      await page.getByRole("link", { name: newButton }).first().waitFor();
      expect(await page.getByRole("link", { name: /^Exportar/ }).count(), path).toBe(0);
    }
    const res = await page.request.get(`/clients/${clientId}/dados`, { maxRedirects: 0 });
    expect(res.status()).toBe(403);
    await page.goto(`/clients/${clientId}`);
    await page.getByRole("heading", { level: 1, name: "Otávio Nunes" }).waitFor();
    expect(await page.getByRole("link", { name: /Exportar dados/ }).count()).toBe(0);

    // The same screens for the owner do show them (the assertions above can fail).
    const ownerPage = await f.newPage();
    await login(ownerPage, t.owner.email, t.owner.password);
    for (const path of ["/clients", "/produtos"]) {
      await ownerPage.goto(path);
      await ownerPage.getByRole("link", { name: "Exportar CSV" }).waitFor();
    }
    await ownerPage.goto(`/clients/${clientId}`);
    await ownerPage.getByRole("link", { name: "Exportar dados (LGPD)" }).waitFor();
    const owned = await ownerPage.request.get(`/clients/${clientId}/dados`, { maxRedirects: 0 });
    expect(owned.status()).toBe(200);
  });

  it("the owner cannot delete an entry the stock still needs (told why, nothing changes), and unticking “Produto ativo” deactivates", async () => {
    const { page } = f;
    // The refusal is a 409 answer the page shows: the browser logs it, as it should.
    f.allowBrowserError(/status of 409/);
    const t = await team();
    const productId = await ownerCreates(t, "produtos", produtoSchema.parse({ sku: "LAM-9W", nome: "Lâmpada LED 9 W", unidade: "un" }));
    const ctx = e2eServiceContext(f.baseURL);
    const owner = { orgId: t.orgId, userId: t.owner.id, role: "owner" as const };
    const entry = await createRecord(ctx, owner, "movimentacoes-produtos", {
      produtoId: productId,
      tipo: "entrada",
      quantidade: 10,
      ocorridoEm: "2026-11-02T10:00:00.000Z",
    });
    await createRecord(ctx, owner, "movimentacoes-produtos", {
      produtoId: productId,
      tipo: "saida",
      quantidade: 7,
      ocorridoEm: "2026-11-03T10:00:00.000Z",
    });
    await login(page, t.owner.email, t.owner.password);
    await page.goto(`/movimentacao-produtos/${entry.id}?excluir=1`);
    await page.getByText("A movimentação sai do razão e o estoque do produto volta ao que era sem ela.").waitFor();
    await page.getByRole("button", { name: "Confirmar exclusão" }).click();
    await page.getByText(/^Estoque insuficiente/).waitFor();
    await page.goto(`/produtos/${productId}`);
    expect(await stockShown(page)).toBe("3 un · Em dia");

    // The same refusal from the list's bulk delete: a pt-BR message on the list, never a 500.
    const res = await page.request.post("/movimentacao-produtos", {
      form: { intent: "excluir", ids: String(entry.id), redirectTo: "/movimentacao-produtos" },
      headers: { origin: f.baseURL },
      maxRedirects: 0,
    });
    expect(res.status()).toBe(409);

    // Unticking "Produto ativo" saves it unticked (the form says so even though nothing is sent for an unticked box).
    await page.goto(`/produtos/${productId}/edit`);
    await page.getByLabel("Produto ativo").uncheck();
    await page.getByRole("button", { name: "Salvar produto" }).click();
    await waitForPath(page, `/produtos/${productId}`);
    await page.goto("/produtos?f.ativo=nao");
    await page.getByRole("link", { name: "Lâmpada LED 9 W" }).waitFor();
  });
});
