import { Link, useActionData } from "react-router";
import type { Route } from "./+types/connect-simple";
import {
  ActionMessage,
  ConnectForm,
  type ConnectMessage,
  ConnectNotice,
  DemoBanner,
  StatusBadge,
} from "../../components/social/connection-parts.tsx";
import { Alert } from "../../components/ui/alert.tsx";
import { Card, PageHeader } from "../../components/ui/card.tsx";
import { SOCIAL_NETWORK } from "../../../shared/enums.ts";
import { titleMeta } from "../../lib/title.ts";
import { metaConnectAction } from "../../server/social/meta-connect.server.ts";
import { requirePermission } from "../../server/guards.server.ts";
import { can } from "../../../worker/auth/permissions.ts";
import { serviceContext } from "../../../worker/context.ts";
import { socialOverview } from "../../../worker/services/social/connections.ts";

/**
 * "Conectar Redes": one guided step for both networks. Facebook Login for Business brings the
 * Pages and the Instagram accounts linked to them (recommended); Instagram Login connects an
 * Instagram professional account with no Page. The office sees what is connected; managers connect.
 */

export const meta: Route.MetaFunction = () => titleMeta("Conectar Redes");

export async function loader({ request, context }: Route.LoaderArgs) {
  const { rc, actor } = requirePermission(context, request, "social-connections", "read");
  const overview = await socialOverview(serviceContext(rc), actor);
  return { overview, canConnect: can(actor.role, "social-settings", "create") };
}

export const action = ({ request, context }: Route.ActionArgs) => metaConnectAction(context, request);

export default function ConnectSimple({ loaderData }: Route.ComponentProps) {
  const { overview, canConnect } = loaderData;
  const result = useActionData<typeof action>();
  const fb = overview.connections.find((c) => c.tipo === "facebook_login" && c.status !== "desconectada");
  const ig = overview.connections.find((c) => c.tipo === "instagram_login" && c.status !== "desconectada");
  const accounts = overview.accounts.filter((a) => a.status !== "desconectada");
  return (
    <>
      <PageHeader title="Conectar Redes" description="Conecte o Facebook e o Instagram do negócio para publicar pelo Alicerce." />
      <DemoBanner show={overview.demoMode} />
      <ConnectNotice />
      <ActionMessage result={result as ConnectMessage | undefined} />
      {!overview.appReady && canConnect ? (
        <div className="mb-6">
          <Alert tone="error">
            Nenhum app da Meta configurado para conectar. Informe o ID e a chave secreta em{" "}
            <Link to="/admin/social-credentials" className="underline">
              Credenciais Sociais
            </Link>
            .
          </Alert>
        </div>
      ) : null}
      <div className="grid gap-6 lg:grid-cols-2">
        <Card title="1. Facebook e Instagram juntos (recomendado)">
          <div className="space-y-3 text-sm">
            <p>
              Entre com o Facebook de quem administra a Página do negócio. Você escolhe quais Páginas o Alicerce usa, e a conta do Instagram
              ligada a cada Página vem junto.
            </p>
            <p className="text-fg-soft">Na janela da Meta, deixe marcadas todas as permissões: sem a de publicar, os posts não saem.</p>
            {fb ? (
              <p>
                Conectado como <strong>{fb.nome}</strong> <StatusBadge status={fb.status} demo={fb.demo} />{" "}
                <Link to="/facebook-connection" className="text-accent underline">
                  Ver conexão
                </Link>
              </p>
            ) : null}
            {canConnect ? (
              <ConnectForm login="facebook" label={fb ? "Reconectar o Facebook" : "Conectar com o Facebook"} next="/facebook-pages" />
            ) : null}
          </div>
        </Card>
        <Card title="2. Só o Instagram (sem Página do Facebook)">
          <div className="space-y-3 text-sm">
            <p>
              Para uma conta profissional do Instagram (comercial ou de criador de conteúdo) sem Página do Facebook. Entre com o Instagram
              da conta.
            </p>
            {ig ? (
              <p>
                Conectado como <strong>{ig.nome}</strong> <StatusBadge status={ig.status} demo={ig.demo} />{" "}
                <Link to="/instagram-connection" className="text-accent underline">
                  Ver conexão
                </Link>
              </p>
            ) : null}
            {canConnect ? (
              <ConnectForm
                login="instagram"
                label={ig ? "Reconectar o Instagram" : "Conectar com o Instagram"}
                next="/instagram-connection"
                variant="secondary"
              />
            ) : null}
          </div>
        </Card>
      </div>
      <Card title="Contas que o Alicerce usa" className="mt-6">
        {accounts.length === 0 ? (
          <p className="text-sm text-fg-soft">
            Nenhuma conta conectada ainda.{canConnect ? "" : " Peça ao dono ou a um administrador para conectar as redes."}
          </p>
        ) : (
          <ul className="divide-y divide-line text-sm">
            {accounts.map((a) => (
              <li key={a.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <span className="min-w-0 break-words">
                  <span className="font-medium">{a.nome}</span> <span className="text-fg-soft">· {SOCIAL_NETWORK.label(a.rede)}</span>
                </span>
                <StatusBadge status={a.status} demo={a.demo} />
                {a.motivo && a.status !== "ativa" ? <p className="w-full text-fg-soft">{a.motivo}</p> : null}
              </li>
            ))}
          </ul>
        )}
      </Card>
    </>
  );
}
