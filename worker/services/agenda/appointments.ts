import { sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { canChangeStatus, canMove, holdsTime } from "../../../shared/agenda/appointment-status.ts";
import { bookingSchema, moveSchema, statusSchema } from "../../../shared/agenda/booking-input.ts";
import { APPOINTMENT_STATUS, type AppointmentOrigin, type AppointmentStatus } from "../../../shared/enums.ts";
import { isId } from "../../../shared/id.ts";
import { searchKeys, sortKey } from "../../../shared/search.ts";
import { type Actor, DomainError, type ServiceContext } from "../context.ts";
import { agendaRulesReads, clashOf, commissionCents } from "./agenda-rules.ts";
import {
  authorizeAppointments,
  type Booker,
  type BookResult,
  CHANGED_MEANWHILE,
  CLIENT_NOT_FOUND,
  type Current,
  currentStatement,
  DAY,
  isMember,
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

export { APPOINTMENTS, type Booker, type BookResult, conflictMessage, NOT_FOUND, OWN_AGENDA_ONLY } from "./appointment-checks.ts";

/**
 * Booking, moving and changing an appointment (ADR 059). Each: the input checked (zod), the
 * permission table asked, the rules loaded in one round trip and `checkBooking` run for the
 * reason a person can act on, then ONE guarded statement — the write repeats the overlap check
 * in its own WHERE (timeIsFree), so two people booking the same slot at the same instant cannot
 * both win. A guard miss is answered from a re-read that rides in the write's own batch (the
 * state the guard saw), naming the conflict: "Conflita com o agendamento de Ana às 14:30".
 */

/**
 * Books an appointment: client + services + professional + start (the end from the durations).
 * Refusals: 422 for what the form must fix, 403 for another's agenda, 409 with the rules' pt-BR
 * reason (outside hours, time off, availability, another appointment or visit named).
 * Two round trips: the rules with the client, then the guarded write with its re-read.
 */
export async function bookAppointment(ctx: ServiceContext, booker: Booker, input: unknown): Promise<BookResult> {
  const member = isMember(booker);
  const reach = member ? authorizeAppointments(booker, "create") : "any";
  const data = bookingSchema.parse(input);
  const orgId = booker.orgId;
  const now = ctx.now.getTime();
  const guess = { start: data.inicio, end: data.inicio + DAY };
  const reads = agendaRulesReads(ctx, orgId, windowAround(guess), {
    professionalIds: [data.profissionalId],
    serviceIds: data.servicoIds,
    onlineOnly: !member,
  });
  const c = sql`select c.name as nome, c.email as email, c.phones as telefones from clients c where c.org_id = ${orgId} and c.id = ${data.clienteId} and c.deleted_at is null`;
  const results = (await ctx.db.batch([...reads.statements, ctx.db.all(c)] as unknown as [BatchItem<"sqlite">])) as unknown[];
  const rules = reads.read(results);
  const client = (results[reads.statements.length] as { nome: string; email: string | null; telefones: string }[])[0];
  if (!client) throw new DomainError(CLIENT_NOT_FOUND, 422, "clienteId");
  const professional = rules.professionals.find((p) => p.id === data.profissionalId);
  if (!professional) throw new DomainError(PROFESSIONAL_NOT_FOUND, 422, "profissionalId");
  if (reach === "own" && professional.usuarioId !== (booker as Actor).userId) throw new DomainError(OWN_AGENDA_ONLY, 403);
  const chosen = servicesFor(rules, professional, data.servicoIds);
  const duration = chosen.reduce((sum, s) => sum + s.duracaoMin, 0);
  const range = { start: data.inicio, end: data.inicio + duration * MINUTE };
  if (!member && range.start > now + rules.settings.maxDaysAhead * DAY) {
    throw new DomainError(`Agendamentos online só até ${rules.settings.maxDaysAhead} dias à frente`, 409);
  }
  const reason = refusal(rules, professional, range, now, !member);
  if (reason) throw new DomainError(reason, 409);

  const id = crypto.randomUUID();
  const userId = member ? booker.userId : null;
  const origem: AppointmentOrigin = data.origem ?? (member ? "interno" : "online");
  const status: AppointmentStatus = data.status ?? (member ? "confirmado" : rules.settings.onlineStatus);
  const total = chosen.reduce((sum, s) => sum + s.precoCentavos, 0);
  const phones = parsePhones(client.telefones);
  const keys = searchKeys({ names: [client.nome, professional.nome, ...chosen.map((s) => s.nome)], email: client.email, phones });
  const own = reach === "own" ? sql` and p.user_id = ${userId}` : sql``;
  const insert = sql`insert into appointments (id, org_id, client_id, professional_id, starts_at, ends_at, status, origin, total_cents, notes, sort_name, search_keys, link_hash, created_at, updated_at, created_by, updated_by)
select ${id}, ${orgId}, ${data.clienteId}, ${data.profissionalId}, ${range.start}, ${range.end}, ${status}, ${origem}, ${total}, ${data.observacoes ?? null}, ${sortKey(client.nome) || client.nome}, ${JSON.stringify(keys)}, ${data.linkHash ?? null}, ${now}, ${now}, ${userId}, ${userId}
where exists (select 1 from clients c where c.org_id = ${orgId} and c.id = ${data.clienteId} and c.deleted_at is null)
  and exists (select 1 from professionals p where p.org_id = ${orgId} and p.id = ${data.profissionalId} and p.deleted_at is null and p.active = 1${own})
  and ${timeIsFree({ orgId, professionalId: data.profissionalId, start: range.start, end: range.end })}`;
  const lines = chosen.map((s, position) => {
    const commission = commissionCents(s.precoCentavos, s.comissao, professional.comissao, rules.settings.defaultCommission);
    return ctx.db.run(sql`insert into appointment_services (id, org_id, appointment_id, service_id, name, duration_min, price_cents, commission_cents, position)
select ${crypto.randomUUID()}, ${orgId}, ${id}, ${s.id}, ${s.nome}, ${s.duracaoMin}, ${s.precoCentavos}, ${commission}, ${position}
where exists (select 1 from appointments w where w.org_id = ${orgId} and w.id = ${id})`);
  });
  const reread = agendaRulesReads(ctx, orgId, windowAround(range), { professionalIds: [data.profissionalId], excludeAppointmentId: id });
  const written = (await ctx.db.batch([ctx.db.run(insert), ...lines, ...reread.statements] as unknown as [
    BatchItem<"sqlite">,
  ])) as unknown[];
  if ((written[0] as { rowsAffected: number }).rowsAffected === 0) {
    const after = reread.read(written.slice(1 + lines.length));
    throw new DomainError(missReason(after, data.profissionalId, range), 409);
  }
  publish(ctx, orgId, "created", id);
  return { id, inicio: range.start, fim: range.end, profissionalId: data.profissionalId };
}

/**
 * Moves (new start), resizes (new end) or hands an appointment to another professional: the same
 * rules and refusals as booking (the appointment itself leaves the way), then one guarded UPDATE
 * that also insists the appointment is still where it was read (so two moves cannot cross).
 * A resize that keeps the start of one already under way is not refused for being in the past.
 */
export async function moveAppointment(ctx: ServiceContext, actor: Actor, id: string, input: unknown): Promise<BookResult> {
  const reach = authorizeAppointments(actor, "update");
  const data = moveSchema.parse(input);
  if (!isId(id)) throw new DomainError(NOT_FOUND, 404);
  const orgId = actor.orgId;
  const now = ctx.now.getTime();
  const guess = { start: data.inicio, end: data.fim ?? data.inicio + DAY };
  const picked = data.profissionalId;
  const reads = agendaRulesReads(ctx, orgId, windowAround(guess), {
    ...(picked ? { professionalIds: [picked] } : { professionalOfAppointment: id }),
    excludeAppointmentId: id,
  });
  const results = (await ctx.db.batch([...reads.statements, currentStatement(ctx, orgId, id)] as unknown as [
    BatchItem<"sqlite">,
  ])) as unknown[];
  const rules = reads.read(results);
  const current = reachable(actor, reach, (results[reads.statements.length] as Current[])[0]);
  if (!canMove(current.status)) {
    throw new DomainError(`Um agendamento ${APPOINTMENT_STATUS.label(current.status).toLowerCase()} não pode ser movido`, 409);
  }
  const professionalId = picked ?? current.profissionalId;
  const professional = rules.professionals.find((p) => p.id === professionalId);
  if (!professional) throw new DomainError(PROFESSIONAL_NOT_FOUND, 422, "profissionalId");
  if (reach === "own" && professional.usuarioId !== actor.userId) throw new DomainError(OWN_AGENDA_ONLY, 403);
  if (picked && picked !== current.profissionalId) {
    for (const serviceId of parseIds(current.servicoIds)) {
      const service = rules.services.find((s) => s.id === serviceId);
      if (service && !professional.servicoIds.includes(serviceId)) {
        throw new DomainError(`${professional.nome} não realiza ${service.nome}`, 422, "profissionalId");
      }
    }
  }
  const range = { start: data.inicio, end: data.fim ?? data.inicio + (current.fim - current.inicio) };
  const sameStart = range.start === current.inicio;
  // A resize of one under way (or past) is judged as of its start: only what it newly covers matters.
  const reason = refusal(rules, professional, range, sameStart ? Math.min(now, range.start) : now, false);
  if (reason) throw new DomainError(reason, 409);
  const update = sql`update appointments set starts_at = ${range.start}, ends_at = ${range.end}, professional_id = ${professionalId}, updated_at = ${now}, updated_by = ${actor.userId}${releaseReminderIfMoved(range.start, current.inicio)}
where org_id = ${orgId} and id = ${id} and deleted_at is null
  and starts_at = ${current.inicio} and ends_at = ${current.fim} and professional_id = ${current.profissionalId} and status = ${current.status}${ownWrite(actor, reach, orgId)}
  and exists (select 1 from professionals mp where mp.org_id = ${orgId} and mp.id = ${professionalId} and mp.deleted_at is null and mp.active = 1)
  and ${timeIsFree({ orgId, professionalId, start: range.start, end: range.end, exceptAppointmentId: id })}`;
  const reread = agendaRulesReads(ctx, orgId, windowAround(range), { professionalIds: [professionalId], excludeAppointmentId: id });
  const written = (await ctx.db.batch([ctx.db.run(update), ...reread.statements] as unknown as [BatchItem<"sqlite">])) as unknown[];
  if ((written[0] as { rowsAffected: number }).rowsAffected === 0) {
    throw new DomainError(missReason(reread.read(written.slice(1)), professionalId, range), 409);
  }
  publish(ctx, orgId, "updated", id);
  return { id, inicio: range.start, fim: range.end, profissionalId: professionalId };
}

/**
 * Changes an appointment's status along STATUS_TRANSITIONS. Cancelado and faltou free the slot
 * (nothing to check); re-opening one (back to pendente or confirmado) takes the time again, so
 * the slot is re-checked — conflicts and time off, not the grid or the hours it was booked under
 * — and the UPDATE carries the overlap guard. The service desk's times follow: em atendimento
 * stamps the start, concluído the finish (undone when a finished one is reopened).
 */
export async function setAppointmentStatus(
  ctx: ServiceContext,
  actor: Actor,
  id: string,
  input: unknown,
): Promise<{ id: string; status: AppointmentStatus }> {
  const reach = authorizeAppointments(actor, "update");
  const { status } = statusSchema.parse(typeof input === "string" ? { status: input } : input);
  if (!isId(id)) throw new DomainError(NOT_FOUND, 404);
  const orgId = actor.orgId;
  const now = ctx.now.getTime();
  const [current] = (await currentStatement(ctx, orgId, id)) as Current[];
  const found = reachable(actor, reach, current);
  if (found.status === status) return { id, status };
  if (!canChangeStatus(found.status, status)) {
    const from = APPOINTMENT_STATUS.label(found.status).toLowerCase();
    const to = APPOINTMENT_STATUS.label(status).toLowerCase();
    throw new DomainError(`Um agendamento ${from} não pode passar para ${to}`, 409);
  }
  const reopening = !holdsTime(found.status) && holdsTime(status);
  const range = { start: found.inicio, end: found.fim };
  let guard = sql``;
  let rereadStatements: BatchItem<"sqlite">[] = [];
  let reread: ReturnType<typeof agendaRulesReads> | undefined;
  if (reopening) {
    reread = agendaRulesReads(ctx, orgId, windowAround(range), { professionalIds: [found.profissionalId], excludeAppointmentId: id });
    rereadStatements = reread.statements;
    guard = sql` and ${timeIsFree({ orgId, professionalId: found.profissionalId, start: range.start, end: range.end, exceptAppointmentId: id })}
  and not exists (select 1 from professional_time_off gt where gt.org_id = ${orgId} and gt.professional_id = ${found.profissionalId} and gt.starts_at < ${range.end} and gt.ends_at > ${range.start})`;
  }
  const stamps =
    status === "em_atendimento"
      ? sql`, started_at = coalesce(started_at, ${now}), finished_at = null`
      : status === "concluido"
        ? sql`, started_at = coalesce(started_at, ${now}), finished_at = ${now}`
        : sql``;
  const update = sql`update appointments set status = ${status}, updated_at = ${now}, updated_by = ${actor.userId}${stamps}
where org_id = ${orgId} and id = ${id} and deleted_at is null and status = ${found.status}${ownWrite(actor, reach, orgId)}${guard}`;
  const written = (await ctx.db.batch([ctx.db.run(update), ...rereadStatements] as unknown as [BatchItem<"sqlite">])) as unknown[];
  if ((written[0] as { rowsAffected: number }).rowsAffected === 0) {
    if (!reread) throw new DomainError(CHANGED_MEANWHILE, 409);
    const rules = reread.read(written.slice(1));
    const professional = rules.professionals.find((p) => p.id === found.profissionalId);
    const off = professional?.timeOff.some((t) => t.start < range.end && range.start < t.end);
    if (professional && off && !clashOf(professional, range, rules.settings.bufferMin)) {
      throw new DomainError(`${professional.nome} está de folga nesse horário`, 409);
    }
    throw new DomainError(missReason(rules, found.profissionalId, range), 409);
  }
  publish(ctx, orgId, "updated", id);
  return { id, status };
}
