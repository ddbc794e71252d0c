import { data, type RouterContextProvider } from "react-router";
import { clockOf, minutesInZone } from "../../../shared/agenda/calendar-view.ts";
import { findSlotsForAnyone, nextFreeSlot } from "../../../shared/agenda/slots.ts";
import { isId } from "../../../shared/id.ts";
import { fullDayLabel } from "../../../shared/social/calendar.ts";
import { dayIn, timeZoneOf } from "../../../shared/time-zone.ts";
import { reachFor } from "../../../worker/auth/permissions.ts";
import { type AgendaRules, loadAgendaRules, slotRulesOf } from "../../../worker/services/agenda/agenda-rules.ts";
import { APPOINTMENTS } from "../../../worker/services/agenda/appointments.ts";
import { type Actor, DomainError, type ServiceContext } from "../../../worker/services/context.ts";
import { agendaGuard } from "./agenda.server.ts";

/**
 * "Qualquer um" and "Próximo horário livre" on /agenda (ADR 060), from core's rules loaded in one
 * round trip and ADR 058's slot search — the same predicate the booking checks, so a start
 * offered here is one the booking accepts (unless someone takes it first: then the guard says so).
 */

type Args = { request: Request; context: Readonly<RouterContextProvider> };

const DAY = 86_400_000;
/** How far "Próximo horário livre" looks inside the app. */
const HORIZON_DAYS = 60;

/** The professionals who perform every service asked (a professional who sees only their agenda: only them). */
function performers(rules: AgendaRules, actor: Actor, servicoIds: readonly string[], only: string | null) {
  const own = reachFor(actor, APPOINTMENTS, "create") === "own";
  return rules.professionals.filter(
    (p) => servicoIds.every((s) => p.servicoIds.includes(s)) && (!only || p.id === only) && (!own || p.usuarioId === actor.userId),
  );
}

function durationOf(rules: AgendaRules, servicoIds: readonly string[]): number {
  return servicoIds.reduce((sum, id) => sum + (rules.services.find((s) => s.id === id)?.duracaoMin ?? 0), 0);
}

/** "Qualquer um" at `inicio`: whom the slot search prefers there, or a pt-BR refusal (409). */
export async function resolveAnyone(ctx: ServiceContext, actor: Actor, servicoIds: readonly string[], inicio: number): Promise<string> {
  const rules = await loadAgendaRules(ctx, actor.orgId, { start: inicio - DAY, end: inicio + 2 * DAY }, { serviceIds: servicoIds });
  const zone = rules.hours.zone;
  const pros = performers(rules, actor, servicoIds, null);
  if (pros.length === 0) throw new DomainError("Nenhum profissional realiza todos esses serviços.", 422, "servicoIds");
  const slots = findSlotsForAnyone(slotRulesOf(rules, durationOf(rules, servicoIds), ctx.now.getTime()), pros, {
    start: inicio,
    end: inicio + 1,
  });
  const chosen = slots[0]?.start === inicio ? slots[0].professionalIds[0] : undefined;
  if (!chosen)
    throw new DomainError(
      `Nenhum profissional livre às ${clockOf(minutesInZone(inicio, zone))} para esses serviços. Use “Próximo horário livre”.`,
      409,
    );
  return chosen;
}

/** The intent "proximo": the first free start for the services, with one professional or anyone. */
export async function nextSlotAction(args: Args, form: FormData) {
  const { ctx, actor } = agendaGuard(args, "create");
  const servicoIds = form.getAll("servicoIds").map(String).filter(isId);
  if (servicoIds.length === 0) return data({ error: "Escolha ao menos um serviço." }, { status: 422 });
  const only = String(form.get("profissionalId") ?? "");
  const now = ctx.now.getTime();
  const rules = await loadAgendaRules(
    ctx,
    actor.orgId,
    { start: now - DAY, end: now + (HORIZON_DAYS + 1) * DAY },
    { serviceIds: servicoIds },
  );
  const pros = performers(rules, actor, servicoIds, isId(only) ? only : null);
  if (pros.length === 0) return data({ error: "Nenhum profissional realiza todos esses serviços." }, { status: 422 });
  const slot = nextFreeSlot(slotRulesOf(rules, durationOf(rules, servicoIds), now), pros, HORIZON_DAYS);
  if (!slot) return data({ error: `Nenhum horário livre nos próximos ${HORIZON_DAYS} dias para esses serviços.` }, { status: 409 });
  const zone = timeZoneOf(actor.timeZone);
  const dia = dayIn(slot.start, zone);
  const hora = clockOf(minutesInZone(slot.start, zone));
  const nome = rules.professionals.find((p) => p.id === slot.professionalId)?.nome ?? "";
  return {
    proximo: {
      dia,
      hora,
      profissionalId: slot.professionalId,
      texto: `Próximo horário livre: ${fullDayLabel(dia)} às ${hora} com ${nome}.`,
    },
  };
}
