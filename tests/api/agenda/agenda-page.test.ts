import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import * as agendaPage from "../../../app/routes/agenda/agenda.tsx";
import {
  appointmentServices,
  appointments,
  businessHours,
  clients,
  professionalServices,
  professionals,
  properties,
  propertyInterests,
  propertyVisits,
  services,
} from "../../../db/schema/index.ts";
import { agendaDays } from "../../../shared/agenda/calendar-view.ts";
import { addDays, weekStart } from "../../../shared/social/calendar.ts";
import { DEFAULT_TIME_ZONE, dayIn, instantIn } from "../../../shared/time-zone.ts";
import { sortKey } from "../../../shared/search.ts";
import { readAgenda } from "../../../worker/services/agenda/calendar.ts";
import { createOwner, type Harness, userId } from "../harness.ts";
import { createPageHarness } from "../page-harness.ts";
import { actorFor, addMember } from "../records.ts";

/**
 * /agenda's loader and actions (ADR 060): the window's appointments, visits, professionals and
 * hours in one round trip besides the session, each member seeing what the permission table
 * lets them (a professional: their own column and visits; another organização: nothing), and
 * the writes going through core's rules — a clash refused in pt-BR naming it, nothing saved.
 */

const SP = DEFAULT_TIME_ZONE;
let h: Harness;
let owner: Awaited<ReturnType<typeof createOwner>>;
let ownerId: string;
let other: Awaited<ReturnType<typeof createOwner>>;
let staff: { userId: string; cookie: string };
let corretora: { userId: string; cookie: string };
const ids = { ana: "", bia: "", corte: "", escova: "", maria: "", joao: "", imovel: "" };
/** A Wednesday two weeks ahead (open, in the future whatever today is). */
let day: string;

const open = [
  { start: "09:00", end: "12:00" },
  { start: "13:00", end: "19:00" },
];
const now = () => new Date();

async function insertAppointment(
  profissionalId: string,
  clienteId: string,
  at: string,
  minutes: number,
  status: "confirmado" | "cancelado" = "confirmado",
) {
  const id = crypto.randomUUID();
  const start = instantIn(day, at, SP);
  await h.fresh.db.insert(appointments).values({
    id,
    orgId: owner.orgId,
    clienteId,
    profissionalId,
    inicio: start,
    fim: new Date(start.getTime() + minutes * 60_000),
    status,
    totalCentavos: 6000,
    ordem: "x",
    criadoEm: now(),
    atualizadoEm: now(),
  });
  await h.fresh.db.insert(appointmentServices).values({
    id: crypto.randomUUID(),
    orgId: owner.orgId,
    agendamentoId: id,
    servicoId: ids.corte,
    nome: "Corte feminino",
    duracaoMin: minutes,
    precoCentavos: 6000,
  });
  return id;
}

beforeAll(async () => {
  h = await createPageHarness({ agenda: agendaPage });
  owner = await createOwner(h, "Salão Agenda");
  ownerId = (await userId(h, owner.email)) as string;
  other = await createOwner(h, "Outro Salão");
  staff = await addMember(h, owner.orgId, "staff", "Recepção Agenda");
  corretora = await addMember(h, owner.orgId, "professional", "Bia Corretora");
  day = addDays(weekStart(addDays(dayIn(new Date(), SP), 14)), 3);
  const db = h.fresh.db;
  const t = { criadoEm: now(), atualizadoEm: now() };
  const week = JSON.stringify([[], open, open, open, open, open, []]);
  await db.insert(businessHours).values({ orgId: owner.orgId, semana: week, atualizadoEm: now() });
  ids.ana = crypto.randomUUID();
  ids.bia = crypto.randomUUID();
  await db.insert(professionals).values([
    { id: ids.ana, orgId: owner.orgId, nome: "Ana Cabeleireira", ordem: sortKey("Ana Cabeleireira"), cor: "#2563eb", semana: week, ...t },
    {
      id: ids.bia,
      orgId: owner.orgId,
      nome: "Bia Corretora",
      ordem: sortKey("Bia Corretora"),
      cor: "#db2777",
      semana: week,
      usuarioId: corretora.userId,
      ...t,
    },
  ]);
  ids.corte = crypto.randomUUID();
  ids.escova = crypto.randomUUID();
  await db.insert(services).values([
    {
      id: ids.corte,
      orgId: owner.orgId,
      nome: "Corte feminino",
      ordem: "corte feminino",
      categoria: "Cabelo",
      duracaoMin: 60,
      precoCentavos: 6000,
      ...t,
    },
    { id: ids.escova, orgId: owner.orgId, nome: "Escova", ordem: "escova", categoria: "Cabelo", duracaoMin: 30, precoCentavos: 4000, ...t },
  ]);
  await db.insert(professionalServices).values([
    { orgId: owner.orgId, profissionalId: ids.ana, servicoId: ids.corte },
    { orgId: owner.orgId, profissionalId: ids.ana, servicoId: ids.escova },
    { orgId: owner.orgId, profissionalId: ids.bia, servicoId: ids.corte },
  ]);
  ids.maria = crypto.randomUUID();
  ids.joao = crypto.randomUUID();
  await db.insert(clients).values([
    { id: ids.maria, orgId: owner.orgId, tipo: "pf", nome: "Maria Agendada", ordem: "maria agendada", ...t },
    { id: ids.joao, orgId: owner.orgId, tipo: "pf", nome: "João da Bia", ordem: "joao da bia", ...t },
  ]);
  ids.imovel = crypto.randomUUID();
  await db.insert(properties).values({
    id: ids.imovel,
    orgId: owner.orgId,
    codigo: "AG-1",
    slug: `casa-visitada-${ids.imovel.slice(0, 8)}`,
    titulo: "Casa Visitada",
    ordem: "casa visitada",
    ...t,
  });
  await insertAppointment(ids.ana, ids.maria, "10:00", 60);
  await insertAppointment(ids.ana, ids.maria, "15:00", 30, "cancelado");
  await insertAppointment(ids.bia, ids.joao, "09:00", 60);
  const visit = (broker: string | null, at: string) => ({
    id: crypto.randomUUID(),
    orgId: owner.orgId,
    clienteId: ids.joao,
    imovelId: ids.imovel,
    corretorId: broker,
    inicio: instantIn(day, at, SP),
    fim: instantIn(day, at === "16:00" ? "17:00" : "12:00", SP),
    criadoEm: now(),
  });
  await db.insert(propertyVisits).values([visit(corretora.userId, "11:00"), visit(staff.userId, "16:00")]);
});

const page = (cookie: string, search: string) => h.request(`/agenda.data${search}`, { cookie });

describe("GET /agenda", () => {
  it("reads the week in one round trip besides the session: appointments, services, clients, visits", async () => {
    const res = await page(owner.cookie, `?vista=semana&data=${day}`);
    expect(res.status).toBe(200);
    expect(Number(res.headers.get("x-db-round-trips"))).toBeLessThanOrEqual(2);
    const text = await res.text();
    for (const expected of ["Maria Agendada", "João da Bia", "Corte feminino", "Ana Cabeleireira", "Casa Visitada", "Recepção Agenda"]) {
      expect(text, expected).toContain(expected);
    }
  });

  it("places each visit in its corretor's column when linked, else in the Visitas lane (service level)", async () => {
    const days = agendaDays({ vista: "dia", data: day }, SP);
    const read = await readAgenda(
      h.ctx(),
      { ...actorFor(owner.orgId, ownerId), timeZone: SP },
      { days, limit: null, profissionalId: null },
      SP,
    );
    expect(read.appointments.map((a) => [a.cliente, a.servicos, a.status])).toEqual([
      ["João da Bia", "Corte feminino", "confirmado"],
      ["Maria Agendada", "Corte feminino", "confirmado"],
      ["Maria Agendada", "Corte feminino", "cancelado"],
    ]);
    expect(read.visits.map((v) => [v.imovel, v.corretorId === corretora.userId])).toEqual([
      ["Casa Visitada", true],
      ["Casa Visitada", false],
    ]);
    expect(read.professionals.map((p) => p.nome)).toEqual(["Ana Cabeleireira", "Bia Corretora"]);
    expect(read.hours.weekly[3]).toEqual(open);
    expect(read.settings.stepMin).toBe(30);
  });

  it("one professional's agenda shows only them (and their visits)", async () => {
    const days = agendaDays({ vista: "dia", data: day }, SP);
    const read = await readAgenda(
      h.ctx(),
      { ...actorFor(owner.orgId, ownerId), timeZone: SP },
      { days, limit: null, profissionalId: ids.bia },
      SP,
    );
    expect(read.appointments.map((a) => a.cliente)).toEqual(["João da Bia"]);
    expect(read.visits).toHaveLength(1);
  });

  it("a professional linked to a profissional sees only their own column, whatever the URL asks", async () => {
    const res = await page(corretora.cookie, `?vista=semana&data=${day}&profissional=${ids.ana}`);
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).toContain("João da Bia");
    expect(text).not.toContain("Maria Agendada");
    expect(text).not.toContain("Ana Cabeleireira");
    // Only the visit they are the corretor of (the one of the staff member is not theirs).
    const days = agendaDays({ vista: "dia", data: day }, SP);
    const actor = { ...actorFor(owner.orgId, corretora.userId, "professional"), timeZone: SP };
    const read = await readAgenda(h.ctx(), actor, { days, limit: null, profissionalId: null }, SP);
    expect(read.visits.map((v) => v.corretorId)).toEqual([corretora.userId]);
    expect(read.professionals.map((p) => p.nome)).toEqual(["Bia Corretora"]);
  });

  it("the month ships each day's first few and its count", async () => {
    for (let i = 0; i < 6; i++) await insertAppointment(ids.ana, ids.maria, `${13 + i}:00`, 30);
    const days = agendaDays({ vista: "mes", data: day }, SP);
    const read = await readAgenda(
      h.ctx(),
      { ...actorFor(owner.orgId, ownerId), timeZone: SP },
      { days, limit: { per: "day", n: 4 }, profissionalId: null },
      SP,
    );
    expect(read.appointments.filter((a) => a.day === day)).toHaveLength(4);
    expect(read.appointmentTotals[day]).toBe(9);
  });

  it("a week's crowded column ships its first 12 and the rest as busy stretches with their count", async () => {
    const other = addDays(day, 1);
    const at = (i: number) => `${String(9 + Math.floor((i * 20) / 60)).padStart(2, "0")}:${String((i * 20) % 60).padStart(2, "0")}`;
    for (let i = 0; i < 15; i++) {
      const id = crypto.randomUUID();
      const start = instantIn(other, at(i), SP);
      await h.fresh.db.insert(appointments).values({
        id,
        orgId: owner.orgId,
        clienteId: ids.maria,
        profissionalId: ids.bia,
        inicio: start,
        fim: new Date(start.getTime() + 20 * 60_000),
        ordem: "x",
        criadoEm: now(),
        atualizadoEm: now(),
      });
    }
    const days = agendaDays({ vista: "semana", data: other }, SP);
    const actor = { ...actorFor(owner.orgId, ownerId), timeZone: SP };
    const read = await readAgenda(h.ctx(), actor, { days, limit: { per: "column", n: 12 }, profissionalId: null }, SP);
    expect(read.appointments.filter((a) => a.day === other && a.profissionalId === ids.bia)).toHaveLength(12);
    // The 13th to 15th (13:00–14:00, back to back): one stretch.
    expect(read.hidden).toEqual([
      {
        day: other,
        profissionalId: ids.bia,
        inicio: instantIn(other, "13:00", SP).getTime(),
        fim: instantIn(other, "14:00", SP).getTime(),
        count: 3,
      },
    ]);
  });

  it("another organização's owner sees none of it", async () => {
    const res = await page(other.cookie, `?vista=semana&data=${day}`);
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).not.toContain("Maria Agendada");
    expect(text).not.toContain("Casa Visitada");
  });
});

const post = (cookie: string, body: Record<string, string | string[]>) => {
  const form = new URLSearchParams();
  for (const [k, v] of Object.entries(body)) for (const x of [v].flat()) form.append(k, x);
  return h.request("/agenda.data", {
    method: "POST",
    cookie,
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: form.toString(),
  });
};

async function appointmentsOf(profissionalId: string) {
  return h.fresh.db
    .select({ id: appointments.id, inicio: appointments.inicio, fim: appointments.fim, status: appointments.status })
    .from(appointments)
    .where(and(eq(appointments.orgId, owner.orgId), eq(appointments.profissionalId, profissionalId)));
}

describe("POST /agenda (core's rules and guard)", () => {
  it("books on the calendar; a clash is refused in pt-BR naming it, and nothing is saved", async () => {
    const before = (await appointmentsOf(ids.ana)).length;
    const ok = await post(staff.cookie, {
      intent: "agendar",
      clienteId: ids.maria,
      profissionalId: ids.ana,
      servicoIds: [ids.escova],
      dia: day,
      hora: "11:00",
    });
    expect(ok.status, await ok.clone().text()).toBe(200);
    expect((await appointmentsOf(ids.ana)).length).toBe(before + 1);
    const clash = await post(staff.cookie, {
      intent: "agendar",
      clienteId: ids.joao,
      profissionalId: ids.ana,
      servicoIds: [ids.corte],
      dia: day,
      hora: "10:30",
    });
    expect(clash.status).toBe(409);
    expect(await clash.text()).toContain("Conflita com o agendamento de Ana Cabeleireira às 10:00");
    expect((await appointmentsOf(ids.ana)).length).toBe(before + 1);
  });

  it("refuses outside business hours with the hours named", async () => {
    const res = await post(owner.cookie, {
      intent: "agendar",
      clienteId: ids.maria,
      profissionalId: ids.ana,
      servicoIds: [ids.escova],
      dia: day,
      hora: "12:00",
    });
    expect(res.status).toBe(409);
    expect(await res.text()).toContain("Fora do horário de funcionamento");
  });

  it("moves (another time and professional), resizes, and refuses a move onto another appointment", async () => {
    const id = await insertAppointment(ids.ana, ids.maria, "09:00", 30);
    const moved = await post(owner.cookie, { intent: "mover", id, dia: day, hora: "09:30", profissionalId: ids.ana });
    expect(moved.status, await moved.clone().text()).toBe(200);
    const [row] = await h.fresh.db.select().from(appointments).where(eq(appointments.id, id));
    expect(row?.inicio.getTime()).toBe(instantIn(day, "09:30", SP).getTime());
    const resized = await post(owner.cookie, { intent: "mover", id, dia: day, hora: "09:30", duracaoMin: "15" });
    expect(resized.status, await resized.clone().text()).toBe(200);
    const [after] = await h.fresh.db.select().from(appointments).where(eq(appointments.id, id));
    expect((after?.fim.getTime() ?? 0) - (after?.inicio.getTime() ?? 0)).toBe(15 * 60_000);
    const onto = await post(owner.cookie, { intent: "mover", id, dia: day, hora: "10:00" });
    expect(onto.status).toBe(409);
    expect(await onto.text()).toContain("Conflita com o agendamento de Ana Cabeleireira às 10:00");
    const [still] = await h.fresh.db.select().from(appointments).where(eq(appointments.id, id));
    expect(still?.inicio.getTime()).toBe(instantIn(day, "09:30", SP).getTime());
  });

  it("changes the status from the panel", async () => {
    const id = await insertAppointment(ids.bia, ids.joao, "18:00", 30);
    const res = await post(staff.cookie, { intent: "status", id, status: "faltou" });
    expect(res.status, await res.clone().text()).toBe(200);
    const [row] = await h.fresh.db.select().from(appointments).where(eq(appointments.id, id));
    expect(row?.status).toBe("faltou");
  });

  it("a professional may not book on another professional's agenda; another organização may not move", async () => {
    const refused = await post(corretora.cookie, {
      intent: "agendar",
      clienteId: ids.maria,
      profissionalId: ids.ana,
      servicoIds: [ids.escova],
      dia: day,
      hora: "17:00",
    });
    expect(refused.status).toBe(403);
    const [first] = await appointmentsOf(ids.ana);
    const foreign = await post(other.cookie, { intent: "mover", id: first?.id as string, dia: day, hora: "17:00" });
    expect([403, 404]).toContain(foreign.status);
    expect(await foreign.text()).not.toContain("Maria Agendada");
  });

  it("books a visit on an interest (the interest's client), with the corretor chosen", async () => {
    const interest = crypto.randomUUID();
    await h.fresh.db.insert(propertyInterests).values({ id: interest, orgId: owner.orgId, clienteId: ids.joao, ordem: "joao" });
    const res = await post(staff.cookie, {
      intent: "visita",
      interesseId: interest,
      imovelId: ids.imovel,
      corretorId: corretora.userId,
      dia: day,
      hora: "15:00",
      duracaoMin: "45",
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const [visit] = await h.fresh.db.select().from(propertyVisits).where(eq(propertyVisits.interesseId, interest));
    expect(visit).toMatchObject({ clienteId: ids.joao, imovelId: ids.imovel, corretorId: corretora.userId });
    expect(visit?.inicio.getTime()).toBe(instantIn(day, "15:00", SP).getTime());
    expect((visit?.fim.getTime() ?? 0) - (visit?.inicio.getTime() ?? 0)).toBe(45 * 60_000);
    const missing = await post(staff.cookie, { intent: "visita", imovelId: ids.imovel, dia: day, hora: "15:00" });
    expect(missing.status).toBe(422);
  });
});
