import { data } from "react-router";
import { DESK_STEPS, type DeskStep } from "../../../shared/agenda/desk.ts";
import { APPOINTMENT_STATUSES, type AppointmentStatus } from "../../../shared/enums/agenda.ts";
import { isId } from "../../../shared/id.ts";
import { can } from "../../../worker/auth/permissions.ts";
import { serviceContext } from "../../../worker/context.ts";
import { appointmentReach } from "../../../worker/services/agenda/desk-access.ts";
import { type FinishPanel, finishAppointment, readFinishPanel } from "../../../worker/services/agenda/desk-finish.ts";
import { readDeskQueue } from "../../../worker/services/agenda/desk-queue.ts";
import { deskStep, undoDeskStep } from "../../../worker/services/agenda/desk-steps.ts";
import { DomainError, type ServiceContext } from "../../../worker/services/context.ts";
import { readForm, unknownIntent } from "../forms.server.ts";
import { actorOf, FORBIDDEN_MESSAGE, requireOrg } from "../guards.server.ts";

/**
 * /atendimento's loader and action (ADR 061): the day's queue per professional, the finish panel
 * (`?finalizar={id}`: in the URL, so the back button closes it), the one-tap steps and the
 * finish's confirm. Every refusal is the page's pt-BR message with its status, nothing changed.
 */

type Args = { request: Request; context: Parameters<typeof requireOrg>[0] };

/** A member the permission table's appointments cell lets `action` (any reach); else the 403 page. */
function desk(args: Args, action: "read" | "update") {
  const signed = requireOrg(args.context, args.request);
  const actor = actorOf(signed);
  if (!appointmentReach(actor, action)) throw new Response(FORBIDDEN_MESSAGE, { status: 403 });
  return { ...signed, actor, ctx: serviceContext(signed.rc) as ServiceContext };
}

export async function deskLoader(args: Args) {
  const { ctx, actor } = desk(args, "read");
  const canAct = appointmentReach(actor, "update") !== undefined;
  const asked = new URL(args.request.url).searchParams.get("finalizar");
  const [queue, finishing] = await Promise.all([readDeskQueue(ctx, actor), canAct && asked ? panelOf(ctx, actor, asked) : null]);
  return {
    ...queue,
    /** A member who may act on appointments (every role that reads them, today). */
    canAct,
    /** Reach "own": the queue is the member's own (a professional's login). */
    own: appointmentReach(actor, "read") === "own",
    /** The finish panel asked in the URL: its data, or why it cannot open. */
    finishing,
    /** The charge's Pix block links to the Pix settings for who may change them. */
    canConfigurePix: can(actor.role, "business-settings", "update"),
  };
}
export type DeskData = Awaited<ReturnType<typeof deskLoader>>;
export type FinishData = FinishPanel;

async function panelOf(ctx: ServiceContext, actor: ReturnType<typeof actorOf>, id: string) {
  try {
    return { id, panel: await readFinishPanel(ctx, actor, id), error: null };
  } catch (error) {
    if (error instanceof DomainError) return { id, panel: null, error: error.message };
    throw error;
  }
}

async function refusable<T>(run: () => Promise<T>) {
  try {
    return await run();
  } catch (error) {
    if (error instanceof DomainError) return data({ ok: false as const, error: error.message }, { status: error.status });
    throw error;
  }
}

const isStep = (value: string): value is DeskStep => (DESK_STEPS as readonly string[]).includes(value);
const isStatus = (value: string): value is AppointmentStatus => (APPOINTMENT_STATUSES as readonly string[]).includes(value);

/** A step tapped on the queue (`passo`), the undo of a no-show (`desfazer`), or the finish's confirm (`finalizar`). */
export async function deskAction(args: Args) {
  const { ctx, actor } = desk(args, "update");
  const form = await readForm(args.request);
  const id = String(form.get("id") ?? "");
  if (!isId(id)) return data({ ok: false as const, error: "Agendamento não encontrado." }, { status: 404 });
  const intent = form.get("intent");
  if (intent === "passo") {
    const step = String(form.get("passo") ?? "");
    if (!isStep(step) || step === "finalizar")
      return data({ ok: false as const, error: "Passo desconhecido. Recarregue a página." }, { status: 400 });
    return refusable(async () => ({ ok: true as const, ...(await deskStep(ctx, actor, id, step)) }));
  }
  if (intent === "desfazer") {
    const previous = String(form.get("status") ?? "");
    if (!isStatus(previous)) return data({ ok: false as const, error: "Não há o que desfazer." }, { status: 400 });
    return refusable(async () => ({ ok: true as const, ...(await undoDeskStep(ctx, actor, id, previous)) }));
  }
  if (intent === "finalizar") {
    // The panel's state as one JSON field: { servicoIds, produtos: [{ produtoId, quantidade }] }.
    let body: unknown;
    try {
      body = JSON.parse(String(form.get("feito") ?? ""));
    } catch {
      return data(
        { ok: false as const, error: "Não foi possível ler o que foi feito. Recarregue a página e tente de novo." },
        { status: 400 },
      );
    }
    return refusable(async () => ({ ok: true as const, ...(await finishAppointment(ctx, actor, id, body)) }));
  }
  return unknownIntent({ ok: false as const });
}
