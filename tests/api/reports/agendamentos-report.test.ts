/**
 * The Agendamentos report (ADR 085) on an agenda typed by hand, the week of 02–08/11/2026 in São
 * Paulo: Monday 02/11 is Finados (a national holiday: closed), Thursday 05/11 the business opens
 * 09:00–15:00 only (an exception), Carla is off 05/11 09:00–11:00. Every figure is computed on
 * paper below; the week's edges are São Paulo's midnights; a deleted appointment and another
 * organização's never count; one round trip; the office and the professional role are refused.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { appointments, businessHourDays, businessHours, clients, professionals, professionalTimeOff } from "../../../db/schema/index.ts";
import type { ReportDocument } from "../../../shared/reports/document.ts";
import { reportById, reportParams } from "../../../worker/services/reports/catalogue.ts";
import { createHarness, createOwner, type Harness, userId } from "../harness.ts";
import { actorFor } from "../records.ts";
import { reportCtx, sp } from "./money-fixtures.ts";

let h: Harness;
let owner: ReturnType<typeof actorFor>;
let orgA: string;
let carla: string;

const WEEK = "de=2026-11-02&ate=2026-11-08";
const week = (days: Record<number, [string, string][]>) =>
  JSON.stringify(Array.from({ length: 7 }, (_, d) => (days[d] ?? []).map(([start, end]) => ({ start, end }))));

async function build(query: string, actor = owner) {
  const def = reportById("agendamentos");
  if (!def) throw new Error("agendamentos is not in the catalogue");
  const params = reportParams(def, new URLSearchParams(query), "2026-12-05");
  const before = h.fresh.db.roundTrips();
  const doc = await def.build(h.fresh.db, reportCtx(actor), params);
  return { doc, trips: h.fresh.db.roundTrips() - before };
}

const kpis = (doc: ReportDocument) => Object.fromEntries(doc.kpis.map((k) => [k.label, k.value]));

beforeAll(async () => {
  h = await createHarness();
  const db = h.fresh.db;
  const a = await createOwner(h, "Agenda A");
  const b = await createOwner(h, "Agenda B");
  orgA = a.orgId;
  owner = actorFor(orgA, (await userId(h, a.email)) as string);
  const open = week({
    1: [["09:00", "18:00"]],
    2: [["09:00", "18:00"]],
    3: [["09:00", "18:00"]],
    4: [["09:00", "18:00"]],
    5: [["09:00", "18:00"]],
  });
  await db.insert(businessHours).values({ orgId: orgA, semana: open });
  await db.insert(businessHourDays).values({
    id: crypto.randomUUID(),
    orgId: orgA,
    dia: "2026-11-05",
    tipo: "excecao",
    intervalos: JSON.stringify([{ start: "09:00", end: "15:00" }]),
    criadoEm: new Date(),
  });
  const professional = async (orgId: string, nome: string, semana: string) => {
    const id = crypto.randomUUID();
    await db
      .insert(professionals)
      .values({ id, orgId, nome, ordem: nome.toLowerCase(), cor: "#0f766e", semana, criadoEm: new Date(), atualizadoEm: new Date() });
    return id;
  };
  // Carla: mornings Monday to Friday (4 h); Bruno: Tuesday and Thursday afternoons (5 h).
  carla = await professional(
    orgA,
    "Carla",
    week({ 1: [["09:00", "13:00"]], 2: [["09:00", "13:00"]], 3: [["09:00", "13:00"]], 4: [["09:00", "13:00"]], 5: [["09:00", "13:00"]] }),
  );
  const bruno = await professional(orgA, "Bruno", week({ 2: [["13:00", "18:00"]], 4: [["13:00", "18:00"]] }));
  await db.insert(professionalTimeOff).values({
    id: crypto.randomUUID(),
    orgId: orgA,
    profissionalId: carla,
    inicio: sp("2026-11-05", "09:00"),
    fim: sp("2026-11-05", "11:00"),
    criadoEm: new Date(),
  });
  const client = crypto.randomUUID();
  await db.insert(clients).values({ id: client, orgId: orgA, tipo: "pf", nome: "Maria", ordem: "maria" });
  const appt = async (
    orgId: string,
    profissionalId: string,
    clienteId: string,
    inicio: Date,
    min: number,
    status: "concluido" | "faltou" | "cancelado" | "confirmado" | "pendente",
    deleted = false,
  ) =>
    db.insert(appointments).values({
      orgId,
      clienteId,
      profissionalId,
      inicio,
      fim: new Date(inicio.getTime() + min * 60_000),
      status,
      ordem: "maria",
      ...(deleted ? { excluidoEm: inicio } : {}),
    });
  // Carla: 60 min done, 90 min no-show, 60 min cancelled, 30 min late on Sunday 08/11 (in the week).
  await appt(orgA, carla, client, sp("2026-11-03", "09:00"), 60, "concluido");
  await appt(orgA, carla, client, sp("2026-11-04", "10:00"), 90, "faltou");
  await appt(orgA, carla, client, sp("2026-11-06", "09:00"), 60, "cancelado");
  await appt(orgA, carla, client, sp("2026-11-08", "23:00"), 30, "concluido");
  // Out: 23:59 on Sunday 01/11 and 00:00 on Monday 09/11; a deleted one.
  await appt(orgA, carla, client, sp("2026-11-01", "23:59"), 60, "concluido");
  await appt(orgA, carla, client, sp("2026-11-09", "00:00"), 60, "concluido");
  await appt(orgA, bruno, client, sp("2026-11-04", "14:00"), 60, "confirmado", true);
  // Bruno: 120 min confirmed on Tuesday, 60 min pending on Thursday.
  await appt(orgA, bruno, client, sp("2026-11-03", "13:00"), 120, "confirmado");
  await appt(orgA, bruno, client, sp("2026-11-05", "13:00"), 60, "pendente");
  // Another organização's week.
  const pB = await professional(b.orgId, "Outra", open);
  const cB = crypto.randomUUID();
  await db.insert(clients).values({ id: cB, orgId: b.orgId, tipo: "pf", nome: "Outra", ordem: "outra" });
  await appt(b.orgId, pB, cB, sp("2026-11-03", "10:00"), 600, "faltou");
});

describe("Agendamentos: 02–08/11/2026", () => {
  it("occupancy per professional from the hours, the holiday, the exception and the time off; no-shows and cancellations", async () => {
    const { doc, trips } = await build(WEEK);
    expect(trips).toBe(1);
    // Carla: open Tue–Fri (Monday is Finados) × 4 h = 16 h, minus 2 h off = 14 h; booked 60 + 90 + 30 min = 3 h.
    // Bruno: Tuesday 5 h + Thursday 13:00–15:00 (the business closes at 15:00) = 7 h; booked 2 h + 1 h = 3 h.
    expect(doc.sections.find((s) => s.id === "ocupacao")?.table.rows).toEqual([
      { profissional: "Bruno", agendamentos: 2, horasAgendadas: 3, horasDisponiveis: 7, ocupacao: 3 / 7, faltas: 0, cancelados: 0 },
      { profissional: "Carla", agendamentos: 3, horasAgendadas: 3, horasDisponiveis: 14, ocupacao: 3 / 14, faltas: 1, cancelados: 1 },
    ]);
    expect(kpis(doc)).toEqual({
      Agendamentos: 5,
      Ocupação: 6 / 21,
      Faltas: 1,
      "Taxa de faltas": 1 / 5,
      Cancelados: 1,
      "Taxa de cancelamento": 1 / 6,
    });
    expect(doc.sections.find((s) => s.id === "por-situacao")?.table.rows.map((r) => r.agendamentos)).toEqual([1, 1, 0, 2, 1, 1]);
  });

  it("filtered to one professional; refused to the office and the professional role", async () => {
    const { doc } = await build(`${WEEK}&profissional=${carla}`);
    expect(kpis(doc)).toMatchObject({ Agendamentos: 3, Ocupação: 3 / 14 });
    for (const role of ["staff", "professional"] as const)
      await expect(build(WEEK, actorFor(orgA, "x", role))).rejects.toMatchObject({ status: 403 });
  });
});
