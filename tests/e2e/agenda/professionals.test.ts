/**
 * Profissionais end to end in Chromium (ADR 064), as a salon's owner sets up a professional on a
 * phone-sized screen: the empty list, the form (a palette colour, services, a percentage), then
 * the professional's page — a week refused in pt-BR for leaving the business hours, fixed with
 * two intervals, and a day off. No horizontal scroll at 390 px; axe finds nothing serious.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { businessHours, memberships, professionalTimeOff, professionals, services } from "../../../db/schema/index.ts";
import { createRegisteredUser, e2eDb } from "../support/accounts.ts";
import { axeSeriousViolations, browserFixture, waitForPath } from "../support/browser.ts";
import { pageOverflow } from "../support/layout-checks.ts";
import { login } from "../support/pages.ts";

const f = browserFixture();
const UUID_PATH = /^\/profissionais\/[0-9a-f-]{36}$/;

const HOURS = [
  [],
  [{ start: "09:00", end: "18:00" }],
  [{ start: "09:00", end: "18:00" }],
  [{ start: "09:00", end: "18:00" }],
  [{ start: "09:00", end: "18:00" }],
  [{ start: "09:00", end: "18:00" }],
  [{ start: "09:00", end: "13:00" }],
];

async function salon() {
  const owner = await createRegisteredUser({ name: "Renata Salão" });
  const db = e2eDb();
  const [m] = await db.select().from(memberships).where(eq(memberships.userId, owner.id));
  if (!m) throw new Error("no membership");
  const now = new Date();
  await db.insert(businessHours).values({ orgId: m.orgId, semana: JSON.stringify(HOURS) });
  for (const [nome, duracaoMin] of [
    ["Corte feminino", 45],
    ["Escova", 30],
    ["Manicure", 40],
  ] as const) {
    await db.insert(services).values({ orgId: m.orgId, nome, ordem: nome.toLowerCase(), duracaoMin, criadoEm: now, atualizadoEm: now });
  }
  return { owner, orgId: m.orgId };
}

describe("profissionais", () => {
  it("creates a professional with services and a commission, then sets the week (refused outside the hours) and a day off", async () => {
    const { page } = f;
    // The refused week answers 422, which Chromium logs.
    f.allowBrowserError(/status of 422/);
    await page.setViewportSize({ width: 390, height: 844 });
    const { owner, orgId } = await salon();
    await login(page, owner.email, owner.password);

    await page.goto(f.url("/profissionais"));
    await page.getByText("Nenhum profissional cadastrado ainda.").waitFor();
    expect(await pageOverflow(page)).toBeUndefined();
    await page.getByRole("link", { name: "Novo profissional" }).first().click();
    await waitForPath(page, "/profissionais/create");
    await page.waitForLoadState("networkidle");

    await page.getByLabel("Nome", { exact: true }).fill("Bianca Torres");
    await page.getByRole("button", { name: "Verde", exact: true }).click();
    expect(await page.getByLabel("Cor na agenda (código #RRGGBB)").inputValue()).toBe("#16a34a");
    await page.getByLabel("Telefone", { exact: true }).pressSequentially("92991234567");
    await page.getByLabel("Corte feminino (45 min)").check();
    await page.getByLabel("Escova (30 min)").check();
    // The default commission is named in the select; a percentage opens its own field.
    expect(await page.getByLabel("Comissão", { exact: true }).locator("option").first().textContent()).toBe(
      "Padrão do negócio (sem comissão)",
    );
    await page.getByLabel("Comissão", { exact: true }).selectOption("percentual");
    await page.getByLabel("Comissão (%)", { exact: true }).fill("40");
    expect(await pageOverflow(page)).toBeUndefined();
    await page.getByRole("button", { name: "Salvar profissional" }).click();

    await page.waitForURL((u) => UUID_PATH.test(u.pathname));
    const id = new URL(page.url()).pathname.split("/").at(-1) as string;
    await page.getByRole("heading", { level: 1, name: "Bianca Torres" }).waitFor();
    const summary = page.locator("section").filter({ has: page.getByRole("heading", { name: "Resumo", exact: true }) });
    await summary.getByText("Corte feminino").waitFor();
    await summary.getByText("40%").waitFor();
    expect(await pageOverflow(page)).toBeUndefined();

    // She starts with the business hours; Monday from 08:00 leaves them: refused, nothing saved.
    const monday = page.getByRole("group", { name: "Segunda" });
    await monday.getByLabel("Segunda, intervalo 1: início").fill("08:00");
    await monday.getByLabel("Segunda, intervalo 1: fim").fill("12:00");
    await page.getByRole("button", { name: "Salvar disponibilidade" }).click();
    await page.getByRole("alert").getByText("Segunda: 08:00–12:00 fica fora do horário de funcionamento (09:00–18:00).").waitFor();
    const stored = async () =>
      JSON.parse((await e2eDb().select().from(professionals).where(eq(professionals.id, id)))[0]?.semana ?? "null");
    expect((await stored())[1]).toEqual([{ start: "09:00", end: "18:00" }]);

    // 09:00–12:00 and, after lunch, 13:00–17:00; Saturday off.
    await monday.getByLabel("Segunda, intervalo 1: início").fill("09:00");
    await page.getByRole("button", { name: "Adicionar intervalo em Segunda" }).click();
    await monday.getByLabel("Segunda, intervalo 2: início").fill("13:00");
    await monday.getByLabel("Segunda, intervalo 2: fim").fill("17:00");
    await page.getByRole("button", { name: "Remover o intervalo 1 de Sábado" }).click();
    await page.getByRole("button", { name: "Salvar disponibilidade" }).click();
    await page.getByText("Disponibilidade salva.").waitFor();
    const week = await stored();
    expect(week[1]).toEqual([
      { start: "09:00", end: "12:00" },
      { start: "13:00", end: "17:00" },
    ]);
    expect(week[6]).toEqual([]);

    // A day off, whole day, in the organização's zone (São Paulo).
    await page.getByLabel("Tipo", { exact: true }).selectOption("Folga");
    await page.getByLabel("De (data)").fill("2030-03-11");
    await page.getByLabel("Até (data)").fill("2030-03-11");
    await page.getByRole("button", { name: "Registrar", exact: true }).click();
    await page.getByText("Folga registrada.").waitFor();
    await page.getByRole("list", { name: "Folgas registradas" }).getByText("11/03/2030").waitFor();
    const [off] = await e2eDb().select().from(professionalTimeOff).where(eq(professionalTimeOff.profissionalId, id));
    expect(off?.inicio.toISOString()).toBe("2030-03-11T03:00:00.000Z");
    expect(off?.orgId).toBe(orgId);
    expect(await pageOverflow(page)).toBeUndefined();
    expect(await axeSeriousViolations(page)).toEqual([]);

    // The list finds her by phone; the form keeps her services when edited.
    await page.goto(f.url("/profissionais?q=991234567"));
    await page.getByRole("link", { name: "Bianca Torres" }).first().waitFor();
    await page.goto(f.url(`/profissionais/${id}/edit`));
    expect(await page.getByLabel("Corte feminino (45 min)").isChecked()).toBe(true);
    expect(await page.getByLabel("Manicure (40 min)").isChecked()).toBe(false);
    expect(await page.getByLabel("Comissão (%)", { exact: true }).inputValue()).toBe("40");
  });
});
