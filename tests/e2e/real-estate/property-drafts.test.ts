/**
 * Rascunhos de Imóveis on a phone (390×844): a corretor captures a draft at the visit, the
 * network drops mid-form and nothing is lost (kept on the device, said so, synced when back),
 * publishing lists what is missing (a photo, linked to the Fotos tab, where one is uploaded),
 * and then the draft becomes a listing on /properties — where a buyer's interest that was waiting
 * for it sees it as a new match, and a visitor who opens its public page and writes arrives as a
 * lead (issue 12's "done when", one flow).
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { inboundLeads, properties, propertyInterests } from "../../../db/schema/index.ts";
import { createRegisteredUser, e2eDb } from "../support/accounts.ts";
import { axeSeriousViolations, browserFixture, waitForPath } from "../support/browser.ts";
import { login } from "../support/pages.ts";

const f = browserFixture();
const DRAFT_PATH = /\/property-drafts\/([0-9a-f-]{36})$/;

async function stored(id: string) {
  const [row] = await e2eDb().select().from(properties).where(eq(properties.id, id));
  if (!row) throw new Error("draft not found");
  return row;
}

describe("Rascunhos de Imóveis", () => {
  it("captures a draft on a phone, survives losing the network, lists what is missing and publishes", async () => {
    const page = f.page;
    await page.setViewportSize({ width: 390, height: 844 });
    // The failed sends while offline are the point of the test.
    f.allowBrowserError(/ERR_INTERNET_DISCONNECTED|Failed to fetch|Failed to load resource/);
    const owner = await createRegisteredUser({ name: "Rita Corretora" });
    await login(page, owner.email, owner.password);

    // A buyer already waiting: an apartment in Pinheiros, 2+ quartos, up to R$ 800 mil.
    const api = (path: string, data: Record<string, unknown>) =>
      page.request.post(path, { data, headers: { origin: f.baseURL } }).then(async (r) => {
        expect(r.status(), `${path}: ${await r.text()}`).toBe(201);
        return ((await r.json()) as { data: { id: string } }).data.id;
      });
    const buyer = await api("/api/clients", { tipo: "pf", nome: "Lúcia Andrade", email: "lucia.andrade@exemplo.com.br" });
    const wish = await api("/api/property_clients", {
      clienteId: buyer,
      finalidade: "venda",
      tipos: ["apartamento"],
      locais: "Pinheiros, São Paulo - SP",
      precoMaxCentavos: 800_000_00,
      quartosMin: 2,
      temperatura: "quente",
    });

    await page.goto("/property-drafts");
    await page.getByRole("button", { name: "Novo rascunho" }).click();
    await page.waitForURL(DRAFT_PATH);
    const id = DRAFT_PATH.exec(new URL(page.url()).pathname)?.[1] as string;
    const status = page.getByRole("status").filter({ hasText: /Salvo|Salvando|Sem conexão|não salvas/ });

    await page.getByLabel("Título do anúncio").fill("Apartamento com varanda em Pinheiros");
    await page.getByLabel("Finalidade").selectOption("venda");
    await page.getByLabel("Tipo", { exact: true }).selectOption("apartamento");
    await expect.poll(async () => (await stored(id)).titulo, { timeout: 10_000 }).toBe("Apartamento com varanda em Pinheiros");
    await expect.poll(() => status.textContent(), { timeout: 10_000 }).toMatch(/^Salvo às \d\d:\d\d$/);

    // The network drops mid-form: typing goes on, the form says it is kept on this device.
    await f.context.setOffline(true);
    await page.getByLabel("Bairro").fill("Pinheiros");
    await page.getByLabel("Cidade").fill("São Paulo");
    await page.getByLabel("UF").selectOption("SP");
    await page.getByLabel("Quartos").fill("2");
    await page.getByLabel("Área útil/privativa (m²)").fill("68");
    await page.getByLabel("Valor de venda").fill("750.000,00");
    await expect.poll(() => status.textContent(), { timeout: 10_000 }).toBe("Sem conexão — guardado neste aparelho");
    const local = await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith("alicerce:rascunho-imovel:")));
    expect(local).toHaveLength(1);
    expect((await stored(id)).bairro).toBeNull();

    // Back online: the kept changes reach the server and the local copy goes away.
    await f.context.setOffline(false);
    await expect.poll(async () => (await stored(id)).bairro, { timeout: 20_000 }).toBe("Pinheiros");
    await expect.poll(() => status.textContent(), { timeout: 10_000 }).toMatch(/^Salvo às \d\d:\d\d$/);
    const row = await stored(id);
    expect(row).toMatchObject({
      cidade: "São Paulo",
      uf: "SP",
      quartos: 2,
      areaUtil: 68,
      valorVendaCentavos: 750_000_00,
      status: "rascunho",
    });
    await expect.poll(() => page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith("alicerce:")).length)).toBe(0);

    // The list shows its progress: everything but the photo.
    await page.goto("/property-drafts");
    await page.getByText("7 de 8 itens para publicar").waitFor();

    // Publishing without a photo lists what is missing, linked to the Fotos tab.
    await page.getByRole("link", { name: /Apartamento com varanda em Pinheiros/ }).click();
    await page.waitForURL(DRAFT_PATH);
    await page.getByRole("button", { name: "Publicar" }).click();
    const missing = page.getByRole("alert").filter({ hasText: "Para publicar, falta:" });
    await missing.waitFor();
    expect(await missing.getByRole("link", { name: "Ao menos uma foto" }).getAttribute("href")).toBe(`/properties/${id}/fotos`);
    expect((await stored(id)).status).toBe("rascunho");

    // The checklist's link opens the Fotos tab: one photo from the "gallery" (drawn here), uploaded.
    await missing.getByRole("link", { name: "Ao menos uma foto" }).click();
    await waitForPath(page, `/properties/${id}/fotos`);
    const png = await page.evaluate(() => {
      const canvas = document.createElement("canvas");
      canvas.width = 1200;
      canvas.height = 900;
      const g = canvas.getContext("2d") as CanvasRenderingContext2D;
      g.fillStyle = "#4a7a9c";
      g.fillRect(0, 0, 1200, 900);
      g.fillStyle = "#f4e6c8";
      g.fillRect(240, 300, 720, 420);
      return canvas.toDataURL("image/png").split(",")[1] as string;
    });
    await page.getByLabel("Escolher fotos").setInputFiles({ name: "sala.png", mimeType: "image/png", buffer: Buffer.from(png, "base64") });
    await expect.poll(async () => (await stored(id)).fotos, { timeout: 20_000 }).toBe(1);

    await page.goto(`/property-drafts/${id}`);
    await page.getByRole("button", { name: "Publicar" }).click();
    await waitForPath(page, `/properties/${id}`);
    expect((await stored(id)).status).toBe("disponivel");
    await page.goto("/properties");
    await page.getByText("Apartamento com varanda em Pinheiros").first().waitFor();

    // The waiting interest sees the new listing: on the dashboard and on the interest, with why.
    await page.goto("/");
    const matches = page.getByRole("list", { name: "Últimos matches" });
    await matches.getByRole("link", { name: /Apartamento com varanda em Pinheiros.*Lúcia Andrade/ }).waitFor();
    await page.goto(`/property_clients/${wish}`);
    await page.getByText("Apartamento com varanda em Pinheiros").first().waitFor();
    await page.getByText("bairro ✓").first().waitFor();

    // A visitor opens the public page from WhatsApp and writes: the lead arrives.
    const { slug } = await stored(id);
    const visitor = await f.newPage();
    await visitor.setViewportSize({ width: 390, height: 844 });
    expect((await visitor.goto(`/imovel/${slug}`))?.status()).toBe(200);
    await visitor.getByLabel("Nome").fill("Otávio Mendes");
    await visitor.getByLabel("E-mail").fill("otavio.mendes@exemplo.com.br");
    await visitor.getByLabel("Telefone").fill("11976543210");
    await visitor.getByRole("button", { name: "Enviar mensagem" }).click();
    await visitor.getByRole("status").filter({ hasText: "Mensagem enviada!" }).waitFor();
    const [lead] = await e2eDb().select().from(inboundLeads).where(eq(inboundLeads.imovelId, id));
    expect(lead?.origem).toBe("site");
    const [interest] = await e2eDb()
      .select()
      .from(propertyInterests)
      .where(eq(propertyInterests.id, lead?.interesseId as string));
    expect(interest).toMatchObject({ origem: "site", etapa: "novo", imovelId: id });
    await page.goto("/property_clients");
    await page.getByText("Otávio Mendes").first().waitFor();
  });

  it("asks which version to keep when a tab that edited offline comes back after another saved (no last-write-wins)", async () => {
    const page = f.page;
    await page.setViewportSize({ width: 390, height: 844 });
    // The failed sends while offline and the 409 answers are the point of the test.
    f.allowBrowserError(/ERR_INTERNET_DISCONNECTED|Failed to fetch|Failed to load resource/);
    const owner = await createRegisteredUser({ name: "Beatriz Dois Aparelhos" });
    await login(page, owner.email, owner.password);
    await page.goto("/property-drafts");
    await page.getByRole("button", { name: "Novo rascunho" }).click();
    await page.waitForURL(DRAFT_PATH);
    const id = DRAFT_PATH.exec(new URL(page.url()).pathname)?.[1] as string;
    const status = page.getByRole("status").filter({ hasText: /Salvo|Salvando|Sem conexão|não salvas|Versão mais nova/ });
    await page.getByLabel("Título do anúncio").fill("Casa no Butantã");
    await expect.poll(async () => (await stored(id)).titulo, { timeout: 10_000 }).toBe("Casa no Butantã");
    await expect.poll(() => status.textContent(), { timeout: 10_000 }).toMatch(/^Salvo às/);

    // The same draft open on a second device.
    const other = await f.newPage();
    await other.setViewportSize({ width: 390, height: 844 });
    await login(other, owner.email, owner.password);
    await other.goto(`/property-drafts/${id}`);
    await expect.poll(() => other.getByLabel("Título do anúncio").inputValue()).toBe("Casa no Butantã");

    const dialog = page.getByRole("alertdialog", { name: "Este rascunho mudou em outro lugar" });
    /** This phone loses the network and edits; the other device saves; the network comes back. */
    const collide = async (
      mine: Record<string, string>,
      theirs: [string, string],
      check: (row: Awaited<ReturnType<typeof stored>>) => boolean,
    ) => {
      await f.context.setOffline(true);
      for (const [label, value] of Object.entries(mine)) await page.getByLabel(label, { exact: true }).fill(value);
      await expect.poll(() => status.textContent(), { timeout: 10_000 }).toBe("Sem conexão — guardado neste aparelho");
      await other.getByLabel(theirs[0], { exact: true }).fill(theirs[1]);
      await expect.poll(async () => check(await stored(id)), { timeout: 10_000 }).toBe(true);
      await f.context.setOffline(false);
      await dialog.waitFor({ timeout: 20_000 });
    };

    // 1. The choice is shown, nothing of this phone's is written; "Usar a versão do servidor".
    await collide(
      { "Título do anúncio": "Casa térrea no Butantã", Bairro: "Butantã" },
      ["Título do anúncio", "Sobrado no Butantã"],
      (row) => row.titulo === "Sobrado no Butantã",
    );
    expect(await dialog.getByRole("list", { name: "Campos diferentes" }).getByRole("listitem").allTextContents()).toEqual([
      "Título do anúncio",
      "Bairro",
    ]);
    await dialog.getByText(/^Beatriz Dois Aparelhos salvou uma versão às \d\d:\d\d/).waitFor();
    // A modal dialog: the keyboard starts inside it; the phone's page does not scroll sideways.
    expect(await page.evaluate(() => document.activeElement?.closest("dialog") !== null)).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(await axeSeriousViolations(page)).toEqual([]);
    await page.keyboard.press("Escape");
    expect(await dialog.isVisible()).toBe(true);
    expect(await stored(id)).toMatchObject({ titulo: "Sobrado no Butantã", bairro: null });
    await dialog.getByRole("button", { name: "Usar a versão do servidor" }).click();
    await expect.poll(() => page.getByLabel("Título do anúncio").inputValue()).toBe("Sobrado no Butantã");
    expect(await page.getByLabel("Bairro", { exact: true }).inputValue()).toBe("");
    expect(await dialog.isVisible()).toBe(false);
    await expect.poll(() => page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith("alicerce:")).length)).toBe(0);
    expect(await stored(id)).toMatchObject({ titulo: "Sobrado no Butantã", bairro: null });

    // 2. Again, from the server's copy it now shows; "Manter a minha versão" writes this phone's form.
    await collide({ "Título do anúncio": "Casa térrea com edícula" }, ["Bairro", "Rio Pequeno"], (row) => row.bairro === "Rio Pequeno");
    expect(await dialog.getByRole("list", { name: "Campos diferentes" }).getByRole("listitem").allTextContents()).toEqual([
      "Título do anúncio",
      "Bairro",
    ]);
    await dialog.getByRole("button", { name: "Manter a minha versão" }).click();
    await expect.poll(async () => (await stored(id)).titulo, { timeout: 10_000 }).toBe("Casa térrea com edícula");
    expect((await stored(id)).bairro).toBeNull();
    await expect.poll(() => status.textContent(), { timeout: 10_000 }).toMatch(/^Salvo às/);
    expect(await dialog.isVisible()).toBe(false);

    // The other device is now the stale one: its next change asks instead of overwriting.
    await other.getByLabel("Cidade", { exact: true }).fill("São Paulo");
    await other.getByRole("alertdialog", { name: "Este rascunho mudou em outro lugar" }).waitFor({ timeout: 10_000 });
    expect((await stored(id)).cidade).toBeNull();

    // It takes the server's copy (this phone's) and saves a change from it: no question asked.
    await other.getByRole("button", { name: "Usar a versão do servidor" }).click();
    await expect.poll(() => other.getByLabel("Título do anúncio").inputValue()).toBe("Casa térrea com edícula");
    await other.getByLabel("Cidade", { exact: true }).fill("Osasco");
    await expect.poll(async () => (await stored(id)).cidade, { timeout: 10_000 }).toBe("Osasco");

    // 3. "Publicar" on this phone, from the copy before that: the same choice, nothing written or published.
    await page.getByRole("button", { name: "Publicar" }).click();
    await dialog.waitFor({ timeout: 10_000 });
    expect(await dialog.getByRole("list", { name: "Campos diferentes" }).getByRole("listitem").allTextContents()).toEqual(["Cidade"]);
    expect(await stored(id)).toMatchObject({ status: "rascunho", cidade: "Osasco" });
    await dialog.getByRole("button", { name: "Usar a versão do servidor" }).click();
    await expect.poll(() => page.getByLabel("Cidade", { exact: true }).inputValue()).toBe("Osasco");
  });

  it("pages the drafts, newest change first, 24 a page, with the page in the URL", async () => {
    const page = f.page;
    const owner = await createRegisteredUser({ name: "Paula Paginada" });
    await login(page, owner.email, owner.password);
    for (let i = 0; i < 26; i++) {
      const res = await page.request.post("/property-drafts", {
        form: { intent: "novo" },
        headers: { origin: f.baseURL },
        maxRedirects: 0,
      });
      expect(res.status()).toBe(302);
    }
    const deleteButtons = () => page.getByRole("button", { name: /^Excluir o rascunho / });
    await page.goto("/property-drafts");
    await page.getByText("Página 1 de 2").waitFor();
    expect(await deleteButtons().count()).toBe(24);
    await page.getByRole("link", { name: "Próxima →" }).click();
    await page.waitForURL(/\/property-drafts\?page=2$/);
    await page.getByText("Página 2 de 2").waitFor();
    expect(await deleteButtons().count()).toBe(2);
    // Past the last page: the last page there is. Anything but digits: the first.
    await page.goto("/property-drafts?page=9");
    await page.waitForURL(/\/property-drafts\?page=2$/);
    await page.goto("/property-drafts?page=dois");
    await page.getByText("Página 1 de 2").waitFor();
  });

  it("offers back a local copy newer than the server's and deletes a draft with confirmation", async () => {
    const page = f.page;
    await page.setViewportSize({ width: 390, height: 844 });
    const owner = await createRegisteredUser({ name: "Caio Captador" });
    await login(page, owner.email, owner.password);
    await page.goto("/property-drafts");
    await page.getByRole("button", { name: "Novo rascunho" }).click();
    await page.waitForURL(DRAFT_PATH);
    const id = DRAFT_PATH.exec(new URL(page.url()).pathname)?.[1] as string;

    // Changes typed on this device that never reached the server (the tab closed offline).
    await page.evaluate(
      ([key, editedAt]) => localStorage.setItem(key as string, JSON.stringify({ editedAt, values: { titulo: "Casa térrea no Butantã" } })),
      [`alicerce:rascunho-imovel:${owner.id}:${id}`, new Date(Date.now() + 60_000).toISOString()],
    );
    await page.reload();
    await page.getByRole("button", { name: "Manter as deste aparelho" }).click();
    await expect.poll(() => page.getByLabel("Título do anúncio").inputValue()).toBe("Casa térrea no Butantã");
    await expect.poll(async () => (await stored(id)).titulo, { timeout: 10_000 }).toBe("Casa térrea no Butantã");

    // A value the server refuses is kept as typed with its message, shown on the field after reopening.
    await page.getByLabel("Ano de construção").fill("1700");
    await expect.poll(async () => (await stored(id)).rascunhoEstado ?? "", { timeout: 10_000 }).toContain("1700");
    expect((await stored(id)).anoConstrucao).toBeNull();
    await page.reload();
    const ano = page.getByLabel("Ano de construção");
    expect(await ano.inputValue()).toBe("1700");
    expect(await ano.getAttribute("aria-invalid")).toBe("true");

    await page.goto("/property-drafts");
    await page.getByRole("button", { name: `Excluir o rascunho ${(await stored(id)).codigo}` }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Excluir rascunho" }).click();
    await page.getByText("Rascunho excluído.").waitFor();
    expect((await stored(id)).excluidoEm).not.toBeNull();
  });
});
