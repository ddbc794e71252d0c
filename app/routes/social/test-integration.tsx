import { Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/test-integration";
import { DemoBanner, StatusBadge, TokenExpiry } from "../../components/social/connection-parts.tsx";
import { DiagnosisCards, DiagnosisSummary } from "../../components/social/diagnosis-checks.tsx";
import { Alert } from "../../components/ui/alert.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card, PageHeader } from "../../components/ui/card.tsx";
import { SOCIAL_CONNECTION_KIND } from "../../../shared/enums.ts";
import { formatDateTime } from "../../../shared/format.ts";
import { timeZoneOf } from "../../../shared/time-zone.ts";
import { titleMeta } from "../../lib/title.ts";
import { requirePermission } from "../../server/guards.server.ts";
import { serviceContext } from "../../../worker/context.ts";
import { metaCheckLimited } from "../../../worker/services/social/meta-check-limit.ts";
import { appCredentialsView } from "../../../worker/services/social/app-credentials.ts";
import { socialOverview } from "../../../worker/services/social/connections.ts";
import { diagnoseAccounts } from "../../../worker/services/social/diagnostics.ts";

/**
 * "Diagnóstico da Integração" (owner/admin): the whole picture — which Meta app the organização
 * uses (its own or the platform's), each login's token health and expiry in the organização's
 * zone, and every account's checks, Instagram's quota left included; the demo mode said plainly.
 * Read-only.
 */

export const meta: Route.MetaFunction = () => titleMeta("Diagnóstico da Integração");

export async function loader({ request, context }: Route.LoaderArgs) {
  const { rc, actor, org } = requirePermission(context, request, "social-settings", "read");
  const ctx = serviceContext(rc);
  // Each view asks Meta about every account: counted per organização, and past the limit the screen says so.
  const limited = await metaCheckLimited(ctx, actor.orgId);
  const [app, overview, accounts] = await Promise.all([
    appCredentialsView(ctx, actor),
    socialOverview(ctx, actor),
    limited ? Promise.resolve([]) : diagnoseAccounts(ctx, actor),
  ]);
  return { app, overview, accounts, limited, ranAt: formatDateTime(new Date(), timeZoneOf(org.timeZone)) };
}

const APP_SOURCE = {
  organizacao: "O app da Meta desta organização",
  plataforma: "O app da Meta da plataforma Alicerce",
  nenhuma: "Nenhum app da Meta configurado",
} as const;

export default function TestIntegration({ loaderData }: Route.ComponentProps) {
  const { app, overview, accounts, limited, ranAt } = loaderData;
  const navigation = useNavigation();
  const appId = app.source === "organizacao" ? app.appId : app.platformAppId;
  return (
    <>
      <PageHeader
        title="Diagnóstico da Integração"
        description={`O app da Meta, as conexões e cada conta, conferidos em ${ranAt}.`}
        actions={
          <Form method="get">
            <Button type="submit" variant="secondary" busy={navigation.state === "loading"}>
              Verificar de novo
            </Button>
          </Form>
        }
      />
      <DemoBanner show={overview.demoMode} />
      <div className="grid gap-6 lg:grid-cols-2">
        <Card title="App da Meta em uso">
          <dl className="space-y-2 text-sm">
            <div>
              <dt className="text-fg-soft">Origem</dt>
              <dd>{overview.demoMode ? "Simulador local (modo demonstração)" : APP_SOURCE[app.source]}</dd>
            </div>
            {appId ? (
              <div>
                <dt className="text-fg-soft">ID do app</dt>
                <dd className="font-mono break-all">{appId}</dd>
              </div>
            ) : null}
            {app.testadoEm ? (
              <div>
                <dt className="text-fg-soft">Último teste das credenciais</dt>
                <dd className={app.testeOk ? "text-ok" : "text-danger"}>{app.testeMensagem}</dd>
              </div>
            ) : null}
          </dl>
          <p className="mt-3 text-sm">
            <Link to="/admin/social-credentials" className="font-semibold underline">
              Credenciais Sociais
            </Link>
          </p>
        </Card>
        <Card title="Conexões com a Meta">
          {overview.connections.length === 0 ? (
            <p className="text-sm">
              Nenhuma conexão.{" "}
              <Link to="/social-connect-simple" className="font-semibold underline">
                Conectar Redes
              </Link>
            </p>
          ) : (
            <ul className="space-y-4">
              {overview.connections.map((c) => (
                <li key={c.id} className="min-w-0 text-sm">
                  <p className="font-medium break-words">
                    {c.nome} <span className="text-fg-soft">· {SOCIAL_CONNECTION_KIND.labels[c.tipo]}</span>
                  </p>
                  <StatusBadge status={c.status} demo={c.demo} />
                  {c.motivo ? <p className="mt-1 text-danger">{c.motivo}</p> : null}
                  <TokenExpiry expiraEm={c.expiraEm} saude={c.saude} refreshable={c.tipo === "instagram_login"} />
                </li>
              ))}
            </ul>
          )}
        </Card>
      </div>
      <h2 className="mt-8 mb-3 text-lg font-semibold">Contas</h2>
      {limited ? (
        <Alert tone="error">{limited}</Alert>
      ) : accounts.length === 0 ? (
        <Alert>Nenhuma Página ou conta do Instagram escolhida ainda.</Alert>
      ) : (
        <>
          <DiagnosisSummary accounts={accounts} />
          <DiagnosisCards accounts={accounts} nested />
        </>
      )}
    </>
  );
}
