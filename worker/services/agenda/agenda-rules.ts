import { and, asc, eq, gt, inArray, isNotNull, isNull, lt, notInArray, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import {
  appointments,
  businessHourDays,
  businessHours,
  businessSettings,
  professionalServices,
  professionalTimeOff,
  professionals,
  propertyVisits,
  services,
} from "../../../db/schema/index.ts";
import { orgScope } from "../../../db/tenant.ts";
import { addDays } from "../../../shared/ai/brazil-dates.ts";
import type { BusinessHours } from "../../../shared/agenda/business-hours.ts";
import type { InstantRange } from "../../../shared/agenda/intervals.ts";
import type { Professional } from "../../../shared/agenda/professional.ts";
import type { SlotRules } from "../../../shared/agenda/slot-rules.ts";
import { type CommissionKind, FREEING_STATUSES, type ONLINE_BOOKING_STATUSES } from "../../../shared/enums.ts";
import { DEFAULT_TIME_ZONE, timeZoneOf } from "../../../shared/time-zone.ts";
import type { ServiceContext } from "../context.ts";
import { businessHoursFromRows, parseWeekly } from "./hours-rows.ts";

/**
 * Everything the slot rules need for a window, read in ONE round trip (one batch of reads):
 * the agenda settings and zone, the business hours and special days, the live active
 * professionals with the services they perform, their time off, and what already holds their
 * time — live appointments (every status but cancelado/faltou) and the scheduled property
 * visits of a corretor linked to a profissional (professionals.user_id = property_visits.broker_id).
 * Rows become shared/agenda's BusinessHours / Professional / SlotRules (ADR 058, 059).
 */

const DAY = 86_400_000;
const MINUTE = 60_000;

/** A commission as stored: basis points (percentual) or centavos (fixo). */
export interface Commission {
  tipo: CommissionKind;
  valor: number;
}

type OnlineBookingStatus = (typeof ONLINE_BOOKING_STATUSES)[number];

/** The agenda columns of Configurações do Negócio (defaults when the row is absent). */
export interface AgendaSettings {
  zone: string;
  stepMin: number;
  bufferMin: number;
  minNoticeMin: number;
  maxDaysAhead: number;
  onlineBooking: boolean;
  onlineStatus: OnlineBookingStatus;
  remindersEnabled: boolean;
  defaultCommission: Commission;
}

export const DEFAULT_AGENDA_SETTINGS: AgendaSettings = {
  zone: DEFAULT_TIME_ZONE,
  stepMin: 30,
  bufferMin: 0,
  minNoticeMin: 60,
  maxDaysAhead: 60,
  onlineBooking: false,
  onlineStatus: "pendente",
  remindersEnabled: true,
  defaultCommission: { tipo: "percentual", valor: 0 },
};

/** What holds a professional's time, with what it is (to name the conflict). */
export interface Holding extends InstantRange {
  kind: "agendamento" | "visita";
  id: string;
}

/** A professional as the agenda sees them: the slot rules' Professional and the rest of the record. */
export interface AgendaProfessional extends Professional {
  cor: string;
  usuarioId: string | null;
  agendaOnline: boolean;
  comissao: Commission | null;
  /** The services they perform (professional_services). */
  servicoIds: string[];
  /** The same ranges as `bookings`, each with what it is. */
  holdings: Holding[];
}

export interface AgendaService {
  id: string;
  nome: string;
  categoria: string | null;
  duracaoMin: number;
  precoCentavos: number;
  comissao: Commission | null;
  agendaOnline: boolean;
}

export interface AgendaRules {
  settings: AgendaSettings;
  hours: BusinessHours;
  /** In the registry's order (sort name). */
  professionals: AgendaProfessional[];
  services: AgendaService[];
}

export interface AgendaRulesOptions {
  /** Only these professionals (absent: every live active one). */
  professionalIds?: readonly string[];
  /** Only the professional of this appointment (a move that keeps the professional). */
  professionalOfAppointment?: string;
  /** Only these services (absent: every live active one). */
  serviceIds?: readonly string[];
  /** An appointment being moved or re-opened: it does not hold the time it is checked against. */
  excludeAppointmentId?: string;
  /** The public page: only professionals and services offered online. */
  onlineOnly?: boolean;
}

/** The reads of `loadAgendaRules`, to batch with a caller's own reads (still one round trip). */
export interface AgendaRulesReads {
  statements: BatchItem<"sqlite">[];
  read: (results: readonly unknown[]) => AgendaRules;
}

type SettingsRow = typeof businessSettings.$inferSelect;

function settingsOf(row: SettingsRow | undefined): AgendaSettings {
  if (!row) return DEFAULT_AGENDA_SETTINGS;
  return {
    zone: timeZoneOf(row.fusoHorario),
    stepMin: row.agendaIntervaloMin,
    bufferMin: row.agendaFolgaMin,
    minNoticeMin: row.agendaAntecedenciaMin,
    maxDaysAhead: row.agendaHorizonteDias,
    onlineBooking: row.agendamentoOnline,
    onlineStatus: row.agendamentoOnlineStatus,
    remindersEnabled: row.lembretes,
    defaultCommission: { tipo: row.comissaoPadraoTipo, valor: row.comissaoPadraoValor },
  };
}

function commissionOf(tipo: CommissionKind | null, valor: number | null): Commission | null {
  return tipo && valor !== null ? { tipo, valor } : null;
}

/** The commission of one service as performed: the service's, else the professional's, else the default. */
export function commissionCents(
  priceCents: number,
  service: Commission | null,
  professional: Commission | null,
  fallback: Commission,
): number {
  const c = service ?? professional ?? fallback;
  return c.tipo === "percentual" ? Math.round((priceCents * c.valor) / 10_000) : c.valor;
}

/** The reads of the rules for `window` (instants), to batch; see loadAgendaRules. */
export function agendaRulesReads(
  ctx: ServiceContext,
  orgId: string,
  window: InstantRange,
  opts: AgendaRulesOptions = {},
): AgendaRulesReads {
  const db = ctx.db;
  const scope = orgScope(db, orgId);
  // The zone is read in the same batch, so the days around the window are taken widely: Brazil's
  // zones are within 5 h of UTC, and a day either side covers every appointment near the window.
  const padded = { start: window.start - DAY, end: window.end + DAY };
  const firstDay = addDays(new Date(padded.start).toISOString().slice(0, 10), -1);
  const lastDay = addDays(new Date(padded.end).toISOString().slice(0, 10), 1);
  const p = professionals;
  const pickedPros = opts.professionalIds
    ? inArray(p.id, [...opts.professionalIds])
    : opts.professionalOfAppointment
      ? sql`${p.id} = (select pa.professional_id from appointments pa where pa.org_id = ${orgId} and pa.id = ${opts.professionalOfAppointment})`
      : undefined;
  const online = opts.onlineOnly ? eq(p.agendaOnline, true) : undefined;
  const proCondition = scope.where(p, isNull(p.excluidoEm), eq(p.ativo, true), pickedPros, online);
  // Ids of the chosen professionals, for the reads of what hangs off them.
  const proIds = db.select({ id: p.id }).from(p).where(proCondition);

  const settings = db.select().from(businessSettings).where(scope.where(businessSettings)).limit(1);
  const hours = db.select().from(businessHours).where(scope.where(businessHours)).limit(1);
  const days = db
    .select({
      dia: businessHourDays.dia,
      tipo: businessHourDays.tipo,
      intervalos: businessHourDays.intervalos,
      motivo: businessHourDays.motivo,
    })
    .from(businessHourDays)
    .where(scope.where(businessHourDays, sql`${businessHourDays.dia} between ${firstDay} and ${lastDay}`));
  const ps = professionalServices;
  const pros = db
    .select({
      id: p.id,
      nome: p.nome,
      cor: p.cor,
      usuarioId: p.usuarioId,
      semana: p.semana,
      agendaOnline: p.agendaOnline,
      comissaoTipo: p.comissaoTipo,
      comissaoValor: p.comissaoValor,
      servicos: sql<string>`(select json_group_array(${ps.servicoId}) from ${ps} where ${ps.orgId} = ${orgId} and ${ps.profissionalId} = ${p.id})`,
    })
    .from(p)
    .where(proCondition)
    .orderBy(asc(p.ordem), asc(p.id));
  const t = professionalTimeOff;
  const timeOff = db
    .select({ profissionalId: t.profissionalId, inicio: t.inicio, fim: t.fim })
    .from(t)
    .where(scope.where(t, inArray(t.profissionalId, proIds), lt(t.inicio, new Date(padded.end)), gt(t.fim, new Date(padded.start))));
  const a = appointments;
  // A busy week holds thousands: they travel as one JSON text ([id, professional, start ms, end ms]
  // each), which costs a fraction of decoding and mapping as many rows.
  const booked = db
    .select({
      list: sql<string>`coalesce(json_group_array(json_array(${a.id}, ${a.profissionalId}, ${a.inicio}, ${a.fim})), '[]')`,
    })
    .from(a)
    .where(
      scope.where(
        a,
        inArray(a.profissionalId, proIds),
        isNull(a.excluidoEm),
        notInArray(a.status, [...FREEING_STATUSES]),
        lt(a.inicio, new Date(padded.end)),
        gt(a.fim, new Date(padded.start)),
        opts.excludeAppointmentId ? sql`${a.id} <> ${opts.excludeAppointmentId}` : undefined,
      ),
    );
  const v = propertyVisits;
  const linked = db
    .select({ userId: p.usuarioId })
    .from(p)
    .where(and(proCondition, isNotNull(p.usuarioId)));
  const visits = db
    .select({ id: v.id, corretorId: v.corretorId, inicio: v.inicio, fim: v.fim })
    .from(v)
    .where(
      scope.where(
        v,
        inArray(v.corretorId, linked),
        isNull(v.excluidoEm),
        eq(v.resultado, "agendada"),
        lt(v.inicio, new Date(padded.end)),
        gt(v.fim, new Date(padded.start)),
      ),
    );
  const s = services;
  const offered = db
    .select({
      id: s.id,
      nome: s.nome,
      categoria: s.categoria,
      duracaoMin: s.duracaoMin,
      precoCentavos: s.precoCentavos,
      comissaoTipo: s.comissaoTipo,
      comissaoValor: s.comissaoValor,
      agendaOnline: s.agendaOnline,
    })
    .from(s)
    .where(
      scope.where(
        s,
        isNull(s.excluidoEm),
        eq(s.ativo, true),
        opts.serviceIds ? inArray(s.id, [...opts.serviceIds]) : undefined,
        opts.onlineOnly ? eq(s.agendaOnline, true) : undefined,
      ),
    )
    .orderBy(asc(s.ordem), asc(s.id));

  const statements = [settings, hours, days, pros, timeOff, booked, visits, offered] as unknown as BatchItem<"sqlite">[];
  const read = (results: readonly unknown[]): AgendaRules => {
    const [settingsRows, hourRows, dayRows, proRows, offRows, bookedRows, visitRows, serviceRows] = results as [
      SettingsRow[],
      (typeof businessHours.$inferSelect)[],
      { dia: string; tipo: "feriado" | "excecao"; intervalos: string; motivo: string | null }[],
      {
        id: string;
        nome: string;
        cor: string;
        usuarioId: string | null;
        semana: string;
        agendaOnline: boolean;
        comissaoTipo: CommissionKind | null;
        comissaoValor: number | null;
        servicos: string;
      }[],
      { profissionalId: string; inicio: Date; fim: Date }[],
      { list: string }[],
      { id: string; corretorId: string | null; inicio: Date; fim: Date }[],
      {
        id: string;
        nome: string;
        categoria: string | null;
        duracaoMin: number;
        precoCentavos: number;
        comissaoTipo: CommissionKind | null;
        comissaoValor: number | null;
        agendaOnline: boolean;
      }[],
    ];
    const config = settingsOf(settingsRows[0]);
    const hoursOf: BusinessHours = businessHoursFromRows(config.zone, hourRows[0], dayRows);
    const byPro = new Map<string, { timeOff: InstantRange[]; holdings: Holding[] }>();
    const byUser = new Map<string, string>();
    for (const r of proRows) {
      byPro.set(r.id, { timeOff: [], holdings: [] });
      if (r.usuarioId) byUser.set(r.usuarioId, r.id);
    }
    for (const r of offRows) byPro.get(r.profissionalId)?.timeOff.push({ start: r.inicio.getTime(), end: r.fim.getTime() });
    const bookedList = JSON.parse(bookedRows[0]?.list ?? "[]") as [string, string, number, number][];
    for (const [id, profissionalId, start, end] of bookedList) {
      byPro.get(profissionalId)?.holdings.push({ kind: "agendamento", id, start, end });
    }
    for (const r of visitRows) {
      const pro = r.corretorId ? byUser.get(r.corretorId) : undefined;
      if (pro) byPro.get(pro)?.holdings.push({ kind: "visita", id: r.id, start: r.inicio.getTime(), end: r.fim.getTime() });
    }
    const pros: AgendaProfessional[] = proRows.map((r) => {
      const own = byPro.get(r.id) ?? { timeOff: [], holdings: [] };
      own.holdings.sort((x, y) => x.start - y.start);
      return {
        id: r.id,
        nome: r.nome,
        cor: r.cor,
        usuarioId: r.usuarioId,
        agendaOnline: r.agendaOnline,
        comissao: commissionOf(r.comissaoTipo, r.comissaoValor),
        servicoIds: parseIds(r.servicos),
        weekly: parseWeekly(r.semana),
        timeOff: own.timeOff,
        bookings: own.holdings.map(({ start, end }) => ({ start, end })),
        holdings: own.holdings,
      };
    });
    return {
      settings: config,
      hours: hoursOf,
      professionals: pros,
      services: serviceRows.map((r) => ({
        id: r.id,
        nome: r.nome,
        categoria: r.categoria,
        duracaoMin: r.duracaoMin,
        precoCentavos: r.precoCentavos,
        comissao: commissionOf(r.comissaoTipo, r.comissaoValor),
        agendaOnline: r.agendaOnline,
      })),
    };
  };
  return { statements, read };
}

function parseIds(json: string | null): string[] {
  try {
    const value: unknown = JSON.parse(json ?? "[]");
    return Array.isArray(value) ? value.filter((x): x is string => typeof x === "string") : [];
  } catch {
    return [];
  }
}

/** Loads the rules for `window` in one round trip (see agendaRulesReads). */
export async function loadAgendaRules(
  ctx: ServiceContext,
  orgId: string,
  window: InstantRange,
  opts: AgendaRulesOptions = {},
): Promise<AgendaRules> {
  const reads = agendaRulesReads(ctx, orgId, window, opts);
  const results = (await ctx.db.batch(reads.statements as unknown as [BatchItem<"sqlite">])) as unknown[];
  return reads.read(results);
}

/**
 * The SlotRules of a question: the loaded hours and settings, the duration asked, and `now`.
 * Inside the app a booking needs no notice (the receptionist books the walk-in); the public page
 * passes `withNotice` so the business's notice applies.
 */
export function slotRulesOf(rules: AgendaRules, durationMin: number, now: number, withNotice = false): SlotRules {
  return {
    hours: rules.hours,
    durationMin,
    stepMin: rules.settings.stepMin,
    bufferMin: rules.settings.bufferMin,
    minNoticeMin: withNotice ? rules.settings.minNoticeMin : 0,
    now,
  };
}

/** What of a professional's holdings clashes with `range` (the buffer after each, both ways), first in time. */
export function clashOf(professional: AgendaProfessional, range: InstantRange, bufferMin: number): Holding | undefined {
  const buffer = bufferMin * MINUTE;
  return professional.holdings.find((h) => h.start < range.end + buffer && range.start < h.end + buffer);
}
