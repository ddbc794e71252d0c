/**
 * Horários end to end (ADR 063): an owner sets the week on /horarios — two intervals on Monday,
 * copied to the other weekdays — sees the overlap refused in pt-BR, saves, and finds the hours
 * kept after a reload and in the 7-day preview; a local holiday closes its day. On a 390 px phone
 * nothing scrolls sideways. The professionals layout: a linked professional gets the slim shell
 * (Agenda, Atendimento) and is led back to /agenda from other screens; a corretor keeps the menu.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { businessHourDays, businessHours, businessSettings, memberships, professionals } from "../../../db/schema/index.ts";
import { createRegisteredUser, e2eDb } from "../support/accounts.ts";
import { axeSeriousViolations, browserFixture, waitForPath } from "../support/browser.ts";
import { pageOverflow } from "../support/layout-checks.ts";
import { login } from "../support/pages.ts";

const f = browserFixture();

async function orgOf(userId: string): Promise<string> {
  const [m] = await e2eDb().select().from(memberships).where(eq(memberships.userId, userId));
  return m?.orgId as string;
}

describe("Horários", () => {
  it("sets several intervals per weekday, copies a day, refuses an overlap, and keeps what was saved", async () => {
    const { page } = f;
    // The refused save answers 400 (the browser logs it): that is the refusal under test.
    f.allowBrowserError(/status of 400 \(Bad Request\)/);
    const owner = await createRegisteredUser({ name: "Helena Horários" });
    const orgId = await orgOf(owner.id);
    await login(page, owner.email, owner.password);
    await page.goto("/horarios");
    await page.getByRole("heading", { name: "Horários", level: 1 }).waitFor();
    expect(await page.title()).toBe("Horários | Alicerce");
    await page.waitForLoadState("networkidle");

    const monday = page.getByRole("group", { name: "Segunda", exact: true });
    await monday.getByRole("button", { name: "Adicionar intervalo em Segunda" }).click();
    await monday.getByLabel("Segunda, fim do intervalo 1").fill("12:00");
    await monday.getByRole("button", { name: "Adicionar intervalo em Segunda" }).click();
    // The new interval starts where the last one ended: a person types the afternoon over it.
    await monday.getByLabel("Segunda, início do intervalo 2").fill("11:00");
    await monday.getByLabel("Segunda, fim do intervalo 2").fill("18:00");
    await page.getByRole("button", { name: "Salvar horários" }).click();
    await page.getByText("Segunda: os intervalos 09:00–12:00 e 11:00–18:00 se sobrepõem.").waitFor();
    expect(await e2eDb().select().from(businessHours).where(eq(businessHours.orgId, orgId))).toEqual([]);

    await monday.getByLabel("Segunda, início do intervalo 2").fill("13:00");
    await monday.getByText("Copiar para…").click();
    for (const day of ["Terça", "Quarta", "Quinta", "Sexta"]) await monday.getByLabel(day, { exact: true }).check();
    await monday.getByRole("button", { name: "Copiar", exact: true }).click();
    await page.getByRole("group", { name: "Sexta", exact: true }).getByLabel("Sexta, início do intervalo 2").waitFor();
    await page.getByRole("button", { name: "Salvar horários" }).click();
    await page.getByRole("status").filter({ hasText: "Horários salvos." }).waitFor();

    const [row] = await e2eDb().select().from(businessHours).where(eq(businessHours.orgId, orgId));
    const weekday = [
      { start: "09:00", end: "12:00" },
      { start: "13:00", end: "18:00" },
    ];
    expect(JSON.parse(row?.semana ?? "[]")).toEqual([[], weekday, weekday, weekday, weekday, weekday, []]);
    expect(row?.fechaFeriadosNacionais).toBe(true);

    await page.reload();
    await page.waitForLoadState("networkidle");
    expect(await page.getByLabel("Quarta, fim do intervalo 2").inputValue()).toBe("18:00");
    expect(await page.getByRole("group", { name: "Domingo", exact: true }).getByText("Fechado").count()).toBe(1);
    const preview = page.getByRole("list", { name: "Próximos 7 dias" });
    expect(await preview.getByText("09:00–12:00, 13:00–18:00").count()).toBeGreaterThanOrEqual(4);
    expect(await axeSeriousViolations(page)).toEqual([]);

    // A local holiday: listed, and saved for that day only.
    await page.getByLabel("Data", { exact: true }).first().fill("2031-01-20");
    await page.getByLabel("Nome do feriado").fill("São Sebastião");
    await page.getByRole("button", { name: "Adicionar feriado" }).click();
    await page.getByRole("status").filter({ hasText: "Feriado adicionado." }).waitFor();
    await page.getByText("Feriado: São Sebastião").waitFor();
    const days = await e2eDb().select().from(businessHourDays).where(eq(businessHourDays.orgId, orgId));
    expect(days.map((d) => [d.dia, d.tipo, d.motivo])).toEqual([["2031-01-20", "feriado", "São Sebastião"]]);

    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await page.waitForLoadState("networkidle");
    expect(await pageOverflow(page)).toBeUndefined();

    // The agenda section of Configurações do Negócio, saved with the page's one button.
    await page.goto("/business-settings");
    await page.waitForLoadState("networkidle");
    expect(await pageOverflow(page)).toBeUndefined();
    await page.getByLabel("Intervalo da agenda").selectOption("15");
    await page.getByLabel("Tipo", { exact: true }).selectOption("fixo");
    await page.getByLabel("Valor por serviço (R$)").fill("25,00");
    await page.getByRole("button", { name: "Salvar configurações" }).click();
    await page.getByRole("status").filter({ hasText: "Configurações salvas." }).waitFor();
    const [settings] = await e2eDb().select().from(businessSettings).where(eq(businessSettings.orgId, orgId));
    expect([settings?.agendaIntervaloMin, settings?.comissaoPadraoTipo, settings?.comissaoPadraoValor, settings?.lembretes]).toEqual([
      15,
      "fixo",
      2500,
      true,
    ]);
    expect(await axeSeriousViolations(page)).toEqual([]);
  });
});

describe("the professionals layout", () => {
  it("gives a linked professional the slim shell and leads other screens to /agenda; a corretor keeps the menu", async () => {
    const { page } = f;
    f.allowBrowserError(/\/login: Failed to load resource: the server responded with a status of 404/);
    const owner = await createRegisteredUser({ name: "Sara Salão" });
    const orgId = await orgOf(owner.id);
    const ana = await createRegisteredUser({ name: "Ana Cabeleireira" });
    const beto = await createRegisteredUser({ name: "Beto Corretor" });
    for (const user of [ana, beto]) {
      await e2eDb().update(memberships).set({ orgId, role: "professional" }).where(eq(memberships.userId, user.id));
    }
    await e2eDb().insert(professionals).values({ orgId, nome: "Ana", ordem: "ana", cor: "#0f6e66", usuarioId: ana.id });

    await page.setViewportSize({ width: 390, height: 844 });
    // Sign-in lands on their summary (the dashboard: their day and commissions, ADR 084).
    await login(page, ana.email, ana.password, "/");
    const menu = page.getByRole("navigation", { name: "Menu principal" });
    await menu.getByRole("link", { name: "Agenda" }).waitFor();
    expect(await menu.getByRole("link").allTextContents()).toEqual(["Resumo", "Agenda", "Atendimento", "Relatórios"]);
    expect(await page.getByRole("button", { name: "Abrir menu" }).count()).toBe(0);
    expect(await pageOverflow(page)).toBeUndefined();
    expect(await axeSeriousViolations(page)).toEqual([]);
    for (const path of ["/property_clients", "/settings", "/horarios"]) {
      await page.goto(path);
      await waitForPath(page, "/agenda");
    }
    await page.goto("/perfil");
    await page.getByRole("heading", { name: "Meu perfil" }).first().waitFor();
    expect(new URL(page.url()).pathname).toBe("/perfil");
    // Their summary from the tab (a client navigation: the index route's data request): their day and commissions.
    await menu.getByRole("link", { name: "Resumo" }).click();
    await page.getByRole("heading", { name: "Sua agenda hoje" }).waitFor();
    expect(await page.getByRole("heading", { name: "Suas comissões no mês" }).count()).toBe(1);
    expect(await page.getByRole("heading", { name: "Vendas" }).count()).toBe(0);

    const broker = await f.newPage();
    await broker.setViewportSize({ width: 1280, height: 800 });
    await login(broker, beto.email, beto.password);
    const full = broker.getByRole("navigation", { name: "Menu principal" });
    await full.getByRole("link", { name: "Dashboard" }).waitFor();
    expect(await full.getByRole("link", { name: "Interesses em Imóveis" }).count()).toBe(1);
  });
});
