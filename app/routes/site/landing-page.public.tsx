import { data, Form, useActionData, useNavigation } from "react-router";
import type { Route } from "./+types/landing-page.public";
import { LandingContactFields, LandingPageView } from "../../components/site/landing-view.tsx";
import { photoUrl } from "../../../shared/real-estate/photo-url.ts";
import { getRequestContext, serviceContext } from "../../../worker/context.ts";
import { readCappedText } from "../../../worker/api/portal.ts";
import { DomainError } from "../../../worker/services/context.ts";
import { landingContact, publicLanding } from "../../../worker/services/site/landing-page.ts";
import { keepRetryAfter } from "../../server/forms.server.ts";

/** /p/{slug}: the business's published page, public (no login), server-rendered. */

/** Plain HTML: the form posts without JavaScript, the gallery has an inline script (ADR 022). */
export const handle = { scripts: false };

export async function loader({ params, context }: Route.LoaderArgs) {
  const rc = getRequestContext(context);
  const view = await publicLanding(serviceContext(rc), params.slug);
  if (!view) throw data("Página não encontrada", { status: 404 });
  return { view, origin: rc.config.APP_URL ?? rc.origin };
}

export const meta: Route.MetaFunction = ({ loaderData: d, params }) => {
  if (!d) return [{ title: "Página não encontrada | Alicerce" }];
  const { view, origin } = d;
  const description = (view.page.sobre ?? view.page.titulo).slice(0, 200);
  const url = `${origin}/p/${params.slug}`;
  return [
    { title: `${view.negocio} | ${view.page.titulo}` },
    { name: "description", content: description },
    { property: "og:type", content: "website" },
    { property: "og:title", content: view.page.titulo },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { property: "og:site_name", content: view.negocio },
    ...(view.page.capaChave ? [{ property: "og:image", content: `${origin}${photoUrl(view.page.capaChave, 1024)}` }] : []),
    { tagName: "link", rel: "canonical", href: url },
  ];
};

/** A refused submit (429) keeps its Retry-After. */
export const headers = keepRetryAfter;

export async function action({ request, params, context }: Route.ActionArgs) {
  const rc = getRequestContext(context);
  try {
    const body = new URLSearchParams(await readCappedText(request));
    await landingContact(serviceContext(rc), params.slug, Object.fromEntries(body));
    return { enviado: true as const };
  } catch (error) {
    if (error instanceof DomainError) {
      const headers: Record<string, string> = {};
      if ("retryAfterSeconds" in error) headers["retry-after"] = String((error as { retryAfterSeconds: number }).retryAfterSeconds);
      return data({ errors: { [error.field ?? "_form"]: error.message } as Record<string, string> }, { status: error.status, headers });
    }
    throw error;
  }
}

export default function PublicLandingPage({ loaderData }: Route.ComponentProps) {
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const errors = result && "errors" in result ? result.errors : undefined;
  const form =
    result && "enviado" in result ? (
      <p role="status" className="rounded-lg bg-green-50 p-4 font-semibold text-green-900">
        Mensagem enviada! Em breve entraremos em contato.
      </p>
    ) : (
      <Form method="post" className="space-y-3" aria-label="Fale conosco">
        {errors?._form ? (
          <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
            {errors._form}
          </p>
        ) : null}
        <LandingContactFields errors={errors} />
        <button
          type="submit"
          className="w-full rounded-lg bg-gray-900 px-4 py-3 font-semibold text-white"
          disabled={navigation.state === "submitting"}
        >
          Enviar mensagem
        </button>
      </Form>
    );
  return <LandingPageView view={loaderData.view} form={form} />;
}

export function ErrorBoundary() {
  return (
    <main className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="text-2xl font-bold">Página não encontrada</h1>
      <p className="mt-3 text-gray-700">Este endereço não existe ou a página ainda não foi publicada.</p>
    </main>
  );
}
