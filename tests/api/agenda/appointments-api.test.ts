import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { appointments } from "../../../db/schema/index.ts";
import type { AgendamentoRow } from "../../../shared/resources/agendamentos.ts";
import { instantIn } from "../../../shared/time-zone.ts";
import { createHarness, createOwner, type Harness } from "../harness.ts";
import { addMember, api, errorMessage } from "../records.ts";
import { addClient, addProfessional, addService, setHours, weekdays } from "./agenda-fixtures.ts";

/**
 * /api/agendamentos through the whole stack (ADR 059): the registry's create and edit go through
 * the guarded service, simultaneous requests for one slot save one, move/status/free slots answer
 * in pt-BR, another organização's ids are refused, a restore over a retaken slot is refused by
 * the database, and a linked professional reaches only their own agenda.
 */

let h: Harness;
let owner: Awaited<ReturnType<typeof createOwner>>;
let ana: string;
let bia: string;
let corte: string;
let maria: string;

type Body<T> = { data: T; total?: number };
const SP = "America/Sao_Paulo";
/** Tuesday 4 March 2031 (the tests run before it). */
const DAY = "2031-03-04";
const iso = (time: string, day = DAY) => instantIn(day, time, SP).toISOString();
const ms = (time: string, day = DAY) => instantIn(day, time, SP).getTime();

async function book(cookie: string, body: Record<string, unknown>) {
  return api<Body<{ id: string }>>(h, cookie, "POST", "/api/agendamentos", {
    clienteId: maria,
    profissionalId: ana,
    servicoIds: [corte],
    ...body,
  });
}

beforeAll(async () => {
  h = await createHarness();
  owner = await createOwner(h, "Agenda API");
  await setHours(h.fresh.db, owner.orgId, weekdays(["09:00", "12:00"], ["13:00", "18:00"]));
  corte = await addService(h.fresh.db, owner.orgId, "Corte feminino", 60, 8_000);
  ana = await addProfessional(h.fresh.db, owner.orgId, "Ana", weekdays(["09:00", "12:00"], ["13:00", "18:00"]), [corte]);
  bia = await addProfessional(h.fresh.db, owner.orgId, "Bia", weekdays(["13:00", "18:00"]), [corte]);
  maria = await addClient(h, owner.cookie, "Maria Aparecida");
});

describe("/api/agendamentos", () => {
  it("creates through the guard and reads back with names, services and the linked member", async () => {
    const res = await book(owner.cookie, { inicio: "2031-03-04T09:00-03:00", observacoes: "Primeira vez" });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const row = (await api<Body<AgendamentoRow>>(h, owner.cookie, "GET", `/api/agendamentos/${res.body.data.id}`)).body.data;
    expect(row).toMatchObject({
      clienteNome: "Maria Aparecida",
      profissionalNome: "Ana",
      servicoIds: [corte],
      servicoNomes: "Corte feminino",
      status: "confirmado",
      totalCentavos: 8_000,
      inicio: iso("09:00"),
      fim: iso("10:00"),
    });
    // The client's link opens by its token alone: its hash never leaves the database.
    expect(row).not.toHaveProperty("linkHash");
    const clash = await book(owner.cookie, { inicio: iso("09:30") });
    expect(clash.status).toBe(409);
    expect(errorMessage(clash.body)).toBe("Conflita com o agendamento de Ana às 09:00");
  });

  it("six simultaneous requests for one slot: one 201, five 409 naming it", async () => {
    for (let round = 0; round < 3; round++) {
      const inicio = iso(`1${3 + round}:00`);
      const answers = await Promise.all(Array.from({ length: 6 }, () => book(owner.cookie, { inicio })));
      expect(answers.map((a) => a.status).sort(), `round ${round}`).toEqual([201, 409, 409, 409, 409, 409]);
      for (const a of answers.filter((x) => x.status === 409))
        expect(errorMessage(a.body)).toBe(`Conflita com o agendamento de Ana às 1${3 + round}:00`);
    }
  });

  it("mover, status, free slots and the next free slot", async () => {
    const day = "2031-03-05";
    const a = (await book(owner.cookie, { inicio: iso("09:00", day) })).body.data.id;
    await book(owner.cookie, { inicio: iso("11:00", day) });
    const blocked = await api(h, owner.cookie, "POST", `/api/agendamentos/${a}/mover`, { inicio: iso("10:30", day) });
    expect(blocked.status).toBe(409);
    expect(errorMessage(blocked.body)).toBe("Conflita com o agendamento de Ana às 11:00");
    // Its reminder went out for 09:00: a new time releases the claim, so the new time gets one.
    await h.fresh.db.update(appointments).set({ lembreteEm: new Date() }).where(eq(appointments.id, a));
    const moved = await api<Body<{ inicio: number; fim: number }>>(h, owner.cookie, "POST", `/api/agendamentos/${a}/mover`, {
      inicio: ms("13:00", day),
      fim: ms("14:30", day),
      profissionalId: bia,
    });
    expect(moved.body.data).toMatchObject({ inicio: ms("13:00", day), fim: ms("14:30", day) });
    const reminded = async () =>
      (await h.fresh.db.select({ at: appointments.lembreteEm }).from(appointments).where(eq(appointments.id, a)))[0]?.at ?? null;
    expect(await reminded()).toBeNull();
    // Only the time matters: a change of notes at the same time keeps the reminder sent.
    await h.fresh.db.update(appointments).set({ lembreteEm: new Date() }).where(eq(appointments.id, a));
    const noted = await api(h, owner.cookie, "PATCH", `/api/agendamentos/${a}`, {
      clienteId: maria,
      profissionalId: bia,
      servicoIds: [corte],
      inicio: iso("13:00", day),
      observacoes: "Trazer referência",
    });
    expect(noted.status, JSON.stringify(noted.body)).toBe(200);
    expect(await reminded()).not.toBeNull();
    const finished = await api(h, owner.cookie, "POST", `/api/agendamentos/${a}/status`, { status: "concluido" });
    expect(finished.status).toBe(200);
    const back = await api(h, owner.cookie, "POST", `/api/agendamentos/${a}/status`, { status: "cancelado" });
    expect(errorMessage(back.body)).toBe("Um agendamento concluído não pode passar para cancelado");

    const q = `servicoIds=${corte}&de=${encodeURIComponent(iso("09:00", day))}&ate=${encodeURIComponent(iso("12:00", day))}`;
    const anaSlots = await api<Body<{ slots: { inicio: number }[] }>>(
      h,
      owner.cookie,
      "GET",
      `/api/agendamentos/horarios-livres?${q}&profissionalId=${ana}`,
    );
    // Ana: 09:00–11:00 free again (the first one moved to Bia), 11:00 taken.
    expect(anaSlots.body.data.slots.map((s) => s.inicio)).toEqual([ms("09:00", day), ms("09:30", day), ms("10:00", day)]);
    const anyone = await api<Body<{ slots: { profissionalIds: string[] }[] }>>(
      h,
      owner.cookie,
      "GET",
      `/api/agendamentos/horarios-livres?${q}`,
    );
    expect(anyone.body.data.slots[0]?.profissionalIds).toEqual([ana]);
    const next = await api<Body<{ slot: { profissionalId: string } | null }>>(
      h,
      owner.cookie,
      "GET",
      `/api/agendamentos/proximo-horario-livre?servicoIds=${corte}`,
    );
    expect(next.status).toBe(200);
    expect([ana, bia]).toContain(next.body.data.slot?.profissionalId);
    const bad = await api(h, owner.cookie, "GET", `/api/agendamentos/horarios-livres?servicoIds=${corte}&de=ontem&ate=amanha`);
    expect(bad.status).toBe(400);
  });

  it("a deleted appointment whose slot was taken again is not restored (the database refuses)", async () => {
    const day = "2031-03-06";
    const first = (await book(owner.cookie, { inicio: iso("15:00", day) })).body.data.id;
    expect((await api(h, owner.cookie, "DELETE", `/api/agendamentos/${first}`)).status).toBe(200);
    expect((await book(owner.cookie, { inicio: iso("15:00", day) })).status).toBe(201);
    const restore = await api(h, owner.cookie, "POST", `/api/agendamentos/${first}/restore`);
    expect(restore.status).toBe(409);
    expect(errorMessage(restore.body)).toBe("Conflita com outro agendamento ou visita desse profissional nesse horário.");
  });

  it("another organização's ids are refused at every door", async () => {
    const other = await createOwner(h, "Outra agenda");
    const theirs = (await book(owner.cookie, { inicio: iso("16:00", "2031-03-07") })).body.data.id;
    for (const [method, path, body] of [
      ["GET", `/api/agendamentos/${theirs}`, undefined],
      [
        "PATCH",
        `/api/agendamentos/${theirs}`,
        { clienteId: maria, profissionalId: ana, servicoIds: [corte], inicio: iso("17:00", "2031-03-07") },
      ],
      ["POST", `/api/agendamentos/${theirs}/mover`, { inicio: iso("17:00", "2031-03-07") }],
      ["POST", `/api/agendamentos/${theirs}/status`, { status: "cancelado" }],
      ["DELETE", `/api/agendamentos/${theirs}`, undefined],
    ] as const) {
      const res = await api(h, other.cookie, method, path, body);
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(errorMessage(res.body)).toBe("Agendamento não encontrado.");
    }
    const foreign = await api(h, other.cookie, "POST", "/api/agendamentos", {
      clienteId: maria,
      profissionalId: ana,
      servicoIds: [corte],
      inicio: iso("10:00"),
    });
    expect(foreign.status).toBe(422);
    const slots = await api(
      h,
      other.cookie,
      "GET",
      `/api/agendamentos/horarios-livres?servicoIds=${corte}&profissionalId=${ana}&de=${ms("09:00")}&ate=${ms("12:00")}`,
    );
    expect(slots.status).toBe(422);
  });

  it("a linked professional lists and changes only their own agenda", async () => {
    const carla = await addMember(h, owner.orgId, "professional", "Carla");
    const mine = await addProfessional(h.fresh.db, owner.orgId, "Carla", weekdays(["09:00", "18:00"]), [corte], {
      usuarioId: carla.userId,
    });
    const own = await book(carla.cookie, { profissionalId: mine, inicio: iso("09:00", "2031-03-10") });
    expect(own.status, JSON.stringify(own.body)).toBe(201);
    const list = await api<Body<{ id: string; profissionalId: string }[]>>(h, carla.cookie, "GET", "/api/agendamentos");
    expect(list.body.data.map((r) => r.profissionalId)).toEqual([mine]);
    const others = await book(carla.cookie, { inicio: iso("10:00", "2031-03-10") });
    expect(others.status).toBe(403);
    expect(errorMessage(others.body)).toBe("Você só pode agendar na sua própria agenda.");
    const anas = (await book(owner.cookie, { inicio: iso("16:00", "2031-03-10") })).body.data.id;
    expect((await api(h, carla.cookie, "POST", `/api/agendamentos/${anas}/status`, { status: "cancelado" })).status).toBe(404);
  });
});
