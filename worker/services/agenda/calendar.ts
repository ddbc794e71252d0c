import { type SQL, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { BusinessHours, HoursException } from "../../../shared/agenda/business-hours.ts";
import type { LocalInterval, WeeklyIntervals } from "../../../shared/agenda/local-times.ts";
import type { AgendaRead } from "../../../shared/agenda/calendar-data.ts";
import type { AppointmentStatus } from "../../../shared/enums/agenda.ts";
import type { VisitOutcome } from "../../../shared/enums/real-estate.ts";
import type { CalendarDay } from "../../../shared/social/calendar.ts";
import { can, reachFor } from "../../auth/permissions.ts";
import type { Actor, ServiceContext } from "../context.ts";
import { ownVisits } from "../real-estate/visits.ts";
import { APPOINTMENTS } from "./appointments.ts";

/**
 * What /agenda reads (ADR 060), in ONE round trip (one `db.batch`): the window's appointments with
 * their services and client names, the professionals (columns and colours), the property visits,
 * the business hours and special days (to shade closed times), each professional's time off, the
 * agenda settings and the services the booking form offers. The days' spans come from the zone's
 * data (shared/social/calendar.ts); the database only compares instants. Rows travel packed in
 * one JSON text per statement (one value to decode, not eight per appointment).
 */

export { APPOINTMENTS };

export interface AgendaWindow {
  days: readonly CalendarDay[];
  /**
   * How many appointments ship: the first `n` of each day (the month's cells) or of each day ×
   * professional column (the week and day grids: the rest of a crowded column travels as busy
   * stretches, `hidden`); null: all.
   */
  limit: { per: "day" | "column"; n: number } | null;
  /** One professional's column; null: everyone. */
  profissionalId: string | null;
}

/**
 * Which professionals the actor sees: a member who reaches only their own appointments (the
 * professional role) sees the professional linked to their login; everyone else, all.
 */
function ownProfessional(actor: Actor): SQL | null {
  return reachFor(actor, APPOINTMENTS, "read") === "own"
    ? sql`(select p.id from professionals p where p.org_id = ${actor.orgId} and p.user_id = ${actor.userId} and p."deleted_at" is null)`
    : null;
}

function spansCte(days: readonly CalendarDay[]): SQL {
  return sql.join(
    days.map((d) => sql`(${d.day}, ${d.start}, ${d.end})`),
    sql`, `,
  );
}

type Packed = { j: string | null };

/**
 * The window's appointments, in ONE statement: the rows of each group (a day in the month, a day
 * × professional column in the grids) numbered by time once (`r`, materialized), the first
 * `limit.n` of each group shipped with client and services (`j`), and — in the grids — the rest
 * of a crowded column as busy stretches (`k`: overlapping or touching ones merged, gaps and
 * islands) with how many each holds, so the week shows where the time is taken without shipping
 * every appointment, and leads to that day for the detail.
 */
function appointmentsStatement(ctx: ServiceContext, actor: Actor, w: AgendaWindow) {
  const org = actor.orgId;
  const own = ownProfessional(actor);
  const who = sql`${w.profissionalId ? sql` and a.professional_id = ${w.profissionalId}` : sql``}${own ? sql` and a.professional_id = ${own}` : sql``}`;
  const byDay = w.limit?.per === "day";
  const group = byDay ? sql`d.day` : sql`d.day, a.professional_id`;
  // Only the month shows a day's count; a column's hidden ones are counted in their stretches.
  const total = byDay ? sql`count(*) over (partition by d.day)` : sql`0`;
  const cap = w.limit?.n ?? -1;
  // CROSS JOIN keeps the days outside: each day's appointments come from the (org, starts_at)
  // index range, never a scan of the organização's appointments per day.
  return ctx.db.all<{ j: string | null; k: string | null }>(sql`with d(day, s, e) as (values ${spansCte(w.days)}),
    r as materialized (
      select d.day, a.id, a.professional_id as p, a.client_id as c, a.starts_at as s, a.ends_at as e, a.status as st, a.origin as o, a.total_cents as t,
        row_number() over (partition by ${group} order by a.starts_at, a.id) as n, ${total} as total
      from d cross join appointments a
        on a.org_id = ${org} and a."deleted_at" is null and a.starts_at >= d.s and a.starts_at < d.e${who}
    ),
    shown as (select * from r where ${cap} < 0 or n <= ${cap} order by s, id),
    h as (select day, p, id, s, e, max(e) over (partition by day, p order by s, id rows between unbounded preceding and 1 preceding) as pe
      from r where ${byDay ? 0 : 1} and ${cap} >= 0 and n > ${cap}),
    g as (select day, p, s, e, sum(case when pe is null or s > pe then 1 else 0 end) over (partition by day, p order by s, id) as grp from h)
    select (select json_group_array(json_array(x.day, x.total, x.id, x.p, x.c,
        (select c.name from clients c where c.org_id = ${org} and c.id = x.c),
        (select group_concat(y.name, ' + ') from (select s.name from appointment_services s where s.org_id = ${org} and s.appointment_id = x.id order by s.position) y),
        x.s, x.e, x.st, x.o, x.t)) from shown x) as j,
      (select json_group_array(json_array(day, p, s, e, k)) from (select day, p, min(s) as s, max(e) as e, count(*) as k from g group by day, p, grp)) as k`);
}

type PackedAppointment = [
  string,
  number,
  string,
  string,
  string,
  string | null,
  string | null,
  number,
  number,
  AppointmentStatus,
  string,
  number,
];

/** The window's property visits for who may read them (their own interests' visits for a corretor), packed. */
function visitsStatement(ctx: ServiceContext, actor: Actor, w: AgendaWindow) {
  const org = actor.orgId;
  const mine = ownVisits(ctx, actor, "read");
  // Visits are few: limited only in the month's cells.
  const limit = w.limit?.per === "day" ? sql` where r.n <= ${w.limit.n}` : sql``;
  // A visit goes in the column of the professional linked to its corretor; one professional's
  // agenda shows that corretor's visits only.
  // A professional's own agenda (the professional role) shows the visits they are the corretor of.
  const who = ownProfessional(actor)
    ? sql` and property_visits.broker_id = ${actor.userId}`
    : w.profissionalId
      ? sql` and property_visits.broker_id = (select p.user_id from professionals p where p.org_id = ${org} and p.id = ${w.profissionalId})`
      : sql``;
  return ctx.db.all<Packed>(sql`
    with d(day, s, e) as (values ${spansCte(w.days)}),
    r as (
      select d.day, property_visits.id as id, property_visits.starts_at as s, property_visits.ends_at as e, property_visits.outcome as o,
        property_visits.client_id as c, property_visits.property_id as im, property_visits.interest_id as i, property_visits.broker_id as b,
        row_number() over (partition by d.day order by property_visits.starts_at, property_visits.id) as n, count(*) over (partition by d.day) as total
      from d cross join property_visits
        on property_visits.org_id = ${org} and property_visits."deleted_at" is null
          and property_visits.starts_at >= d.s and property_visits.starts_at < d.e${who}${mine ? sql` and ${mine}` : sql``}
    )
    select json_group_array(json_array(r.day, r.total, r.id, r.s, r.e, r.o,
      (select c.name from clients c where c.org_id = ${org} and c.id = r.c),
      (select coalesce(p.title, p.code) from properties p where p.org_id = ${org} and p.id = r.im), r.im, r.i, r.b,
      (select u.name from users u where u.id = r.b))) as j
    from r${limit}`);
}

type PackedVisit = [
  string,
  number,
  string,
  number,
  number,
  VisitOutcome,
  string | null,
  string | null,
  string,
  string | null,
  string | null,
  string | null,
];

function professionalsStatement(ctx: ServiceContext, actor: Actor) {
  const own = ownProfessional(actor);
  return ctx.db.all<Packed>(sql`
    select json_group_array(json_array(p.id, p.name, p.color, p.user_id, p.weekly,
      (select group_concat(ps.service_id) from professional_services ps where ps.org_id = p.org_id and ps.professional_id = p.id))) as j
    from (select * from professionals where org_id = ${actor.orgId} and deleted_at is null and active = 1${own ? sql` and id = ${own}` : sql``}
      order by sort_name, id) p`);
}

function servicesStatement(ctx: ServiceContext, actor: Actor) {
  return ctx.db.all<Packed>(sql`
    select json_group_array(json_array(s.id, s.name, s.category, s.duration_min, s.price_cents)) as j
    from (select * from services where org_id = ${actor.orgId} and deleted_at is null and active = 1 order by sort_name, id) s`);
}

/** Hours, the window's special days, the agenda settings and the zone, in one row. */
function hoursStatement(ctx: ServiceContext, actor: Actor, w: AgendaWindow) {
  const org = actor.orgId;
  const first = w.days[0]?.day ?? "";
  const last = w.days[w.days.length - 1]?.day ?? "";
  return ctx.db.all<{
    weekly: string | null;
    national: number | null;
    special: string | null;
    step: number | null;
    buffer: number | null;
    notice: number | null;
  }>(sql`
    select (select weekly from business_hours where org_id = ${org}) as weekly,
      (select closed_on_national_holidays from business_hours where org_id = ${org}) as national,
      (select json_group_array(json_array(day, kind, intervals, reason)) from business_hour_days where org_id = ${org} and day >= ${first} and day <= ${last}) as special,
      (select agenda_slot_minutes from business_settings where org_id = ${org}) as step,
      (select agenda_buffer_minutes from business_settings where org_id = ${org}) as buffer,
      (select booking_min_notice_minutes from business_settings where org_id = ${org}) as notice`);
}

function timeOffStatement(ctx: ServiceContext, actor: Actor, w: AgendaWindow) {
  const start = w.days[0]?.start ?? 0;
  const end = w.days[w.days.length - 1]?.end ?? 0;
  return ctx.db.all<Packed>(sql`
    select json_group_array(json_array(professional_id, starts_at, ends_at)) as j from professional_time_off
    where org_id = ${actor.orgId} and starts_at < ${end} and ends_at > ${start}`);
}

/** Active members of the organização (a visit's corretor is a member, ADR 059). */
function membersStatement(ctx: ServiceContext, actor: Actor) {
  return ctx.db.all<Packed>(sql`
    select json_group_array(json_array(x.id, x.name)) as j from (
      select u.id, u.name from memberships m join users u on u.id = m.user_id
      where m.org_id = ${actor.orgId} and m.deactivated_at is null order by u.name, u.id) x`);
}

function unpack<T>(rows: readonly Packed[]): T[] {
  return JSON.parse(rows[0]?.j ?? "[]") as T[];
}

function weeklyOf(json: string | null): WeeklyIntervals {
  try {
    const parsed = JSON.parse(json ?? "[]") as LocalInterval[][];
    return Array.from({ length: 7 }, (_, i) => (Array.isArray(parsed[i]) ? parsed[i] : []));
  } catch {
    return Array.from({ length: 7 }, () => []);
  }
}

/** The zone of the hours is the actor's (the organização's, from the session). */
function hoursOf(row: Awaited<ReturnType<typeof hoursStatement>>[number] | undefined, zone: string): BusinessHours {
  const special = JSON.parse(row?.special ?? "[]") as [string, "feriado" | "excecao", string, string | null][];
  const localHolidays = special.filter((s) => s[1] === "feriado").map(([day, , , reason]) => ({ day, nome: reason ?? "feriado local" }));
  const exceptions: HoursException[] = special
    .filter((s) => s[1] === "excecao")
    .map(([day, , intervals, reason]) => ({
      day,
      intervals: JSON.parse(intervals || "[]") as LocalInterval[],
      ...(reason ? { motivo: reason } : {}),
    }));
  return { zone, weekly: weeklyOf(row?.weekly ?? null), closedOnNationalHolidays: row?.national !== 0, localHolidays, exceptions };
}

/** The calendar of a window, in one round trip. Visits are read only by who may read interests. */
export async function readAgenda(ctx: ServiceContext, actor: Actor, w: AgendaWindow, zone: string): Promise<AgendaRead> {
  const seesVisits = can(actor.role, "interesses", "read");
  const statements = [
    appointmentsStatement(ctx, actor, w),
    professionalsStatement(ctx, actor),
    servicesStatement(ctx, actor),
    hoursStatement(ctx, actor, w),
    timeOffStatement(ctx, actor, w),
    ...(seesVisits ? [visitsStatement(ctx, actor, w), membersStatement(ctx, actor)] : []),
  ];
  const results = (await ctx.db.batch(statements as unknown as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]])) as unknown[];
  const [appointmentRows, professionalRows, serviceRows, hoursRows, timeOffRows] = results as [
    { j: string | null; k: string | null }[],
    Packed[],
    Packed[],
    Awaited<ReturnType<typeof hoursStatement>>,
    Packed[],
  ];
  const [visitRows, memberRows] = results.slice(5) as [Packed[] | undefined, Packed[] | undefined];

  const appointmentTotals: Record<string, number> = {};
  const appointments = unpack<PackedAppointment>(appointmentRows).map(([day, total, id, p, c, cliente, servicos, s, e, st, o, t]) => {
    if (w.limit?.per === "day") appointmentTotals[day] = Number(total);
    return {
      id,
      day,
      profissionalId: p,
      clienteId: c,
      cliente: cliente ?? "(cliente excluído)",
      servicos: servicos ?? "",
      inicio: Number(s),
      fim: Number(e),
      status: st,
      online: o === "online",
      totalCentavos: Number(t),
    };
  });
  const visitTotals: Record<string, number> = {};
  const visits = (visitRows ? unpack<PackedVisit>(visitRows) : []).map(
    ([day, total, id, s, e, o, cliente, imovel, imovelId, i, b, corretor]) => {
      visitTotals[day] = Number(total);
      return {
        id,
        day,
        inicio: Number(s),
        fim: Number(e),
        resultado: o,
        cliente: cliente ?? "(cliente excluído)",
        imovel: imovel ?? "(imóvel excluído)",
        imovelId,
        interesseId: i,
        corretorId: b,
        corretor: corretor,
      };
    },
  );
  const professionals = unpack<[string, string, string, string | null, string | null, string | null]>(professionalRows).map(
    ([id, nome, cor, usuarioId, semana, servicos]) => ({
      id,
      nome,
      cor,
      usuarioId,
      semana: weeklyOf(semana),
      servicos: servicos ? servicos.split(",") : [],
    }),
  );
  const services = unpack<[string, string, string | null, number, number]>(serviceRows).map(
    ([id, nome, categoria, duracaoMin, precoCentavos]) => ({
      id,
      nome,
      categoria,
      duracaoMin: Number(duracaoMin),
      precoCentavos: Number(precoCentavos),
    }),
  );
  const hoursRow = hoursRows[0];
  const timeOff = unpack<[string, number, number]>(timeOffRows).map(([profissionalId, inicio, fim]) => ({
    profissionalId,
    inicio: Number(inicio),
    fim: Number(fim),
  }));
  const hidden = (JSON.parse(appointmentRows[0]?.k ?? "[]") as [string, string, number, number, number][]).map(
    ([day, profissionalId, s, e, k]) => ({
      day,
      profissionalId,
      inicio: Number(s),
      fim: Number(e),
      count: Number(k),
    }),
  );
  return {
    hidden,
    corretores: memberRows ? unpack<[string, string]>(memberRows).map(([id, nome]) => ({ id, nome })) : [],
    appointments,
    appointmentTotals,
    visits,
    visitTotals,
    professionals,
    services,
    hours: hoursOf(hoursRow, zone),
    timeOff,
    settings: { stepMin: hoursRow?.step ?? 30, bufferMin: hoursRow?.buffer ?? 0, minNoticeMin: hoursRow?.notice ?? 60 },
  };
}
