import { Link } from "react-router";
import { SOCIAL_NETWORK } from "../../../shared/enums.ts";
import type { SocialOverview } from "../../../shared/social/connection-views.ts";
import { Alert } from "../ui/alert.tsx";
import { Card, PageHeader } from "../ui/card.tsx";
import {
  ActionMessage,
  AskedPermissions,
  ConnectForm,
  type ConnectMessage,
  ConnectNotice,
  DemoBanner,
  DisconnectForm,
  PermissionList,
  StatusBadge,
  TokenExpiry,
} from "./connection-parts.tsx";

/**
 * Conexão Facebook / Conexão Instagram: which account, the permissions granted against those
 * needed (what is missing said in pt-BR), the token's health and expiry, reconnect, disconnect.
 */
export function ConnectionDetail({
  login,
  overview,
  result,
}: {
  login: "facebook" | "instagram";
  overview: SocialOverview;
  result: ConnectMessage | undefined;
}) {
  const network = login === "facebook" ? "Facebook" : "Instagram";
  const kind = login === "facebook" ? "facebook_login" : "instagram_login";
  const connections = overview.connections.filter((c) => c.tipo === kind);
  const current = connections.find((c) => c.status !== "desconectada");
  const accounts = overview.accounts.filter((a) => (login === "facebook" ? a.conexaoTipo === "facebook_login" : a.rede === "instagram"));
  const next = login === "facebook" ? "/facebook-pages" : "/instagram-connection";
  return (
    <>
      <PageHeader
        title={`Conexão ${network}`}
        description={
          login === "facebook"
            ? "O login do Facebook que dá ao Alicerce acesso às Páginas e às contas do Instagram ligadas a elas."
            : "A conta profissional do Instagram conectada pelo Login do Instagram (sem Página do Facebook)."
        }
      />
      <DemoBanner show={overview.demoMode} />
      <ConnectNotice />
      <ActionMessage result={result} />
      {current ? (
        <div className="grid gap-6 lg:grid-cols-2">
          <Card title="Conta conectada">
            <div className="space-y-3 text-sm">
              <p className="break-words">
                <strong>{current.nome}</strong> <StatusBadge status={current.status} demo={current.demo} />
              </p>
              {current.motivo && current.status !== "ativa" ? <Alert tone="error">{current.motivo}</Alert> : null}
              <TokenExpiry expiraEm={current.expiraEm} saude={current.saude} refreshable={login === "instagram"} />
              {current.conectadoPorNome ? <p className="text-fg-soft">Conectado por {current.conectadoPorNome}.</p> : null}
              <div className="flex flex-wrap gap-3">
                <ConnectForm login={login} label={`Reconectar o ${network}`} next={next} variant="secondary" />
                {login === "facebook" ? (
                  <Link to="/facebook-pages" className="btn btn-ghost">
                    Escolher Páginas
                  </Link>
                ) : null}
              </div>
            </div>
          </Card>
          <Card title="Permissões">
            <div className="space-y-3">
              {current.faltando.length ? (
                <ul className="space-y-2" aria-label="O que falta">
                  {current.faltando.map((m) => (
                    <li key={m}>
                      <Alert tone="error">{m}</Alert>
                    </li>
                  ))}
                </ul>
              ) : (
                <Alert tone="success">Todas as permissões necessárias foram concedidas.</Alert>
              )}
              <PermissionList permissoes={current.permissoes} />
            </div>
          </Card>
        </div>
      ) : (
        <Card title={`Conectar o ${network}`}>
          <div className="space-y-3 text-sm">
            <p>
              {connections.length
                ? `O ${network} está desconectado: os posts e o histórico continuam aqui, mas nada é publicado até conectar de novo.`
                : `Nenhum login do ${network} conectado ainda.`}
            </p>
            {overview.appReady ? (
              <ConnectForm login={login} label={`Conectar com o ${network}`} next={next} />
            ) : (
              <Alert tone="error">
                Nenhum app da Meta configurado: informe-o em{" "}
                <Link to="/admin/social-credentials" className="underline">
                  Credenciais Sociais
                </Link>
                .
              </Alert>
            )}
            <h3 className="pt-2 font-semibold">O que a Meta vai pedir</h3>
            <AskedPermissions login={login} />
          </div>
        </Card>
      )}
      <Card title="Contas" className="mt-6">
        {accounts.length === 0 ? (
          <p className="text-sm text-fg-soft">
            {login === "facebook" ? "Nenhuma Página escolhida ainda." : "Nenhuma conta do Instagram conectada ainda."}
          </p>
        ) : (
          <ul className="divide-y divide-line text-sm">
            {accounts.map((a) => (
              <li key={a.id} className="space-y-1 py-2">
                <p className="flex flex-wrap items-center justify-between gap-2">
                  <span className="min-w-0 break-words">
                    <span className="font-medium">{a.nome}</span> <span className="text-fg-soft">· {SOCIAL_NETWORK.label(a.rede)}</span>
                    {a.rede === "instagram" && a.conexaoTipo === "facebook_login" ? (
                      <span className="text-fg-soft"> · pela Página</span>
                    ) : null}
                  </span>
                  <StatusBadge status={a.status} demo={a.demo} />
                </p>
                {a.motivo && a.status !== "ativa" ? <p className="text-fg-soft">{a.motivo}</p> : null}
              </li>
            ))}
          </ul>
        )}
      </Card>
      {current ? (
        <Card title="Desconectar" className="mt-6">
          <DisconnectForm connectionId={current.id} network={network} />
        </Card>
      ) : null}
    </>
  );
}
