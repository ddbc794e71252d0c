import { and, eq, isNotNull, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import {
  appointmentServices,
  appointments,
  businessHourDays,
  businessHours,
  businessSettings,
  clients,
  memberships,
  products,
  professionalServices,
  professionals,
  professionalTimeOff,
  serviceProducts,
  services,
  stockMovements,
  users,
} from "../../db/schema/index.ts";
import { demoAgendaPlan, placementRules } from "../../scripts/seed/demo-agenda-plan.ts";
import { seedDemo } from "../../scripts/seed/demo.ts";
import { seedMissingDemoAgendaOf } from "../../scripts/seed/demo.ts";
import { checkBooking } from "../../shared/agenda/booking-check.ts";
import { APPOINTMENT_STATUSES, FREEING_STATUSES } from "../../shared/enums.ts";
import { DEMO_LOGIN, DEMO_PEOPLE, DEMO_PROFESSIONAL } from "../../shared/demo-accounts.ts";
import { categoryKey, searchKeys, sortKey } from "../../shared/search.ts";
import { dayIn, instantIn } from "../../shared/time-zone.ts";
import { addDays } from "../../shared/ai/brazil-dates.ts";
import { businessHoursFromRows, parseWeekly } from "../../worker/services/agenda/hours-rows.ts";
import { createSession } from "../../worker/auth/sessions.ts";
import { publicLanding } from "../../worker/services/site/landing-page.ts";
import { bookingDoor } from "../../worker/services/agenda/booking-door.ts";
import { bookingPage } from "../../worker/services/agenda/public-booking.ts";
import { ANY_PROFESSIONAL } from "../../shared/agenda/public-booking.ts";
import { DEMO_LANDING_SLUG } from "../../scripts/seed/demo-landing.ts";
import { createHarness, type Harness } from "./harness.ts";

/**
 * The demo's agenda as `npm start` seeds it (ADR 066), read back from the database: the counts
 * the issue asks for, no professional booked twice at once (SQL), every appointment inside the
 * hours, the week and outside time off (checkBooking over the rows), today's desk, the stock
 * exits of what was done, the search keys the registry computes, and the rows are the pure plan's.
 */

const ZONE = "America/Sao_Paulo";
/** A Wednesday at 14:10 in São Paulo. */
const NOW = new Date("2026-11-25T17:10:00Z");
const MINUTE = 60_000;

let h: Harness;
let orgId: string;
let ownerCookie: string;

async function cookieOf(email: string): Promise<string> {
  const [user] = await h.fresh.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  const { token } = await createSession(h.fresh.db, user?.id as string, {});
  return `alicerce_session=${token}`;
}

beforeAll(async () => {
  h = await createHarness();
  orgId = (await seedDemo(h.fresh.db, NOW)).orgId;
  ownerCookie = await cookieOf(DEMO_LOGIN.email);
}, 120_000);

describe("the demo's agenda", () => {
  it("has 5 professionals, one linked to the professional login, 15 services in 4 categories, each performed", async () => {
    const db = h.fresh.db;
    const pros = await db.select().from(professionals).where(eq(professionals.orgId, orgId));
    expect(pros).toHaveLength(5);
    const linked = pros.filter((p) => p.usuarioId);
    expect(linked).toHaveLength(1);
    const [login] = await db
      .select({ email: users.email, role: memberships.role })
      .from(users)
      .innerJoin(memberships, and(eq(memberships.userId, users.id), eq(memberships.orgId, orgId)))
      .where(eq(users.id, linked[0]?.usuarioId as string));
    expect(login).toEqual({ email: DEMO_PROFESSIONAL.email, role: "professional" });
    // The corretor keeps the real-estate layout: no profissional is his.
    const corretor = DEMO_PEOPLE.find((p) => p.role === "professional")?.email as string;
    const [rafael] = await db.select({ id: users.id }).from(users).where(eq(users.email, corretor));
    expect(pros.some((p) => p.usuarioId === rafael?.id)).toBe(false);

    const svc = await db.select().from(services).where(eq(services.orgId, orgId));
    expect(svc).toHaveLength(15);
    expect(new Set(svc.map((s) => s.categoria)).size).toBe(4);
    const links = await db.select().from(professionalServices).where(eq(professionalServices.orgId, orgId));
    for (const s of svc)
      expect(
        links.some((l) => l.servicoId === s.id),
        s.nome,
      ).toBe(true);
    const consumed = await db.select().from(serviceProducts).where(eq(serviceProducts.orgId, orgId));
    expect(consumed.length).toBeGreaterThanOrEqual(3);
  });

  it("has the hours, special days and agenda settings; the landing page links to the open booking page", async () => {
    const db = h.fresh.db;
    const [hours] = await db.select().from(businessHours).where(eq(businessHours.orgId, orgId));
    expect(parseWeekly(hours?.semana ?? "[]")[1]).toEqual([
      { start: "09:00", end: "12:00" },
      { start: "13:00", end: "19:00" },
    ]);
    const days = await db.select().from(businessHourDays).where(eq(businessHourDays.orgId, orgId));
    expect(days.some((d) => d.tipo === "feriado")).toBe(true);
    expect(days.filter((d) => d.tipo === "excecao")).toHaveLength(1);
    const [settings] = await db.select().from(businessSettings).where(eq(businessSettings.orgId, orgId));
    expect(settings).toMatchObject({
      agendaIntervaloMin: 30,
      agendamentoOnline: true,
      agendamentoOnlineStatus: "pendente",
      lembretes: true,
      comissaoPadraoTipo: "percentual",
      comissaoPadraoValor: 4000,
    });
    // The landing page the booking page hangs from is published (/agendar/{slug} opens with it and online booking on).
    const landing = await publicLanding(h.ctx(), DEMO_LANDING_SLUG);
    expect(landing?.negocio).toBe("Imobiliária Horizonte");
    expect(landing?.agendar).toBe(true);
    // /agendar/imobiliaria-horizonte opens, online bookings arriving as pendente.
    expect(await bookingDoor(h.ctx(), DEMO_LANDING_SLUG)).toMatchObject({ orgId, status: "pendente", antecedenciaMin: 60 });
    // The page offers the online services (the vistorias and contracts are booked by the team) with real free slots.
    const [avaliacao] = await db
      .select({ id: services.id })
      .from(services)
      .where(and(eq(services.orgId, orgId), eq(services.nome, "Avaliação de imóvel para venda")));
    const page = await bookingPage(h.ctx(), DEMO_LANDING_SLUG, { servico: avaliacao?.id ?? null, profissional: ANY_PROFESSIONAL });
    expect(page?.categorias.map((c) => c.categoria).sort()).toEqual(["Avaliação e captação", "Crédito e contratos", "Fotos e divulgação"]);
    expect(page?.profissionais.map((p) => p.nome)).toEqual(["Marcos Tadeu Ribeiro"]);
    expect(page?.dias?.some((d) => d.horarios.length > 0)).toBe(true);
  });

  it("has a month behind and two weeks ahead in every status, several services, online bookings, and the plan's rows", async () => {
    const db = h.fresh.db;
    const rows = await db.select().from(appointments).where(eq(appointments.orgId, orgId));
    for (const status of APPOINTMENT_STATUSES)
      expect(
        rows.some((a) => a.status === status),
        status,
      ).toBe(true);
    expect(rows.some((a) => a.origem === "online" && a.linkHash)).toBe(true);
    const lines = await db.select().from(appointmentServices).where(eq(appointmentServices.orgId, orgId));
    const perAppointment = new Map<string, typeof lines>();
    for (const l of lines) perAppointment.set(l.agendamentoId, [...(perAppointment.get(l.agendamentoId) ?? []), l]);
    expect([...perAppointment.values()].filter((l) => l.length > 1).length).toBeGreaterThanOrEqual(10);
    for (const a of rows) {
      const own = perAppointment.get(a.id) ?? [];
      expect(own.length, a.id).toBeGreaterThan(0);
      expect(a.fim.getTime() - a.inicio.getTime()).toBe(own.reduce((sum, l) => sum + l.duracaoMin, 0) * MINUTE);
      expect(a.totalCentavos).toBe(own.reduce((sum, l) => sum + l.precoCentavos, 0));
    }
    // The database holds the pure plan (deterministic for a given now): same count per status.
    const clientCount = (await db.select({ id: clients.id }).from(clients).where(eq(clients.orgId, orgId))).length;
    const plan = demoAgendaPlan(NOW, clientCount);
    const tally = (list: readonly { status: string }[]) => APPOINTMENT_STATUSES.map((s) => list.filter((x) => x.status === s).length);
    expect(tally(rows)).toEqual(tally(plan.appointments));
    expect(rows.map((a) => a.inicio.getTime()).sort()).toEqual(plan.appointments.map((a) => a.inicio).sort());
  });

  it("never books a professional twice at once (SQL over the rows that hold the time)", async () => {
    const freeing = sql.raw(FREEING_STATUSES.map((s) => `'${s}'`).join(", "));
    const clashes = await h.fresh.db.all<{ n: number }>(sql`select count(*) as n from appointments a join appointments b
      on b.org_id = a.org_id and b.professional_id = a.professional_id and b.id > a.id
      where a.org_id = ${orgId} and a.deleted_at is null and b.deleted_at is null
        and a.status not in (${freeing}) and b.status not in (${freeing})
        and a.starts_at < b.ends_at and b.starts_at < a.ends_at`);
    expect(clashes[0]?.n).toBe(0);
  });

  it("places every appointment inside the hours, the professional's week, outside time off, on the grid (checkBooking over the rows)", async () => {
    const db = h.fresh.db;
    const [[hoursRow], dayRows, pros, offs, rows] = await db.batch([
      db.select().from(businessHours).where(eq(businessHours.orgId, orgId)),
      db.select().from(businessHourDays).where(eq(businessHourDays.orgId, orgId)),
      db.select().from(professionals).where(eq(professionals.orgId, orgId)),
      db.select().from(professionalTimeOff).where(eq(professionalTimeOff.orgId, orgId)),
      db.select().from(appointments).where(eq(appointments.orgId, orgId)),
    ]);
    expect(offs).toHaveLength(1);
    const hours = businessHoursFromRows(ZONE, hoursRow, dayRows);
    for (const a of rows) {
      const pro = pros.find((p) => p.id === a.profissionalId);
      const bookings = rows
        .filter((b) => b.id !== a.id && b.profissionalId === a.profissionalId && !FREEING_STATUSES.includes(b.status))
        .map((b) => ({ start: b.inicio.getTime(), end: b.fim.getTime() }));
      const timeOff = offs
        .filter((o) => o.profissionalId === a.profissionalId)
        .map((o) => ({ start: o.inicio.getTime(), end: o.fim.getTime() }));
      const duration = (a.fim.getTime() - a.inicio.getTime()) / MINUTE;
      const verdict = checkBooking(
        placementRules(hours, duration),
        { id: a.profissionalId, nome: pro?.nome ?? "", weekly: parseWeekly(pro?.semana ?? "[]"), timeOff, bookings },
        a.inicio.getTime(),
      );
      expect(verdict, `${pro?.nome} ${a.inicio.toISOString()}`).toEqual({ ok: true });
    }
  });

  it("has today's desk: someone in service, a client checked in, others waiting, some already done", async () => {
    const today = dayIn(NOW, ZONE);
    const start = instantIn(today, "00:00", ZONE);
    const end = instantIn(addDays(today, 1), "00:00", ZONE);
    const rows = await h.fresh.db
      .select()
      .from(appointments)
      .where(
        and(eq(appointments.orgId, orgId), sql`${appointments.inicio} >= ${start.getTime()} and ${appointments.inicio} < ${end.getTime()}`),
      );
    expect(rows.filter((a) => a.status === "em_atendimento" && a.iniciadoEm).length).toBeGreaterThanOrEqual(1);
    expect(rows.filter((a) => a.status === "confirmado" && a.chegadaEm).length).toBeGreaterThanOrEqual(1);
    expect(rows.filter((a) => ["confirmado", "pendente"].includes(a.status) && !a.chegadaEm).length).toBeGreaterThanOrEqual(2);
    expect(rows.filter((a) => a.status === "concluido" && a.concluidoEm).length).toBeGreaterThanOrEqual(2);
  });

  it("records the concluded appointments' consumption in the ledger, stock never negative, the same six products low", async () => {
    const db = h.fresh.db;
    const exits = await db
      .select({ status: appointments.status, quantidade: stockMovements.quantidade, motivo: stockMovements.motivo })
      .from(stockMovements)
      .innerJoin(appointments, eq(appointments.id, stockMovements.agendamentoId))
      .where(and(eq(stockMovements.orgId, orgId), eq(stockMovements.tipo, "consumo"), isNotNull(stockMovements.agendamentoId)));
    expect(exits.length).toBeGreaterThanOrEqual(10);
    for (const e of exits) {
      expect(e.status).toBe("concluido");
      expect(e.quantidade).toBeLessThan(0);
      expect(e.motivo).toMatch(/^Consumo em serviço: /);
    }
    const stock = await db.select().from(products).where(eq(products.orgId, orgId));
    for (const p of stock) expect(p.estoque, p.sku).toBeGreaterThanOrEqual(0);
    expect(stock.filter((p) => p.estoque < p.estoqueMinimo)).toHaveLength(6);
  });

  it("is searchable as the registry computes it: professionals, services and appointments by name", async () => {
    const db = h.fresh.db;
    const rows = await db
      .select({ ordem: appointments.ordem, chaves: appointments.chavesBusca, nome: clients.nome })
      .from(appointments)
      .innerJoin(clients, eq(clients.id, appointments.clienteId))
      .where(eq(appointments.orgId, orgId));
    for (const r of rows) {
      expect(r.ordem).toBe(sortKey(r.nome));
      expect(JSON.parse(r.chaves)).toContain(sortKey(r.nome));
    }
    for (const s of await db.select().from(services).where(eq(services.orgId, orgId))) {
      expect(s.ordem).toBe(sortKey(s.nome));
      expect(JSON.parse(s.chavesBusca)).toEqual([...searchKeys({ names: [s.nome] }), categoryKey(s.categoria as string)]);
    }
    const res = await h.request("/api/profissionais?q=kawamura", { cookie: ownerCookie });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { data: { nome: string; usuarioId: string | null }[] };
    expect(body.data.map((p) => p.nome)).toEqual(["Sofia Kawamura"]);
    // An appointment is found by its client's name, its professional and its service, as /agenda's search does.
    const sample = rows[0]?.nome as string;
    const found = await h.request(`/api/agendamentos?q=${encodeURIComponent(sample)}`, { cookie: ownerCookie });
    expect(found.status).toBe(200);
    const list = (await found.json()) as { data: { clienteNome: string }[] };
    expect(list.data.some((a) => a.clienteNome === sample)).toBe(true);
    const marcos = await h.request("/api/agendamentos?q=tadeu%20laudo", { cookie: ownerCookie });
    const laudos = (await marcos.json()) as { data: { profissionalNome: string; servicoNomes: string }[] };
    expect(laudos.data.length).toBeGreaterThan(0);
    for (const a of laudos.data)
      expect([a.profissionalNome, a.servicoNomes]).toEqual(["Marcos Tadeu Ribeiro", expect.stringContaining("Laudo")]);
  });

  it("is not seeded twice by the next npm start", async () => {
    expect(await seedMissingDemoAgendaOf(h.fresh.db, NOW)).toBe(false);
    expect((await h.fresh.db.select().from(professionals).where(eq(professionals.orgId, orgId))).length).toBe(5);
  });
});
