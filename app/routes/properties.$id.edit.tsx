import type { Route } from "./+types/properties.$id.edit";
import { ResourceErrorBoundary } from "../components/data/error-boundary.tsx";
import { ResourceForm } from "../components/data/resource-form.tsx";
import { saveThenRefreshShare, useShareBusiness } from "../components/real-estate/share-image-sync.ts";
import { PageHeader } from "../components/ui/card.tsx";
import { titleMeta } from "../lib/title.ts";
import { type ImovelRow, imovelDefinition } from "../../shared/resources/imoveis.ts";
import { saveAction } from "../server/resources.server.ts";
import { propertyFormData, propertyFormValues } from "../server/properties.server.ts";

export const meta: Route.MetaFunction = () => titleMeta("Editar Imóvel");

// The fields come from the loader and the schema loads lazily: this chunk carries no zod (ADR 013).
const loadSchema = () => import("../../shared/resources/imoveis.ts").then((m) => m.propertySchema);

export async function loader(args: Route.LoaderArgs) {
  const { row, relations, selectOptions } = await propertyFormData(args, args.params.id);
  const found = row as ImovelRow;
  return {
    fields: imovelDefinition.fields,
    id: found.id,
    name: imovelDefinition.title(found),
    values: propertyFormValues(found),
    relations,
    selectOptions,
  };
}

export async function action(args: Route.ActionArgs) {
  return saveAction(args, imovelDefinition, args.params.id);
}

// A new price or title must reach the WhatsApp preview: the share image is redrawn after the save.
export async function clientAction({ serverAction, params }: Route.ClientActionArgs) {
  return saveThenRefreshShare(serverAction, params.id);
}

export default function EditImovel({ loaderData, actionData }: Route.ComponentProps) {
  useShareBusiness();
  return (
    <>
      <PageHeader title="Editar Imóvel" description={loaderData.name} />
      <ResourceForm
        id="form-imovel"
        fields={loaderData.fields}
        loadSchema={loadSchema}
        values={loaderData.values}
        failure={actionData}
        submitLabel="Salvar imóvel"
        cancelHref={`/properties/${loaderData.id}`}
        basePath="/properties"
        singular="imóvel"
        relations={loaderData.relations}
        selectOptions={loaderData.selectOptions}
      />
    </>
  );
}

export function ErrorBoundary() {
  return <ResourceErrorBoundary />;
}
