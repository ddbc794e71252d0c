import type { Route } from "./+types/produtos.$id.edit";
import { ResourceErrorBoundary } from "../components/data/error-boundary.tsx";
import { ResourceForm } from "../components/data/resource-form.tsx";
import { formValuesFromRow } from "../components/data/view.server.ts";
import { PageHeader } from "../components/ui/card.tsx";
import { titleMeta } from "../lib/title.ts";
import { type ProdutoRow, produtoDefinition } from "../../shared/resources/produtos.ts";
import { formLoader, saveAction } from "../server/resources.server.ts";

export const meta: Route.MetaFunction = () => titleMeta("Editar Produto");

// The fields come from the loader and the schema loads lazily: this chunk carries no zod (ADR 013).
const loadSchema = () => import("../../shared/resources/produtos.ts").then((m) => m.produtoSchema);

export async function loader(args: Route.LoaderArgs) {
  // One round trip: the product and the supplier choices.
  const { row, relations } = await formLoader<ProdutoRow>(args, produtoDefinition, args.params.id);
  const found = row as ProdutoRow;
  return {
    fields: produtoDefinition.fields,
    id: found.id,
    name: found.nome,
    values: formValuesFromRow(produtoDefinition, found),
    relations,
  };
}

export async function action(args: Route.ActionArgs) {
  return saveAction(args, produtoDefinition, args.params.id);
}

export default function EditProduto({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader title="Editar Produto" description={loaderData.name} />
      <ResourceForm
        id="form-produto"
        fields={loaderData.fields}
        loadSchema={loadSchema}
        values={loaderData.values}
        failure={actionData}
        submitLabel="Salvar produto"
        cancelHref={`/produtos/${loaderData.id}`}
        basePath="/produtos"
        singular="produto"
        relations={loaderData.relations}
      />
    </>
  );
}

export function ErrorBoundary() {
  return <ResourceErrorBoundary listTitle="Produtos" basePath="/produtos" />;
}
