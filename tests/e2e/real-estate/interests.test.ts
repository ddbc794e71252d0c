/**
 * Interesses em Imóveis end to end in Chromium, as a corretor uses them: a new interest (search
 * profile) whose tipo is ticked from the property form's list and whose bairro is picked among the
 * organização's shows the available property that matches it with its score, pt-BR reasons and
 * the WhatsApp link; the card sits in the kanban's "Novo" column, moves to "Contato" by keyboard
 * and to "Visita agendada" with its "Mover para…" menu, keyboard only; each column heads its count
 * and R$ total; the board never makes the page wider than the window (390 and 1366 px), every
 * column reachable; the property's Interesses tab lists the interest and sends the property by e-mail.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { emailOutbox, memberships, propertyInterests } from "../../../db/schema/index.ts";
import { createRecord } from "../../../worker/resources/records.ts";
import { createRegisteredUser, e2eDb, e2eServiceContext } from "../support/accounts.ts";
import { browserFixture } from "../support/browser.ts";
import { login } from "../support/pages.ts";

const f = browserFixture();

describe("interesses em imóveis", () => {
  it("create an interest, see its match with reasons and WhatsApp, move it on the kanban by keyboard and its Mover para… menu, column totals, no page overflow, send by e-mail", async () => {
    const { page } = f;
    const owner = await createRegisteredUser({ name: "Caio Mendes" });
    const db = e2eDb();
    const [m] = await db.select().from(memberships).where(eq(memberships.userId, owner.id));
    if (!m) throw new Error("no membership");
    const actor = { orgId: m.orgId, userId: owner.id, role: "owner" as const };
    const ctx = e2eServiceContext(f.baseURL);
    const client = await createRecord(ctx, actor, "clients", {
      tipo: "pf",
      nome: "Helena Duarte",
      email: "helena.duarte@exemplo.com.br",
      telefones: [{ numero: "(11) 97654-3210", whatsapp: true }],
    });
    const base = {
      finalidade: "venda",
      tipo: "apartamento",
      descricao: "Apartamento claro, perto do metrô, com lazer completo e portaria 24 horas.",
      areaUtil: 92,
      quartos: 3,
      suites: 1,
      vagas: 2,
      bairro: "Pinheiros",
      cidade: "São Paulo",
      uf: "SP",
      status: "disponivel",
    };
    const match = await createRecord(ctx, actor, "imoveis", {
      ...base,
      titulo: "Apartamento de 3 quartos em Pinheiros",
      valorVendaCentavos: 78_000_000,
    });
    await createRecord(ctx, actor, "imoveis", { ...base, titulo: "Apartamento em Moema", bairro: "Moema", valorVendaCentavos: 70_000_000 });

    await login(page, owner.email, owner.password);
    await page.goto(`${f.baseURL}/property_clients/create?cliente=${client.id}`);
    await page.getByRole("combobox", { name: "Cliente" }).waitFor();
    await page.getByLabel("Finalidade", { exact: true }).selectOption("venda");
    // Criteria from lists: the tipo ticked, the bairro picked among those of the organização's imóveis.
    const tipos = page.getByRole("group", { name: "Tipos de imóvel" });
    expect(await tipos.getByRole("checkbox").count()).toBe(15);
    await tipos.getByRole("checkbox", { name: "Apartamento", exact: true }).check();
    const places = page.getByRole("combobox", { name: "Bairros e cidades" });
    await places.fill("pinhe");
    await page.getByRole("option", { name: "Pinheiros, São Paulo - SP" }).click();
    await page.getByRole("list", { name: "Bairros e cidades: escolhidos" }).getByText("Pinheiros, São Paulo - SP").waitFor();
    await page.getByRole("group", { name: "Características desejadas" }).getByRole("checkbox", { name: "Piscina" }).check();
    await page.getByLabel("Preço máximo (teto)", { exact: true }).pressSequentially("800000");
    await page.getByLabel("Quartos (mínimo)", { exact: true }).fill("2");
    await page.getByRole("button", { name: "Salvar interesse" }).click();
    await page.waitForURL(/\/property_clients\/[0-9a-f-]{36}$/);
    const interestId = page.url().split("/").at(-1) as string;

    // The match: the Pinheiros apartment (not Moema's), with its score, reasons and WhatsApp.
    await page.getByRole("heading", { name: "Imóveis que combinam (1)" }).waitFor();
    const item = page.locator(`[data-match="${match.id}"]`);
    await item.getByRole("link", { name: "Apartamento de 3 quartos em Pinheiros" }).waitFor();
    const text = (await item.textContent()) ?? "";
    expect(text).toContain("3 quartos ✓");
    expect(text).toMatch(/\d+%/);
    const whatsapp = (await item.getByRole("link", { name: "Enviar por WhatsApp" }).getAttribute("href")) ?? "";
    expect(whatsapp.startsWith("https://wa.me/5511976543210?text=")).toBe(true);
    expect(decodeURIComponent(whatsapp)).toContain(`${f.baseURL}/imovel/`);
    expect(decodeURIComponent(whatsapp)).toContain("Apartamento de 3 quartos em Pinheiros, por R$ 780.000,00.");

    // The kanban: the card in "Novo", moved to "Contato" with the right arrow.
    await page.goto(`${f.baseURL}/property_clients?vista=kanban`);
    const card = page.locator(`[data-etapa="novo"] [data-card="${interestId}"]`);
    await card.waitFor();
    await card.focus();
    await page.keyboard.press("ArrowRight");
    await page.locator(`[data-etapa="contato"] [data-card="${interestId}"]`).waitFor();
    await expect
      .poll(async () => (await db.select().from(propertyInterests).where(eq(propertyInterests.id, interestId)))[0]?.etapa)
      .toBe("contato");

    // "Mover para…", keyboard only: Enter opens the menu on its first item, Escape closes it and
    // gives the focus back, ↓ moves through the other columns, Enter moves the card.
    const menuButton = page.locator(`[data-card="${interestId}"]`).getByRole("button", { name: "Mover para… (Helena Duarte)" });
    expect(await menuButton.getAttribute("aria-haspopup")).toBe("menu");
    await menuButton.focus();
    await page.keyboard.press("Enter");
    const menu = page.getByRole("menu", { name: "Mover Helena Duarte para" });
    await menu.waitFor();
    expect(await menuButton.getAttribute("aria-expanded")).toBe("true");
    expect(await menu.getByRole("menuitem").allTextContents()).toEqual(["Novo", "Visita agendada", "Proposta", "Fechado", "Perdido"]);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Novo");
    await page.keyboard.press("Escape");
    await menu.waitFor({ state: "detached" });
    expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-haspopup"))).toBe("menu");
    await page.keyboard.press("ArrowDown");
    await menu.waitFor();
    await page.keyboard.press("ArrowDown");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Visita agendada");
    await page.keyboard.press("Enter");
    await page.locator(`[data-etapa="visita_agendada"] [data-card="${interestId}"]`).waitFor();
    await expect
      .poll(async () => (await db.select().from(propertyInterests).where(eq(propertyInterests.id, interestId)))[0]?.etapa)
      .toBe("visita_agendada");
    // The moved card has the focus again (the keyboard keeps its place).
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute("data-card"))).toBe(interestId);

    // Each column's header: its count and the R$ of its interests' ceilings.
    const header = page.locator('[data-etapa="visita_agendada"] h2');
    expect(await header.locator("[data-coluna-total]").textContent()).toBe("1 interesse");
    expect(await header.locator("[data-coluna-valor]").textContent()).toBe("Total: R$ 800.000,00");
    expect(await page.locator('[data-etapa="novo"] h2 [data-coluna-valor]').textContent()).toBe("Total: R$ 0,00");

    // The page never scrolls sideways, on a phone nor on a laptop; every column is reachable.
    for (const width of [390, 1366]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
      await page.reload();
      await page.locator("[data-kanban-board]").waitFor();
      const sizes = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
      expect(sizes.scroll, `page width at ${width} px`).toBeLessThanOrEqual(sizes.inner);
      await page
        .getByRole("navigation", { name: "Etapas do quadro" })
        .getByRole("button", { name: /^Perdido/ })
        .click();
      const lost = page.locator('[data-etapa="perdido"]');
      await expect
        .poll(async () => {
          const box = await lost.boundingBox();
          return box ? box.x >= 0 && box.x + box.width <= width : false;
        })
        .toBe(true);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    }
    await page.setViewportSize({ width: 1400, height: 800 });

    // The property's Interesses tab: the interest, and "Enviar por e-mail" goes through the outbox.
    await page.goto(`${f.baseURL}/properties/${match.id}/interesses`);
    const row = page.locator(`[data-match="${interestId}"]`);
    await row.getByRole("link", { name: "Helena Duarte" }).waitFor();
    expect((await row.textContent()) ?? "").toContain("Visita agendada");
    // The header counts what the tab lists (it said "0 interesses" beside a listed match).
    await page.getByRole("heading", { name: "Interesses que combinam (1)" }).waitFor();
    expect(await page.getByTestId("property-counts").textContent()).toContain("1 interesse ·");
    await row.getByRole("button", { name: "Enviar por e-mail" }).click();
    await row.getByText("E-mail enviado.").waitFor();
    const sent = await db.select().from(emailOutbox).where(eq(emailOutbox.to, "helena.duarte@exemplo.com.br"));
    expect(sent.map((s) => s.subject)).toContain("Imóvel para você: Apartamento de 3 quartos em Pinheiros");
  });
});
