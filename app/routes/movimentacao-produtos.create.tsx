import type { Route } from "./+types/movimentacao-produtos.create";
import { ResourceErrorBoundary } from "../components/data/error-boundary.tsx";
import { ResourceForm } from "../components/data/resource-form.tsx";
import { PageHeader } from "../components/ui/card.tsx";
import { titleMeta } from "../lib/title.ts";
import { toDateTimeLocal } from "../../shared/format.ts";
import { MANUAL_STOCK_MOVEMENT_KINDS } from "../../shared/enums.ts";
import { movimentacaoProdutoDefinition } from "../../shared/resources/movimentacoes-produtos.ts";
import { formLoader, saveAction } from "../server/resources.server.ts";

export const meta: Route.MetaFunction = () => titleMeta("Nova Movimentação");

export async function loader(args: Route.LoaderArgs) {
  // From a product's page: `?produto=<id>&tipo=entrada|saida|ajuste`.
  const url = new URL(args.request.url);
  const produto = url.searchParams.get("produto") ?? "";
  const tipo = url.searchParams.get("tipo") ?? "";
  const { relations } = await formLoader(args, movimentacaoProdutoDefinition, undefined, { produtoId: produto });
  return {
    relations,
    values: {
      produtoId: relations.produtoId?.some((p) => p.id === produto) ? produto : "",
      tipo: (MANUAL_STOCK_MOVEMENT_KINDS as readonly string[]).includes(tipo) ? tipo : "entrada",
      ocorridoEm: toDateTimeLocal(new Date()),
    },
  };
}

export async function action(args: Route.ActionArgs) {
  return saveAction(args, movimentacaoProdutoDefinition);
}

export default function NovaMovimentacao({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader
        title="Nova Movimentação"
        description="Entrada quando chega mercadoria, saída quando sai, ajuste para corrigir depois de contar o estoque."
      />
      <ResourceForm
        id="form-movimentacao"
        fields={movimentacaoProdutoDefinition.fields}
        schema={movimentacaoProdutoDefinition.schema}
        values={loaderData.values}
        failure={actionData}
        submitLabel="Registrar movimentação"
        cancelHref="/movimentacao-produtos"
        basePath="/movimentacao-produtos"
        singular="movimentação"
        relations={loaderData.relations}
      />
    </>
  );
}

export function ErrorBoundary() {
  return <ResourceErrorBoundary listTitle="Movimentações de produtos" basePath="/movimentacao-produtos" />;
}
