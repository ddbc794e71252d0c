import { describe, expect, it } from "vitest";
import { checkBooking } from "../../shared/agenda/booking-check.ts";
import { hoursOn } from "../../shared/agenda/business-hours.ts";
import { weeklyOutsideHours } from "../../shared/agenda/professional.ts";
import { APPOINTMENT_STATUSES, FREEING_STATUSES } from "../../shared/enums.ts";
import { DEMO_ACCOUNTS, DEMO_PEOPLE, DEMO_PROFESSIONAL } from "../../shared/demo-accounts.ts";
import { dayIn } from "../../shared/time-zone.ts";
import {
  DEMO_AGENDA_SETTINGS,
  DEMO_AGENDA_ZONE,
  DEMO_PROFESSIONALS,
  DEMO_SERVICE_CATEGORIES,
  DEMO_SERVICES,
  demoBusinessHours,
} from "../../scripts/seed/demo-agenda-data.ts";
import { AHEAD_DAYS, type DemoAgendaPlan, demoAgendaPlan, PAST_DAYS, placementRules } from "../../scripts/seed/demo-agenda-plan.ts";
import { balanceWith, demoRestocks, stockHistory } from "../../scripts/seed/demo-agenda-stock.ts";
import { demoClients, demoProducts } from "../../scripts/seed/demo-data.ts";

/** The demo's agenda, pure (ADR 066): the catalogue, and the appointments placed by shared/agenda's rules. */

const MINUTE = 60_000;
const DAY = 86_400_000;
const CLIENTS = demoClients().length;

/** A Wednesday at 14:10 in São Paulo: the desk busy. */
const BUSY = new Date("2026-11-25T17:10:00Z");
/** Other seed times: lunch, a Saturday, a Sunday, a national holiday, late night, New Year, São Paulo's DST start week (2018). */
const OTHERS = [
  "2026-11-27T15:20:00Z",
  "2026-11-28T13:00:00Z",
  "2026-11-29T18:00:00Z",
  "2026-11-20T14:00:00Z",
  "2026-11-26T02:30:00Z",
  "2026-01-01T12:00:00Z",
  "2018-11-06T14:00:00Z",
].map((s) => new Date(s));

const plans = new Map<Date, DemoAgendaPlan>();
function planAt(now: Date): DemoAgendaPlan {
  let plan = plans.get(now);
  if (!plan) {
    plan = demoAgendaPlan(now, CLIENTS);
    plans.set(now, plan);
  }
  return plan;
}

describe("the demo's catalogue", () => {
  it("has 5 professionals, one with a login (the professional demo account), distinct colours, weeks inside the hours", () => {
    expect(DEMO_PROFESSIONALS).toHaveLength(5);
    const login = DEMO_PROFESSIONALS.filter((p) => p.login);
    expect(login.map((p) => [p.nome, p.email])).toEqual([[DEMO_PROFESSIONAL.name, DEMO_PROFESSIONAL.email]]);
    expect(DEMO_PROFESSIONAL.role).toBe("professional");
    expect(DEMO_ACCOUNTS.map((a) => a.email)).toContain(DEMO_PROFESSIONAL.email);
    // The real-estate team stays as it was (the corretor is not linked to any profissional).
    expect(DEMO_PEOPLE.some((p) => p.email === DEMO_PROFESSIONAL.email)).toBe(false);
    expect(new Set(DEMO_PROFESSIONALS.map((p) => p.cor)).size).toBe(5);
    const hours = demoBusinessHours();
    for (const p of DEMO_PROFESSIONALS) {
      expect(p.cor, p.nome).toMatch(/^#[0-9a-f]{6}$/);
      expect(weeklyOutsideHours(p.semana, hours), p.nome).toEqual([]);
    }
  });

  it("has 15 services in 4 categories, each performed by someone, the products they consume among the demo's", () => {
    expect(DEMO_SERVICES).toHaveLength(15);
    expect(new Set(DEMO_SERVICES.map((s) => s.categoria))).toEqual(new Set(DEMO_SERVICE_CATEGORIES));
    expect(DEMO_SERVICE_CATEGORIES).toHaveLength(4);
    const skus = new Set(demoProducts().map((p) => p.sku));
    for (const s of DEMO_SERVICES) {
      expect(
        DEMO_PROFESSIONALS.some((p) => p.servicos.includes(s.key)),
        s.nome,
      ).toBe(true);
      expect(s.duracaoMin % DEMO_AGENDA_SETTINGS.agendaIntervaloMin, s.nome).toBe(0);
      for (const p of s.produtos) expect(skus.has(p.sku), p.sku).toBe(true);
    }
    expect(DEMO_SERVICES.filter((s) => s.produtos.length).length).toBeGreaterThanOrEqual(3);
    expect(DEMO_SERVICES.some((s) => s.agendaOnline)).toBe(true);
    expect(DEMO_SERVICES.some((s) => !s.agendaOnline)).toBe(true);
  });
});

/** The invariants every seed time keeps. */
function expectInvariants(now: Date, plan: DemoAgendaPlan): void {
  const t = now.getTime();
  const pros = new Map(DEMO_PROFESSIONALS.map((p) => [p.key, p]));
  const services = new Map(DEMO_SERVICES.map((s) => [s.key, s]));
  expect(plan.today).toBe(dayIn(now, DEMO_AGENDA_ZONE));
  expect(plan.appointments.length).toBeGreaterThan(150);
  for (const [i, a] of plan.appointments.entries()) {
    const label = `${i} ${a.profissionalKey} ${new Date(a.inicio).toISOString()} ${a.status}`;
    const pro = pros.get(a.profissionalKey);
    expect(pro, label).toBeDefined();
    for (const k of a.servicoKeys) expect(pro?.servicos, label).toContain(k);
    const duration = a.servicoKeys.reduce((sum, k) => sum + (services.get(k)?.duracaoMin ?? 0), 0);
    expect(a.fim - a.inicio, label).toBe(duration * MINUTE);
    // Inside the window, the hours, the week, outside time off, on the grid, clear of the others (notice and past aside).
    expect(a.inicio, label).toBeGreaterThanOrEqual(t - (PAST_DAYS + 1) * DAY);
    expect(a.inicio, label).toBeLessThanOrEqual(t + (AHEAD_DAYS + 1) * DAY);
    const others = plan.appointments
      .filter((b) => b !== a && b.profissionalKey === a.profissionalKey && !FREEING_STATUSES.includes(b.status))
      .map((b) => ({ start: b.inicio, end: b.fim }));
    const timeOff = plan.timeOff.filter((o) => o.profissionalKey === a.profissionalKey).map((o) => ({ start: o.inicio, end: o.fim }));
    const verdict = checkBooking(
      placementRules(plan.hours, duration),
      { id: a.profissionalKey, nome: pro?.nome ?? "", weekly: pro?.semana ?? [], timeOff, bookings: others },
      a.inicio,
    );
    expect(verdict, label).toEqual({ ok: true });
    // The clock decides the status.
    if (a.status === "concluido" || a.status === "faltou") expect(a.fim, label).toBeLessThanOrEqual(t);
    if (a.status === "em_atendimento") expect(a.inicio <= t && t < a.fim, label).toBe(true);
    if (a.status === "pendente" || a.status === "confirmado") expect(a.inicio, label).toBeGreaterThan(t);
    // The record's dates and the desk's steps never lie in the future, and follow each other.
    expect(a.criadoEm, label).toBeLessThanOrEqual(t);
    expect(a.criadoEm, label).toBeLessThan(a.inicio);
    expect(a.atualizadoEm, label).toBeGreaterThanOrEqual(a.criadoEm);
    expect(a.atualizadoEm, label).toBeLessThanOrEqual(t);
    for (const step of [a.chegadaEm, a.iniciadoEm, a.concluidoEm]) if (step !== undefined) expect(step, label).toBeLessThanOrEqual(t);
    expect(a.concluidoEm !== undefined, label).toBe(a.status === "concluido");
    expect(a.iniciadoEm !== undefined, label).toBe(a.status === "concluido" || a.status === "em_atendimento");
    if (a.iniciadoEm !== undefined && a.concluidoEm !== undefined) expect(a.iniciadoEm, label).toBeLessThan(a.concluidoEm);
    if (a.lembreteEm !== undefined) {
      expect(a.lembreteEm, label).toBeLessThanOrEqual(t);
      expect(a.lembreteEm, label).toBeLessThan(a.inicio);
      expect(a.lembreteEm, label).toBeGreaterThan(a.criadoEm);
    }
    // Online only where the page offers it.
    if (a.origem === "online") {
      expect(pro?.agendaOnline, label).toBe(true);
      for (const k of a.servicoKeys) expect(services.get(k)?.agendaOnline, label).toBe(true);
    }
  }
  // Nobody in two places at once: neither a professional nor a client (every status).
  const clash = (key: (a: DemoAgendaPlan["appointments"][number]) => string | number) => {
    const groups = new Map<string | number, DemoAgendaPlan["appointments"]>();
    for (const a of plan.appointments) groups.set(key(a), [...(groups.get(key(a)) ?? []), a]);
    for (const list of groups.values()) {
      const sorted = [...list].sort((x, y) => x.inicio - y.inicio);
      for (let i = 1; i < sorted.length; i++) expect((sorted[i]?.inicio ?? 0) >= (sorted[i - 1]?.fim ?? 0)).toBe(true);
    }
  };
  clash((a) => a.profissionalKey);
  clash((a) => a.clienteIndex);
  // Consumption: concluded appointments only, at their finish.
  for (const c of plan.consumption) {
    const a = plan.appointments[c.agendamento];
    expect(a?.status).toBe("concluido");
    expect(c.ocorridoEm).toBe(a?.concluidoEm);
  }
}

describe("demoAgendaPlan", () => {
  it.each([BUSY, ...OTHERS])("keeps every rule for now = %s", (now) => {
    expectInvariants(now, planAt(now));
  });

  it("on a busy afternoon has every status, several services, online bookings and today's desk", () => {
    const plan = planAt(BUSY);
    const t = BUSY.getTime();
    for (const status of APPOINTMENT_STATUSES)
      expect(
        plan.appointments.some((a) => a.status === status),
        status,
      ).toBe(true);
    expect(plan.appointments.filter((a) => a.servicoKeys.length > 1).length).toBeGreaterThanOrEqual(10);
    const online = plan.appointments.filter((a) => a.origem === "online");
    expect(online.length).toBeGreaterThanOrEqual(10);
    // Online bookings ahead wait for confirmation (the setting), or were cancelled.
    expect(online.some((a) => a.inicio > t && a.status === "pendente")).toBe(true);
    const today = plan.appointments.filter((a) => dayIn(a.inicio, DEMO_AGENDA_ZONE) === plan.today);
    expect(today.filter((a) => a.status === "em_atendimento").length).toBeGreaterThanOrEqual(1);
    expect(today.filter((a) => a.status === "confirmado" && a.chegadaEm !== undefined).length).toBeGreaterThanOrEqual(1);
    expect(
      today.filter((a) => (a.status === "confirmado" || a.status === "pendente") && a.chegadaEm === undefined).length,
    ).toBeGreaterThanOrEqual(2);
    expect(today.filter((a) => a.status === "concluido").length).toBeGreaterThanOrEqual(2);
    // Everyone works: each professional has a month behind and bookings ahead.
    for (const p of DEMO_PROFESSIONALS) {
      expect(plan.appointments.filter((a) => a.profissionalKey === p.key && a.inicio < t).length, p.key).toBeGreaterThanOrEqual(10);
      expect(
        plan.appointments.some((a) => a.profissionalKey === p.key && a.inicio > t),
        p.key,
      ).toBe(true);
    }
    expect(plan.consumption.length).toBeGreaterThanOrEqual(10);
  });

  it("has the holidays, a local one, an exception ahead and a time off ahead, all respected", () => {
    const plan = planAt(BUSY);
    expect(plan.specialDays.filter((d) => d.tipo === "feriado").length).toBeGreaterThanOrEqual(4);
    const exception = plan.specialDays.find((d) => d.tipo === "excecao");
    expect(exception?.dia && exception.dia > plan.today).toBe(true);
    expect(hoursOn(plan.hours, exception?.dia as string).intervals).toEqual([{ start: "13:00", end: "19:00" }]);
    // The national holiday in the month behind (Consciência Negra, 20/11/2026) has no appointment.
    expect(plan.appointments.some((a) => dayIn(a.inicio, DEMO_AGENDA_ZONE) === "2026-11-20")).toBe(false);
    const [off] = plan.timeOff;
    expect(off && off.inicio > BUSY.getTime()).toBe(true);
    expect(
      plan.appointments.some((a) => a.profissionalKey === off?.profissionalKey && a.inicio < (off?.fim ?? 0) && (off?.inicio ?? 0) < a.fim),
    ).toBe(false);
  });

  it("is deterministic for a given now, and moves with it", () => {
    expect(demoAgendaPlan(new Date(BUSY.getTime()), CLIENTS)).toEqual(planAt(BUSY));
    const shape = (p: DemoAgendaPlan) => p.appointments.map((a) => [a.profissionalKey, a.servicoKeys.join("+"), a.status]);
    expect(shape(demoAgendaPlan(new Date(BUSY.getTime() + 7 * DAY), CLIENTS))).not.toEqual(shape(planAt(BUSY)));
  });
});

describe("the agenda's stock", () => {
  it.each([BUSY, ...OTHERS])("never takes a consumed product below zero, and keeps the same products low (now = %s)", (now) => {
    const plan = planAt(now);
    const history = stockHistory(now);
    const restocks = demoRestocks(plan, now);
    const products = demoProducts();
    const lowBefore: string[] = [];
    const lowAfter: string[] = [];
    for (const p of products) {
      const extra = [
        ...plan.consumption.filter((c) => c.sku === p.sku).map((c) => ({ at: c.ocorridoEm, delta: -c.quantidade })),
        ...restocks.filter((r) => r.sku === p.sku).map((r) => ({ at: r.at, delta: r.input.quantidade })),
      ];
      const before = balanceWith(history.get(p.sku) ?? [], []);
      const after = balanceWith(history.get(p.sku) ?? [], extra);
      expect(after.lowest, p.sku).toBeGreaterThanOrEqual(0);
      if (before.final < p.estoqueMinimo) lowBefore.push(p.sku);
      if (after.final < p.estoqueMinimo) lowAfter.push(p.sku);
    }
    expect(lowAfter).toEqual(lowBefore);
    for (const r of restocks) {
      expect(r.input.motivo).toMatch(/^Compra /);
      expect(r.at).toBeLessThan(Math.min(...plan.consumption.map((c) => c.ocorridoEm)));
    }
  });
});
