import { eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { appointments, businessSettings, emailOutbox } from "../../../db/schema/index.ts";
import { instantIn } from "../../../shared/time-zone.ts";
import { hashAppointmentLinkToken, newAppointmentLinkToken } from "../../../worker/services/agenda/appointment-link.ts";
import { actOnAppointment, appointmentByLink } from "../../../worker/services/agenda/public-appointment.ts";
import { prepareReminders } from "../../../worker/services/agenda/reminders.ts";
import { runScheduledSweep } from "../../../worker/scheduled.ts";
import { createHarness, createOwner, type Harness, lastEmail } from "../harness.ts";
import { api } from "../records.ts";
import { insertAppointment, insertProfessional, insertService, type ServiceFixture } from "./desk-fixtures.ts";

/**
 * The day-before reminders job (ADR 061) through the every-minute cron: tomorrow's pendente and
 * confirmado appointments of the organização's zone get one e-mail each (pt-BR, with the link to
 * confirm or cancel whose hash is stored), once however often it runs; not before 08:00 there,
 * not when the business turned reminders off, never another organização's.
 */

let h: Harness;
let a: Awaited<ReturnType<typeof createOwner>>;
let b: Awaited<ReturnType<typeof createOwner>>;
let m: Awaited<ReturnType<typeof createOwner>>;
let corte: ServiceFixture;

// Wednesday 2026-12-02, 10:00 in São Paulo (a minute the */5 cron fires); tomorrow is 2026-12-03.
const NOW = new Date("2026-12-02T13:00:00Z");
const SP = "America/Sao_Paulo";
const tomorrowAt = (time: string, zone = SP) => instantIn("2026-12-03", time, zone).getTime();

async function clientWith(cookie: string, nome: string, email?: string): Promise<string> {
  const res = await api<{ data: { id: string } }>(h, cookie, "POST", "/api/clients", {
    tipo: "pf",
    nome,
    ...(email ? { email } : {}),
    telefones: [{ numero: "11991234567", whatsapp: true }],
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.id;
}

async function row(id: string) {
  const [found] = await h.fresh.db
    .select({ lembreteEm: appointments.lembreteEm, linkHash: appointments.linkHash, lembreteLinkHash: appointments.lembreteLinkHash })
    .from(appointments)
    .where(eq(appointments.id, id));
  return found;
}

let ids: Record<string, string>;

beforeAll(async () => {
  h = await createHarness();
  a = await createOwner(h, "Lembretes A");
  b = await createOwner(h, "Lembretes B");
  m = await createOwner(h, "Lembretes Manaus");
  await h.fresh.db.insert(businessSettings).values([
    { orgId: a.orgId, fusoHorario: SP },
    { orgId: b.orgId, fusoHorario: SP, lembretes: false },
    { orgId: m.orgId, fusoHorario: "America/Manaus" },
  ]);
  const pro = await insertProfessional(h, a.orgId, { nome: "Bia Rocha" });
  corte = await insertService(h, a.orgId, { nome: "Corte feminino", precoCentavos: 9000 });
  const ana = await clientWith(a.cookie, "Ana Souza", "ana.lembrete@exemplo.com.br");
  const semEmail = await clientWith(a.cookie, "Caio Sem Email");
  const base = { profissionalId: pro, servicos: [corte] };
  ids = {
    confirmado: await insertAppointment(h, a.orgId, { ...base, clienteId: ana, inicio: tomorrowAt("14:30"), status: "confirmado" }),
    pendenteSemEmail: await insertAppointment(h, a.orgId, {
      ...base,
      clienteId: semEmail,
      inicio: tomorrowAt("09:00"),
      status: "pendente",
    }),
    cancelado: await insertAppointment(h, a.orgId, { ...base, clienteId: ana, inicio: tomorrowAt("16:00"), status: "cancelado" }),
    depoisDeAmanha: await insertAppointment(h, a.orgId, {
      ...base,
      clienteId: ana,
      inicio: instantIn("2026-12-04", "10:00", SP).getTime(),
    }),
    hoje: await insertAppointment(h, a.orgId, { ...base, clienteId: ana, inicio: instantIn("2026-12-02", "17:00", SP).getTime() }),
  };
  const proB = await insertProfessional(h, b.orgId, { nome: "Outra" });
  const servB = await insertService(h, b.orgId, { nome: "Barba" });
  const clientB = await clientWith(b.cookie, "Bruno B", "bruno.lembrete@exemplo.com.br");
  ids.desligado = await insertAppointment(h, b.orgId, {
    clienteId: clientB,
    profissionalId: proB,
    servicos: [servB],
    inicio: tomorrowAt("10:00"),
  });
  const proM = await insertProfessional(h, m.orgId, { nome: "Marta" });
  const servM = await insertService(h, m.orgId, { nome: "Escova" });
  const clientM = await clientWith(m.cookie, "Mara Manaus", "mara.lembrete@exemplo.com.br");
  ids.manaus = await insertAppointment(h, m.orgId, {
    clienteId: clientM,
    profissionalId: proM,
    servicos: [servM],
    inicio: tomorrowAt("10:00", "America/Manaus"),
  });
});

describe("the day-before reminders", () => {
  it("e-mails tomorrow's clients once, with a link whose hash is stored; WhatsApp-only clients are marked too", async () => {
    // 10:00 in São Paulo is 09:00 in Manaus: both may be reminded.
    await runScheduledSweep(h.env, NOW);
    const mail = await lastEmail(h, "ana.lembrete@exemplo.com.br");
    expect(mail?.subject).toBe("Lembrete: Corte feminino amanhã, quinta-feira, 03/12, às 14:30 — Negócio Lembretes A");
    expect(mail?.text).toContain(
      "Olá, Ana! Passando para lembrar do seu horário amanhã, quinta-feira, 03/12, às 14:30: Corte feminino com Bia Rocha",
    );
    const link = /\/agendamento\/([A-Za-z0-9_-]{43})\?acao=confirmar/.exec(mail?.text ?? "");
    expect(link).not.toBeNull();
    expect(mail?.text).toContain(`/agendamento/${link?.[1]}?acao=cancelar`);
    const confirmed = await row(ids.confirmado as string);
    expect(confirmed?.lembreteEm?.getTime()).toBeGreaterThanOrEqual(NOW.getTime());
    expect(confirmed?.lembreteLinkHash).toBe(await hashAppointmentLinkToken(link?.[1] as string));
    expect((await row(ids.pendenteSemEmail as string))?.lembreteEm).not.toBeNull();
    for (const left of ["cancelado", "depoisDeAmanha", "hoje", "desligado"])
      expect((await row(ids[left] as string))?.lembreteEm).toBeNull();
    expect(await lastEmail(h, "bruno.lembrete@exemplo.com.br")).toBeUndefined();
    expect((await lastEmail(h, "mara.lembrete@exemplo.com.br"))?.text).toContain("amanhã, quinta-feira, 03/12, às 10:00");
  });

  it("does not remind twice, however often it runs", async () => {
    const before = h.email.messages.length;
    await runScheduledSweep(h.env, new Date(NOW.getTime() + 5 * 60_000));
    await lastEmail(h, "ana.lembrete@exemplo.com.br");
    expect(h.email.messages.length).toBe(before);
    expect(await prepareReminders(h.fresh.db, a.orgId, NOW, "http://localhost")).toEqual({ lembrados: 0, emails: [] });
    const queued = await h.fresh.db
      .select({ id: emailOutbox.id })
      .from(emailOutbox)
      .where(inArray(emailOutbox.to, ["ana.lembrete@exemplo.com.br"]));
    expect(queued).toHaveLength(1);
  });

  it("an online booking's confirmation link keeps working after the reminder brings its own", async () => {
    const booked = newAppointmentLinkToken();
    const online = await insertAppointment(h, a.orgId, {
      clienteId: await clientWith(a.cookie, "Davi Online", "davi.lembrete@exemplo.com.br"),
      profissionalId: await insertProfessional(h, a.orgId, { nome: "Ciro Lima" }),
      servicos: [corte],
      inicio: tomorrowAt("11:00"),
      status: "pendente",
      linkHash: await hashAppointmentLinkToken(booked),
    });
    expect((await prepareReminders(h.fresh.db, a.orgId, NOW, "http://localhost")).lembrados).toBe(1);
    const mail = h.fresh.db.select({ text: emailOutbox.text }).from(emailOutbox).where(eq(emailOutbox.to, "davi.lembrete@exemplo.com.br"));
    const reminder = /\/agendamento\/([A-Za-z0-9_-]{43})\?acao=confirmar/.exec((await mail)[0]?.text ?? "")?.[1];
    expect(reminder).toBeDefined();
    expect(reminder).not.toBe(booked);
    const stored = await row(online);
    expect(stored?.linkHash).toBe(await hashAppointmentLinkToken(booked));
    expect(stored?.lembreteLinkHash).toBe(await hashAppointmentLinkToken(reminder as string));
    for (const token of [booked, reminder as string]) {
      expect((await appointmentByLink(h.ctx("10.62.0.1"), token)).found.id, token).toBe(online);
    }
    // And it still acts: the client confirms from the booking's e-mail.
    expect(await actOnAppointment(h.ctx("10.62.0.1"), booked, { acao: "confirmar" })).toEqual({ feito: "confirmar" });
    const [after] = await h.fresh.db.select({ status: appointments.status }).from(appointments).where(eq(appointments.id, online));
    expect(after?.status).toBe("confirmado");
  });

  it("waits for 08:00 in the organização's zone", async () => {
    const late = await insertAppointment(h, m.orgId, {
      clienteId: (await clientWith(m.cookie, "Madrugada", "madrugada@exemplo.com.br")) as string,
      profissionalId: (await insertProfessional(h, m.orgId, { nome: "Noite" })) as string,
      servicos: [await insertService(h, m.orgId, { nome: "Manicure" })],
      inicio: instantIn("2026-12-04", "11:00", "America/Manaus").getTime(),
    });
    // 2026-12-03 07:30 in Manaus: still too early for tomorrow's (12-04) reminders.
    const early = new Date("2026-12-03T11:30:00Z");
    expect(await prepareReminders(h.fresh.db, m.orgId, early, "http://localhost")).toEqual({ lembrados: 0, emails: [] });
    const open = await prepareReminders(h.fresh.db, m.orgId, new Date("2026-12-03T12:05:00Z"), "http://localhost");
    expect(open.lembrados).toBe(1);
    expect((await row(late))?.lembreteEm).not.toBeNull();
  });
});
