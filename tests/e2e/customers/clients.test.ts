/**
 * Clientes end to end in Chromium: create, find by an accent-free search, edit, export CSV,
 * import CSV (preview → commit), delete and undo, and a deep page opened from a copied URL.
 */
import { readFileSync } from "node:fs";
import { eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { clients, memberships, users } from "../../../db/schema/index.ts";
import { searchKeys, sortKey } from "../../../shared/search.ts";
import { hashPassword } from "../../../worker/auth/password.ts";
import { createRegisteredUser, e2eDb, type TestUser, uniqueEmail } from "../support/accounts.ts";
import { axeSeriousViolations, browserFixture, waitForPath } from "../support/browser.ts";
import { login } from "../support/pages.ts";

const f = browserFixture();

async function orgOf(user: TestUser): Promise<string> {
  const [m] = await e2eDb().select().from(memberships).where(eq(memberships.userId, user.id));
  if (!m) throw new Error("no membership");
  return m.orgId;
}

/** Clients straight into the database ("Cliente 001" … "Cliente NNN"), one batch. */
async function seedClients(orgId: string, count: number, prefix = "Cliente", kind: "pf" | "pj" = "pf"): Promise<void> {
  const db = e2eDb();
  const now = Date.now();
  const rows = Array.from({ length: count }, (_, i) => {
    const name = `${prefix} ${String(i + 1).padStart(3, "0")}`;
    return {
      id: crypto.randomUUID(),
      orgId,
      tipo: kind,
      nome: name,
      ordem: sortKey(name),
      chavesBusca: JSON.stringify(searchKeys({ names: [name] })),
      criadoEm: new Date(now - (count - i) * 60_000),
      atualizadoEm: new Date(now - (count - i) * 60_000),
    };
  });
  for (let i = 0; i < rows.length; i += 50) await db.insert(clients).values(rows.slice(i, i + 50));
}

async function signedIn(name: string): Promise<{ user: TestUser; orgId: string }> {
  const user = await createRegisteredUser({ name });
  await login(f.page, user.email, user.password);
  return { user, orgId: await orgOf(user) };
}

/** The list's rows by the text of their first cell (the name link). */
async function listedNames(page: Page): Promise<string[]> {
  return page.locator("tbody tr td:nth-child(2) a").allTextContents();
}

async function waitIdle(page: Page): Promise<void> {
  await page.waitForLoadState("networkidle");
}

describe("clientes", () => {
  it("creates a client, finds it with an accent-free search, and edits it", async () => {
    const { page } = f;
    await signedIn("Renata Lopes");

    // The menu's links are router links (NavLink): no reload, the entry marked current.
    await page.goto("/");
    await waitIdle(page);
    await page.evaluate(() => Object.assign(window, { semRecarregar: true }));
    const menu = page.getByRole("navigation", { name: "Menu principal" }).first();
    await menu.getByRole("link", { name: "Clientes" }).click();
    await waitForPath(page, "/clients");
    expect(await page.evaluate(() => (window as unknown as { semRecarregar?: boolean }).semRecarregar)).toBe(true);
    await expect.poll(() => menu.getByRole("link", { name: "Clientes" }).getAttribute("aria-current")).toBe("page");
    expect(await menu.getByRole("link", { name: "Dashboard" }).getAttribute("aria-current")).toBeNull();
    await expect.poll(() => page.title()).toBe("Clientes | Alicerce");
    await page.getByText("Nenhum cliente cadastrado ainda.").waitFor();
    await page.getByRole("link", { name: "Novo cliente" }).first().click();
    await waitForPath(page, "/clients/create");
    await expect.poll(() => page.title()).toBe("Novo Cliente | Alicerce");
    await waitIdle(page);

    await page.getByLabel("Nome", { exact: true }).fill("João da Silva Araújo");
    await page.getByLabel("CPF/CNPJ").pressSequentially("52998224725");
    expect(await page.getByLabel("CPF/CNPJ").inputValue()).toBe("529.982.247-25");
    await page.getByLabel("E-mail").fill("joao.araujo@exemplo.com.br");
    await page.getByLabel("Número do telefone 1").pressSequentially("11912345678");
    expect(await page.getByLabel("Número do telefone 1").inputValue()).toBe("(11) 91234-5678");
    await page.getByLabel("WhatsApp (telefone 1)").check();
    await page.getByLabel("Tags", { exact: true }).fill("vip");
    await page.getByLabel("Tags", { exact: true }).press("Enter");
    await page.getByLabel("Tags", { exact: true }).fill("investidor,");
    await page.getByRole("button", { name: "Remover vip" }).waitFor();
    await page.getByLabel("Origem").selectOption("instagram");
    await page.getByRole("button", { name: "Salvar cliente" }).click();

    await page.waitForURL(/\/clients\/[0-9a-f-]{36}$/);
    await page.getByRole("heading", { level: 1, name: "João da Silva Araújo" }).waitFor();
    await expect.poll(() => page.title()).toBe("João da Silva Araújo | Alicerce");
    await page.getByText("Cliente cadastrado.").waitFor();
    const whatsapp = page.getByRole("link", { name: /WhatsApp/ });
    expect(await whatsapp.getAttribute("href")).toBe("https://wa.me/5511912345678");
    await page.getByText("investidor", { exact: true }).waitFor();
    const detailUrl = page.url();

    // Accent-free search, typed as people do.
    await page.goto("/clients");
    await page.getByRole("searchbox", { name: "Buscar clientes" }).fill("joao araujo");
    await page.getByRole("button", { name: "Buscar" }).click();
    await page.waitForURL((u) => u.searchParams.get("q") === "joao araujo");
    await waitIdle(page);
    // Rows are React rows with router links (ADR 013): hovering a row's link prefetches its
    // page (prefetch="intent"), and a click navigates inside the app (the marker survives: no
    // document reload).
    const row = page.getByRole("link", { name: "João da Silva Araújo" });
    await page.evaluate(() => Object.assign(window, { semRecarregar: true }));
    await row.hover();
    const detailPath = new URL(detailUrl).pathname;
    await expect.poll(() => page.locator(`link[rel="prefetch"][href^="${detailPath}"]`).count()).toBeGreaterThan(0);
    await row.click();
    await page.waitForURL(detailUrl);
    expect(await page.evaluate(() => (window as unknown as { semRecarregar?: boolean }).semRecarregar)).toBe(true);

    await page.getByRole("link", { name: "Editar" }).click();
    await page.waitForURL(/\/edit$/);
    await expect.poll(() => page.title()).toBe("Editar Cliente | Alicerce");
    await waitIdle(page);
    expect(await page.getByLabel("CPF/CNPJ").inputValue()).toBe("529.982.247-25");
    await page.getByLabel("E-mail").fill("joao@araujo.com.br");
    await page.getByRole("button", { name: "Salvar cliente" }).click();
    await page.waitForURL(detailUrl);
    await page.getByText("Alterações salvas.").waitFor();
    await page.getByRole("link", { name: "joao@araujo.com.br" }).waitFor();
  });

  it("shows pt-BR errors on the field, warns about a duplicate and before leaving unsaved changes", async () => {
    const { page } = f;
    await signedIn("Carla Menezes");
    await page.goto("/clients/create");
    await waitIdle(page);

    // The same schema as the server, on blur.
    await page.getByLabel("E-mail").fill("nao-e-email");
    await page.getByLabel("E-mail").blur();
    await page.getByText("O campo E-mail deve ser um email válido").waitFor();
    await page.getByLabel("E-mail").fill("carla@exemplo.com.br");
    await page.getByLabel("Nome", { exact: true }).fill("Paulo Mendes");
    await page.getByRole("button", { name: "Salvar cliente" }).click();
    await page.waitForURL(/\/clients\/[0-9a-f-]{36}$/);

    // Same e-mail again: a warning with a link to the existing record, then "Salvar mesmo assim".
    await page.goto("/clients/create");
    await waitIdle(page);
    await page.getByLabel("Nome", { exact: true }).fill("Paulo R. Mendes");
    await page.getByLabel("E-mail").fill("carla@exemplo.com.br");
    await page.getByRole("button", { name: "Salvar cliente" }).click();
    await page.getByText("Já existe um cliente parecido:").waitFor();
    expect(await page.getByRole("link", { name: "Paulo Mendes" }).getAttribute("href")).toMatch(/^\/clients\/[0-9a-f-]{36}$/);
    await page.getByRole("button", { name: "Salvar mesmo assim" }).click();
    await page.waitForURL(/\/clients\/[0-9a-f-]{36}$/);
    await page.getByRole("heading", { level: 1, name: "Paulo R. Mendes" }).waitFor();

    // Unsaved changes: leaving asks first.
    await page.getByRole("link", { name: "Editar" }).click();
    await page.waitForURL(/\/edit$/);
    await waitIdle(page);
    await page.getByLabel("Nome", { exact: true }).fill("Paulo Roberto Mendes");
    await page.getByRole("link", { name: "Cancelar" }).click();
    const dialog = page.getByRole("dialog", { name: "Sair sem salvar?" });
    await dialog.waitFor();
    await dialog.getByRole("button", { name: "Continuar editando" }).click();
    await dialog.waitFor({ state: "hidden" });
    expect(await page.getByLabel("Nome", { exact: true }).inputValue()).toBe("Paulo Roberto Mendes");
    await page.getByRole("link", { name: "Cancelar" }).click();
    await dialog.getByRole("button", { name: "Sair sem salvar" }).click();
    await page.waitForURL(/\/clients\/[0-9a-f-]{36}$/);
    await page.getByRole("heading", { level: 1, name: "Paulo R. Mendes" }).waitFor();
  });

  it("exports exactly the filtered list as CSV for Excel pt-BR", async () => {
    const { page } = f;
    const { orgId } = await signedIn("Sérgio Tavares");
    await seedClients(orgId, 3, "Apoio", "pf");
    await seedClients(orgId, 2, "Zelo", "pj");
    await seedClients(orgId, 1, "Zênite", "pj");
    await page.goto("/clients");
    await page.getByText("6 clientes").waitFor();
    // Filter (pessoa jurídica) and sort (name, descending) through the list's own controls.
    await waitIdle(page);
    await page.locator("summary", { hasText: "Filtros" }).click();
    await page.getByRole("combobox", { name: "Tipo" }).selectOption("pj");
    await page.getByRole("button", { name: "Aplicar filtros" }).click();
    await page.waitForURL((u) => u.searchParams.get("f.tipo") === "pj");
    await page.getByText("3 clientes encontrados").waitFor();
    // The closed filter menu renders no inputs, yet a search keeps the active filter.
    expect(await page.getByRole("combobox", { name: "Tipo" }).count()).toBe(0);
    await page.getByRole("searchbox").fill("Zelo");
    await page.getByRole("button", { name: "Buscar" }).click();
    await page.waitForURL((u) => u.searchParams.get("q") === "Zelo");
    expect(new URL(page.url()).searchParams.get("f.tipo")).toBe("pj");
    await expect.poll(() => page.locator("#clients-resultados").textContent()).toBe("2 clientes encontrados");
    await page.getByRole("searchbox").fill("");
    await page.getByRole("button", { name: "Buscar" }).click();
    await page.getByText("3 clientes encontrados").waitFor();
    await page.getByRole("link", { name: /^Nome/ }).click();
    await page.waitForURL((u) => u.searchParams.get("dir") === "desc");
    await expect.poll(() => listedNames(page)).toEqual(["Zênite 001", "Zelo 002", "Zelo 001"]);
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Exportar CSV" }).click()]);
    expect(download.suggestedFilename()).toMatch(/^clientes-\d{4}-\d{2}-\d{2}\.csv$/);
    const path = await download.path();
    const bytes = readFileSync(path);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.toString("utf8").slice(1).trim().split(/\r?\n/);
    expect(lines[0]).toContain(";");
    expect(lines[0]?.split(";")[0]).toBe("Nome");
    expect(lines.slice(1).map((l) => l.split(";")[0])).toEqual(["Zênite 001", "Zelo 002", "Zelo 001"]);
  });

  it("imports a CSV: preview with per-row errors, then only the valid rows", async () => {
    const { page } = f;
    await signedIn("Helena Prado");
    await page.goto("/clients");
    await page.getByRole("link", { name: "Importar CSV" }).first().click();
    await waitForPath(page, "/clients/import");
    const csv =
      "\uFEFFNome;CPF/CNPJ;E-mail;Telefone\r\nMárcia Importada;529.982.247-25;marcia@exemplo.com.br;(21) 99876-5432\r\nSem E-mail Válido;;isto-nao-e-email;\r\n";
    await page.getByLabel("Arquivo CSV").setInputFiles({ name: "clientes.csv", mimeType: "text/csv", buffer: Buffer.from(csv, "utf8") });
    await page.getByRole("button", { name: "Ver prévia" }).click();
    await page.getByRole("status").filter({ hasText: "2 linhas" }).waitFor();
    await page.getByText("O campo E-mail deve ser um email válido").waitFor();
    expect(await page.getByRole("button", { name: "Importar tudo" }).isDisabled()).toBe(true);
    await page.getByRole("button", { name: /Importar só as válidas/ }).click();
    await waitForPath(page, "/clients");
    await page.getByText("1 cliente importado. 1 linha com erro ficou de fora.").waitFor();
    expect(await listedNames(page)).toEqual(["Márcia Importada"]);
  });

  it("deletes a selection after confirming, and undoes it", async () => {
    const { page } = f;
    const { orgId } = await signedIn("Otávio Nunes");
    await seedClients(orgId, 3, "Lista");
    await page.goto("/clients");
    await waitIdle(page);
    // "Select all" checks every row's box and counts them; unchecking it clears them.
    const boxes = page.locator('tbody input[name="excluir"]');
    await page.getByLabel("Selecionar todos desta página").check();
    await page.getByText("3 selecionados").waitFor();
    expect(await boxes.evaluateAll((els) => els.map((el) => (el as HTMLInputElement).checked))).toEqual([true, true, true]);
    await page.getByLabel("Selecionar todos desta página").uncheck();
    expect(await boxes.evaluateAll((els) => els.map((el) => (el as HTMLInputElement).checked))).toEqual([false, false, false]);
    await page.getByLabel("Selecionar Lista 002").check();
    await page.getByText("1 selecionado", { exact: true }).waitFor();
    await page.getByRole("button", { name: "Excluir selecionados" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Excluir 1 cliente?" });
    await confirm.waitFor();
    await confirm.getByRole("button", { name: "Confirmar exclusão" }).click();
    await page.getByText("Cliente excluído.").waitFor();
    await expect.poll(() => listedNames(page)).toEqual(["Lista 001", "Lista 003"]);
    await page.getByRole("button", { name: "Desfazer" }).click();
    await page.getByText("Cliente restaurado.").waitFor();
    await expect.poll(() => listedNames(page)).toEqual(["Lista 001", "Lista 002", "Lista 003"]);
  });

  it("opens a deep page from a copied URL, pages with the keyset cursor and keeps the back button", async () => {
    const { page } = f;
    const { orgId } = await signedIn("Vera Campos");
    await seedClients(orgId, 60);
    // A link someone copied: page 3, sorted by name descending.
    await page.goto("/clients?sort=nome&dir=desc&page=3");
    const pager = page.getByRole("navigation", { name: "Paginação" });
    await pager.getByText("Página 3 de 3").waitFor();
    expect(await page.getByRole("columnheader", { name: /Nome/ }).getAttribute("aria-sort")).toBe("descending");
    const names = await listedNames(page);
    expect(names[0]).toBe("Cliente 010");
    expect(names.at(-1)).toBe("Cliente 001");

    await page.evaluate(() => Object.assign(window, { semRecarregar: true }));
    await page.getByRole("link", { name: "← Anterior" }).click();
    await pager.getByText("Página 2 de 3").waitFor();
    expect(await page.evaluate(() => (window as unknown as { semRecarregar?: boolean }).semRecarregar)).toBe(true);
    expect((await listedNames(page))[0]).toBe("Cliente 035");
    await page.goBack();
    await pager.getByText("Página 3 de 3").waitFor();

    // Forward from the first page goes by cursor (`after`), landing on the same rows as page 2.
    await page.goto("/clients?sort=nome&dir=desc");
    await page.getByRole("link", { name: "Próxima →" }).click();
    await page.waitForURL((u) => u.searchParams.get("page") === "2" && Boolean(u.searchParams.get("after")));
    await expect.poll(async () => (await listedNames(page))[0]).toBe("Cliente 035");

    // Sorting by a header link keeps the URL shareable.
    await page.getByRole("link", { name: /^Nome/ }).click();
    await page.waitForURL((u) => u.searchParams.get("dir") === "asc" || !u.searchParams.has("dir"));
    await expect.poll(async () => (await listedNames(page))[0]).toBe("Cliente 001");
  });

  it("lets the professional register clients but neither delete nor edit the office's", async () => {
    const { page } = f;
    const owner = await createRegisteredUser({ name: "Dona Lúcia" });
    const orgId = await orgOf(owner);
    await seedClients(orgId, 1, "Visto");
    const now = new Date();
    const pro = { id: crypto.randomUUID(), email: uniqueEmail("profissional"), password: "senha-forte-123" };
    const db = e2eDb();
    await db.batch([
      db.insert(users).values({
        id: pro.id,
        name: "Igor Profissional",
        email: pro.email,
        passwordHash: hashPassword(pro.password),
        emailVerifiedAt: now,
        createdAt: now,
        updatedAt: now,
      }),
      db.insert(memberships).values({ orgId, userId: pro.id, role: "professional", createdAt: now, updatedAt: now }),
    ]);
    await login(page, pro.email, pro.password);
    await page.goto("/clients");
    await page.getByRole("link", { name: "Visto 001" }).waitFor();
    // A corretor registers the buyer met at a plantão; deleting stays with the office.
    expect(await page.getByRole("link", { name: "Novo cliente" }).count()).toBeGreaterThan(0);
    expect(await page.getByRole("button", { name: "Excluir selecionados" }).count()).toBe(0);
    // The office's client: no Editar, and its form's save is refused with nothing changed.
    await page.getByRole("link", { name: "Visto 001" }).click();
    await page.getByRole("heading", { name: "Visto 001" }).waitFor();
    expect(await page.getByRole("link", { name: "Editar" }).count()).toBe(0);
    const id = new URL(page.url()).pathname.split("/").at(-1) as string;
    const res = await page.request.post(`/clients/${id}/edit`, {
      form: { tipo: "pf", nome: "Invasor" },
      headers: { origin: new URL(f.baseURL).origin },
      maxRedirects: 0,
    });
    expect(res.status()).toBe(403);
    const [row] = await db.select({ nome: clients.nome }).from(clients).where(eq(clients.id, id));
    expect(row?.nome).toBe("Visto 001");
  });

  it("works without JavaScript: search, filters, columns, create, delete and undo", async () => {
    const user = await createRegisteredUser({ name: "Sem Script" });
    const orgId = await orgOf(user);
    await seedClients(orgId, 3, "Plano");
    const context = await f.browser.newContext({ baseURL: f.baseURL, javaScriptEnabled: false, locale: "pt-BR" });
    try {
      const page = await context.newPage();
      await login(page, user.email, user.password);

      await page.goto("/clientes");
      expect(await page.title()).toBe("Clientes | Alicerce");
      // The menus render their inputs only when opened; without JavaScript a link opens them.
      expect(await page.getByRole("combobox", { name: "Tipo" }).count()).toBe(0);
      await page.locator("summary", { hasText: "Filtros" }).click();
      await page.getByRole("link", { name: "Mostrar opções" }).click();
      await page.waitForURL((u) => u.searchParams.get("painel") === "filtros");
      // A plain GET form: blank filters, the date range and the columns come back as a short URL.
      await page.getByRole("combobox", { name: "Tipo" }).selectOption("pf");
      await page.getByLabel("De", { exact: true }).first().fill("2020-01-01");
      await page.getByRole("button", { name: "Aplicar filtros" }).click();
      await page.waitForURL((u) => u.searchParams.get("f.tipo") === "pf");
      const url = new URL(page.url());
      expect(url.pathname).toBe("/clientes");
      expect([...url.searchParams.keys()].sort()).toEqual(["f.criadoEm", "f.tipo"]);
      expect(url.searchParams.get("f.criadoEm")).toBe("2020-01-01..");
      expect(await listedNames(page)).toEqual(["Plano 001", "Plano 002", "Plano 003"]);

      await page.locator("summary", { hasText: "Colunas" }).click();
      await page.getByRole("link", { name: "Mostrar opções" }).click();
      await page.waitForURL((u) => u.searchParams.get("painel") === "colunas");
      expect(new URL(page.url()).searchParams.get("f.tipo")).toBe("pf");
      await page.getByRole("checkbox", { name: "Cidade" }).uncheck();
      await page.getByRole("checkbox", { name: "Tipo" }).check();
      await page.getByRole("button", { name: "Aplicar", exact: true }).click();
      await page.waitForURL((u) => u.searchParams.has("cols"));
      expect(new URL(page.url()).searchParams.get("cols")).toBe("nome,tipo,documento,email,telefone,origem,tags");
      expect(await page.getByRole("columnheader", { name: "Cidade" }).count()).toBe(0);

      // Delete with the confirmation step, then undo from the toast: all plain forms.
      await page.getByLabel("Selecionar Plano 003").check();
      await page.getByRole("button", { name: "Excluir selecionados" }).click();
      await page.getByRole("button", { name: "Confirmar exclusão" }).click();
      await page.getByText("Cliente excluído.").waitFor();
      expect(await listedNames(page)).toEqual(["Plano 001", "Plano 002"]);
      await page.getByRole("button", { name: "Desfazer" }).click();
      await page.getByText("Cliente restaurado.").waitFor();
      expect(await listedNames(page)).toEqual(["Plano 001", "Plano 002", "Plano 003"]);

      await page.goto("/clients/create");
      await page.getByLabel("Nome", { exact: true }).fill("Cláudia Sem Script");
      await page.getByLabel("Tags", { exact: true }).fill("vip, indicação");
      await page.getByLabel("Número do telefone 1").fill("(31) 3222-1234");
      await page.getByRole("button", { name: "Salvar cliente" }).click();
      await page.waitForURL(/\/clients\/[0-9a-f-]{36}$/);
      await page.getByRole("heading", { level: 1, name: "Cláudia Sem Script" }).waitFor();
      await page.getByText("indicação", { exact: true }).waitFor();
    } finally {
      await context.close();
    }
  });

  it("creates a company and links a client to it from the company's page", async () => {
    const { page } = f;
    await signedIn("Marcos Teixeira");
    await page.goto("/companies");
    await expect.poll(() => page.title()).toBe("Empresas | Alicerce");
    await page.getByRole("link", { name: "Nova empresa" }).first().click();
    await waitForPath(page, "/companies/create");
    await expect.poll(() => page.title()).toBe("Nova Empresa | Alicerce");
    await waitIdle(page);
    await page.getByLabel("Tipo").selectOption("construtora");
    await page.getByLabel("CNPJ").pressSequentially("11222333000181");
    expect(await page.getByLabel("CNPJ").inputValue()).toBe("11.222.333/0001-81");
    await page.getByLabel("Razão social").fill("Construtora Horizonte Ltda");
    await page.getByLabel("Nome fantasia").fill("Horizonte");
    await page.getByLabel("Site").fill("horizonte.com.br");
    await page.getByRole("button", { name: "Salvar empresa" }).click();
    await page.waitForURL(/\/companies\/[0-9a-f-]{36}$/);
    await page.getByRole("heading", { level: 1, name: "Horizonte" }).waitFor();
    await page.getByText("Empresa cadastrada.").waitFor();
    const companyUrl = page.url();

    await page.getByRole("link", { name: "+ Novo cliente" }).click();
    await page.waitForURL(/\/clients\/create\?empresa=/);
    await waitIdle(page);
    // The company comes chosen. The picker's combobox replaces its no-JavaScript <select> after
    // hydration, so wait for it; the id rides in the field's hidden input either way.
    await page.getByRole("combobox", { name: "Empresa" }).waitFor();
    await page.getByRole("list", { name: "Empresa: escolhido" }).getByText("Horizonte", { exact: true }).waitFor();
    expect(await page.locator('#form-cliente [name="empresaId"]').inputValue()).toBe(companyUrl.split("/").at(-1));
    await page.getByLabel("Nome", { exact: true }).fill("Rita Horizonte");
    await page.getByRole("button", { name: "Salvar cliente" }).click();
    await page.waitForURL(/\/clients\/[0-9a-f-]{36}$/);
    await page.getByRole("link", { name: "Horizonte" }).click();
    await page.waitForURL(companyUrl);
    await page.getByRole("heading", { name: "Clientes ligados (1)" }).waitFor();
    await page.getByRole("link", { name: "Rita Horizonte" }).waitFor();
  });

  it("has no serious accessibility violations on the list and the form", async () => {
    const { page } = f;
    const { orgId } = await signedIn("Amanda Reis");
    await seedClients(orgId, 30);
    for (const path of ["/clients", "/clients/create"]) {
      await page.goto(path);
      await waitIdle(page);
      expect(await axeSeriousViolations(page), path).toEqual([]);
    }
  });

  it("keeps a CNPJ and a phone on one line at 1366 px, names wrap between words, and nothing overflows at 390 px", async () => {
    const { page } = f;
    const { orgId } = await signedIn("Sérgio Prado");
    const nome = "Construtora e Incorporadora Horizonte Paulista de Empreendimentos Imobiliários Ltda";
    const now = new Date();
    await e2eDb()
      .insert(clients)
      .values({
        id: crypto.randomUUID(),
        orgId,
        tipo: "pj",
        nome,
        ordem: sortKey(nome),
        chavesBusca: JSON.stringify(searchKeys({ names: [nome] })),
        documento: "52904478000140",
        email: "atendimento.comercial.corporativo@construtora-horizonte-paulista.com.br",
        telefones: [{ numero: "1154901247", whatsapp: false, rotulo: null }],
        telefonePrincipal: "1154901247",
        origem: "instagram",
        criadoEm: now,
        atualizadoEm: now,
      });
    await page.setViewportSize({ width: 1366, height: 800 });
    await page.goto("/clients");
    await waitIdle(page);
    /** How many lines a cell's text takes (one client rect per line box). */
    const lines = (label: string) =>
      page
        .locator(`tbody tr td[data-label="${label}"]`)
        .first()
        .evaluate((td) => {
          const range = document.createRange();
          range.selectNodeContents(td);
          return new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top))).size;
        });
    expect(await page.locator('tbody tr td[data-label="CPF/CNPJ"]').first().textContent()).toBe("52.904.478/0001-40");
    expect(await lines("CPF/CNPJ")).toBe(1);
    expect(await lines("Telefone")).toBe(1);
    expect(await lines("Origem")).toBe(1);
    // The name wraps between words: no word is split.
    const words = await page
      .locator("tbody tr td.dl-first a")
      .first()
      .evaluate((a) => {
        const text = a.firstChild as Text;
        const range = document.createRange();
        const tops: number[] = [];
        for (let i = 0; i < text.length; i++) {
          range.setStart(text, i);
          range.setEnd(text, i + 1);
          tops.push(Math.round(range.getBoundingClientRect().top));
        }
        // A line change inside a word (between two letters) would split it.
        return [...text.data].filter((ch, i) => i > 0 && tops[i] !== tops[i - 1] && ch !== " " && text.data[i - 1] !== " ").length;
      });
    expect(words).toBe(0);
    // On a phone the unbroken codes still fit: the page never scrolls sideways.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/clients");
    await waitIdle(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});
