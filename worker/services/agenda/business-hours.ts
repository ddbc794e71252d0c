import { and, asc, eq, gte, isNull, notInArray, sql } from "drizzle-orm";
import { appointments, businessHourDays, businessHours, clients, professionals, users } from "../../../db/schema/index.ts";
import { orgScope } from "../../../db/tenant.ts";
import { type BusinessHours, hoursOn } from "../../../shared/agenda/business-hours.ts";
import {
  businessWeekSchema,
  formatDay,
  hoursExceptionSchema,
  localHolidaySchema,
  removeSpecialDaySchema,
} from "../../../shared/agenda/hours-form.ts";
import { containedIn } from "../../../shared/agenda/intervals.ts";
import type { LocalInterval } from "../../../shared/agenda/local-times.ts";
import { FREEING_STATUSES } from "../../../shared/enums/agenda.ts";
import { dayIn, timeZoneOf } from "../../../shared/time-zone.ts";
import { authorize } from "../../auth/permissions.ts";
import { type Actor, DomainError, type ServiceContext } from "../context.ts";
import { businessHoursFromRows, parseIntervals } from "./hours-rows.ts";

/**
 * Horários (ADR 063): the organização's weekly hours, its local holidays and one-off exceptions.
 * Owner and admin change them, staff reads them (the permission table's "business-hours" area).
 * Changing them never touches existing appointments: only new bookings are checked against them;
 * the page lists the future appointments that now fall outside, read with the hours in one round trip.
 */

/** A holiday or an exception as /horarios lists it. */
export interface SpecialDay {
  id: string;
  dia: string;
  tipo: "feriado" | "excecao";
  intervalos: LocalInterval[];
  motivo: string | null;
}

/** A future appointment outside the hours as they are now. */
export interface AppointmentOutside {
  id: string;
  inicio: number;
  fim: number;
  cliente: string;
  profissional: string;
}

export interface BusinessHoursView {
  hours: BusinessHours;
  /** Whether the hours were ever saved (until then the business is closed every day). */
  definido: boolean;
  /** Today onwards, by day. */
  dias: SpecialDay[];
  foraDoHorario: AppointmentOutside[];
  atualizadoEm: string | null;
  atualizadoPorNome: string | null;
}

/** How many future appointments the warning reads (a business with more outside its hours has another problem). */
export const OUTSIDE_READ_LIMIT = 1000;
const SPECIAL_DAYS_LIMIT = 500;

/** The future appointments (that hold their time) that do not lie inside the hours of their day. */
export function appointmentsOutside<T extends { inicio: number; fim: number }>(hours: BusinessHours, rows: readonly T[]): T[] {
  return rows.filter((row) => !containedIn(hoursOn(hours, dayIn(row.inicio, hours.zone)).ranges, { start: row.inicio, end: row.fim }));
}

/**
 * The hours for the page: the week, the special days from today, and the future appointments
 * outside them. One round trip (a batch of three reads).
 */
export async function getBusinessHours(ctx: ServiceContext, actor: Actor): Promise<BusinessHoursView> {
  authorize(actor, "business-hours", "read");
  const zone = timeZoneOf(actor.timeZone);
  const scope = orgScope(ctx.db, actor.orgId);
  const today = dayIn(ctx.now, zone);
  const [rows, days, future] = await ctx.db.batch([
    ctx.db
      .select({
        semana: businessHours.semana,
        fechaFeriadosNacionais: businessHours.fechaFeriadosNacionais,
        atualizadoEm: businessHours.atualizadoEm,
        atualizadoPorNome: sql<string | null>`(select ${users.name} from ${users} where ${users.id} = ${businessHours.atualizadoPor})`,
      })
      .from(businessHours)
      .where(scope.where(businessHours))
      .limit(1),
    ctx.db
      .select({
        id: businessHourDays.id,
        dia: businessHourDays.dia,
        tipo: businessHourDays.tipo,
        intervalos: businessHourDays.intervalos,
        motivo: businessHourDays.motivo,
      })
      .from(businessHourDays)
      .where(scope.where(businessHourDays, gte(businessHourDays.dia, today)))
      .orderBy(asc(businessHourDays.dia))
      .limit(SPECIAL_DAYS_LIMIT),
    ctx.db
      .select({
        id: appointments.id,
        inicio: appointments.inicio,
        fim: appointments.fim,
        cliente: clients.nome,
        profissional: professionals.nome,
      })
      .from(appointments)
      .innerJoin(clients, and(eq(clients.id, appointments.clienteId), eq(clients.orgId, appointments.orgId)))
      .innerJoin(professionals, and(eq(professionals.id, appointments.profissionalId), eq(professionals.orgId, appointments.orgId)))
      .where(
        scope.where(
          appointments,
          isNull(appointments.excluidoEm),
          gte(appointments.inicio, ctx.now),
          notInArray(appointments.status, [...FREEING_STATUSES]),
        ),
      )
      .orderBy(asc(appointments.inicio))
      .limit(OUTSIDE_READ_LIMIT),
  ]);
  const row = rows[0];
  const hours = businessHoursFromRows(zone, row, days);
  const asMs = future.map((a) => ({ ...a, inicio: a.inicio.getTime(), fim: a.fim.getTime() }));
  return {
    hours,
    definido: row !== undefined,
    dias: days.map((d) => ({ ...d, intervalos: parseIntervals(d.intervalos) })),
    foraDoHorario: appointmentsOutside(hours, asMs),
    atualizadoEm: row?.atualizadoEm?.toISOString() ?? null,
    atualizadoPorNome: row?.atualizadoPorNome ?? null,
  };
}

/** Saves the week and the national holidays box (validated again here): one upsert. */
export async function saveBusinessWeek(ctx: ServiceContext, actor: Actor, input: unknown): Promise<void> {
  authorize(actor, "business-hours", "update");
  const data = businessWeekSchema.parse(input);
  const values = {
    semana: JSON.stringify(data.semana),
    fechaFeriadosNacionais: data.fechaFeriadosNacionais,
    atualizadoEm: ctx.now,
    atualizadoPor: actor.userId,
  };
  await ctx.db
    .insert(businessHours)
    .values(orgScope(ctx.db, actor.orgId).values(values))
    .onConflictDoUpdate({ target: businessHours.orgId, set: values });
}

/** One special day per date: a second one is refused (remove the first), naming the date. */
async function insertDay(
  ctx: ServiceContext,
  actor: Actor,
  day: { dia: string; tipo: "feriado" | "excecao"; intervalos: LocalInterval[]; motivo: string | undefined },
): Promise<string> {
  const id = crypto.randomUUID();
  const inserted = await ctx.db
    .insert(businessHourDays)
    .values(
      orgScope(ctx.db, actor.orgId).values({
        id,
        dia: day.dia,
        tipo: day.tipo,
        intervalos: JSON.stringify(day.intervalos),
        motivo: day.motivo ?? null,
        criadoEm: ctx.now,
        criadoPor: actor.userId,
      }),
    )
    .onConflictDoNothing()
    .returning({ id: businessHourDays.id });
  if (inserted.length === 0) {
    throw new DomainError(
      `Já existe um feriado ou horário especial em ${formatDay(day.dia)}: remova-o antes de cadastrar outro.`,
      409,
      "dia",
    );
  }
  return id;
}

/** A local holiday: closed that day, named on the agenda's refusal. */
export async function addLocalHoliday(ctx: ServiceContext, actor: Actor, input: unknown): Promise<string> {
  authorize(actor, "business-hours", "update");
  const data = localHolidaySchema.parse(input);
  return insertDay(ctx, actor, { dia: data.dia, tipo: "feriado", intervalos: [], motivo: data.nome });
}

/** A one-off day, closed or at other hours; wins over the week and the holidays. */
export async function addHoursException(ctx: ServiceContext, actor: Actor, input: unknown): Promise<string> {
  authorize(actor, "business-hours", "update");
  const data = hoursExceptionSchema.parse(input);
  return insertDay(ctx, actor, { dia: data.dia, tipo: "excecao", intervalos: data.intervalos, motivo: data.motivo });
}

/** Removes a holiday or an exception of the caller's organização (another's is not found). */
export async function removeSpecialDay(ctx: ServiceContext, actor: Actor, input: unknown): Promise<void> {
  authorize(actor, "business-hours", "delete");
  const { id } = removeSpecialDaySchema.parse(input);
  const removed = await ctx.db
    .delete(businessHourDays)
    .where(orgScope(ctx.db, actor.orgId).where(businessHourDays, eq(businessHourDays.id, id)))
    .returning({ id: businessHourDays.id });
  if (removed.length === 0) throw new DomainError("Esse dia especial não existe mais.", 404);
}
