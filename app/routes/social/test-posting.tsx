import { Form, Link, useActionData, useNavigation } from "react-router";
import type { Route } from "./+types/test-posting";
import { DemoBanner } from "../../components/social/connection-parts.tsx";
import { Alert } from "../../components/ui/alert.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card, PageHeader } from "../../components/ui/card.tsx";
import { CheckboxField, SelectField } from "../../components/ui/form.tsx";
import { titleMeta } from "../../lib/title.ts";
import { readForm, unknownIntent } from "../../server/forms.server.ts";
import { requirePermission } from "../../server/guards.server.ts";
import { serviceContext } from "../../../worker/context.ts";
import { metaDemoMode } from "../../../worker/integrations/meta/login.ts";
import { DomainError } from "../../../worker/services/context.ts";
import { dryRunTest, publishTestPost, testAccounts } from "../../../worker/services/social/test-posting.ts";
import { TEST_POST_TEXT, type TestResult } from "../../../shared/social/diagnosis-views.ts";

/**
 * "Teste de Publicação" (owner/admin): "Teste sem publicar" (an Instagram container that is never
 * published, or an unpublished photo on a Page) and "Publicar post de teste" (a real post on a
 * chosen Page, confirmed by a checkbox). Both are POSTs, limited per organização; the GET only
 * lists the accounts.
 */

export const meta: Route.MetaFunction = () => titleMeta("Teste de Publicação");

export async function loader({ request, context }: Route.LoaderArgs) {
  const { rc, actor } = requirePermission(context, request, "social-settings", "read");
  return { accounts: await testAccounts(serviceContext(rc), actor), demo: metaDemoMode(rc.config) };
}

type ActionResult = (TestResult & { intent: "teste" | "publicar" }) | { ok: false; intent: string; message: string; field: string };

export async function action({ request, context }: Route.ActionArgs): Promise<ActionResult | ReturnType<typeof unknownIntent>> {
  const form = await readForm(request);
  const intent = form.get("intent");
  const account = String(form.get("conta") ?? "").slice(0, 100);
  if (intent !== "teste" && intent !== "publicar") return unknownIntent();
  const { rc, actor } = requirePermission(context, request, "social-settings", "update");
  try {
    if (intent === "teste") return { intent, ...(await dryRunTest(serviceContext(rc), actor, account)) };
    if (form.get("confirmar") !== "1") {
      return { ok: false, intent, message: "Marque a confirmação: o post de teste é publicado de verdade na Página.", field: "confirmar" };
    }
    return { intent, ...(await publishTestPost(serviceContext(rc), actor, account)) };
  } catch (error) {
    if (error instanceof DomainError) return { ok: false, intent, message: error.message, field: error.field ?? "" };
    throw error;
  }
}

const NETWORK = { facebook: "Facebook", instagram: "Instagram" } as const;

function ResultMessage({ result }: { result: ActionResult }) {
  return (
    <div className="mt-4">
      <Alert tone={result.ok ? "success" : "error"}>
        <p>{result.message}</p>
        {"code" in result && result.code ? <p className="mt-1 text-xs">Código da Meta: {result.code}</p> : null}
        {"createdId" in result && result.createdId ? <p className="mt-1 text-xs break-all">Id na Meta: {result.createdId}</p> : null}
        {"permalink" in result && result.permalink ? (
          <p className="mt-1">
            <a href={result.permalink} target="_blank" rel="noreferrer" className="font-semibold underline break-all">
              Abrir o post de teste
            </a>
          </p>
        ) : null}
      </Alert>
    </div>
  );
}

export default function TestPosting({ loaderData }: Route.ComponentProps) {
  const { accounts, demo } = loaderData;
  const result = useActionData<typeof action>() as ActionResult | undefined;
  const navigation = useNavigation();
  const busy = (intent: string) => navigation.formData?.get("intent") === intent;
  const resultOf = (intent: string) => (result && "intent" in result && result.intent === intent ? result : undefined);
  const fieldError = (intent: string, field: string) => {
    const r = resultOf(intent);
    return r && !r.ok && "field" in r && r.field === field ? r.message : undefined;
  };
  const options = accounts
    .filter((a) => a.ativa)
    .map((a) => ({ value: a.id, label: `${a.nome} (${NETWORK[a.rede]}${a.demo ? ", demonstração" : ""})` }));
  const pages = accounts.filter((a) => a.ativa && a.rede === "facebook").map((a) => ({ value: a.id, label: a.nome }));
  const dryRun = resultOf("teste");
  const post = resultOf("publicar");
  return (
    <>
      <PageHeader
        title="Teste de Publicação"
        description="Confira se o Alicerce consegue publicar em cada conta: primeiro sem publicar nada, depois, se quiser, com um post real de teste."
      />
      <DemoBanner show={demo} />
      {options.length === 0 ? (
        <Alert>
          Nenhuma conta ativa para testar. Conecte em{" "}
          <Link to="/social-connect-simple" className="font-semibold underline">
            Conectar Redes
          </Link>{" "}
          ou veja o que falta no{" "}
          <Link to="/test-social-integration" className="font-semibold underline">
            Diagnóstico da Integração
          </Link>
          .
        </Alert>
      ) : (
        <div className="grid gap-6 lg:grid-cols-2">
          <Card title="Teste sem publicar">
            <Form method="post" className="space-y-4 text-sm">
              <input type="hidden" name="intent" value="teste" />
              <p className="text-fg-soft">
                No Instagram, a Meta baixa uma foto de teste e prepara o post, que nunca é publicado (expira sozinho em 24 horas). Numa
                Página do Facebook, envia uma foto sem publicá-la, que não aparece para ninguém.
              </p>
              <SelectField label="Conta" name="conta" options={options} required error={fieldError("teste", "conta")} />
              <Button type="submit" busy={busy("teste")}>
                Teste sem publicar
              </Button>
            </Form>
            {dryRun && !("field" in dryRun && dryRun.field) ? <ResultMessage result={dryRun} /> : null}
          </Card>
          <Card title="Publicar post de teste">
            {pages.length === 0 ? (
              <p className="text-sm">O post de teste vai para uma Página do Facebook, e nenhuma está ativa.</p>
            ) : (
              <Form method="post" className="space-y-4 text-sm">
                <input type="hidden" name="intent" value="publicar" />
                <p className="text-fg-soft">
                  Publica de verdade na Página escolhida o texto “{TEST_POST_TEXT}”. Você pode apagá-lo depois na própria Página.
                </p>
                <SelectField label="Página" name="conta" options={pages} required error={fieldError("publicar", "conta")} />
                <CheckboxField
                  name="confirmar"
                  value="1"
                  required
                  label="Entendo que o post será publicado de verdade e ficará visível na Página."
                  error={fieldError("publicar", "confirmar")}
                />
                <Button type="submit" variant="secondary" busy={busy("publicar")}>
                  Publicar post de teste
                </Button>
              </Form>
            )}
            {post && !("field" in post && post.field) ? <ResultMessage result={post} /> : null}
          </Card>
        </div>
      )}
    </>
  );
}
