import { Link, useActionData } from "react-router";
import type { Route } from "./+types/setup-instagram";
import { ActionMessage, ConnectForm, type ConnectMessage, ConnectNotice } from "../../components/social/connection-parts.tsx";
import { Alert } from "../../components/ui/alert.tsx";
import { buttonClass } from "../../components/ui/button.tsx";
import { titleMeta } from "../../lib/title.ts";
import { requirePermission } from "../../server/guards.server.ts";
import { metaConnectAction } from "../../server/social/meta-connect.server.ts";
import { serviceContext } from "../../../worker/context.ts";
import { socialOverview } from "../../../worker/services/social/connections.ts";

/**
 * "Conectar Instagram": the onboarding step after the business is created (skippable). Connects
 * through Meta's official login and comes back here; "Pular por agora" goes to the dashboard.
 */

export const meta: Route.MetaFunction = () => titleMeta("Conectar Instagram");

export async function loader({ request, context }: Route.LoaderArgs) {
  const { rc, actor } = requirePermission(context, request, "social-settings", "create");
  const overview = await socialOverview(serviceContext(rc), actor);
  const instagram = overview.accounts.filter((a) => a.rede === "instagram" && a.status === "ativa").map((a) => a.nome);
  return { demoMode: overview.demoMode, appReady: overview.appReady, instagram };
}

export const action = ({ request, context }: Route.ActionArgs) => metaConnectAction(context, request);

export default function SetupInstagram({ loaderData }: Route.ComponentProps) {
  const { demoMode, appReady, instagram } = loaderData;
  const result = useActionData<typeof action>() as ConnectMessage | undefined;
  return (
    <>
      <h1 className="text-2xl font-bold">Conectar Instagram</h1>
      <p className="mt-2 text-fg-soft">
        Conecte o Instagram do negócio para agendar e publicar posts pelo Alicerce. Leva um minuto, pela janela oficial da Meta; dá para
        fazer depois em Conectar Redes.
      </p>
      {demoMode ? (
        <div className="mt-4">
          <Alert>
            <strong>Modo demonstração — não é a Meta.</strong> A conexão usa o simulador local: nada chega ao Instagram de verdade.
          </Alert>
        </div>
      ) : null}
      <div className="mt-4">
        <ConnectNotice />
        <ActionMessage result={result} />
      </div>
      {instagram.length ? (
        <Alert tone="success">Instagram conectado: {instagram.join(", ")}.</Alert>
      ) : appReady ? (
        <div className="mt-4 space-y-4 text-sm">
          <div className="space-y-2">
            <p>
              <strong>Tem Página no Facebook?</strong> Conecte pelo Facebook: a Página e o Instagram ligado a ela vêm juntos.
            </p>
            <ConnectForm login="facebook" label="Conectar com o Facebook" next="/facebook-pages" />
          </div>
          <div className="space-y-2">
            <p>
              <strong>Só Instagram?</strong> Entre com a conta profissional do Instagram.
            </p>
            <ConnectForm login="instagram" label="Conectar com o Instagram" next="/setup-instagram" variant="secondary" />
          </div>
        </div>
      ) : (
        <Alert>O app da Meta ainda não foi configurado: conecte depois, em Configurações › Integrações.</Alert>
      )}
      <Link to="/" className={buttonClass(instagram.length ? "primary" : "ghost", "mt-8 w-full")}>
        {instagram.length ? "Ir para o painel" : "Pular por agora"}
      </Link>
    </>
  );
}
