import { sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { checkBooking } from "../../../shared/agenda/booking-check.ts";
import { bookingSchema, moveSchema, statusSchema } from "../../../shared/agenda/booking-input.ts";
import { canChangeStatus, canMove, holdsTime } from "../../../shared/agenda/appointment-status.ts";
import type { InstantRange } from "../../../shared/agenda/intervals.ts";
import { APPOINTMENT_STATUS, type AppointmentOrigin, type AppointmentStatus } from "../../../shared/enums.ts";
import { isId } from "../../../shared/id.ts";
import { searchKeys, sortKey } from "../../../shared/search.ts";
import { formatTimeIn } from "../../../shared/time-zone.ts";
import { FORBIDDEN_MESSAGE } from "../../auth/permissions.ts";
import { APPOINTMENT, type Action, type Reach, reachOf, scopeOf } from "../../../shared/permissions.ts";
import { publishLive } from "../../live/publish.ts";
import { type Actor, DomainError, type ServiceContext } from "../context.ts";
import {
  type AgendaProfessional,
  type AgendaRules,
  agendaRulesReads,
  clashOf,
  commissionCents,
  type Holding,
  slotRulesOf,
} from "./agenda-rules.ts";
import { timeIsFree } from "./overlap-guard.ts";

/**
 * Booking, moving and changing an appointment (ADR 059). Each: the input checked (zod), the
 * permission table asked, the rules loaded in one round trip and `checkBooking` run for the
 * reason a person can act on, then ONE guarded statement — the write repeats the overlap check
 * in its own WHERE (timeIsFree), so two people booking the same slot at the same instant cannot
 * both win. A guard miss is answered from a re-read that rides in the write's own batch (the
 * state the guard saw), naming the conflict: "Conflita com o agendamento de Ana às 14:30".
 */

/** Registry name of appointments (the permission table's row, the live events' resource). */
export const APPOINTMENTS = "agendamentos";

const MINUTE = 60_000;
const DAY = 86_400_000;

/** Who books: a member (permission table) or the public page (`userId` null, the page's own checks). */
export type Booker = Actor | { orgId: string; userId: null; timeZone?: string };

/**
 * The permission table's answer for appointments (shared/permissions.ts APPOINTMENT, the
 * registry definition's access): the 403 when refused, else how far the actor reaches.
 */
function authorizeAppointments(actor: Actor, action: Action): Reach {
  const scope = scopeOf(APPOINTMENT, actor.role, action);
  if (!scope) throw new DomainError(FORBIDDEN_MESSAGE, 403);
  return reachOf(scope, actor.ownOnly === true);
}

function isMember(booker: Booker): booker is Actor {
  return booker.userId !== null;
}

export const NOT_FOUND = "Agendamento não encontrado.";
export const OWN_AGENDA_ONLY = "Você só pode agendar na sua própria agenda.";
const CLIENT_NOT_FOUND = "Cliente não encontrado. Escolha um cliente cadastrado.";
const PROFESSIONAL_NOT_FOUND = "Profissional não encontrado. Escolha um profissional ativo.";
const CHANGED_MEANWHILE = "O agendamento mudou enquanto você salvava. Confira e tente de novo.";

/** "Conflita com o agendamento de Ana às 14:30" / "Conflita com a visita de Ana às 14:30". */
export function conflictMessage(professional: { nome: string }, clash: Holding, zone: string): string {
  const what = clash.kind === "visita" ? "a visita" : "o agendamento";
  return `Conflita com ${what} de ${professional.nome} às ${formatTimeIn(clash.start, zone)}`;
}

/** The rules' verdict for `professional` at `range`, with a clash named by what it is; null: fits. */
function refusal(
  rules: AgendaRules,
  professional: AgendaProfessional,
  range: InstantRange,
  now: number,
  withNotice: boolean,
): string | null {
  const durationMin = (range.end - range.start) / MINUTE;
  const verdict = checkBooking(slotRulesOf(rules, durationMin, now, withNotice), professional, range.start);
  if (verdict.ok) return null;
  const clash = clashOf(professional, range, rules.settings.bufferMin);
  if (verdict.motivo.startsWith("Conflita com") && clash) return conflictMessage(professional, clash, rules.hours.zone);
  return verdict.motivo;
}

/** Why a guarded write missed, from the rules re-read in its batch: the clash, or "changed meanwhile". */
function missReason(rules: AgendaRules, professionalId: string, range: InstantRange): string {
  const professional = rules.professionals.find((p) => p.id === professionalId);
  if (!professional) return PROFESSIONAL_NOT_FOUND;
  const clash = clashOf(professional, range, rules.settings.bufferMin);
  return clash ? conflictMessage(professional, clash, rules.hours.zone) : CHANGED_MEANWHILE;
}

function publish(ctx: ServiceContext, orgId: string, action: "created" | "updated", id: string): void {
  publishLive(ctx, orgId, { type: "record.changed", resource: APPOINTMENTS, action, ids: [id] });
}

/** The window the rules are loaded for around one appointment (its day and neighbours, any zone). */
function windowAround(range: InstantRange): InstantRange {
  return { start: range.start - DAY, end: range.end + DAY };
}

/** The services asked, in the order asked, checked against the rules (the org's, active, performed by the professional). */
function servicesFor(rules: AgendaRules, professional: AgendaProfessional, ids: readonly string[]) {
  return ids.map((id, i) => {
    const service = rules.services.find((s) => s.id === id);
    if (!service) throw new DomainError("Serviço não encontrado. Escolha um serviço ativo.", 422, `servicoIds.${i}`);
    if (!professional.servicoIds.includes(id)) {
      throw new DomainError(`${professional.nome} não realiza ${service.nome}`, 422, "servicoIds");
    }
    return service;
  });
}

export interface BookResult {
  id: string;
  inicio: number;
  fim: number;
  profissionalId: string;
}

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

function parsePhones(json: string | null): string[] {
  try {
    const value: unknown = JSON.parse(json ?? "[]");
    if (!Array.isArray(value)) return [];
    return value
      .map((p) => (typeof p === "string" ? p : (p as { numero?: unknown })?.numero))
      .filter((p): p is string => typeof p === "string");
  } catch {
    return [];
  }
}

/** An appointment as the move and status changes read it (in the rules' batch). */
interface Current {
  profissionalId: string;
  inicio: number;
  fim: number;
  status: AppointmentStatus;
  ownerUserId: string | null;
  servicoIds: string;
}

function currentStatement(ctx: ServiceContext, orgId: string, id: string) {
  return ctx.db.all(sql`select a.professional_id as profissionalId, a.starts_at as inicio, a.ends_at as fim, a.status as status,
  (select p.user_id from professionals p where p.org_id = ${orgId} and p.id = a.professional_id) as ownerUserId,
  (select json_group_array(s.service_id) from appointment_services s where s.org_id = ${orgId} and s.appointment_id = a.id and s.service_id is not null) as servicoIds
from appointments a where a.org_id = ${orgId} and a.id = ${id} and a.deleted_at is null`);
}

/** The one appointment the actor reaches for `action`, else 404 (another member's is not revealed). */
function reachable(actor: Actor, reach: "any" | "own", current: Current | undefined): Current {
  if (!current || (reach === "own" && current.ownerUserId !== actor.userId)) throw new DomainError(NOT_FOUND, 404);
  return current;
}

/** The SQL that keeps an "own" actor's write on their own agenda. */
function ownWrite(actor: Actor, reach: "any" | "own", orgId: string) {
  return reach === "own"
    ? sql` and professional_id in (select op.id from professionals op where op.org_id = ${orgId} and op.user_id = ${actor.userId} and op.deleted_at is null)`
    : sql``;
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
  const update = sql`update appointments set starts_at = ${range.start}, ends_at = ${range.end}, professional_id = ${professionalId}, updated_at = ${now}, updated_by = ${actor.userId}
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

function parseIds(json: string | null): string[] {
  try {
    const value: unknown = JSON.parse(json ?? "[]");
    return Array.isArray(value) ? value.filter((x): x is string => typeof x === "string") : [];
  } catch {
    return [];
  }
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
