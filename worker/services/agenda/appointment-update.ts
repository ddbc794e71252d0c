import { type SQL, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { z } from "zod";
import { canChangeStatus, canMove, holdsTime } from "../../../shared/agenda/appointment-status.ts";
import { bookingSchema } from "../../../shared/agenda/booking-input.ts";
import { APPOINTMENT_STATUS, APPOINTMENT_STATUSES, type AppointmentStatus } from "../../../shared/enums.ts";
import { isId } from "../../../shared/id.ts";
import { messages } from "../../../shared/validation.ts";
import { searchKeys, sortKey } from "../../../shared/search.ts";
import { type Actor, DomainError, type ServiceContext } from "../context.ts";
import { agendaRulesReads, commissionCents } from "./agenda-rules.ts";
import {
  authorizeAppointments,
  type BookResult,
  CHANGED_MEANWHILE,
  CLIENT_NOT_FOUND,
  type Current,
  currentStatement,
  MINUTE,
  missReason,
  NOT_FOUND,
  OWN_AGENDA_ONLY,
  ownWrite,
  PROFESSIONAL_NOT_FOUND,
  parseIds,
  parsePhones,
  publish,
  reachable,
  refusal,
  servicesFor,
  windowAround,
} from "./appointment-checks.ts";
import { timeIsFree } from "./overlap-guard.ts";
import { releaseReminderIfMoved } from "./reminders.ts";

/** The whole form of an appointment (the registry's edit and `PATCH /api/agendamentos/:id`). */
const editSchema = bookingSchema.pick({ clienteId: true, profissionalId: true, servicoIds: true, inicio: true, observacoes: true }).extend({
  status: z.enum(APPOINTMENT_STATUSES, { error: () => messages.one_of("Status") }).optional(),
});

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

/**
 * Replaces an appointment's form — client, professional, services, start, status, notes — under
 * the same rules as booking: a new time, professional or list of services (so a new end), or a
 * freed appointment taking time again, is checked (`checkBooking` for the reason) and written by
 * ONE guarded UPDATE that also insists the row is still as it was read. The services' snapshot
 * (names, prices, commissions) is taken again only when the list changed, so editing a note never
 * reprices what was booked. Two round trips.
 */
export async function updateAppointment(ctx: ServiceContext, actor: Actor, id: string, input: unknown): Promise<BookResult> {
  const reach = authorizeAppointments(actor, "update");
  const data = editSchema.parse(input);
  if (!isId(id)) throw new DomainError(NOT_FOUND, 404);
  const orgId = actor.orgId;
  const now = ctx.now.getTime();
  const reads = agendaRulesReads(ctx, orgId, windowAround({ start: data.inicio, end: data.inicio + 86_400_000 }), {
    professionalIds: [data.profissionalId],
    serviceIds: data.servicoIds,
    excludeAppointmentId: id,
  });
  const client = ctx.db.all(
    sql`select c.name as nome, c.email as email, c.phones as telefones from clients c where c.org_id = ${orgId} and c.id = ${data.clienteId} and c.deleted_at is null`,
  );
  const results = (await ctx.db.batch([...reads.statements, client, currentStatement(ctx, orgId, id)] as unknown as [
    BatchItem<"sqlite">,
  ])) as unknown[];
  const rules = reads.read(results);
  const found = (results[reads.statements.length] as { nome: string; email: string | null; telefones: string }[])[0];
  const current: Current = reachable(actor, reach, (results[reads.statements.length + 1] as Current[])[0]);
  if (!found) throw new DomainError(CLIENT_NOT_FOUND, 422, "clienteId");
  const professional = rules.professionals.find((p) => p.id === data.profissionalId);
  if (!professional) throw new DomainError(PROFESSIONAL_NOT_FOUND, 422, "profissionalId");
  if (reach === "own" && professional.usuarioId !== actor.userId) throw new DomainError(OWN_AGENDA_ONLY, 403);
  const status: AppointmentStatus = data.status ?? current.status;
  if (status !== current.status && !canChangeStatus(current.status, status)) {
    const from = APPOINTMENT_STATUS.label(current.status).toLowerCase();
    throw new DomainError(`Um agendamento ${from} não pode passar para ${APPOINTMENT_STATUS.label(status).toLowerCase()}`, 409);
  }
  const currentServices = parseIds(current.servicoIds);
  const servicesChanged = !sameList(currentServices, data.servicoIds);
  const chosen = servicesFor(rules, professional, data.servicoIds);
  const duration = chosen.reduce((sum, s) => sum + s.duracaoMin, 0);
  // Unchanged services keep the length as booked (or as resized on the calendar).
  const range = {
    start: data.inicio,
    end: data.inicio + (servicesChanged ? duration * MINUTE : current.fim - current.inicio),
  };
  const moved = range.start !== current.inicio || range.end !== current.fim || professional.id !== current.profissionalId;
  if (moved && !canMove(current.status)) {
    throw new DomainError(`Um agendamento ${APPOINTMENT_STATUS.label(current.status).toLowerCase()} não pode ser movido`, 409);
  }
  const holds = holdsTime(status);
  const takesTime = holds && (moved || !holdsTime(current.status));
  if (takesTime) {
    const sameStart = range.start === current.inicio;
    const reason = refusal(rules, professional, range, sameStart ? Math.min(now, range.start) : now, false);
    if (reason) throw new DomainError(reason, 409);
  }

  const total = chosen.reduce((sum, s) => sum + s.precoCentavos, 0);
  const keys = searchKeys({
    names: [found.nome, professional.nome, ...chosen.map((s) => s.nome)],
    email: found.email,
    phones: parsePhones(found.telefones),
  });
  const stamps =
    status === current.status
      ? sql``
      : status === "em_atendimento"
        ? sql`, started_at = coalesce(started_at, ${now}), finished_at = null`
        : status === "concluido"
          ? sql`, started_at = coalesce(started_at, ${now}), finished_at = ${now}`
          : sql``;
  const priced = servicesChanged ? sql`, total_cents = ${total}` : sql``;
  const guard: SQL = takesTime
    ? sql` and ${timeIsFree({ orgId, professionalId: professional.id, start: range.start, end: range.end, exceptAppointmentId: id })}`
    : sql``;
  const update = sql`update appointments set client_id = ${data.clienteId}, professional_id = ${professional.id}, starts_at = ${range.start}, ends_at = ${range.end},
  status = ${status}, notes = ${data.observacoes ?? null}, sort_name = ${sortKey(found.nome) || found.nome}, search_keys = ${JSON.stringify(keys)},
  updated_at = ${now}, updated_by = ${actor.userId}${priced}${stamps}${releaseReminderIfMoved(range.start, current.inicio)}
where org_id = ${orgId} and id = ${id} and deleted_at is null
  and starts_at = ${current.inicio} and ends_at = ${current.fim} and professional_id = ${current.profissionalId} and status = ${current.status}${ownWrite(actor, reach, orgId)}
  and exists (select 1 from clients uc where uc.org_id = ${orgId} and uc.id = ${data.clienteId} and uc.deleted_at is null)
  and exists (select 1 from professionals up where up.org_id = ${orgId} and up.id = ${professional.id} and up.deleted_at is null and up.active = 1)${guard}`;
  // The lines change only with the update (this request's stamp on the row).
  const written = sql`exists (select 1 from appointments w where w.org_id = ${orgId} and w.id = ${id} and w.updated_at = ${now} and w.updated_by = ${actor.userId})`;
  const lines: BatchItem<"sqlite">[] = servicesChanged
    ? [
        ctx.db.run(sql`delete from appointment_services where org_id = ${orgId} and appointment_id = ${id} and ${written}`),
        ...chosen.map((s, position) => {
          const commission = commissionCents(s.precoCentavos, s.comissao, professional.comissao, rules.settings.defaultCommission);
          return ctx.db.run(sql`insert into appointment_services (id, org_id, appointment_id, service_id, name, duration_min, price_cents, commission_cents, position)
select ${crypto.randomUUID()}, ${orgId}, ${id}, ${s.id}, ${s.nome}, ${s.duracaoMin}, ${s.precoCentavos}, ${commission}, ${position}
where ${written}`);
        }),
      ]
    : [];
  const reread = agendaRulesReads(ctx, orgId, windowAround(range), { professionalIds: [professional.id], excludeAppointmentId: id });
  const out = (await ctx.db.batch([ctx.db.run(update), ...lines, ...reread.statements] as unknown as [BatchItem<"sqlite">])) as unknown[];
  if ((out[0] as { rowsAffected: number }).rowsAffected === 0) {
    const reason = takesTime ? missReason(reread.read(out.slice(1 + lines.length)), professional.id, range) : CHANGED_MEANWHILE;
    throw new DomainError(reason, 409);
  }
  publish(ctx, orgId, "updated", id);
  return { id, inicio: range.start, fim: range.end, profissionalId: professional.id };
}
