import type { Route } from "./+types/movimentacao-produtos.create";
import { ResourceErrorBoundary } from "../components/data/error-boundary.tsx";
import { ResourceForm } from "../components/data/resource-form.tsx";
import { PageHeader } from "../components/ui/card.tsx";
import { titleMeta } from "../lib/title.ts";
import { MANUAL_STOCK_MOVEMENT_KINDS } from "../../shared/enums/records.ts";
import { movimentacaoProdutoDefinition } from "../../shared/resources/movimentacoes-produtos.ts";
import { formLoader, saveAction } from "../server/resources.server.ts";

export const meta: Route.MetaFunction = () => titleMeta("Nova Movimentação");

// The fields come from the loader and the schema loads lazily: this chunk carries no zod (ADR 013).
const loadSchema = () => import("../../shared/resources/movimentacoes-produtos.ts").then((m) => m.movimentacaoProdutoSchema);

export async function loader(args: Route.LoaderArgs) {
  // From a product's page: `?produto=<id>&tipo=entrada|saida|ajuste`.
  const url = new URL(args.request.url);
  const produto = url.searchParams.get("produto") ?? "";
  const tipo = url.searchParams.get("tipo") ?? "";
  const { relations } = await formLoader(args, movimentacaoProdutoDefinition, undefined, { produtoId: produto });
  return {
    fields: movimentacaoProdutoDefinition.fields,
    relations,
    values: {
      produtoId: relations.produtoId?.some((p) => p.id === produto) ? produto : "",
      tipo: (MANUAL_STOCK_MOVEMENT_KINDS as readonly string[]).includes(tipo) ? tipo : "entrada",
      // Left blank ("Em branco, agora"): the server stamps the instant of saving, to the
      // millisecond. A prefilled minute made two movements of the same minute tie, and the
      // ledger's running balance then ordered them by id.
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
        fields={loaderData.fields}
        loadSchema={loadSchema}
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
