import { Form, useActionData, useNavigation } from "react-router";
import type { Route } from "./+types/social-credentials";
import { Alert } from "../../components/ui/alert.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card, PageHeader } from "../../components/ui/card.tsx";
import { Field } from "../../components/ui/form.tsx";
import { metaAppDoors } from "../../../shared/social/meta-doors.ts";
import { formatDateTimeIn } from "../../../shared/time-zone.ts";
import { titleMeta } from "../../lib/title.ts";
import { useTimeZone } from "../../lib/time-zone.ts";
import { readForm, unknownIntent } from "../../server/forms.server.ts";
import { requirePermission } from "../../server/guards.server.ts";
import { serviceContext } from "../../../worker/context.ts";
import { DomainError } from "../../../worker/services/context.ts";
import {
  appCredentialsView,
  clearAppCredentials,
  saveAppCredentials,
  testAppCredentials,
} from "../../../worker/services/social/app-credentials.ts";

/**
 * "Credenciais Sociais" (managers): the Meta app this organização connects with — its own id,
 * secret and webhook verify token (sealed; the secret and the token are never shown back: only
 * "definido"), or the platform's. "Testar" asks Meta whether the id and secret in use are valid.
 */

export const meta: Route.MetaFunction = () => titleMeta("Credenciais Sociais");

export async function loader({ request, context }: Route.LoaderArgs) {
  const { rc, actor } = requirePermission(context, request, "social-settings", "read");
  // The own app's doors carry ?org=<id>: its secret verifies them and they change only this organização.
  return { view: await appCredentialsView(serviceContext(rc), actor), doors: metaAppDoors(rc.origin, actor.orgId) };
}

type ActionResult = { ok: boolean; message: string; field?: string };

export async function action({ request, context }: Route.ActionArgs): Promise<ActionResult | ReturnType<typeof unknownIntent>> {
  const form = await readForm(request);
  const intent = form.get("intent");
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value.slice(0, 300) : "";
  };
  try {
    if (intent === "salvar") {
      const { rc, actor } = requirePermission(context, request, "social-settings", "update");
      await saveAppCredentials(serviceContext(rc), actor, {
        appId: text("appId"),
        appSecret: text("appSecret"),
        verifyToken: text("verifyToken"),
      });
      return { ok: true, message: "Credenciais salvas. Use “Testar” para conferir com a Meta." };
    }
    if (intent === "testar") {
      const { rc, actor } = requirePermission(context, request, "social-settings", "update");
      return await testAppCredentials(serviceContext(rc), actor);
    }
    if (intent === "plataforma") {
      const { rc, actor } = requirePermission(context, request, "social-settings", "delete");
      if (form.get("confirmar") !== "1")
        return { ok: false, message: "Marque a confirmação para voltar ao app da plataforma.", field: "plataforma" };
      await clearAppCredentials(serviceContext(rc), actor);
      return { ok: true, message: "Pronto: as conexões novas usam o app da plataforma." };
    }
  } catch (error) {
    if (error instanceof DomainError) return { ok: false, message: error.message, ...(error.field ? { field: error.field } : {}) };
    throw error;
  }
  return unknownIntent();
}

const SOURCE_TEXT = {
  organizacao: "O app da Meta desta organização (abaixo).",
  plataforma: "O app da Meta da plataforma Alicerce (nenhum app próprio salvo).",
  nenhuma: "Nenhum: salve o app da Meta desta organização para conectar as redes.",
} as const;

export default function SocialCredentials({ loaderData }: Route.ComponentProps) {
  const { view, doors } = loaderData;
  const zone = useTimeZone();
  const result = useActionData<typeof action>() as ActionResult | undefined;
  const navigation = useNavigation();
  const busy = (intent: string) => navigation.formData?.get("intent") === intent;
  const fieldError = (name: string) => (result && !result.ok && result.field === name ? result.message : undefined);
  return (
    <>
      <PageHeader
        title="Credenciais Sociais"
        description="O app da Meta que esta organização usa para conectar o Facebook e o Instagram e receber os webhooks."
      />
      {result && !result.field ? (
        <div className="mb-6">
          <Alert tone={result.ok ? "success" : "error"}>{result.message}</Alert>
        </div>
      ) : null}
      <div className="grid gap-6 lg:grid-cols-2">
        <Card title="Em uso agora">
          <div className="space-y-3 text-sm">
            <p>{SOURCE_TEXT[view.source]}</p>
            {view.source === "plataforma" && view.platformAppId ? (
              <p className="text-fg-soft">
                ID do app: <span className="font-mono break-all">{view.platformAppId}</span>
              </p>
            ) : null}
            {view.testadoEm ? (
              <Alert tone={view.testeOk ? "success" : "error"}>
                Último teste em {formatDateTimeIn(view.testadoEm, zone)}: {view.testeMensagem}
              </Alert>
            ) : null}
            {view.source !== "nenhuma" ? (
              <Form method="post">
                <input type="hidden" name="intent" value="testar" />
                <Button type="submit" variant="secondary" busy={busy("testar")}>
                  Testar
                </Button>
              </Form>
            ) : null}
          </div>
        </Card>
        <Card title="App da Meta desta organização">
          <Form method="post" className="space-y-4 text-sm" noValidate>
            <input type="hidden" name="intent" value="salvar" />
            <Field
              label="ID do app"
              name="appId"
              id="appId"
              inputMode="numeric"
              autoComplete="off"
              defaultValue={view.appId ?? ""}
              error={fieldError("appId")}
            />
            <Field
              label="Chave secreta do app"
              name="appSecret"
              id="appSecret"
              type="password"
              autoComplete="new-password"
              hint={view.secretSet ? "Definida. Deixe em branco para manter; digite para alterar." : undefined}
              error={fieldError("appSecret")}
            />
            <Field
              label="Token de verificação do webhook"
              name="verifyToken"
              id="verifyToken"
              type="password"
              autoComplete="new-password"
              hint={
                view.verifyTokenSet
                  ? "Definido. Deixe em branco para manter; digite para alterar."
                  : "Necessário para receber os webhooks do seu app: sem ele, a Meta não consegue verificar o endereço de webhook abaixo."
              }
              error={fieldError("verifyToken")}
            />
            <p className="text-fg-soft">
              Encontre o ID e a chave secreta no painel de apps da Meta, em Configurações do app › Básico. A chave e o token ficam cifrados
              e nunca são mostrados de volta.
            </p>
            <Button type="submit" busy={busy("salvar")}>
              {view.appId ? "Alterar" : "Salvar"}
            </Button>
          </Form>
          {view.appId && view.platformApp ? (
            <Form method="post" className="mt-6 space-y-2 border-t border-line pt-4 text-sm">
              <input type="hidden" name="intent" value="plataforma" />
              <label htmlFor="confirmar-plataforma" className="flex items-start gap-2">
                <input id="confirmar-plataforma" type="checkbox" name="confirmar" value="1" required className="mt-1" />
                <span>
                  Apagar o app desta organização e voltar a usar o da plataforma (as contas conectadas pelo app próprio precisarão
                  reconectar).
                </span>
              </label>
              {fieldError("plataforma") ? <Alert tone="error">{fieldError("plataforma")}</Alert> : null}
              <Button type="submit" variant="danger" busy={busy("plataforma")}>
                Usar o app da plataforma
              </Button>
            </Form>
          ) : null}
          {view.atualizadoEm ? (
            <p className="mt-4 text-xs text-fg-soft">
              Alterado em {formatDateTimeIn(view.atualizadoEm, zone)}
              {view.atualizadoPorNome ? ` por ${view.atualizadoPorNome}` : ""}.
            </p>
          ) : null}
        </Card>
        <Card title="Endereços para o painel da Meta" className="lg:col-span-2">
          <p className="mb-4 text-sm text-fg-soft">
            Ao usar o app próprio, cadastre estes endereços no painel de apps da Meta (Login do Facebook para Empresas, Login do Instagram e
            Webhooks), com o token de verificação salvo acima.
          </p>
          {view.webhookRecusasNaHora > 0 ? (
            <div className="mb-4">
              <Alert tone="error">
                {view.webhookRecusasNaHora === 1
                  ? "1 entrega ao endereço de webhook deste app foi recusada na última hora"
                  : `${view.webhookRecusasNaHora.toLocaleString("pt-BR")} entregas ao endereço de webhook deste app foram recusadas na última hora`}{" "}
                (assinatura ou token de verificação não conferem): confira se a chave secreta e o token salvos acima são os do app no painel
                da Meta.
              </Alert>
            </div>
          ) : null}
          <dl className="space-y-3 text-sm">
            {doors.map((door, i) => (
              <div key={door.url}>
                <dt>
                  <label htmlFor={`porta-meta-${i}`}>{door.label}</label>
                </dt>
                <dd>
                  <input
                    id={`porta-meta-${i}`}
                    readOnly
                    value={door.url}
                    onFocus={(event) => event.currentTarget.select()}
                    className="mt-1 w-full min-w-0 rounded border border-line bg-surface px-2 py-1 font-mono text-xs"
                  />
                </dd>
              </div>
            ))}
          </dl>
        </Card>
      </div>
    </>
  );
}
