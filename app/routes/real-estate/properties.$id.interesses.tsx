import type { Route } from "./+types/properties.$id.interesses";
import { MatchList } from "../../components/real-estate/match-list.tsx";
import { VisitPanel } from "../../components/real-estate/visit-panel.tsx";
import { Toaster } from "../../components/ui/toast.tsx";
import { interesseDefinition } from "../../../shared/resources/interesses.ts";
import { titleMeta } from "../../lib/title.ts";
import { readForm, unknownIntent } from "../../server/forms.server.ts";
import { emailMatchAction, propertyInterestsTab, propertyVisitAction } from "../../server/real-estate/property-interests.server.ts";
import { takeFlash, toastFor } from "../../server/resources.server.ts";

/** The property's "Interesses" tab: who this property suits (matches and direct interests) and its visits. */

export const meta: Route.MetaFunction = () => titleMeta("Interesses do imóvel");

export async function loader(args: Route.LoaderArgs) {
  // One round trip (the layout's header is its own loader).
  const tab = await propertyInterestsTab(args, args.params.id);
  return { ...tab, toast: toastFor(interesseDefinition, takeFlash(args)) };
}

export async function action(args: Route.ActionArgs) {
  const form = await readForm(args.request);
  const intent = form.get("intent");
  if (intent === "email") return emailMatchAction(args, form, { imovelId: args.params.id });
  if (intent === "visita") return propertyVisitAction(args, args.params.id, form);
  return unknownIntent();
}

export default function ImovelInteresses({ loaderData, actionData }: Route.ComponentProps) {
  const { property, items, visits, choices, canUpdate, toast } = loaderData;
  const error = actionData && "error" in actionData ? (actionData.error as string) : null;
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
      <div className="space-y-3">
        {error ? (
          <p role="alert" className="text-sm text-danger">
            {error}
          </p>
        ) : null}
        <MatchList
          title={`Interesses que combinam (${items.length})`}
          empty="Nenhum interesse em aberto combina com este imóvel agora. Quando um cliente procurar algo assim, ele aparece aqui."
          items={items}
          newAlerts={0}
          unsendable={
            property.status === "disponivel"
              ? undefined
              : "O imóvel não está disponível: a página pública só pode ser enviada quando ele estiver."
          }
        />
      </div>
      <VisitPanel
        visits={visits}
        team={choices.team}
        pick={{ name: "interesseId", label: "Cliente", options: choices.clients }}
        canWrite={canUpdate && choices.clients.length > 0}
        failure={actionData && "visitErrors" in actionData ? actionData : null}
        action={`/properties/${property.id}/interesses`}
        show="cliente"
      />
      <Toaster toast={toast} />
    </div>
  );
}
