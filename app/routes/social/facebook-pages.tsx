import { Form, Link, useActionData, useNavigation } from "react-router";
import type { Route } from "./+types/facebook-pages";
import { ConnectForm, ConnectNotice, DemoBanner } from "../../components/social/connection-parts.tsx";
import { Alert } from "../../components/ui/alert.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card, PageHeader } from "../../components/ui/card.tsx";
import { titleMeta } from "../../lib/title.ts";
import { readForm } from "../../server/forms.server.ts";
import { requirePermission } from "../../server/guards.server.ts";
import { serviceContext } from "../../../worker/context.ts";
import { metaDemoMode } from "../../../worker/integrations/meta/login.ts";
import { DomainError } from "../../../worker/services/context.ts";
import { choosePages, type PagesSaved, pageChoices } from "../../../worker/services/social/connections.ts";

/**
 * "Páginas do Facebook" (managers): which Pages, and the Instagram account linked to each, the
 * Alicerce publishes to. Read live from Meta (/me/accounts) with the Facebook login's token; a
 * Page without its Instagram account, or granted without the task to create content, is explained.
 */

export const meta: Route.MetaFunction = () => titleMeta("Páginas do Facebook");

export async function loader({ request, context }: Route.LoaderArgs) {
  const { rc, actor } = requirePermission(context, request, "social-settings", "read");
  return { answer: await pageChoices(serviceContext(rc), actor), demoMode: metaDemoMode(rc.config) };
}

type ActionResult = { saved: PagesSaved; error?: undefined } | { error: string; saved?: undefined };

export async function action({ request, context }: Route.ActionArgs): Promise<ActionResult> {
  const { rc, actor } = requirePermission(context, request, "social-settings", "update");
  const form = await readForm(request);
  const strings = (name: string) => form.getAll(name).filter((v): v is string => typeof v === "string" && v.length > 0 && v.length <= 64);
  try {
    return { saved: await choosePages(serviceContext(rc), actor, { pages: strings("pagina"), instagram: strings("instagram") }) };
  } catch (error) {
    if (error instanceof DomainError) return { error: error.message };
    throw error;
  }
}

function Saved({ saved }: { saved: PagesSaved }) {
  return (
    <div className="mb-6 space-y-2">
      {saved.active.length ? (
        <Alert tone="success">
          Pronto: o Alicerce publica em{" "}
          {saved.active.map((a) => `${a.nome} (${a.rede === "facebook" ? "Facebook" : "Instagram"})`).join(", ")}.
        </Alert>
      ) : saved.refused.length === 0 ? (
        <Alert>Nenhuma conta escolhida: o Alicerce não publica em nenhuma Página agora.</Alert>
      ) : null}
      {saved.refused.map((r) => (
        <Alert key={r.nome} tone="error">
          {r.message}
        </Alert>
      ))}
    </div>
  );
}

export default function FacebookPages({ loaderData }: Route.ComponentProps) {
  const { answer, demoMode } = loaderData;
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  return (
    <>
      <PageHeader
        title="Páginas do Facebook"
        description="Escolha em quais Páginas, e em quais contas do Instagram ligadas a elas, o Alicerce publica."
      />
      <DemoBanner show={demoMode} />
      <ConnectNotice />
      {result?.saved ? <Saved saved={result.saved} /> : null}
      {result?.error ? (
        <div className="mb-6">
          <Alert tone="error">{result.error}</Alert>
        </div>
      ) : null}
      {!answer.ok ? (
        <Card>
          <div className="space-y-3 text-sm">
            <Alert tone="error">{answer.message}</Alert>
            <ConnectForm login="facebook" label={answer.reconnect ? "Conectar com o Facebook" : "Tentar de novo"} next="/facebook-pages" />
          </div>
        </Card>
      ) : answer.pages.length === 0 ? (
        <Card>
          <div className="space-y-3 text-sm">
            <p>
              O login de <strong>{answer.connectionName}</strong> não deu acesso a nenhuma Página. Na janela da Meta, em “Escolha as
              Páginas”, marque a Página do negócio.
            </p>
            <ConnectForm login="facebook" label="Reconectar e escolher Páginas" next="/facebook-pages" />
          </div>
        </Card>
      ) : (
        <Form method="post" className="space-y-4">
          <p className="text-sm text-fg-soft">
            Páginas que o login de <strong>{answer.connectionName}</strong> alcança. Falta alguma?{" "}
            <Link to="/facebook-connection" className="text-accent underline">
              Reconecte
            </Link>{" "}
            e marque-a na janela da Meta.
          </p>
          {answer.pages.map((page) => (
            <Card key={page.id} title={page.nome}>
              <fieldset className="space-y-3 text-sm">
                <legend className="sr-only">{page.nome}</legend>
                <label className="flex items-start gap-2">
                  <input
                    type="checkbox"
                    name="pagina"
                    value={page.id}
                    defaultChecked={page.escolhida}
                    disabled={!page.podePublicar}
                    className="mt-1"
                  />
                  <span>
                    Publicar nesta Página do Facebook
                    {!page.podePublicar ? <span className="block text-fg-soft">Indisponível: veja abaixo.</span> : null}
                  </span>
                </label>
                {page.instagram ? (
                  <label className="flex items-start gap-2">
                    <input
                      type="checkbox"
                      name="instagram"
                      value={page.instagram.id}
                      defaultChecked={page.instagramEscolhido}
                      disabled={!page.podePublicar}
                      className="mt-1"
                    />
                    <span className="break-words">Publicar no Instagram ligado a ela: @{page.instagram.usuario ?? page.instagram.id}</span>
                  </label>
                ) : null}
                {page.problemas.map((p) => (
                  <Alert key={p.kind} tone={p.kind === "sem_tarefa" ? "error" : "info"}>
                    {p.message}
                  </Alert>
                ))}
                <p className="text-xs text-fg-soft">Seu acesso: {page.tarefas.length ? page.tarefas.join(", ") : "nenhuma tarefa"}</p>
              </fieldset>
            </Card>
          ))}
          <Button type="submit" busy={busy}>
            Salvar escolha
          </Button>
        </Form>
      )}
    </>
  );
}
