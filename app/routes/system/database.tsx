import type { Route } from "./+types/database";
import { Alert } from "../../components/ui/alert.tsx";
import { Card, PageHeader } from "../../components/ui/card.tsx";
import { formatDateTime } from "../../../shared/format.ts";
import { titleMeta } from "../../lib/title.ts";
import { requirePermission } from "../../server/guards.server.ts";
import { DEMO_ACCOUNTS, DEMO_LOGIN } from "../../../shared/demo-accounts.ts";
import { databaseStatus } from "../../../worker/services/system/database.ts";
import { timeZoneOf } from "../../../shared/time-zone.ts";

export const meta: Route.MetaFunction = () => titleMeta("Banco de Dados");

export async function loader({ request, context }: Route.LoaderArgs) {
  const { rc, org } = requirePermission(context, request, "system", "read");
  const status = await databaseStatus(rc.db);
  const production = rc.config.APP_ENV === "production";
  return {
    environment: rc.config.APP_ENV,
    status: {
      ...status,
      migrations: status.migrations.map((m) => ({ ...m, generatedAt: formatDateTime(m.generatedAt, timeZoneOf(org.timeZone)) })),
    },
    // Demo credentials are shown only outside production.
    demo: production
      ? null
      : {
          email: DEMO_LOGIN.email,
          password: DEMO_LOGIN.password,
          others: DEMO_ACCOUNTS.filter((p) => p.email !== DEMO_LOGIN.email).map((p) => p.email),
        },
  };
}

const ENVIRONMENTS: Record<string, string> = { development: "Desenvolvimento", test: "Teste", production: "Produção" };

export default function SetupDatabase({ loaderData }: Route.ComponentProps) {
  const { status, demo, environment } = loaderData;
  const applied = status.migrations.length - status.pending;
  return (
    <>
      <PageHeader
        title="Banco de Dados"
        description={`Conexão e estrutura do banco deste ambiente (${ENVIRONMENTS[environment] ?? environment}).`}
      />
      <div className="grid gap-6 md:grid-cols-2">
        <Card title="Conexão">
          {status.reachable ? (
            <>
              <p className="flex items-center gap-2 text-lg font-semibold text-ok">
                <span aria-hidden="true">●</span> Banco acessível
              </p>
              <p className="mt-1 text-sm text-fg-soft">
                Respondeu em <strong className="tabular-nums text-fg">{status.latencyMs} ms</strong> (uma ida e volta com{" "}
                <code>select 1</code>).
              </p>
            </>
          ) : (
            <>
              <p className="flex items-center gap-2 text-lg font-semibold text-danger">
                <span aria-hidden="true">●</span> Banco inacessível
              </p>
              <p className="mt-1 text-sm text-fg-soft">{status.error}</p>
            </>
          )}
        </Card>
        <Card title="Migrações">
          {!status.reachable ? (
            <p className="text-sm text-fg-soft">Não foi possível verificar: o banco não respondeu.</p>
          ) : status.pending === 0 ? (
            <p className="text-lg font-semibold text-ok">Tudo em dia</p>
          ) : (
            <p className="text-lg font-semibold text-danger">
              {status.pending} {status.pending === 1 ? "migração pendente" : "migrações pendentes"}
            </p>
          )}
          {status.reachable ? (
            <p className="mt-1 text-sm text-fg-soft">
              {applied} de {status.migrations.length} aplicadas.
              {status.pending > 0
                ? " Aplique com o comando de migração antes de usar as telas novas (npm start aplica sozinho no ambiente local)."
                : ""}
            </p>
          ) : null}
          {status.unknownApplied > 0 ? (
            <div className="mt-3">
              <Alert>
                O banco tem {status.unknownApplied} {status.unknownApplied === 1 ? "migração" : "migrações"} que esta versão do aplicativo
                não conhece: provavelmente uma versão mais nova já rodou aqui.
              </Alert>
            </div>
          ) : null}
        </Card>
      </div>

      <Card title="Lista de migrações" className="mt-6">
        <div>
          <table className="w-full text-sm">
            <caption className="sr-only">Migrações do banco e a situação de cada uma</caption>
            <thead className="border-b border-line text-left text-xs tracking-wide text-fg-soft uppercase">
              <tr>
                <th scope="col" className="px-3 py-2 font-semibold">
                  #
                </th>
                <th scope="col" className="px-3 py-2 font-semibold">
                  Migração
                </th>
                <th scope="col" className="px-3 py-2 font-semibold">
                  Criada em
                </th>
                <th scope="col" className="px-3 py-2 font-semibold">
                  Situação
                </th>
              </tr>
            </thead>
            <tbody>
              {status.migrations.map((m) => (
                <tr key={m.tag} className="border-b border-line last:border-0">
                  <td className="px-3 py-2.5 tabular-nums">{m.idx}</td>
                  <td className="px-3 py-2.5 font-mono text-xs break-all">{m.tag}</td>
                  <td className="px-3 py-2.5 tabular-nums">{m.generatedAt}</td>
                  <td className="px-3 py-2.5">
                    {!status.reachable ? (
                      <span className="rounded-full bg-muted px-2 py-0.5 text-xs font-semibold text-fg-soft">Desconhecida</span>
                    ) : m.applied ? (
                      <span className="rounded-full bg-ok-soft px-2 py-0.5 text-xs font-semibold text-ok">Aplicada</span>
                    ) : (
                      <span className="rounded-full bg-danger-soft px-2 py-0.5 text-xs font-semibold text-danger">Pendente</span>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </Card>

      {demo ? (
        <Card title="Dados de demonstração" className="mt-6">
          <p className="text-sm">
            Fora de produção, um banco vazio recebe dados de demonstração (Imobiliária Horizonte) ao iniciar com <code>npm start</code>.
            Entre com <strong>{demo.email}</strong> e a senha <strong>{demo.password}</strong>.
          </p>
          <p className="mt-2 text-sm text-fg-soft">Os outros membros de demonstração usam a mesma senha: {demo.others.join(", ")}.</p>
        </Card>
      ) : null}
    </>
  );
}
