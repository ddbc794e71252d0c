import { Link } from "react-router";
import type { Route } from "./+types/landing-page.preview";
import { LandingContactFields, LandingPageView } from "../../components/site/landing-view.tsx";
import { titleMeta } from "../../lib/title.ts";
import { requirePermission } from "../../server/guards.server.ts";
import { serviceContext } from "../../../worker/context.ts";
import { previewLanding } from "../../../worker/services/site/landing-page.ts";

export const meta: Route.MetaFunction = () => titleMeta("Pré-visualizar Landing Page");

/** The saved draft rendered by the public page's own component (the form does not send). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { rc, actor } = requirePermission(context, request, "organization", "read");
  return { view: await previewLanding(serviceContext(rc), actor) };
}

export default function LandingPreview({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <div
        role="status"
        className="mb-4 flex flex-wrap items-center justify-between gap-2 rounded-lg bg-amber-50 p-3 text-sm text-amber-900"
      >
        Pré-visualização do rascunho: assim a página ficará quando for publicada.
        <Link to="/landing-page" className="font-semibold underline">
          Voltar ao editor
        </Link>
      </div>
      {loaderData.view ? (
        <div className="overflow-hidden rounded-xl border border-line">
          <LandingPageView
            view={loaderData.view}
            form={
              <fieldset disabled aria-label="Formulário de contato (desativado na pré-visualização)">
                <LandingContactFields />
              </fieldset>
            }
          />
        </div>
      ) : (
        <p>Salve a página no editor para pré-visualizar.</p>
      )}
    </>
  );
}
