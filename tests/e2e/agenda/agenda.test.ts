/**
 * Agendamentos end to end in Chromium (ADR 060): the owner books from "Novo agendamento" (client
 * searched, service, professional, time) and sees it on the grid; a clash is refused in pt-BR
 * naming it and nothing is saved; two browsers booking the same free slot at once → exactly one
 * is saved and the other is told why; and an appointment dragged down the week view lands an
 * hour later in the database.
 */
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { appointments, businessHours, memberships, professionalServices, professionals, services } from "../../../db/schema/index.ts";
import { addDays } from "../../../shared/social/calendar.ts";
import { DEFAULT_TIME_ZONE, dayIn, instantIn } from "../../../shared/time-zone.ts";
import { createRecord } from "../../../worker/resources/records.ts";
import { createRegisteredUser, e2eDb, e2eServiceContext } from "../support/accounts.ts";
import { browserFixture } from "../support/browser.ts";
import { login } from "../support/pages.ts";

const f = browserFixture();
const SP = DEFAULT_TIME_ZONE;

/** Opens "Novo agendamento" and fills it (client searched by name). */
async function fillBooking(page: Page, client: string, professional: string, service: string, day: string, time: string) {
  await page.getByRole("button", { name: "Novo agendamento" }).click();
  const form = page.getByRole("region", { name: "Novo agendamento" });
  // The searching picker replaces its no-JavaScript <select> once loaded.
  const picker = form.locator('input[role="combobox"]');
  await picker.fill(client.split(" ")[0] as string);
  await page.getByRole("option", { name: client }).click();
  await form.getByLabel("Profissional").selectOption({ label: professional });
  await form.getByRole("checkbox", { name: new RegExp(service) }).check();
  await form.getByLabel("Dia").fill(day);
  await form.getByLabel("Horário").fill(time);
  return form;
}

describe("agendamentos", () => {
  it("books, refuses a clash, lets one of two simultaneous bookings win, and moves by dragging", { timeout: 180_000 }, async () => {
    const { page } = f;
    // The refusals answer 409 (the clash and the booking that lost the race): the browser logs them.
    f.allowBrowserError(/status of 409/);
    const owner = await createRegisteredUser({ name: "Rita Salão" });
    const db = e2eDb();
    const [m] = await db.select().from(memberships).where(eq(memberships.userId, owner.id));
    if (!m) throw new Error("no membership");
    const orgId = m.orgId;
    const now = new Date();
    const t = { criadoEm: now, atualizadoEm: now };
    const open = [{ start: "08:00", end: "20:00" }];
    const week = JSON.stringify([open, open, open, open, open, open, open]);
    await db.insert(businessHours).values({ orgId, semana: week, fechaFeriadosNacionais: false, atualizadoEm: now });
    const ana = crypto.randomUUID();
    const bruno = crypto.randomUUID();
    await db.insert(professionals).values([
      { id: ana, orgId, nome: "Ana Tesoura", ordem: "ana tesoura", cor: "#2563eb", semana: week, ...t },
      { id: bruno, orgId, nome: "Bruno Navalha", ordem: "bruno navalha", cor: "#db2777", semana: week, ...t },
    ]);
    const corte = crypto.randomUUID();
    await db.insert(services).values({
      id: corte,
      orgId,
      nome: "Corte clássico",
      ordem: "corte classico",
      categoria: "Cabelo",
      duracaoMin: 60,
      precoCentavos: 5000,
      ...t,
    });
    await db.insert(professionalServices).values([
      { orgId, profissionalId: ana, servicoId: corte },
      { orgId, profissionalId: bruno, servicoId: corte },
    ]);
    // Through the registry, so the picker's search finds them.
    const actor = { orgId, userId: owner.id, role: "owner" as const, timeZone: SP };
    for (const nome of ["Marta Cliente", "Paulo Cliente"]) {
      await createRecord(e2eServiceContext(f.baseURL), actor, "clients", {
        tipo: "pf",
        nome,
        telefones: [],
        tags: [],
        consentimentoLgpd: false,
      } as never);
    }
    // Two days ahead: in the future whatever the hour, inside the week shown.
    const day = addDays(dayIn(now, SP), 2);
    const of = (professionalId: string) =>
      db
        .select()
        .from(appointments)
        .where(and(eq(appointments.orgId, orgId), eq(appointments.profissionalId, professionalId)));

    await login(page, owner.email, owner.password);
    await page.goto(`${f.baseURL}/agenda?data=${day}`);
    await page.getByRole("heading", { name: "Agendamentos", level: 1 }).waitFor();

    // 1. Book Marta with Ana at 10:00: on the grid, in the database.
    let form = await fillBooking(page, "Marta Cliente", "Ana Tesoura", "Corte clássico", day, "10:00");
    await form.getByRole("button", { name: "Agendar", exact: true }).click();
    await page.locator("[data-appt]", { hasText: "Marta Cliente" }).waitFor();
    const [booked] = await of(ana);
    expect(booked?.inicio.getTime()).toBe(instantIn(day, "10:00", SP).getTime());

    // 2. Paulo with Ana at 10:30 clashes: the pt-BR reason names it, nothing is saved.
    form = await fillBooking(page, "Paulo Cliente", "Ana Tesoura", "Corte clássico", day, "10:30");
    await form.getByRole("button", { name: "Agendar", exact: true }).click();
    await form.getByRole("alert").filter({ hasText: "Conflita com o agendamento de Ana Tesoura às 10:00" }).waitFor();
    expect(await of(ana)).toHaveLength(1);
    await form.getByRole("button", { name: "Cancelar" }).click();

    // 3. Two browsers book Bruno at 14:00 at the same instant: one wins, the other is told.
    const second = await f.newPage();
    await login(second, owner.email, owner.password);
    await second.goto(`${f.baseURL}/agenda?data=${day}`);
    const formA = await fillBooking(page, "Marta Cliente", "Bruno Navalha", "Corte clássico", day, "14:00");
    const formB = await fillBooking(second, "Paulo Cliente", "Bruno Navalha", "Corte clássico", day, "14:00");
    await Promise.all([
      formA.getByRole("button", { name: "Agendar", exact: true }).click(),
      formB.getByRole("button", { name: "Agendar", exact: true }).click(),
    ]);
    await expect.poll(async () => (await of(bruno)).length).toBe(1);
    const refusedIn = async () =>
      (await formA.getByRole("alert").filter({ hasText: "Conflita" }).count()) +
      (await formB.getByRole("alert").filter({ hasText: "Conflita" }).count());
    await expect.poll(refusedIn).toBe(1);
    expect(await of(bruno)).toHaveLength(1);

    // 4. Drag Marta's 10:00 down an hour on the week view: 11:00 in the database.
    await page.goto(`${f.baseURL}/agenda?vista=semana&data=${day}`);
    const block = page.locator(`[data-appt="${booked?.id}"]`);
    await block.waitFor();
    await block.hover();
    await page.waitForFunction(() => Boolean(document.querySelector("[data-agenda-grid]")));
    const box = await block.boundingBox();
    if (!box) throw new Error("no box");
    const x = box.x + box.width / 2;
    const y = box.y + 10;
    // The drag code loads when the pointer enters the grid: a first press may only load it.
    await page.mouse.move(x, y);
    await page.waitForTimeout(300);
    await page.mouse.down();
    for (let i = 1; i <= 10; i++) await page.mouse.move(x, y + (96 * i) / 10);
    await page.mouse.up();
    await expect.poll(async () => (await of(ana))[0]?.inicio.getTime()).toBe(instantIn(day, "11:00", SP).getTime());
    await page.getByRole("status").filter({ hasText: "Agendamento movido." }).waitFor({ state: "attached" });

    // 5. At 390 px the page never scrolls sideways (the grid scrolls inside itself).
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${f.baseURL}/agenda?data=${day}`);
    await page.locator("[data-appt]").first().waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  });
});
