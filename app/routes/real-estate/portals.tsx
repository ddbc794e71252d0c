import { Form, Link, useActionData, useNavigation } from "react-router";
import type { Route } from "./+types/portals";
import { CopyField } from "../../components/real-estate/copy-field.tsx";
import { Alert } from "../../components/ui/alert.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card, PageHeader } from "../../components/ui/card.tsx";
import { formatDateTime } from "../../../shared/format.ts";
import { titleMeta } from "../../lib/title.ts";
import { readForm, unknownIntent } from "../../server/forms.server.ts";
import { requirePermission } from "../../server/guards.server.ts";
import { serviceContext } from "../../../worker/context.ts";
import { portalOverview } from "../../../worker/services/real-estate/portal-overview.ts";
import {
  LEAD_WEBHOOK_PATH,
  portalSettingsView,
  rotateFeedToken,
  rotateLeadSecret,
} from "../../../worker/services/real-estate/portal-settings.ts";
import { useTimeZone } from "../../lib/time-zone.ts";

/**
 * "Portais" (managers): the VRSync feed URL and the lead webhook's credentials for Grupo ZAP /
 * OLX. Secrets are shown once, in the answer to "Gerar"/"Trocar" (never stored in clear, never
 * in a URL); afterwards only their last characters.
 */

export const meta: Route.MetaFunction = () => titleMeta("Portais");

export async function loader({ request, context }: Route.LoaderArgs) {
  const { rc, actor } = requirePermission(context, request, "organization", "read");
  const ctx = serviceContext(rc);
  const [settings, overview] = await Promise.all([portalSettingsView(ctx, actor), portalOverview(ctx, actor)]);
  return { settings, overview, webhookUrl: `${ctx.origin}${LEAD_WEBHOOK_PATH}` };
}

type Shown = { kind: "feed"; url: string } | { kind: "leads"; user: string; secret: string; url: string };
type ActionResult = { shown: Shown; error?: undefined } | { error: string; field?: string; shown?: undefined };

const CONFIRM_ERROR = "Confirme que a credencial atual deixa de funcionar na hora.";

export async function action({
  request,
  context,
}: Route.ActionArgs): Promise<ActionResult | ReturnType<typeof unknownIntent<{ field?: string; shown?: undefined }>>> {
  const { rc, actor } = requirePermission(context, request, "organization", "update");
  const form = await readForm(request);
  const intent = form.get("intent");
  if (intent !== "feed" && intent !== "leads") return unknownIntent<{ field?: string; shown?: undefined }>();
  const ctx = serviceContext(rc);
  const current = await portalSettingsView(ctx, actor);
  // Replacing a secret breaks the portal's copy at once: a second, explicit yes.
  const exists = intent === "feed" ? current.feedTokenHint !== null : current.leadSecretHint !== null;
  if (exists && form.get("confirmar") !== "1") return { error: CONFIRM_ERROR, field: intent };
  if (intent === "feed") return { shown: { kind: "feed", ...(await rotateFeedToken(ctx, actor)) } };
  return { shown: { kind: "leads", ...(await rotateLeadSecret(ctx, actor)) } };
}

function RotateForm({ intent, exists, label, error }: { intent: "feed" | "leads"; exists: boolean; label: string; error?: string }) {
  const busy = useNavigation().formData?.get("intent") === intent;
  const confirmId = `confirmar-${intent}`;
  return (
    <Form method="post" className="space-y-2">
      <input type="hidden" name="intent" value={intent} />
      {exists ? (
        <label htmlFor={confirmId} className="flex items-start gap-2 text-sm">
          <input id={confirmId} type="checkbox" name="confirmar" value="1" required className="mt-1" />
          <span>Entendo que a credencial atual para de funcionar na hora: terei de colar a nova no portal.</span>
        </label>
      ) : null}
      {error ? <Alert tone="error">{error}</Alert> : null}
      <Button type="submit" variant={exists ? "secondary" : "primary"} busy={busy}>
        {exists ? `Trocar ${label}` : `Gerar ${label}`}
      </Button>
    </Form>
  );
}

export default function Portais({ loaderData }: Route.ComponentProps) {
  const { settings, overview, webhookUrl } = loaderData;
  const zone = useTimeZone();
  const result = useActionData<typeof action>();
  const shown = result?.shown;
  const errorFor = (intent: string) => (result?.error && (result.field === intent || !result.field) ? result.error : undefined);
  return (
    <>
      <PageHeader
        title="Portais"
        description="Publique seus imóveis no Grupo ZAP (ZAP Imóveis, Viva Real) e na OLX e receba os contatos aqui."
      />
      {shown ? (
        <div className="mb-6">
          <Alert tone="success">
            {shown.kind === "feed"
              ? "Nova URL do feed gerada. Copie agora: por segurança ela não será mostrada de novo."
              : "Nova senha do webhook gerada. Copie agora: por segurança ela não será mostrada de novo."}
          </Alert>
        </div>
      ) : null}
      <div className="grid gap-6 lg:grid-cols-2">
        <Card title="Feed de imóveis (XML VRSync)">
          <div className="space-y-4 text-sm">
            {shown?.kind === "feed" ? (
              <CopyField label="URL do feed" value={shown.url} secret />
            ) : settings.feedTokenHint ? (
              <p>
                URL do feed ativa, terminada em <span className="font-mono">{settings.feedTokenHint}</span>.
              </p>
            ) : (
              <p>Nenhuma URL gerada ainda.</p>
            )}
            <RotateForm intent="feed" exists={settings.feedTokenHint !== null} label="URL do feed" error={errorFor("feed")} />
            <div>
              <h3 className="font-semibold">Como usar</h3>
              <ol className="mt-1 list-decimal space-y-1 pl-5 text-fg-soft">
                <li>No Canal Pro do Grupo ZAP (que publica no ZAP Imóveis, Viva Real e OLX), abra a integração por XML.</li>
                <li>Escolha o formato VRSync e cole a URL do feed.</li>
                <li>O portal lê o feed algumas vezes por dia: imóveis marcados e prontos entram na próxima leitura.</li>
              </ol>
            </div>
          </div>
        </Card>
        <Card title="Contatos dos portais (webhook de leads)">
          <div className="space-y-4 text-sm">
            <CopyField label="URL do webhook" value={webhookUrl} />
            {shown?.kind === "leads" ? (
              <>
                <CopyField label="Usuário" value={shown.user} />
                <CopyField label="Senha" value={shown.secret} secret />
              </>
            ) : settings.leadSecretHint ? (
              <p>
                Usuário <span className="font-mono">{settings.leadUser}</span>, senha terminada em{" "}
                <span className="font-mono">{settings.leadSecretHint}</span>.
              </p>
            ) : (
              <p>Nenhuma senha gerada ainda.</p>
            )}
            <RotateForm intent="leads" exists={settings.leadSecretHint !== null} label="senha do webhook" error={errorFor("leads")} />
            <div>
              <h3 className="font-semibold">Como usar</h3>
              <ol className="mt-1 list-decimal space-y-1 pl-5 text-fg-soft">
                <li>No Canal Pro, na integração de leads, escolha o envio por webhook.</li>
                <li>Cole a URL do webhook e informe o usuário e a senha (autenticação Basic).</li>
                <li>Cada contato vira um cliente com interesse no imóvel anunciado; o mesmo contato não é criado duas vezes.</li>
              </ol>
            </div>
          </div>
        </Card>
      </div>
      <Card title="Imóveis no feed" className="mt-6">
        <div className="space-y-3 text-sm">
          <p>
            {overview.truncated ? "Pelo menos " : ""}
            <strong>{overview.inFeed}</strong> {overview.inFeed === 1 ? "imóvel disponível enviado" : "imóveis disponíveis enviados"} aos
            portais
            {overview.notReady > 0 ? (
              <>
                {" "}
                · <strong>{overview.notReady}</strong>{" "}
                {overview.notReady === 1 ? "marcado, mas fora do feed" : "marcados, mas fora do feed"} (falta algo que o portal exige)
              </>
            ) : null}
            .
          </p>
          {overview.notReadyList.length > 0 ? (
            <ul className="divide-y divide-line" aria-label="Imóveis marcados que ainda não estão prontos">
              {overview.notReadyList.map((p) => (
                <li key={p.id} className="py-1.5">
                  <Link to={`/properties/${p.id}/portal`} className="text-accent hover:underline">
                    <span className="font-mono">{p.codigo}</span> · {p.titulo ?? "Sem título"}
                  </Link>
                </li>
              ))}
            </ul>
          ) : null}
          <p className="text-fg-soft">
            Para enviar um imóvel, abra-o e use a aba <strong>Portal</strong>.
            {settings.atualizadoEm
              ? ` Credenciais alteradas em ${formatDateTime(settings.atualizadoEm, zone)}${settings.atualizadoPorNome ? ` por ${settings.atualizadoPorNome}` : ""}.`
              : ""}
          </p>
        </div>
      </Card>
    </>
  );
}
