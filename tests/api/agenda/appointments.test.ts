import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { appointmentServices, appointments, professionalTimeOff } from "../../../db/schema/index.ts";
import { instantIn } from "../../../shared/time-zone.ts";
import type { Actor, ServiceContext } from "../../../worker/services/context.ts";
import { bookAppointment, moveAppointment, OWN_AGENDA_ONLY, setAppointmentStatus } from "../../../worker/services/agenda/appointments.ts";
import { loadAgendaRules } from "../../../worker/services/agenda/agenda-rules.ts";
import { createHarness, createOwner, type Harness, userId } from "../harness.ts";
import { actorFor, addMember } from "../records.ts";
import { addClient, addProfessional, addService, setAgendaSettings, setHours, weekdays } from "./agenda-fixtures.ts";

/**
 * Booking, moving and changing appointments against the real local database (ADR 059): the
 * rules' refusals word for word, the snapshot of services and commissions, and the guard — many
 * requests for the same slot at once, exactly one wins; a move racing a booking, one wins.
 */

let h: Harness;
let owner: Awaited<ReturnType<typeof createOwner>>;
let actor: Actor;
let ana: string;
let bia: string;
let corte: string;
let barba: string;
let escova: string;
let maria: string;
let joao: string;

const SP = "America/Sao_Paulo";
/** Tuesday 1 December 2026, 08:00 in São Paulo: "now" for these tests. */
const NOW = new Date("2026-12-01T08:00:00-03:00");
const at = (time: string, day = "2026-12-01", zone = SP): number => instantIn(day, time, zone).getTime();

function ctx(now: Date = NOW): ServiceContext {
  return { ...h.ctx(), now };
}

/** What holds a professional's time on a day, as the rules loader reads it (its window is wider: cut to the day). */
async function bookingsOn(day: string, professionalId: string) {
  const window = { start: at("00:00", day), end: at("23:59", day) };
  const rules = await loadAgendaRules(ctx(), owner.orgId, window, { professionalIds: [professionalId] });
  return (rules.professionals[0]?.bookings ?? []).filter((b) => b.start >= window.start && b.start < window.end);
}

async function refusal(promise: Promise<unknown>): Promise<{ status: number; message: string }> {
  try {
    await promise;
  } catch (error) {
    const e = error as { status?: number; message: string };
    return { status: e.status ?? 0, message: e.message };
  }
  throw new Error("expected a refusal");
}

beforeAll(async () => {
  h = await createHarness();
  owner = await createOwner(h, "Salão");
  actor = { ...actorFor(owner.orgId, (await userId(h, owner.email)) as string), timeZone: SP };
  await setHours(h.fresh.db, owner.orgId, weekdays(["09:00", "12:00"], ["13:00", "18:00"]));
  corte = await addService(h.fresh.db, owner.orgId, "Corte feminino", 60, 8_000, { comissaoTipo: "percentual", comissaoValor: 1_000 });
  barba = await addService(h.fresh.db, owner.orgId, "Barba", 30, 4_000);
  escova = await addService(h.fresh.db, owner.orgId, "Escova", 30, 5_000);
  ana = await addProfessional(h.fresh.db, owner.orgId, "Ana", weekdays(["09:00", "12:00"], ["13:00", "18:00"]), [corte, escova], {
    comissaoTipo: "fixo",
    comissaoValor: 500,
  });
  bia = await addProfessional(h.fresh.db, owner.orgId, "Bia", weekdays(["13:00", "18:00"]), [corte, barba]);
  maria = await addClient(h, owner.cookie, "Maria Aparecida");
  joao = await addClient(h, owner.cookie, "João Pedro");
});

describe("bookAppointment", () => {
  it("books: the end from the durations, the total, each service's snapshot and commission", async () => {
    const booked = await bookAppointment(ctx(), actor, {
      clienteId: maria,
      profissionalId: ana,
      servicoIds: [corte, escova],
      inicio: "2026-12-01T09:00:00-03:00",
    });
    expect(booked.fim - booked.inicio).toBe(90 * 60_000);
    const [row] = await h.fresh.db.select().from(appointments).where(eq(appointments.id, booked.id));
    expect(row).toMatchObject({ status: "confirmado", origem: "interno", totalCentavos: 13_000, ordem: "maria aparecida" });
    expect(row?.inicio.getTime()).toBe(at("09:00"));
    const lines = await h.fresh.db.select().from(appointmentServices).where(eq(appointmentServices.agendamentoId, booked.id));
    const byName = Object.fromEntries(lines.map((l) => [l.nome, l]));
    // Corte: the service's 10 % of R$ 80,00; Escova: none of its own, Ana's fixed R$ 5,00.
    expect(byName["Corte feminino"]).toMatchObject({ duracaoMin: 60, precoCentavos: 8_000, comissaoCentavos: 800, posicao: 0 });
    expect(byName.Escova).toMatchObject({ duracaoMin: 30, precoCentavos: 5_000, comissaoCentavos: 500, posicao: 1 });
  });

  it("refuses with the rules' pt-BR reason, naming the conflict", async () => {
    const base = { clienteId: joao, profissionalId: ana, servicoIds: [corte] };
    const cases: [number, string][] = [
      [at("09:30"), "Conflita com o agendamento de Ana às 09:00"],
      [at("10:00"), "Conflita com o agendamento de Ana às 09:00"],
      [at("11:30"), "Fora do horário de funcionamento (ter 09:00–12:00, 13:00–18:00)"],
      [at("07:00"), "Esse horário já passou"],
      [at("13:15"), "Escolha um horário da grade de 30 min da agenda"],
      [at("10:00", "2026-12-06"), "Fechado aos domingos"],
      [at("10:00", "2026-12-25"), "Fechado em 25/12 (feriado: Natal)"],
    ];
    for (const [inicio, motivo] of cases) {
      expect(await refusal(bookAppointment(ctx(), actor, { ...base, inicio })), motivo).toEqual({ status: 409, message: motivo });
    }
    // Bia works afternoons only.
    expect((await refusal(bookAppointment(ctx(), actor, { ...base, profissionalId: bia, inicio: at("10:00") }))).message).toBe(
      "Bia não atende nesse horário (ter 13:00–18:00)",
    );
    // 10:30 + 60 min ends 11:30, right when the 09:00 appointment (90 min) has ended: free.
    expect((await bookAppointment(ctx(), actor, { ...base, inicio: at("10:30") })).fim).toBe(at("11:30"));
  });

  it("refuses a service the professional does not perform, and another organization's client, professional or service", async () => {
    const other = await createOwner(h, "Outro salão");
    const theirClient = await addClient(h, other.cookie, "Cliente Alheio");
    const theirService = await addService(h.fresh.db, other.orgId, "Corte deles", 30);
    const theirPro = await addProfessional(h.fresh.db, other.orgId, "Zé", weekdays(["09:00", "18:00"]), [theirService]);
    const base = { clienteId: joao, profissionalId: ana, servicoIds: [corte], inicio: at("14:00") };
    expect(await refusal(bookAppointment(ctx(), actor, { ...base, servicoIds: [barba] }))).toEqual({
      status: 422,
      message: "Ana não realiza Barba",
    });
    expect(await refusal(bookAppointment(ctx(), actor, { ...base, clienteId: theirClient }))).toEqual({
      status: 422,
      message: "Cliente não encontrado. Escolha um cliente cadastrado.",
    });
    expect(await refusal(bookAppointment(ctx(), actor, { ...base, profissionalId: theirPro }))).toEqual({
      status: 422,
      message: "Profissional não encontrado. Escolha um profissional ativo.",
    });
    expect(await refusal(bookAppointment(ctx(), actor, { ...base, servicoIds: [theirService] }))).toEqual({
      status: 422,
      message: "Serviço não encontrado. Escolha um serviço ativo.",
    });
    expect(await h.fresh.db.select().from(appointments).where(eq(appointments.clienteId, theirClient))).toEqual([]);
  });

  it("time off and the buffer after every appointment", async () => {
    const day = "2026-12-02";
    await h.fresh.db.insert(professionalTimeOff).values({
      id: crypto.randomUUID(),
      orgId: owner.orgId,
      profissionalId: ana,
      inicio: new Date(at("14:00", day)),
      fim: new Date(at("16:00", day)),
      motivo: "Consulta médica",
      criadoEm: new Date(),
    });
    const base = { clienteId: maria, profissionalId: ana, servicoIds: [escova] };
    expect((await refusal(bookAppointment(ctx(), actor, { ...base, inicio: at("15:00", day) }))).message).toBe(
      "Ana está de folga nesse horário (até 16:00)",
    );
    await setAgendaSettings(h.fresh.db, owner.orgId, { agendaFolgaMin: 15 });
    try {
      await bookAppointment(ctx(), actor, { ...base, inicio: at("16:00", day) });
      // 16:00–16:30 + 15 min of cleaning: 16:30 is taken, 17:00 is free.
      expect((await refusal(bookAppointment(ctx(), actor, { ...base, inicio: at("16:30", day) }))).message).toBe(
        "Conflita com o agendamento de Ana às 16:00",
      );
      await bookAppointment(ctx(), actor, { ...base, inicio: at("17:00", day) });
    } finally {
      await setAgendaSettings(h.fresh.db, owner.orgId, { agendaFolgaMin: 0 });
    }
  });
});

describe("the guard: the check and the write are one statement", () => {
  it("many simultaneous bookings of the same slot: exactly one is saved, the others get the conflict", async () => {
    for (let round = 0; round < 3; round++) {
      const day = `2026-12-${String(7 + round).padStart(2, "0")}`;
      const inicio = at("10:00", day);
      const attempts = await Promise.allSettled(
        Array.from({ length: 8 }, (_, i) =>
          bookAppointment(ctx(), actor, { clienteId: i % 2 ? maria : joao, profissionalId: ana, servicoIds: [corte], inicio }),
        ),
      );
      const won = attempts.filter((a) => a.status === "fulfilled");
      const lost = attempts.filter((a): a is PromiseRejectedResult => a.status === "rejected");
      expect(won.length, `round ${round}`).toBe(1);
      for (const l of lost) expect(l.reason).toMatchObject({ status: 409, message: "Conflita com o agendamento de Ana às 10:00" });
      expect(await bookingsOn(day, ana)).toEqual([{ start: inicio, end: inicio + 60 * 60_000 }]);
    }
  });

  it("a move racing a booking for the same time: one wins, the other is told what is there", async () => {
    for (let round = 0; round < 3; round++) {
      const day = `2026-12-${String(14 + round).padStart(2, "0")}`;
      const first = await bookAppointment(ctx(), actor, {
        clienteId: maria,
        profissionalId: ana,
        servicoIds: [escova],
        inicio: at("09:00", day),
      });
      const [moved, booked] = await Promise.allSettled([
        moveAppointment(ctx(), actor, first.id, { inicio: at("15:00", day) }),
        bookAppointment(ctx(), actor, { clienteId: joao, profissionalId: ana, servicoIds: [escova], inicio: at("15:00", day) }),
      ]);
      expect([moved.status, booked.status].sort(), `round ${round}`).toEqual(["fulfilled", "rejected"]);
      const loser = (moved.status === "rejected" ? moved : booked) as PromiseRejectedResult;
      expect(loser.reason).toMatchObject({ status: 409, message: "Conflita com o agendamento de Ana às 15:00" });
      const starts = (await bookingsOn(day, ana)).map((b) => b.start);
      expect(starts).toEqual(moved.status === "fulfilled" ? [at("15:00", day)] : [at("09:00", day), at("15:00", day)]);
    }
  });
});

describe("moveAppointment", () => {
  it("moves, resizes and hands over with the same rules and refusals", async () => {
    const day = "2026-12-03";
    const a = await bookAppointment(ctx(), actor, { clienteId: maria, profissionalId: ana, servicoIds: [corte], inicio: at("09:00", day) });
    const b = await bookAppointment(ctx(), actor, { clienteId: joao, profissionalId: ana, servicoIds: [corte], inicio: at("14:00", day) });
    expect((await refusal(moveAppointment(ctx(), actor, a.id, { inicio: at("13:30", day) }))).message).toBe(
      "Conflita com o agendamento de Ana às 14:00",
    );
    // Onto itself, one step later: it does not conflict with itself.
    expect(await moveAppointment(ctx(), actor, a.id, { inicio: at("09:30", day) })).toMatchObject({
      inicio: at("09:30", day),
      fim: at("10:30", day),
    });
    // Resize: to 11:00, then past lunch (refused).
    expect((await moveAppointment(ctx(), actor, a.id, { inicio: at("09:30", day), fim: at("11:00", day) })).fim).toBe(at("11:00", day));
    expect((await refusal(moveAppointment(ctx(), actor, a.id, { inicio: at("09:30", day), fim: at("12:30", day) }))).message).toBe(
      "Fora do horário de funcionamento (qui 09:00–12:00, 13:00–18:00)",
    );
    // To Bia: she cuts, but only in the afternoon; Escova she does not do.
    expect((await refusal(moveAppointment(ctx(), actor, a.id, { inicio: at("09:30", day), profissionalId: bia }))).message).toBe(
      "Bia não atende nesse horário (qui 13:00–18:00)",
    );
    const moved = await moveAppointment(ctx(), actor, a.id, { inicio: at("14:00", day), profissionalId: bia });
    expect(moved).toMatchObject({ profissionalId: bia, inicio: at("14:00", day), fim: at("15:30", day) });
    const c = await bookAppointment(ctx(), actor, { clienteId: joao, profissionalId: ana, servicoIds: [escova], inicio: at("16:00", day) });
    expect(await refusal(moveAppointment(ctx(), actor, c.id, { inicio: at("16:00", day), profissionalId: bia }))).toEqual({
      status: 422,
      message: "Bia não realiza Escova",
    });
    // Another organization's id, or nonsense: not found.
    expect((await refusal(moveAppointment(ctx(), actor, crypto.randomUUID(), { inicio: at("16:00", day) }))).status).toBe(404);
    void b;
  });
});

describe("setAppointmentStatus", () => {
  it("cancelado frees the slot; re-opening re-checks it; transitions and the desk's times", async () => {
    const day = "2026-12-04";
    const a = await bookAppointment(ctx(), actor, { clienteId: maria, profissionalId: ana, servicoIds: [corte], inicio: at("10:00", day) });
    await setAppointmentStatus(ctx(), actor, a.id, "cancelado");
    const b = await bookAppointment(ctx(), actor, { clienteId: joao, profissionalId: ana, servicoIds: [escova], inicio: at("10:30", day) });
    expect(await refusal(setAppointmentStatus(ctx(), actor, a.id, "confirmado"))).toEqual({
      status: 409,
      message: "Conflita com o agendamento de Ana às 10:30",
    });
    await setAppointmentStatus(ctx(), actor, b.id, "faltou");
    expect(await setAppointmentStatus(ctx(), actor, a.id, { status: "confirmado" })).toEqual({ id: a.id, status: "confirmado" });
    await setAppointmentStatus(ctx(), actor, a.id, "em_atendimento");
    await setAppointmentStatus(ctx(), actor, a.id, "concluido");
    const [row] = await h.fresh.db.select().from(appointments).where(eq(appointments.id, a.id));
    expect(row?.iniciadoEm?.getTime()).toBe(NOW.getTime());
    expect(row?.concluidoEm?.getTime()).toBe(NOW.getTime());
    expect(await refusal(setAppointmentStatus(ctx(), actor, a.id, "cancelado"))).toEqual({
      status: 409,
      message: "Um agendamento concluído não pode passar para cancelado",
    });
    expect(await refusal(moveAppointment(ctx(), actor, a.id, { inicio: at("15:00", day) }))).toEqual({
      status: 409,
      message: "Um agendamento concluído não pode ser movido",
    });
    expect((await refusal(setAppointmentStatus(ctx(), actor, a.id, "atrasado"))).status).toBe(0);
  });
});

describe("who may", () => {
  it("a professional linked to a profissional books and moves on their own agenda only; one not linked, on none", async () => {
    const day = "2026-12-10";
    const linked = await addMember(h, owner.orgId, "professional", "Carla");
    const carla = await addProfessional(h.fresh.db, owner.orgId, "Carla", weekdays(["09:00", "18:00"]), [corte], {
      usuarioId: linked.userId,
    });
    const asCarla: Actor = { ...actorFor(owner.orgId, linked.userId, "professional"), timeZone: SP };
    const mine = await bookAppointment(ctx(), asCarla, {
      clienteId: maria,
      profissionalId: carla,
      servicoIds: [corte],
      inicio: at("09:00", day),
    });
    expect(
      await refusal(
        bookAppointment(ctx(), asCarla, { clienteId: maria, profissionalId: ana, servicoIds: [corte], inicio: at("15:00", day) }),
      ),
    ).toEqual({
      status: 403,
      message: OWN_AGENDA_ONLY,
    });
    const anas = await bookAppointment(ctx(), actor, {
      clienteId: joao,
      profissionalId: ana,
      servicoIds: [corte],
      inicio: at("15:00", day),
    });
    expect((await refusal(moveAppointment(ctx(), asCarla, anas.id, { inicio: at("16:00", day) }))).status).toBe(404);
    expect((await refusal(setAppointmentStatus(ctx(), asCarla, anas.id, "cancelado"))).status).toBe(404);
    expect((await refusal(moveAppointment(ctx(), asCarla, mine.id, { inicio: at("15:00", day), profissionalId: ana }))).status).toBe(403);
    expect((await moveAppointment(ctx(), asCarla, mine.id, { inicio: at("10:00", day) })).inicio).toBe(at("10:00", day));
    const unlinked = await addMember(h, owner.orgId, "professional", "Sem agenda");
    const asUnlinked: Actor = actorFor(owner.orgId, unlinked.userId, "professional");
    expect(
      await refusal(
        bookAppointment(ctx(), asUnlinked, { clienteId: maria, profissionalId: carla, servicoIds: [corte], inicio: at("11:00", day) }),
      ),
    ).toEqual({
      status: 403,
      message: OWN_AGENDA_ONLY,
    });
  });
});

describe("time zones", () => {
  it("São Paulo on 2018-11-04 (DST began at midnight): a Sunday opening 00:00–03:00 holds two hours", async () => {
    const org = await createOwner(h, "Madrugada");
    const me = { ...actorFor(org.orgId, (await userId(h, org.email)) as string), timeZone: SP };
    const sunday: [string, string][][] = [[["00:00", "03:00"]], [], [], [], [], [], []];
    const week = sunday.map((d) => d.map(([start, end]) => ({ start, end })));
    await setHours(h.fresh.db, org.orgId, week, false);
    const svc = await addService(h.fresh.db, org.orgId, "Plantão", 60);
    const pro = await addProfessional(h.fresh.db, org.orgId, "Noturna", week, [svc]);
    const client = await addClient(h, org.cookie, "Cliente da madrugada");
    const then = new Date("2018-11-03T12:00:00-03:00");
    const day = "2018-11-04";
    // 00:00 never happened that night: the opening is 01:00 (UTC−2), and it ends at 03:00.
    expect(
      (
        await refusal(
          bookAppointment(ctx(then), me, { clienteId: client, profissionalId: pro, servicoIds: [svc], inicio: at("02:30", day) }),
        )
      ).message,
    ).toBe("Fora do horário de funcionamento (dom 00:00–03:00)");
    const first = await bookAppointment(ctx(then), me, {
      clienteId: client,
      profissionalId: pro,
      servicoIds: [svc],
      inicio: "2018-11-04T01:00:00-02:00",
    });
    expect(first.inicio).toBe(Date.parse("2018-11-04T03:00:00Z"));
    await bookAppointment(ctx(then), me, { clienteId: client, profissionalId: pro, servicoIds: [svc], inicio: at("02:00", day) });
    expect(
      (
        await refusal(
          bookAppointment(ctx(then), me, { clienteId: client, profissionalId: pro, servicoIds: [svc], inicio: at("01:30", day) }),
        )
      ).message,
    ).toBe("Conflita com o agendamento de Noturna às 01:00");
  });

  it("Manaus: the conflict is named in the organização's zone", async () => {
    const org = await createOwner(h, "Manaus");
    const zone = "America/Manaus";
    const me = { ...actorFor(org.orgId, (await userId(h, org.email)) as string), timeZone: zone };
    await setAgendaSettings(h.fresh.db, org.orgId, { fusoHorario: zone });
    await setHours(h.fresh.db, org.orgId, weekdays(["08:00", "17:00"]));
    const svc = await addService(h.fresh.db, org.orgId, "Consulta", 60);
    const pro = await addProfessional(h.fresh.db, org.orgId, "Dra. Luz", weekdays(["08:00", "17:00"]), [svc]);
    const client = await addClient(h, org.cookie, "Paciente");
    const then = new Date("2018-11-01T08:00:00-04:00");
    const inicio = at("14:00", "2018-11-05", zone);
    expect(inicio).toBe(Date.parse("2018-11-05T18:00:00Z"));
    await bookAppointment(ctx(then), me, { clienteId: client, profissionalId: pro, servicoIds: [svc], inicio });
    expect(
      (
        await refusal(
          bookAppointment(ctx(then), me, { clienteId: client, profissionalId: pro, servicoIds: [svc], inicio: inicio + 30 * 60_000 }),
        )
      ).message,
    ).toBe("Conflita com o agendamento de Dra. Luz às 14:00");
    // 17:00 in Manaus is 18:00 in São Paulo: closed here.
    expect(
      (
        await refusal(
          bookAppointment(ctx(then), me, {
            clienteId: client,
            profissionalId: pro,
            servicoIds: [svc],
            inicio: at("16:30", "2018-11-05", zone),
          }),
        )
      ).message,
    ).toBe("Fora do horário de funcionamento (seg 08:00–17:00)");
  });
});
