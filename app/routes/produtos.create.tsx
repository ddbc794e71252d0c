import type { Route } from "./+types/produtos.create";
import { ResourceErrorBoundary } from "../components/data/error-boundary.tsx";
import { ResourceForm } from "../components/data/resource-form.tsx";
import { PageHeader } from "../components/ui/card.tsx";
import { titleMeta } from "../lib/title.ts";
import { produtoDefinition } from "../../shared/resources/produtos.ts";
import { formLoader, saveAction } from "../server/resources.server.ts";

export const meta: Route.MetaFunction = () => titleMeta("Novo Produto");

// The fields come from the loader and the schema loads lazily: this chunk carries no zod (ADR 013).
const loadSchema = () => import("../../shared/resources/produtos.ts").then((m) => m.produtoSchema);

export async function loader(args: Route.LoaderArgs) {
  const { relations } = await formLoader(args, produtoDefinition, undefined);
  return { fields: produtoDefinition.fields, relations, values: { unidade: "un", ativo: true, estoqueMinimo: "0" } };
}

export async function action(args: Route.ActionArgs) {
  return saveAction(args, produtoDefinition);
}

export default function NewProduto({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader
        title="Novo Produto"
        description="Nome, SKU e unidade bastam. O estoque começa em zero: registre uma entrada depois de salvar."
      />
      <ResourceForm
        id="form-produto"
        fields={loaderData.fields}
        loadSchema={loadSchema}
        values={loaderData.values}
        failure={actionData}
        submitLabel="Salvar produto"
        cancelHref="/produtos"
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
