import { useRouteLoaderData } from "react-router";
import type { Route } from "./+types/settings._index";
import { AppLink } from "../../components/shell/app-link.tsx";
import { Alert } from "../../components/ui/alert.tsx";
import { PageHeader } from "../../components/ui/card.tsx";
import { titleMeta } from "../../lib/title.ts";
import { ROLE_LABELS, type SettingsMenu } from "../../modules/navigation.ts";
import { requireOrg } from "../../server/guards.server.ts";

export const meta: Route.MetaFunction = () => titleMeta("Configurações");

export async function loader({ request, context }: Route.LoaderArgs) {
  const { org } = requireOrg(context, request);
  // `?papel=` comes from the team page after a manager demoted themself; shown only when true.
  const changedTo = new URL(request.url).searchParams.get("papel") === org.role ? org.role : null;
  return { changedTo };
}

/** Every section the member may open, with what each screen holds: the area's index (on a phone, its navigation). */
export default function SettingsOverview({ loaderData }: Route.ComponentProps) {
  const sections = useRouteLoaderData<{ sections: SettingsMenu }>("layouts/settings")?.sections ?? [];
  // Only their account: the business is someone else's to set up; say whose.
  const onlyAccount = sections.every((s) => s.id === "conta");
  return (
    <>
      <PageHeader title="Configurações" description="Sua conta e, para quem administra, a empresa, as regras, a equipe e as integrações." />
      <div className="space-y-8">
        {loaderData.changedTo ? (
          <Alert>
            Seu papel agora é {ROLE_LABELS[loaderData.changedTo]}. A equipe e os dados do negócio ficam com os donos e administradores.
          </Alert>
        ) : null}
        <nav aria-label="Todas as configurações" className="space-y-8">
          {sections.map((section) => (
            <section key={section.id} aria-labelledby={`secao-${section.id}`} className="space-y-3">
              <h2 id={`secao-${section.id}`} className="text-sm font-semibold tracking-wide text-fg-soft uppercase">
                {section.title}
              </h2>
              <ul className="grid gap-3 sm:grid-cols-2">
                {section.entries.map((e) => (
                  <li key={e.to}>
                    <AppLink
                      to={e.to}
                      className="group block h-full rounded-xl border border-line bg-surface p-4 shadow-sm transition hover:border-accent focus-visible:border-accent"
                    >
                      <span className="flex items-center justify-between gap-2 font-semibold group-hover:text-accent">
                        {e.label}
                        <span aria-hidden="true">→</span>
                      </span>
                      <span className="mt-1 block text-sm text-fg-soft">{e.description}</span>
                    </AppLink>
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </nav>
        {onlyAccount ? (
          <p className="text-sm text-fg-soft">
            Os dados do negócio e a equipe são geridos pelo dono ou por um administrador da sua organização.
          </p>
        ) : null}
      </div>
    </>
  );
}
