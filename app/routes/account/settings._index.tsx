import type { Route } from "./+types/settings._index";
import { AppLink } from "../../components/shell/app-link.tsx";
import { Alert } from "../../components/ui/alert.tsx";
import { titleMeta } from "../../lib/title.ts";
import { ROLE_LABELS } from "../../modules/navigation.ts";
import { requireOrg } from "../../server/guards.server.ts";

export const meta: Route.MetaFunction = () => titleMeta("Configurações");

interface Entry {
  to: string;
  title: string;
  description: string;
}

const PERSONAL: readonly Entry[] = [
  { to: "/perfil", title: "Meu perfil", description: "Seu nome, sua senha e os aparelhos conectados à sua conta." },
  { to: "/settings/preferences", title: "Preferências", description: "Modo de cor do Alicerce: claro, escuro ou o do seu aparelho." },
];

const BUSINESS: readonly Entry[] = [
  { to: "/config", title: "Perfil do Negócio", description: "Nome, CPF/CNPJ, CRECI, endereço, WhatsApp, logo e a voz da marca." },
  { to: "/admin/users", title: "Usuários", description: "Convide pessoas, defina papéis e desative acessos." },
];

const SYSTEM: readonly Entry[] = [
  { to: "/setup-database", title: "Banco de Dados", description: "Conexão com o banco e migrações aplicadas ou pendentes." },
  {
    to: "/supabase-test",
    title: "Diagnóstico do Sistema",
    description: "Banco, arquivos, tarefas, e-mail, IA e Meta: o que está funcionando.",
  },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { org } = requireOrg(context, request);
  // `?papel=` comes from the team page after a manager demoted themself; shown only when true.
  const changedTo = new URL(request.url).searchParams.get("papel") === org.role ? org.role : null;
  return { manager: org.role === "owner" || org.role === "admin", changedTo };
}

function Section({ id, title, entries }: { id: string; title: string; entries: readonly Entry[] }) {
  return (
    <section aria-labelledby={id} className="space-y-3">
      <h2 id={id} className="text-sm font-semibold tracking-wide text-fg-soft uppercase">
        {title}
      </h2>
      <ul className="grid gap-3 sm:grid-cols-2">
        {entries.map((e) => (
          <li key={e.to}>
            <AppLink
              to={e.to}
              className="group block h-full rounded-xl border border-line bg-surface p-4 shadow-sm transition hover:border-accent focus-visible:border-accent"
            >
              <span className="flex items-center justify-between gap-2 font-semibold group-hover:text-accent">
                {e.title}
                <span aria-hidden="true">→</span>
              </span>
              <span className="mt-1 block text-sm text-fg-soft">{e.description}</span>
            </AppLink>
          </li>
        ))}
      </ul>
    </section>
  );
}

export default function SettingsOverview({ loaderData }: Route.ComponentProps) {
  return (
    <div className="space-y-8">
      {loaderData.changedTo ? (
        <Alert>
          Seu papel agora é {ROLE_LABELS[loaderData.changedTo]}. A equipe e os dados do negócio ficam com os donos e administradores.
        </Alert>
      ) : null}
      <Section id="conta" title="Sua conta" entries={PERSONAL} />
      {loaderData.manager ? (
        <>
          <Section id="negocio" title="Seu negócio" entries={BUSINESS} />
          <Section id="sistema" title="Sistema" entries={SYSTEM} />
        </>
      ) : (
        <p className="text-sm text-fg-soft">
          Os dados do negócio e a equipe são geridos pelo dono ou por um administrador da sua organização.
        </p>
      )}
    </div>
  );
}
