import { data, useActionData } from "react-router";
import type { Route } from "./+types/booking.public";
import { BookingContactForm, type ContactMessages } from "../../components/agenda/booking-contact-form.tsx";
import { type Href, ProfessionalStep, ServiceStep, SlotStep } from "../../components/agenda/booking-steps.tsx";
import { PublicPageFrame } from "../../components/agenda/public-page-frame.tsx";
import { pageTitle } from "../../lib/title.ts";
import { ANY_PROFESSIONAL } from "../../../shared/agenda/public-booking.ts";
import { messages } from "../../../shared/validation.ts";
import { getRequestContext, serviceContext } from "../../../worker/context.ts";
import { readCappedText } from "../../../worker/api/portal.ts";
import { DomainError } from "../../../worker/services/context.ts";
import { type BookingDone, bookingPage, bookOnline } from "../../../worker/services/agenda/public-booking.ts";
import { keepRetryAfter } from "../../server/forms.server.ts";

/**
 * /agendar/{slug}: the business's public booking page (ADR 062), open when its landing page is
 * published at that slug and online booking is on. GET steps (serviço → profissional → horário
 * → dados) in the address; the POST books. Plain HTML, no JavaScript bundle (ADR 022): an
 * inline script adds the WhatsApp mask and the validation on blur.
 */

export const handle = { scripts: false };

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const rc = getRequestContext(context);
  const q = new URL(request.url).searchParams;
  const page = await bookingPage(serviceContext(rc), params.slug, {
    servico: q.get("servico"),
    profissional: q.get("profissional"),
    desde: q.get("desde"),
    inicio: q.get("inicio"),
  });
  if (!page) throw data("Página não encontrada", { status: 404 });
  const mensagens: ContactMessages = {
    nome: { required: messages.required("Nome"), min: messages.min("Nome", 2) },
    whatsapp: { required: messages.required("WhatsApp"), invalid: messages.default("WhatsApp") },
    email: { required: messages.required("E-mail"), invalid: messages.email("E-mail") },
  };
  return { page, mensagens };
}

export const meta: Route.MetaFunction = ({ loaderData: d }) => {
  if (!d) return [{ title: pageTitle("Página não encontrada") }, { name: "robots", content: "noindex" }];
  return [
    { title: pageTitle(`Agendar — ${d.page.business.negocio}`) },
    {
      name: "description",
      content: `Agende seu horário em ${d.page.business.negocio}: escolha o serviço, o profissional e o horário livre.`,
    },
  ];
};

/** A refused submit (429) keeps its Retry-After. */
export const headers = keepRetryAfter;

export async function action({ request, params, context }: Route.ActionArgs) {
  const rc = getRequestContext(context);
  let values: Record<string, string> = {};
  try {
    const body = new URLSearchParams(await readCappedText(request));
    values = Object.fromEntries(["nome", "whatsapp", "email"].map((k) => [k, body.get(k) ?? ""]));
    const done = await bookOnline(serviceContext(rc), params.slug, Object.fromEntries(body));
    return { done };
  } catch (error) {
    if (error instanceof DomainError) {
      const headers: Record<string, string> = {};
      if ("retryAfterSeconds" in error) headers["retry-after"] = String((error as { retryAfterSeconds: number }).retryAfterSeconds);
      return data(
        { errors: { [error.field ?? "_form"]: error.message } as Record<string, string>, values },
        { status: error.status, headers },
      );
    }
    throw error;
  }
}

export default function PublicBookingPage({ loaderData }: Route.ComponentProps) {
  const { page, mensagens } = loaderData;
  const result = useActionData<typeof action>();
  const { business } = page;
  if (result && "done" in result) return <Booked negocio={business.negocio} cor={business.cor} done={result.done} slug={business.slug} />;
  const errors = result && "errors" in result ? result.errors : {};
  const values = result && "values" in result ? result.values : {};
  const current: Record<string, string | null> = {
    servico: page.servico?.id ?? null,
    profissional: page.profissional?.id ?? null,
    desde: null,
    inicio: page.horario ? String(page.horario.inicio) : null,
  };
  const href: Href = (change) => {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries({ ...current, ...change })) if (value) params.set(key, value);
    const query = params.toString();
    return `/agendar/${business.slug}${query ? `?${query}` : ""}`;
  };
  // A refused slot (taken meanwhile) sends the visitor back to the slots with the reason.
  const slotRefusal = errors.inicio ?? page.aviso;
  return (
    <PublicPageFrame negocio={business.negocio} cor={business.cor} title="Agende seu horário">
      <ServiceStep categorias={page.categorias} chosen={page.servico?.id ?? null} href={href} />
      {page.servico ? (
        <ProfessionalStep profissionais={page.profissionais} chosen={page.profissional?.id ?? null} href={href} any={ANY_PROFESSIONAL} />
      ) : null}
      {page.dias ? (
        <SlotStep
          dias={page.dias}
          chosen={page.horario?.inicio ?? null}
          anterior={page.anterior}
          proximo={page.proximo}
          href={href}
          aviso={slotRefusal ?? null}
        />
      ) : null}
      {page.servico && page.profissional && page.horario && !errors.inicio ? (
        <BookingContactForm
          choice={{ servico: page.servico.id, profissional: page.profissional.id, inicio: page.horario.inicio }}
          resumo={`${page.servico.nome} com ${page.profissional.id === ANY_PROFESSIONAL ? "qualquer profissional" : page.profissional.nome}, ${page.horario.quando}.`}
          messages={mensagens}
          errors={errors}
          values={values}
        />
      ) : null}
    </PublicPageFrame>
  );
}

function Booked({
  negocio,
  cor,
  slug,
  done,
}: {
  negocio: string;
  cor: string | null;
  slug: string;
  done: BookingDone | { honeypot: true };
}) {
  const real = "link" in done;
  const confirmado = real && done.status === "confirmado";
  return (
    <PublicPageFrame negocio={negocio} cor={cor} title={confirmado ? "Agendamento confirmado" : "Pedido de agendamento recebido"}>
      <section role="status" aria-labelledby="agendado" className="space-y-3 rounded-xl border border-line p-4">
        <h2 id="agendado" className="text-lg font-semibold">
          {confirmado ? "Pronto! Seu horário está confirmado." : `Pronto! ${negocio} vai confirmar seu horário em breve.`}
        </h2>
        {real ? (
          <>
            <p>
              {done.servico} com {done.profissional}, {done.quando}.
            </p>
            <p className="text-sm text-fg-soft">
              Enviamos a confirmação para <strong>{done.email}</strong>, com o link para cancelar ou remarcar.
            </p>
            <a href={done.link} className="btn btn-primary w-full">
              Ver meu agendamento
            </a>
          </>
        ) : null}
      </section>
      <p className="text-center text-sm">
        <a href={`/agendar/${slug}`} className="underline">
          Agendar outro horário
        </a>
      </p>
    </PublicPageFrame>
  );
}

export function ErrorBoundary() {
  return (
    <main className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="text-2xl font-bold">Página não encontrada</h1>
      <p className="mt-3 text-fg-soft">Este endereço não existe ou o agendamento online não está disponível.</p>
    </main>
  );
}
