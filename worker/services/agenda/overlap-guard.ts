import { type SQL, sql } from "drizzle-orm";
import { FREEING_STATUSES } from "../../../shared/enums.ts";

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
