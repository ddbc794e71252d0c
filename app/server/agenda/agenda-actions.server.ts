import { data, type RouterContextProvider } from "react-router";
import { isAgendaDay } from "../../../shared/agenda/calendar-view.ts";
import { isId } from "../../../shared/id.ts";
import { instantIn, timeZoneOf } from "../../../shared/time-zone.ts";
import { bookAppointment, moveAppointment, setAppointmentStatus } from "../../../worker/services/agenda/appointments.ts";
import { readForm, unknownIntent } from "../forms.server.ts";
import { agendaGuard } from "./agenda.server.ts";
import { nextSlotAction, resolveAnyone } from "./agenda-slots.server.ts";
import { answer } from "./agenda-answer.server.ts";
import { bookVisitAction } from "./agenda-visits.server.ts";

/**
 * /agenda's writes (ADR 060): each intent turns the form (day and time typed on the
 * organização's clock) into core's input and calls core's service — bookAppointment,
 * moveAppointment, setAppointmentStatus — which hold the rules and the single-statement guard.
 * A refusal is `{ error }` in pt-BR with its status (409 naming the conflict), nothing saved.
 */

type Args = { request: Request; context: Readonly<RouterContextProvider> };

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** "aaaa-mm-dd" + "HH:mm" typed in the zone → epoch ms, or the pt-BR problem. */
export function typedInstant(form: FormData, zone: string): number | string {
  const dia = String(form.get("dia") ?? "");
  const hora = String(form.get("hora") ?? "").slice(0, 5);
  if (!isAgendaDay(dia)) return "Escolha um dia válido.";
  if (!TIME.test(hora)) return "Escolha um horário válido (HH:mm).";
  return instantIn(dia, hora, zone).getTime();
}

const refuse = (error: string, status = 422) => data({ error }, { status });

export async function agendaAction(args: Args) {
  const form = await readForm(args.request.clone() as unknown as Request);
  switch (form.get("intent")) {
    case "agendar":
      return bookAction(args, form);
    case "mover":
      return moveAction(args, form);
    case "status":
      return statusAction(args, form);
    case "proximo":
      return nextSlotAction(args, form);
    case "visita":
      return bookVisitAction(args, form);
    default:
      return unknownIntent();
  }
}

async function bookAction(args: Args, form: FormData) {
  const { ctx, actor } = agendaGuard(args, "create");
  const zone = timeZoneOf(actor.timeZone);
  const inicio = typedInstant(form, zone);
  if (typeof inicio === "string") return refuse(inicio);
  const clienteId = String(form.get("clienteId") ?? "");
  if (!isId(clienteId)) return refuse("Escolha o cliente.");
  const servicoIds = form.getAll("servicoIds").map(String);
  if (servicoIds.length === 0) return refuse("Escolha ao menos um serviço.");
  const observacoes = String(form.get("observacoes") ?? "").trim();
  let profissionalId = String(form.get("profissionalId") ?? "");
  return answer(async () => {
    // "Qualquer um": the professional the slot search prefers at that start (fewest appointments that day).
    if (!profissionalId) profissionalId = await resolveAnyone(ctx, actor, servicoIds, inicio);
    return bookAppointment(ctx, actor, { clienteId, profissionalId, servicoIds, inicio, ...(observacoes ? { observacoes } : {}) });
  });
}

async function moveAction(args: Args, form: FormData) {
  const { ctx, actor } = agendaGuard(args, "update");
  const zone = timeZoneOf(actor.timeZone);
  const id = String(form.get("id") ?? "");
  if (!isId(id)) return refuse("Agendamento não encontrado.", 404);
  const inicio = typedInstant(form, zone);
  if (typeof inicio === "string") return refuse(inicio);
  const profissionalId = String(form.get("profissionalId") ?? "");
  const duracao = Number(form.get("duracaoMin") ?? "");
  const input: { inicio: number; fim?: number; profissionalId?: string } = { inicio };
  if (isId(profissionalId)) input.profissionalId = profissionalId;
  if (Number.isInteger(duracao) && duracao > 0 && duracao <= 720) input.fim = inicio + duracao * 60_000;
  return answer(() => moveAppointment(ctx, actor, id, input), id);
}

async function statusAction(args: Args, form: FormData) {
  const { ctx, actor } = agendaGuard(args, "update");
  const id = String(form.get("id") ?? "");
  if (!isId(id)) return refuse("Agendamento não encontrado.", 404);
  return answer(() => setAppointmentStatus(ctx, actor, id, { status: String(form.get("status") ?? "") }), id);
}
