import { data, type RouterContextProvider } from "react-router";
import { clockOf, isAgendaDay, minutesInZone } from "../../../shared/agenda/calendar-view.ts";
import { isId } from "../../../shared/id.ts";
import { instantIn, timeZoneOf } from "../../../shared/time-zone.ts";
import { scheduleVisit, visitSchema } from "../../../worker/services/real-estate/visits.ts";
import { publishLive } from "../../../worker/live/publish.ts";
import { requirePermission } from "../guards.server.ts";
import { serviceContext } from "../../../worker/context.ts";
import type { ServiceContext } from "../../../worker/services/context.ts";
import { answer } from "./agenda-answer.server.ts";

/**
 * "Agendar visita" on /agenda (ADR 060): client + imóvel + corretor on an interest, through the
 * visits' own service (the visit stays on its interest, ADR 059).
 */

type Args = { request: Request; context: Readonly<RouterContextProvider> };

export async function bookVisitAction(args: Args, form: FormData) {
  const signed = requirePermission(args.context, args.request, "interesses", "update");
  const ctx = serviceContext(signed.rc) as ServiceContext;
  const actor = signed.actor;
  const zone = timeZoneOf(actor.timeZone);
  const dia = String(form.get("dia") ?? "");
  const hora = String(form.get("hora") ?? "").slice(0, 5);
  const duracao = Number(form.get("duracaoMin") ?? 60);
  if (!isAgendaDay(dia)) return data({ error: "Escolha um dia válido." }, { status: 422 });
  const interesseId = String(form.get("interesseId") ?? "");
  if (!isId(interesseId)) return data({ error: "Escolha o interesse do cliente neste imóvel." }, { status: 422 });
  let fim: string;
  try {
    const start = instantIn(dia, hora, zone).getTime();
    fim = clockOf(Math.min(1439, minutesInZone(start, zone) + (Number.isFinite(duracao) ? duracao : 60)));
  } catch {
    return data({ error: "Escolha um horário válido (HH:mm)." }, { status: 422 });
  }
  const input = visitSchema.safeParse({
    data: dia,
    inicio: hora,
    fim,
    imovelId: String(form.get("imovelId") ?? ""),
    corretorId: String(form.get("corretorId") ?? ""),
    observacoes: String(form.get("observacoes") ?? ""),
  });
  if (!input.success) return data({ error: input.error.issues[0]?.message ?? "Confira os campos." }, { status: 422 });
  return answer(async () => {
    const id = await scheduleVisit(ctx, actor, interesseId, input.data);
    // Other open agendas (and the interest's page) read again: the visits service publishes nothing itself.
    publishLive(ctx, actor.orgId, { type: "record.changed", resource: "interesses", action: "updated", ids: [interesseId] });
    return { id };
  });
}
