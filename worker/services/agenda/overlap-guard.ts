import { type SQL, sql } from "drizzle-orm";
import { FREEING_STATUSES } from "../../../shared/enums.ts";
import { formatTimeIn } from "../../../shared/time-zone.ts";

/**
 * The database half of "never double-booked" (ADR 059): conditions that a guarded INSERT or
 * UPDATE carries in its own WHERE, so the check and the write are one statement. SQLite runs a
 * statement alone (writes are serialized), so two requests for the same slot cannot both pass:
 * the second one's NOT EXISTS sees the first one's row. Half-open ranges, with the business's
 * buffer after every appointment (read from business_settings in the same statement, so the
 * guard and the rules agree).
 */

/** A time range as SQL values (parameters or expressions). */
export interface GuardRange {
  orgId: string;
  professionalId: string | SQL;
  start: number | SQL;
  end: number | SQL;
  /** The appointment being moved or re-opened: it never clashes with itself. */
  exceptAppointmentId?: string;
}

const FREEING = sql.raw(FREEING_STATUSES.map((s) => `'${s}'`).join(", "));

/** The buffer in ms, as the statement reads it. */
function bufferMs(orgId: string): SQL {
  return sql`coalesce((select bs.agenda_buffer_minutes from business_settings bs where bs.org_id = ${orgId}), 0) * 60000`;
}

/** A live appointment of the same professional that holds the time and overlaps (buffer included). */
export function appointmentClash(r: GuardRange): SQL {
  const buffer = bufferMs(r.orgId);
  const self = r.exceptAppointmentId ? sql` and ga.id <> ${r.exceptAppointmentId}` : sql``;
  return sql`select 1 from appointments ga where ga.org_id = ${r.orgId} and ga.professional_id = ${r.professionalId}
  and ga.deleted_at is null and ga.status not in (${FREEING})${self}
  and ga.starts_at < (${r.end}) + ${buffer} and ga.ends_at + ${buffer} > (${r.start})`;
}

/**
 * A scheduled property visit of the corretor linked to the professional (professionals.user_id =
 * property_visits.broker_id) that overlaps: a corretor who is also on the agenda has one time.
 */
export function visitClash(r: GuardRange): SQL {
  const buffer = bufferMs(r.orgId);
  return sql`select 1 from property_visits gv join professionals gp on gp.org_id = ${r.orgId} and gp.id = ${r.professionalId} and gp.user_id = gv.broker_id
  where gv.org_id = ${r.orgId} and gv.deleted_at is null and gv.outcome = 'agendada'
  and gv.starts_at < (${r.end}) + ${buffer} and gv.ends_at + ${buffer} > (${r.start})`;
}

/** Both: nothing else holds the professional's time in the range. */
export function timeIsFree(r: GuardRange): SQL {
  return sql`not exists (${appointmentClash(r)}) and not exists (${visitClash(r)})`;
}

/** A visit's time for the corretor's guard: who (the broker's user id) and when. */
export interface VisitRange {
  orgId: string;
  brokerId: string | SQL;
  start: number | SQL;
  end: number | SQL;
  /** The visit being re-opened: it never clashes with itself. */
  exceptVisitId?: string;
}

/**
 * A property visit of a corretor linked to a profissional (professionals.user_id) obeys what holds
 * that person's time on the agenda: no live appointment of the profissional, no time off, no
 * other scheduled visit of theirs overlapping (buffer included). A corretor linked to no
 * profissional is not on the agenda: nothing to check (every NOT EXISTS joins the link).
 */
export function corretorTimeIsFree(r: VisitRange): SQL {
  const buffer = bufferMs(r.orgId);
  const linked = (alias: string) => {
    const a = sql.raw(alias);
    return sql`${a}.org_id = ${r.orgId} and ${a}.user_id = ${r.brokerId} and ${a}.deleted_at is null`;
  };
  const self = r.exceptVisitId ? sql` and vv.id <> ${r.exceptVisitId}` : sql``;
  return sql`not exists (select 1 from appointments va join professionals vp on ${linked("vp")} and vp.id = va.professional_id
    where va.org_id = ${r.orgId} and va.deleted_at is null and va.status not in (${FREEING})
    and va.starts_at < (${r.end}) + ${buffer} and va.ends_at + ${buffer} > (${r.start}))
  and not exists (select 1 from professional_time_off vt join professionals vq on ${linked("vq")} and vq.id = vt.professional_id
    where vt.org_id = ${r.orgId} and vt.starts_at < (${r.end}) and vt.ends_at > (${r.start}))
  and not exists (select 1 from property_visits vv join professionals vr on ${linked("vr")} and vr.user_id = vv.broker_id
    where vv.org_id = ${r.orgId} and vv.deleted_at is null and vv.outcome = 'agendada'${self}
    and vv.starts_at < (${r.end}) + ${buffer} and vv.ends_at + ${buffer} > (${r.start}))`;
}

/**
 * What clashes with a corretor's visit, first in time (kind, start, the profissional's name):
 * read in the write's batch to name a refusal ("Conflita com o agendamento de Ana às 14:30").
 */
export function corretorClashes(r: VisitRange): SQL {
  const buffer = bufferMs(r.orgId);
  const linked = (alias: string) => {
    const a = sql.raw(alias);
    return sql`${a}.org_id = ${r.orgId} and ${a}.user_id = ${r.brokerId} and ${a}.deleted_at is null`;
  };
  const self = r.exceptVisitId ? sql` and vv.id <> ${r.exceptVisitId}` : sql``;
  return sql`select kind, inicio, nome from (
  select 'agendamento' as kind, va.starts_at as inicio, vp.name as nome from appointments va join professionals vp on ${linked("vp")} and vp.id = va.professional_id
    where va.org_id = ${r.orgId} and va.deleted_at is null and va.status not in (${FREEING})
    and va.starts_at < (${r.end}) + ${buffer} and va.ends_at + ${buffer} > (${r.start})
  union all
  select 'visita', vv.starts_at, vr.name from property_visits vv join professionals vr on ${linked("vr")} and vr.user_id = vv.broker_id
    where vv.org_id = ${r.orgId} and vv.deleted_at is null and vv.outcome = 'agendada'${self}
    and vv.starts_at < (${r.end}) + ${buffer} and vv.ends_at + ${buffer} > (${r.start})
  union all
  select 'folga', vt.starts_at, vq.name from professional_time_off vt join professionals vq on ${linked("vq")} and vq.id = vt.professional_id
    where vt.org_id = ${r.orgId} and vt.starts_at < (${r.end}) and vt.ends_at > (${r.start})
) order by inicio limit 1`;
}

/** The pt-BR refusal for what `corretorClashes` found. */
export function corretorClashMessage(found: { kind: string; inicio: number; nome: string }, zone: string): string {
  if (found.kind === "folga") return `${found.nome} está de folga nesse horário`;
  const what = found.kind === "visita" ? "a visita" : "o agendamento";
  return `Conflita com ${what} de ${found.nome} às ${formatTimeIn(found.inicio, zone)}`;
}
