/**
 * Online booking end to end in Chromium (ADR 062): a client on a phone (390 px) goes from the
 * landing page to /agendar/{slug}, picks the service, "qualquer profissional" and a real free
 * slot, is told in pt-BR on blur what is wrong, books; the owner's open page hears it at once
 * (the live connection, ADR 043: the owner's /agenda shows it without a reload); the client opens their link, sees the
 * appointment and cancels it. The public pages ship no JavaScript bundle (ADR 022).
 */
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  appointments,
  businessHours,
  businessSettings,
  landingPages,
  memberships,
  organizations,
  professionalServices,
  professionals,
  services,
} from "../../../db/schema/index.ts";
import { addDays } from "../../../shared/ai/brazil-dates.ts";
import { DEFAULT_TIME_ZONE, dayIn } from "../../../shared/time-zone.ts";
import { createRegisteredUser, e2eDb } from "../support/accounts.ts";
import { browserFixture, waitForPath } from "../support/browser.ts";
import { login } from "../support/pages.ts";

const f = browserFixture();
const SP = DEFAULT_TIME_ZONE;

describe("agendamento online", () => {
  it("a client books on the public page, the business hears it live (the agenda's event), and the client cancels from the link", {
    timeout: 180_000,
  }, async () => {
    const owner = await createRegisteredUser({ name: "Rosa Salão" });
    const db = e2eDb();
    const [m] = await db.select().from(memberships).where(eq(memberships.userId, owner.id));
    if (!m) throw new Error("no membership");
    const orgId = m.orgId;
    const now = new Date();
    const t = { criadoEm: now, atualizadoEm: now };
    const open = [{ start: "08:00", end: "20:00" }];
    const week = JSON.stringify([open, open, open, open, open, open, open]);
    await db.insert(businessHours).values({ orgId, semana: week, fechaFeriadosNacionais: false, atualizadoEm: now });
    await db.insert(businessSettings).values({ orgId, agendamentoOnline: true, agendamentoOnlineStatus: "pendente" });
    const [ana, bruno, corte] = [crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID()];
    await db.insert(professionals).values([
      { id: ana, orgId, nome: "Ana Tesoura", ordem: "ana tesoura", cor: "#2563eb", semana: week, ...t },
      { id: bruno, orgId, nome: "Bruno Navalha", ordem: "bruno navalha", cor: "#db2777", semana: week, ...t },
    ]);
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
    const slug = `salao-rosa-${crypto.randomUUID().slice(0, 6)}`;
    const content = { slug, titulo: "Salão da Rosa", corPrimaria: "#7c3aed", destaques: [] };
    await db.insert(landingPages).values({ orgId, slug, rascunho: content, publicado: content, publicadoEm: now, atualizadoEm: now });
    // Two days ahead: in the future whatever the hour, within the first page of slots.
    const day = addDays(dayIn(now, SP), 2);
    const [, month, date] = day.split("-");

    // The owner keeps the agenda of that day open: its live connection hears what changes (ADR 043).
    const heard: string[] = [];
    const sockets: string[] = [];
    f.page.on("websocket", (ws) => {
      sockets.push(ws.url());
      ws.on("framereceived", (frame) => heard.push(String(frame.payload)));
    });
    await login(f.page, owner.email, owner.password);
    await f.page.goto(`${f.baseURL}/agenda?vista=dia&data=${day}`);
    await expect.poll(() => sockets.some((url) => new URL(url).pathname === "/api/live")).toBe(true);
    // A mark that a reload would wipe: the booking must appear without one.
    await f.page.evaluate(() => Object.assign(window, { __semRecarregar: true }));
    expect(await f.page.getByText("Clara Online").count()).toBe(0);

    const phone = await f.browser.newContext({
      baseURL: f.baseURL,
      locale: "pt-BR",
      viewport: { width: 390, height: 844 },
      isMobile: true,
    });
    try {
      const client = await phone.newPage();
      await client.goto(`/p/${slug}`);
      await client.getByRole("link", { name: "Agendar horário" }).click();
      await waitForPath(client, `/agendar/${slug}`);
      const [org] = await db.select({ name: organizations.name }).from(organizations).where(eq(organizations.id, orgId));
      expect(await client.title()).toBe(`Agendar — ${org?.name} | Alicerce`);
      expect(await client.locator('script[type="module"]').count()).toBe(0);
      await client.getByRole("link", { name: /Corte clássico/ }).click();
      await client.getByRole("link", { name: /Qualquer profissional/ }).click();
      await client.getByRole("link", { name: new RegExp(`${date}/${month}, 10:00$`) }).click();
      await client.getByRole("heading", { name: "Seus dados" }).waitFor();

      // Validation on blur with the spec's messages; the WhatsApp mask as typed.
      await client.getByLabel("Nome").fill("Clara Online");
      await client.getByLabel("WhatsApp").pressSequentially("11987654321");
      expect(await client.getByLabel("WhatsApp").inputValue()).toBe("(11) 98765-4321");
      await client.getByLabel("E-mail").fill("clara@");
      await client.getByLabel("E-mail").blur();
      await client.getByText("O campo E-mail deve ser um email válido").waitFor();
      await client.getByLabel("E-mail").fill("clara.online@exemplo.com.br");
      await client.getByRole("button", { name: "Confirmar agendamento" }).click();
      await client.getByRole("heading", { name: /vai confirmar seu horário em breve/ }).waitFor();
      expect(await client.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

      // It arrives live: the owner's open page hears that the agenda changed, without a reload.
      await expect
        .poll(() => heard.some((m) => m.includes('"resource":"agendamentos"') && m.includes('"created"')), { timeout: 15_000 })
        .toBe(true);
      await f.page.getByText("Clara Online").first().waitFor({ timeout: 15_000 });
      expect(await f.page.evaluate(() => (window as unknown as { __semRecarregar?: boolean }).__semRecarregar)).toBe(true);
      const [row] = await db
        .select()
        .from(appointments)
        .where(and(eq(appointments.orgId, orgId), eq(appointments.origem, "online")));
      expect(row?.status).toBe("pendente");

      // The client's link: shows the appointment, cancels it.
      await client.getByRole("link", { name: "Ver meu agendamento" }).click();
      await client.getByRole("heading", { name: "Olá, Clara!" }).waitFor();
      await client.getByText("Aguardando a confirmação de").waitFor();
      expect(await client.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await client.getByRole("button", { name: "Cancelar agendamento" }).click();
      await client.getByText("Agendamento cancelado.").waitFor();
      await expect
        .poll(
          async () =>
            (
              await db
                .select()
                .from(appointments)
                .where(eq(appointments.id, row?.id as string))
            )[0]?.status,
        )
        .toBe("cancelado");
    } finally {
      await phone.close();
    }
  });
});
