import { data, isRouteErrorResponse, useActionData, useRouteError } from "react-router";
import type { Route } from "./+types/appointment.public";
import { SlotStep, type Href } from "../../components/agenda/booking-steps.tsx";
import { AppointmentCard } from "../../components/agenda/appointment-card.tsx";
import { InlineScript } from "../../components/ui/inline-script.tsx";
import { enhancePublicForms } from "../../components/agenda/public-form-script.ts";
import { PublicPageFrame } from "../../components/agenda/public-page-frame.tsx";
import { pageTitle } from "../../lib/title.ts";
import { SLOT_DAYS_PER_PAGE, formatWhen } from "../../../shared/agenda/public-booking.ts";
import { dayIn } from "../../../shared/time-zone.ts";
import { getRequestContext, serviceContext } from "../../../worker/context.ts";
import { readCappedText } from "../../../worker/api/portal.ts";
import { DomainError } from "../../../worker/services/context.ts";
import { actOnAppointment, appointmentByLink, type LinkAction, servicesOf } from "../../../worker/services/agenda/public-appointment.ts";
import { publicSlots } from "../../../worker/services/agenda/public-slots.ts";
import { keepRetryAfter } from "../../server/forms.server.ts";

/**
 * /agendamento/{token}: the client's page of one appointment (ADR 062), from the online
 * booking's e-mail and the day-before reminder. GET shows it (and, with `?remarcar=1`, the
 * professional's free times), changing nothing; each button POSTs (confirmar, cancelar,
 * remarcar), behind the same Origin check as every form. No sign-in: the link is the key, so
 * the page is never indexed and its address never leaves as a referrer to another site.
 */

export const handle = { scripts: false };

function refused(error: unknown): never {
  if (error instanceof DomainError) throw data(error.message, { status: error.status });
  throw error;
}

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const rc = getRequestContext(context);
  const ctx = serviceContext(rc);
  const { view, found } = await appointmentByLink(ctx, params.token).catch(refused);
  const q = new URL(request.url).searchParams;
  if (q.get("remarcar") !== "1" || !view.pode.remarcar) return { view, remarcar: null };
  const inicio = Number(q.get("inicio"));
  const chosen = q.get("inicio") && Number.isSafeInteger(inicio) ? inicio : null;
  const desde = q.get("desde");
  const slots = await publicSlots(ctx, {
    orgId: found.orgId,
    servicoIds: servicesOf(found),
    profissional: found.profissionalId,
    desde: chosen !== null ? dayIn(chosen, view.timeZone) : desde && /^\d{4}-\d{2}-\d{2}$/.test(desde) ? desde : null,
    days: SLOT_DAYS_PER_PAGE,
    excludeAppointmentId: found.id,
  });
  const free = chosen !== null && slots.livres.has(chosen);
  return {
    view,
    remarcar: {
      dias: slots.dias,
      anterior: slots.anterior,
      proximo: slots.proximo,
      escolhido: free ? { inicio: chosen as number, quando: formatWhen(chosen as number, view.timeZone) } : null,
      aviso: chosen !== null && !free ? "Esse horário acabou de ser ocupado. Escolha outro horário." : null,
    },
  };
}

export const meta: Route.MetaFunction = ({ loaderData: d }) => [
  { title: pageTitle(d ? `Seu agendamento — ${d.view.negocio}` : "Agendamento não encontrado") },
  { name: "robots", content: "noindex, nofollow" },
  // Never "no-referrer": Chromium then sends `Origin: null` on the page's own POSTs, which the CSRF check refuses.
  { name: "referrer", content: "same-origin" },
];

export const headers = keepRetryAfter;

function actionOf(body: URLSearchParams): LinkAction | null {
  const acao = body.get("acao");
  if (acao === "confirmar" || acao === "cancelar") return { acao };
  const inicio = Number(body.get("inicio"));
  if (acao === "remarcar" && body.get("inicio") && Number.isSafeInteger(inicio)) return { acao, inicio };
  return null;
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const rc = getRequestContext(context);
  try {
    const chosen = actionOf(new URLSearchParams(await readCappedText(request)));
    if (!chosen) return data({ error: "Ação desconhecida." }, { status: 400 });
    return await actOnAppointment(serviceContext(rc), params.token, chosen);
  } catch (error) {
    if (error instanceof DomainError) {
      const headers: Record<string, string> = {};
      if ("retryAfterSeconds" in error) headers["retry-after"] = String((error as { retryAfterSeconds: number }).retryAfterSeconds);
      return data({ error: error.message }, { status: error.status, headers });
    }
    throw error;
  }
}

const DONE: Record<LinkAction["acao"], string> = {
  confirmar: "Presença confirmada. Até lá!",
  cancelar: "Agendamento cancelado.",
  remarcar: "Agendamento remarcado. Enviamos o novo horário por e-mail.",
};

export default function PublicAppointmentPage({ loaderData, params }: Route.ComponentProps) {
  const { view, remarcar } = loaderData;
  const result = useActionData<typeof action>();
  const base = `/agendamento/${params.token}`;
  const href: Href = (change) => {
    const q = new URLSearchParams({ remarcar: "1" });
    for (const [key, value] of Object.entries(change)) if (value) q.set(key, value);
    return `${base}?${q.toString()}`;
  };
  return (
    <PublicPageFrame negocio={view.negocio} cor={null} title="Seu agendamento">
      {result && "feito" in result ? (
        <p role="status" className="rounded-lg bg-green-50 p-3 font-medium text-green-900">
          {DONE[result.feito]}
        </p>
      ) : null}
      {result && "error" in result ? (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
          {result.error}
        </p>
      ) : null}
      <AppointmentCard view={view} />
      {remarcar ? (
        <>
          <SlotStep
            n={1}
            dias={remarcar.dias}
            chosen={remarcar.escolhido?.inicio ?? null}
            anterior={remarcar.anterior}
            proximo={remarcar.proximo}
            href={href}
            aviso={remarcar.aviso}
          />
          {remarcar.escolhido ? (
            <form method="post" data-validate="" className="space-y-3 rounded-xl border border-line p-4">
              <p>
                Remarcar para <strong>{remarcar.escolhido.quando}</strong>?
              </p>
              <input type="hidden" name="acao" value="remarcar" />
              <input type="hidden" name="inicio" value={String(remarcar.escolhido.inicio)} />
              <button type="submit" className="btn btn-primary w-full" data-busy-label="Remarcando…">
                Confirmar novo horário
              </button>
            </form>
          ) : null}
          <p className="text-center text-sm">
            <a href={base} className="underline">
              Voltar sem remarcar
            </a>
          </p>
        </>
      ) : (
        <div className="grid gap-3 sm:grid-cols-2">
          {view.pode.confirmar ? (
            <form method="post" data-validate="">
              <input type="hidden" name="acao" value="confirmar" />
              <button type="submit" className="btn btn-primary w-full" data-busy-label="Confirmando…">
                Confirmar presença
              </button>
            </form>
          ) : null}
          {view.pode.remarcar ? (
            <a href={`${base}?remarcar=1`} className="btn btn-secondary w-full">
              Remarcar
            </a>
          ) : null}
          {view.pode.cancelar ? (
            <form method="post" data-validate="">
              <input type="hidden" name="acao" value="cancelar" />
              <button type="submit" className="btn btn-danger w-full" data-busy-label="Cancelando…">
                Cancelar agendamento
              </button>
            </form>
          ) : null}
        </div>
      )}
      {view.whatsapp ? (
        <p className="text-center text-sm">
          Dúvidas?{" "}
          <a
            href={`https://wa.me/${view.whatsapp.length <= 11 ? `55${view.whatsapp}` : view.whatsapp}`}
            className="underline"
            rel="noopener noreferrer"
          >
            Fale com {view.negocio} pelo WhatsApp
          </a>
        </p>
      ) : null}
      {view.slug && (view.status === "cancelado" || view.status === "concluido" || view.status === "faltou") ? (
        <p className="text-center text-sm">
          <a href={`/agendar/${view.slug}`} className="underline">
            Agendar um novo horário
          </a>
        </p>
      ) : null}
      <InlineScript run={enhancePublicForms} />
    </PublicPageFrame>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 429) {
    return (
      <main className="mx-auto max-w-xl px-4 py-16 text-center">
        <h1 className="text-2xl font-bold">Muitas tentativas</h1>
        <p className="mt-3 text-fg-soft">Aguarde alguns minutos e abra o link de novo.</p>
      </main>
    );
  }
  return (
    <main className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="text-2xl font-bold">Agendamento não encontrado</h1>
      <p className="mt-3 text-fg-soft">Este link é inválido ou expirou. Se precisar, fale com o negócio em que você agendou.</p>
    </main>
  );
}
