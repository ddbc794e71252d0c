import { and, asc, eq, gt, sql } from "drizzle-orm";
import { businessHours, professionalTimeOff, professionals } from "../../../db/schema/index.ts";
import { orgScope } from "../../../db/tenant.ts";
import {
  checkAvailability,
  parseTimeOff,
  parseWeekly,
  parseWeeklyInput,
  type TimeOffInput,
  weeklyHours,
} from "../../../shared/agenda/availability.ts";
import type { LocalInterval } from "../../../shared/agenda/local-times.ts";
import { profissionalDefinition } from "../../../shared/resources/profissionais.ts";
import { isId } from "../../../shared/id.ts";
import { FREEING_STATUSES } from "../../../shared/enums/agenda.ts";
import { timeZoneOf } from "../../../shared/time-zone.ts";
import { authorize } from "../../auth/permissions.ts";
import { type Actor, DomainError, type ServiceContext } from "../context.ts";

/**
 * A professional's weekly availability and time off (ADR 064), written apart from the registry's
 * form: the week must lie inside the business hours (Horários), and every write names the
 * organização in the same statement as the professional it touches.
 */

const RESOURCE = profissionalDefinition.name;
export const NOT_FOUND = "Profissional não encontrado.";
export const TIME_OFF_NOT_FOUND = "Folga não encontrada.";
export const HOURS_CHANGED =
  "A disponibilidade não coube no horário de funcionamento atual. Confira os horários em Horários e salve de novo.";

/** A refusal listing every problem of the week (pt-BR), the first as the message. */
export class AvailabilityError extends DomainError {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(problems[0] ?? "Disponibilidade inválida.", 422, "semana");
    this.problems = problems;
  }
}

function hoursStatement(ctx: ServiceContext, orgId: string) {
  return ctx.db.select({ semana: businessHours.semana }).from(businessHours).where(orgScope(ctx.db, orgId).where(businessHours)).limit(1);
}

function liveProfessional(ctx: ServiceContext, orgId: string, id: string) {
  return ctx.db
    .select({ id: professionals.id })
    .from(professionals)
    .where(orgScope(ctx.db, orgId).where(professionals, eq(professionals.id, id), sql`${professionals.excluidoEm} is null`))
    .limit(1);
}

/**
 * "Every interval of the week lies inside one opening interval of its weekday", in SQL over the
 * stored hours ("HH:mm" texts compare as times): the write's own condition, so hours changed by
 * someone else at the same moment can never let a week outside them in.
 */
function insideHours(orgId: string, weekJson: string) {
  return sql`not exists (
    select 1 from json_each(${weekJson}) d, json_each(d.value) i
    where not exists (
      select 1 from business_hours h, json_each(h.weekly, '$[' || d.key || ']') o
      where h.org_id = ${orgId}
        and json_extract(o.value, '$.start') <= json_extract(i.value, '$.start')
        and json_extract(i.value, '$.end') <= json_extract(o.value, '$.end')))`;
}

/**
 * Saves a professional's week, refused with every pt-BR problem while any is left (nothing
 * changes). One round trip: the guarded write, then the hours and the professional read in the
 * same batch (one transaction) to explain a refusal with shared/agenda's weeklyOutsideHours.
 */
export async function saveAvailability(ctx: ServiceContext, actor: Actor, id: string, week: unknown): Promise<LocalInterval[][]> {
  authorize(actor, RESOURCE, "update");
  if (!isId(id)) throw new DomainError(NOT_FOUND, 404);
  const parsed = parseWeeklyInput(week);
  if (!parsed.ok) throw new AvailabilityError(parsed.problems);
  const weekJson = JSON.stringify(parsed.weekly);
  const [written, hoursRows, found] = await ctx.db.batch([
    ctx.db
      .update(professionals)
      .set({ semana: weekJson, atualizadoEm: ctx.now, atualizadoPor: actor.userId })
      .where(
        orgScope(ctx.db, actor.orgId).where(
          professionals,
          eq(professionals.id, id),
          sql`${professionals.excluidoEm} is null`,
          insideHours(actor.orgId, weekJson),
        ),
      ),
    hoursStatement(ctx, actor.orgId),
    liveProfessional(ctx, actor.orgId, id),
  ]);
  if (written.rowsAffected > 0) return parsed.weekly;
  if (!found.length) throw new DomainError(NOT_FOUND, 404);
  const checked = checkAvailability(parsed.weekly, weeklyHours(parseWeekly(hoursRows[0]?.semana), timeZoneOf(actor.timeZone)));
  throw new AvailabilityError(checked.ok ? [HOURS_CHANGED] : checked.problems);
}

/** A time off as the page and the API show it. */
export interface TimeOff {
  id: string;
  /** ISO instants. */
  inicio: string;
  fim: string;
  motivo: string | null;
}

/** Time off still to come or recent (ended up to this many days ago), soonest first. */
const RECENT_DAYS = 30;
const MAX_LISTED = 100;

/** The statement reading a professional's current and coming time off (for pages that batch it). */
export function timeOffStatement(ctx: ServiceContext, actor: Actor, id: string) {
  authorize(actor, RESOURCE, "read");
  const t = professionalTimeOff;
  return ctx.db
    .select({ id: t.id, inicio: t.inicio, fim: t.fim, motivo: t.motivo })
    .from(t)
    .where(
      orgScope(ctx.db, actor.orgId).where(t, eq(t.profissionalId, id), gt(t.fim, new Date(ctx.now.getTime() - RECENT_DAYS * 86_400_000))),
    )
    .orderBy(asc(t.inicio))
    .limit(MAX_LISTED);
}

export function timeOffRows(rows: readonly { id: string; inicio: Date; fim: Date; motivo: string | null }[]): TimeOff[] {
  return rows.map((r) => ({ id: r.id, inicio: r.inicio.toISOString(), fim: r.fim.toISOString(), motivo: r.motivo }));
}

/** A professional's current and coming time off; 404 when the professional is not the organização's. */
export async function listTimeOff(ctx: ServiceContext, actor: Actor, id: string): Promise<TimeOff[]> {
  authorize(actor, RESOURCE, "read");
  if (!isId(id)) throw new DomainError(NOT_FOUND, 404);
  const [found, rows] = await ctx.db.batch([liveProfessional(ctx, actor.orgId, id), timeOffStatement(ctx, actor, id)]);
  if (!found.length) throw new DomainError(NOT_FOUND, 404);
  return timeOffRows(rows);
}

/** A refusal naming the fields of the time off form. */
export class TimeOffError extends DomainError {
  readonly errors: Record<string, string>;
  constructor(errors: Record<string, string>) {
    const first = Object.entries(errors)[0];
    super(first?.[1] ?? "Folga inválida.", 400, first?.[0]);
    this.errors = errors;
  }
}

/**
 * Adds a time off typed in the organização's zone. The insert reads the professional in its own
 * statement (live, of the actor's organização): otherwise it writes nothing and answers 404.
 */
export async function addTimeOff(ctx: ServiceContext, actor: Actor, id: string, input: TimeOffInput): Promise<AddedTimeOff> {
  authorize(actor, RESOURCE, "update");
  if (!isId(id)) throw new DomainError(NOT_FOUND, 404);
  const parsed = parseTimeOff(input, timeZoneOf(actor.timeZone));
  if (!parsed.ok) throw new TimeOffError(parsed.errors as Record<string, string>);
  const timeOffId = crypto.randomUUID();
  // The appointments that still hold the professional in the period, read in the same batch.
  const [result, inside] = await ctx.db.batch([
    ctx.db.run(sql`insert into professional_time_off (id, org_id, professional_id, starts_at, ends_at, reason, created_at, created_by)
    select ${timeOffId}, p.org_id, p.id, ${parsed.start}, ${parsed.end}, ${parsed.motivo}, ${ctx.now.getTime()}, ${actor.userId}
    from professionals p where p.org_id = ${actor.orgId} and p.id = ${id} and p.deleted_at is null`),
    ctx.db.all<{ n: number }>(sql`select count(*) as n from appointments a
    where a.org_id = ${actor.orgId} and a.professional_id = ${id} and a.deleted_at is null
      and a.status not in ${sql.raw(`(${FREEING_STATUSES.map((s) => `'${s}'`).join(", ")})`)}
      and a.starts_at < ${parsed.end} and a.ends_at > ${parsed.start}`),
  ]);
  if (result.rowsAffected === 0) throw new DomainError(NOT_FOUND, 404);
  return {
    id: timeOffId,
    inicio: new Date(parsed.start).toISOString(),
    fim: new Date(parsed.end).toISOString(),
    motivo: parsed.motivo,
    agendamentosNoPeriodo: Number(inside[0]?.n ?? 0),
  };
}

/** A time off just added, with the appointments it does not cancel (they stay on the agenda). */
export interface AddedTimeOff extends TimeOff {
  agendamentosNoPeriodo: number;
}

/** "Folga registrada." and, when some are left, how many appointments still fall in it. */
export function addedTimeOffMessage(added: AddedTimeOff): string {
  const n = added.agendamentosNoPeriodo;
  if (n === 0) return "Folga registrada.";
  return `Folga registrada. ${n === 1 ? "1 agendamento nesse período continua marcado" : `${n} agendamentos nesse período continuam marcados`}: remarque ou cancele na agenda.`;
}

/** Removes one time off of the professional (the organização's own only); 404 otherwise. */
export async function removeTimeOff(ctx: ServiceContext, actor: Actor, id: string, timeOffId: string): Promise<void> {
  authorize(actor, RESOURCE, "update");
  if (!isId(id) || !isId(timeOffId)) throw new DomainError(TIME_OFF_NOT_FOUND, 404);
  const t = professionalTimeOff;
  const result = await ctx.db
    .delete(t)
    .where(
      and(
        orgScope(ctx.db, actor.orgId).where(t, eq(t.id, timeOffId), eq(t.profissionalId, id)),
        sql`exists (select 1 from professionals p where p.org_id = ${actor.orgId} and p.id = ${id} and p.deleted_at is null)`,
      ),
    );
  if (result.rowsAffected === 0) throw new DomainError(TIME_OFF_NOT_FOUND, 404);
}
