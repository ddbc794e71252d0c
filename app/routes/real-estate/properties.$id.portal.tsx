import { Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/properties.$id.portal";
import { Alert } from "../../components/ui/alert.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import type { PortalRuleField } from "../../../shared/real-estate/portal-readiness.ts";
import { imovelDefinition } from "../../../shared/resources/imoveis.ts";
import { titleMeta } from "../../lib/title.ts";
import { readForm, unknownIntent } from "../../server/forms.server.ts";
import { guard, screenPermissions } from "../../server/resources.server.ts";
import { DomainError } from "../../../worker/services/context.ts";
import { propertyPortal, setPropertyPortal } from "../../../worker/services/real-estate/property-portal.ts";

/** The "Portal" tab: what Grupo ZAP / OLX need that the property lacks, and "Enviar para portais". */

export const meta: Route.MetaFunction = () => titleMeta("Portal do imóvel");

/** The form field that fixes each rule, as the edit form labels it. */
const FIELD_LABELS: Record<PortalRuleField, string> = {
  codigo: "Código",
  titulo: "Título",
  descricao: "Descrição",
  tipo: "Tipo",
  finalidade: "Finalidade",
  valorVendaCentavos: "Valor de venda",
  valorLocacaoCentavos: "Valor de locação",
  areaUtil: "Área útil",
  areaTerreno: "Área do terreno",
  fotos: "Fotos",
  cep: "CEP",
  uf: "UF",
  cidade: "Cidade",
  bairro: "Bairro",
  rua: "Rua",
};

export async function loader(args: Route.LoaderArgs) {
  const { ctx, actor } = guard(args, imovelDefinition, "read");
  // One round trip: the property's portal columns with its photos as a JSON subquery.
  const data = await propertyPortal(ctx, actor, args.params.id);
  if (!data) throw new Response("Imóvel não encontrado.", { status: 404 });
  return { ...data, canUpdate: screenPermissions(args, imovelDefinition).canUpdate };
}

export async function action(args: Route.ActionArgs) {
  const { ctx, actor } = guard(args, imovelDefinition, "update");
  const form = await readForm(args.request);
  const value = form.get("portal");
  if (form.get("intent") !== "portal" || (value !== "1" && value !== "0")) return unknownIntent({ ok: false });
  try {
    await setPropertyPortal(ctx, actor, args.params.id, value === "1");
    return { error: null, ok: true };
  } catch (error) {
    if (error instanceof DomainError) {
      if (error.status === 404) throw new Response(error.message, { status: 404 });
      return { error: error.message, ok: false };
    }
    throw error;
  }
}

/** Where each item is fixed: the Fotos tab for photos, the form (or the draft) for the rest. */
function fixHref(id: string, draft: boolean, field: PortalRuleField): string {
  if (field === "fotos") return `/properties/${id}/fotos`;
  return draft ? `/property-drafts/${id}?campo=${field}` : `/properties/${id}/edit?campo=${field}`;
}

export default function ImovelPortal({ loaderData, actionData }: Route.ComponentProps) {
  const { id, status, portal, checklist, warnings, canUpdate } = loaderData;
  const saving = useNavigation().state === "submitting";
  const ready = checklist.length === 0;
  const inFeed = ready && portal && status === "disponivel";
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
      <Card title="O que os portais pedem">
        {ready ? (
          <p className="text-sm">Tudo pronto: este imóvel atende às regras do Grupo ZAP e da OLX (VRSync).</p>
        ) : (
          <>
            <p className="mb-3 text-sm text-fg-soft">
              {checklist.length === 1 ? "Falta 1 item" : `Faltam ${checklist.length} itens`} para o imóvel ir aos portais:
            </p>
            <ul className="divide-y divide-line text-sm" aria-label="Itens que faltam">
              {checklist.map((item) => (
                <li key={item.text} className="flex flex-wrap items-center justify-between gap-2 py-2">
                  <span>
                    <span aria-hidden="true" className="mr-2 text-danger">
                      ✗
                    </span>
                    {item.text}
                  </span>
                  {canUpdate ? (
                    <Link to={fixHref(id, status === "rascunho", item.field)} className="text-accent hover:underline">
                      Corrigir {FIELD_LABELS[item.field]}
                    </Link>
                  ) : null}
                </li>
              ))}
            </ul>
          </>
        )}
        {warnings.length ? (
          <div className="mt-4 rounded-lg border border-danger/30 bg-danger-soft p-3 text-sm">
            <h3 className="mb-1 font-semibold">Atenção ao endereço</h3>
            <p className="mb-2 text-fg-soft">A descrição vai para a página pública e para os portais exatamente como está escrita.</p>
            <ul className="space-y-2" aria-label="Avisos">
              {warnings.map((w) => (
                <li key={w} className="flex flex-wrap items-center justify-between gap-2">
                  <span>
                    <span aria-hidden="true" className="mr-2">
                      ⚠
                    </span>
                    {w}
                  </span>
                  {canUpdate ? (
                    <Link to={fixHref(id, status === "rascunho", "descricao")} className="text-accent hover:underline">
                      Corrigir {FIELD_LABELS.descricao}
                    </Link>
                  ) : null}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </Card>
      <Card title="Enviar para portais">
        <div className="space-y-3 text-sm">
          <p role="status">
            {inFeed
              ? "Este imóvel está no feed dos portais."
              : portal
                ? status === "disponivel"
                  ? "Marcado para os portais, mas fora do feed até cumprir os itens ao lado."
                  : "Marcado para os portais; entra no feed quando estiver disponível."
                : "Este imóvel não é enviado aos portais."}
          </p>
          {actionData?.error ? <Alert tone="error">{actionData.error}</Alert> : null}
          {actionData?.ok ? <p className="text-accent">{portal ? "Marcado para os portais." : "Retirado dos portais."}</p> : null}
          {canUpdate ? (
            <Form method="post">
              <input type="hidden" name="intent" value="portal" />
              <input type="hidden" name="portal" value={portal ? "0" : "1"} />
              <Button type="submit" variant={portal ? "secondary" : "primary"} busy={saving}>
                {portal ? "Parar de enviar para portais" : "Enviar para portais"}
              </Button>
            </Form>
          ) : null}
        </div>
      </Card>
    </div>
  );
}
