/**
 * Interesses em Imóveis end to end in Chromium, as a corretor uses them: a new interest (search
 * profile) shows the available property that matches it with its score, pt-BR reasons and the
 * WhatsApp link; the card sits in the kanban's "Novo" column, moves to "Contato" by keyboard and
 * to "Visita agendada" by a touch drag of its handle;
 * the property's Interesses tab lists the interest and sends the property by e-mail.
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
  it("create an interest, see its match with reasons and WhatsApp, move it on the kanban by keyboard and by touch, send by e-mail", async () => {
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
    await page.getByLabel("Tipos de imóvel", { exact: true }).fill("Apartamento");
    await page.getByLabel("Tipos de imóvel", { exact: true }).press("Enter");
    await page.getByLabel("Bairros e cidades", { exact: true }).fill("Pinheiros, São Paulo - SP");
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

    // Touch (real touch events through the DevTools protocol): the card's handle dragged onto
    // "Visita agendada" moves it there, the same move as a mouse drop.
    await page.setViewportSize({ width: 1400, height: 800 });
    const handle = page.locator(`[data-card="${interestId}"]`).getByRole("button", { name: "Arrastar Helena Duarte" });
    const from = await handle.boundingBox();
    const to = await page.locator('[data-etapa="visita_agendada"] h2').boundingBox();
    if (!from || !to) throw new Error("kanban not laid out");
    const cdp = await f.context.newCDPSession(page);
    await cdp.send("Emulation.setTouchEmulationEnabled", { enabled: true, maxTouchPoints: 1 });
    const touch = (type: "touchStart" | "touchMove" | "touchEnd", x: number, y: number) =>
      cdp.send("Input.dispatchTouchEvent", { type, touchPoints: type === "touchEnd" ? [] : [{ x, y }] });
    const start = { x: from.x + from.width / 2, y: from.y + from.height / 2 };
    const end = { x: to.x + to.width / 2, y: to.y + to.height / 2 };
    await touch("touchStart", start.x, start.y);
    for (let step = 1; step <= 8; step++)
      await touch("touchMove", start.x + ((end.x - start.x) * step) / 8, start.y + ((end.y - start.y) * step) / 8);
    await touch("touchEnd", end.x, end.y);
    await page.locator(`[data-etapa="visita_agendada"] [data-card="${interestId}"]`).waitFor();
    await expect
      .poll(async () => (await db.select().from(propertyInterests).where(eq(propertyInterests.id, interestId)))[0]?.etapa)
      .toBe("visita_agendada");

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
