import type { Route } from "./+types/properties.create";
import { ResourceErrorBoundary } from "../components/data/error-boundary.tsx";
import { ResourceForm } from "../components/data/resource-form.tsx";
import { PageHeader } from "../components/ui/card.tsx";
import { titleMeta } from "../lib/title.ts";
import { imovelDefinition } from "../../shared/resources/imoveis.ts";
import { guard, saveAction } from "../server/resources.server.ts";
import { propertyFormData } from "../server/properties.server.ts";

export const meta: Route.MetaFunction = () => titleMeta("Novo Imóvel");

// The fields come from the loader and the schema loads lazily: this chunk carries no zod (ADR 013).
const loadSchema = () => import("../../shared/resources/imoveis.ts").then((m) => m.propertySchema);

export async function loader(args: Route.LoaderArgs) {
  const { actor } = guard(args, imovelDefinition, "create");
  const { relations, selectOptions } = await propertyFormData(args, undefined);
  return {
    fields: imovelDefinition.fields,
    relations,
    selectOptions,
    // Who captures is, until said otherwise, the captador and the corretor.
    values: { status: "disponivel", enderecoPublico: "bairro", cidade: "", captadorId: actor.userId, corretorId: actor.userId },
  };
}

export async function action(args: Route.ActionArgs) {
  return saveAction(args, imovelDefinition);
}

export default function NewImovel({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader
        title="Novo Imóvel"
        description="Para anunciar: finalidade, tipo, título, preço, bairro, cidade, área (e quartos, se for residencial). Sem pressa? Comece um rascunho."
      />
      <ResourceForm
        id="form-imovel"
        fields={loaderData.fields}
        loadSchema={loadSchema}
        values={loaderData.values}
        failure={actionData}
        submitLabel="Salvar imóvel"
        cancelHref="/properties"
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
