import { sql } from "drizzle-orm";
import { checkBooking } from "../../../shared/agenda/booking-check.ts";
import type { InstantRange } from "../../../shared/agenda/intervals.ts";
import type { AppointmentStatus } from "../../../shared/enums.ts";
import type { Action, Reach } from "../../../shared/permissions.ts";
import { formatTimeIn } from "../../../shared/time-zone.ts";
import { authorize } from "../../auth/permissions.ts";
import { publishLive } from "../../live/publish.ts";
import { type Actor, DomainError, type ServiceContext } from "../context.ts";
import { type AgendaProfessional, type AgendaRules, clashOf, type Holding, slotRulesOf } from "./agenda-rules.ts";

/**
 * What booking, moving, editing and changing an appointment share (appointments.ts,
 * appointment-update.ts): the permission table's answer, the rules' refusal with the clash named
 * by what it is, the reason of a guard miss, and the current row as the writes read it.
 */

/** Registry name of appointments (the permission table's row, the live events' resource). */
export const APPOINTMENTS = "agendamentos";

export const MINUTE = 60_000;
export const DAY = 86_400_000;

/** Who books: a member (permission table) or the public page (`userId` null, the page's own checks). */
export type Booker = Actor | { orgId: string; userId: null; timeZone?: string };

/**
 * The permission table's answer for appointments (the registry definition's access, APPOINTMENT):
 * the 403 when refused, else how far the actor reaches.
 */
export function authorizeAppointments(actor: Actor, action: Action): Reach {
  return authorize(actor, APPOINTMENTS, action);
}

export function isMember(booker: Booker): booker is Actor {
  return booker.userId !== null;
}

export const NOT_FOUND = "Agendamento não encontrado.";
export const OWN_AGENDA_ONLY = "Você só pode agendar na sua própria agenda.";
export const CLIENT_NOT_FOUND = "Cliente não encontrado. Escolha um cliente cadastrado.";
export const PROFESSIONAL_NOT_FOUND = "Profissional não encontrado. Escolha um profissional ativo.";
export const CHANGED_MEANWHILE = "O agendamento mudou enquanto você salvava. Confira e tente de novo.";

/** "Conflita com o agendamento de Ana às 14:30" / "Conflita com a visita de Ana às 14:30". */
export function conflictMessage(professional: { nome: string }, clash: Holding, zone: string): string {
  const what = clash.kind === "visita" ? "a visita" : "o agendamento";
  return `Conflita com ${what} de ${professional.nome} às ${formatTimeIn(clash.start, zone)}`;
}

/** The rules' verdict for `professional` at `range`, with a clash named by what it is; null: fits. */
export function refusal(
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
export function missReason(rules: AgendaRules, professionalId: string, range: InstantRange): string {
  const professional = rules.professionals.find((p) => p.id === professionalId);
  if (!professional) return PROFESSIONAL_NOT_FOUND;
  const clash = clashOf(professional, range, rules.settings.bufferMin);
  return clash ? conflictMessage(professional, clash, rules.hours.zone) : CHANGED_MEANWHILE;
}

export function publish(ctx: ServiceContext, orgId: string, action: "created" | "updated", id: string): void {
  publishLive(ctx, orgId, { type: "record.changed", resource: APPOINTMENTS, action, ids: [id] });
}

/** The window the rules are loaded for around one appointment (its day and neighbours, any zone). */
export function windowAround(range: InstantRange): InstantRange {
  return { start: range.start - DAY, end: range.end + DAY };
}

/** The services asked, in the order asked, checked against the rules (the org's, active, performed by the professional). */
export function servicesFor(rules: AgendaRules, professional: AgendaProfessional, ids: readonly string[]) {
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

export function parsePhones(json: string | null): string[] {
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
export interface Current {
  profissionalId: string;
  inicio: number;
  fim: number;
  status: AppointmentStatus;
  ownerUserId: string | null;
  servicoIds: string;
}

export function currentStatement(ctx: ServiceContext, orgId: string, id: string) {
  return ctx.db.all(sql`select a.professional_id as profissionalId, a.starts_at as inicio, a.ends_at as fim, a.status as status,
  (select p.user_id from professionals p where p.org_id = ${orgId} and p.id = a.professional_id) as ownerUserId,
  (select json_group_array(s.service_id) from appointment_services s where s.org_id = ${orgId} and s.appointment_id = a.id and s.service_id is not null) as servicoIds
from appointments a where a.org_id = ${orgId} and a.id = ${id} and a.deleted_at is null`);
}

/** The one appointment the actor reaches for `action`, else 404 (another member's is not revealed). */
export function reachable(actor: Actor, reach: "any" | "own", current: Current | undefined): Current {
  if (!current || (reach === "own" && current.ownerUserId !== actor.userId)) throw new DomainError(NOT_FOUND, 404);
  return current;
}

/** The SQL that keeps an "own" actor's write on their own agenda. */
export function ownWrite(actor: Actor, reach: "any" | "own", orgId: string) {
  return reach === "own"
    ? sql` and professional_id in (select op.id from professionals op where op.org_id = ${orgId} and op.user_id = ${actor.userId} and op.deleted_at is null)`
    : sql``;
}

export function parseIds(json: string | null): string[] {
  try {
    const value: unknown = JSON.parse(json ?? "[]");
    return Array.isArray(value) ? value.filter((x): x is string => typeof x === "string") : [];
  } catch {
    return [];
  }
}
