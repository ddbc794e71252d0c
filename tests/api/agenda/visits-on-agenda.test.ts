import { beforeAll, describe, expect, it } from "vitest";
import { professionalTimeOff } from "../../../db/schema/index.ts";
import { instantIn } from "../../../shared/time-zone.ts";
import { loadAgendaRules } from "../../../worker/services/agenda/agenda-rules.ts";
import { bookAppointment, setAppointmentStatus } from "../../../worker/services/agenda/appointments.ts";
import type { Actor, ServiceContext } from "../../../worker/services/context.ts";
import { setVisitOutcome } from "../../../worker/services/real-estate/visits.ts";
import { moduleOf } from "../../../worker/resources/registry.ts";
import { createHarness, createOwner, type Harness, userId } from "../harness.ts";
import { insertProperty } from "../real-estate/interests-fixtures.ts";
import { actorFor, addMember, api, errorMessage } from "../records.ts";
import { addClient, addProfessional, addService, weekdays, setHours } from "./agenda-fixtures.ts";

/**
 * Property visits on the agenda (ADR 059): a corretor linked to a profissional has one time —
 * a scheduled visit is refused over their appointments, time off and other visits, an
 * appointment over their visits, both naming what is there; re-opening a cancelled visit is
 * checked again. A corretor on no agenda keeps scheduling as before. Visits are not migrated.
 */

let h: Harness;
let owner: Awaited<ReturnType<typeof createOwner>>;
let actor: Actor;
let rita: { userId: string; cookie: string };
let ritaPro: string;
let service: string;
let client: string;
let property: string;
let interest: string;

const SP = "America/Sao_Paulo";
const DAY = "2031-03-04";
const at = (time: string, day = DAY): number => instantIn(day, time, SP).getTime();
const NOW = new Date("2031-03-01T08:00:00-03:00");

function ctx(): ServiceContext {
  return { ...h.ctx(), now: NOW };
}

async function visit(body: Record<string, unknown>, cookie = owner.cookie) {
  return api<{ data?: { id: string } }>(h, cookie, "POST", `/api/property_clients/${interest}/visits`, {
    data: DAY,
    imovelId: property,
    corretorId: rita.userId,
    resultado: "agendada",
    ...body,
  });
}

beforeAll(async () => {
  h = await createHarness();
  owner = await createOwner(h, "Imobiliária e salão");
  actor = { ...actorFor(owner.orgId, (await userId(h, owner.email)) as string), timeZone: SP };
  rita = await addMember(h, owner.orgId, "professional", "Rita Corretora");
  await setHours(h.fresh.db, owner.orgId, weekdays(["08:00", "20:00"]));
  service = await addService(h.fresh.db, owner.orgId, "Avaliação", 60);
  ritaPro = await addProfessional(h.fresh.db, owner.orgId, "Rita", weekdays(["08:00", "20:00"]), [service], { usuarioId: rita.userId });
  client = await addClient(h, owner.cookie, "Carlos Comprador");
  property = await insertProperty(h.fresh.db, owner.orgId);
  const example = moduleOf("interesses").example((api) => (api === "clients" ? client : property));
  const created = await api<{ data: { id: string } }>(h, owner.cookie, "POST", "/api/property_clients", {
    ...example,
    clienteId: client,
    corretorId: rita.userId,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  interest = created.body.data.id;
  await bookAppointment(ctx(), actor, { clienteId: client, profissionalId: ritaPro, servicoIds: [service], inicio: at("14:00") });
});

describe("a visit of a corretor on the agenda", () => {
  it("is refused over their appointment, naming it; beside it, scheduled", async () => {
    const clash = await visit({ inicio: "14:30", fim: "15:30" });
    expect(clash.status).toBe(409);
    expect(errorMessage(clash.body)).toBe("Conflita com o agendamento de Rita às 14:00");
    const ok = await visit({ inicio: "15:00", fim: "16:00" });
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
  });

  it("holds the time on the agenda: an appointment over it is refused naming the visit, the rules loader shows it", async () => {
    const refused = bookAppointment(ctx(), actor, {
      clienteId: client,
      profissionalId: ritaPro,
      servicoIds: [service],
      inicio: at("15:30"),
    });
    await expect(refused).rejects.toMatchObject({ status: 409, message: "Conflita com a visita de Rita às 15:00" });
    const rules = await loadAgendaRules(ctx(), owner.orgId, { start: at("00:00"), end: at("23:59") }, { professionalIds: [ritaPro] });
    const holdings = rules.professionals[0]?.holdings.filter((x) => x.start >= at("00:00") && x.start < at("23:59"));
    expect(holdings?.map((x) => [x.kind, x.start])).toEqual([
      ["agendamento", at("14:00")],
      ["visita", at("15:00")],
    ]);
  });

  it("is refused over another visit of theirs and over their time off", async () => {
    const twice = await visit({ inicio: "15:30", fim: "16:30" });
    expect(twice.status).toBe(409);
    expect(errorMessage(twice.body)).toBe("Conflita com a visita de Rita às 15:00");
    await h.fresh.db.insert(professionalTimeOff).values({
      id: crypto.randomUUID(),
      orgId: owner.orgId,
      profissionalId: ritaPro,
      inicio: new Date(at("18:00")),
      fim: new Date(at("20:00")),
      criadoEm: new Date(),
    });
    const off = await visit({ inicio: "18:30", fim: "19:00" });
    expect(off.status).toBe(409);
    expect(errorMessage(off.body)).toBe("Rita está de folga nesse horário");
    // A visit already done (realizada) is a record of the past, not a hold: never refused.
    expect((await visit({ inicio: "18:30", fim: "19:00", resultado: "realizada" })).status).toBe(201);
  });

  it("re-opening a cancelled visit checks the time again", async () => {
    const later = await visit({ inicio: "16:30", fim: "17:00" });
    expect(later.status).toBe(201);
    const visitId = later.body.data?.id as string;
    await setVisitOutcome(ctx(), actor, visitId, "cancelada");
    const taken = await bookAppointment(ctx(), actor, {
      clienteId: client,
      profissionalId: ritaPro,
      servicoIds: [service],
      inicio: at("16:00"),
    });
    await expect(setVisitOutcome(ctx(), actor, visitId, "agendada")).rejects.toMatchObject({
      status: 409,
      message: "Conflita com o agendamento de Rita às 16:00",
    });
    await setAppointmentStatus(ctx(), actor, taken.id, "cancelado");
    await setVisitOutcome(ctx(), actor, visitId, "agendada");
  });

  it("a corretor on no agenda schedules as before (overlapping visits are theirs to judge)", async () => {
    const free = await addMember(h, owner.orgId, "professional", "Beto Corretor");
    const a = await visit({ inicio: "10:00", fim: "11:00", corretorId: free.userId });
    const b = await visit({ inicio: "10:30", fim: "11:30", corretorId: free.userId });
    expect([a.status, b.status]).toEqual([201, 201]);
  });
});
