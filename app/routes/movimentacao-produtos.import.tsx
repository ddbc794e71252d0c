import type { Route } from "./+types/movimentacao-produtos.import";
import { ResourceErrorBoundary } from "../components/data/error-boundary.tsx";
import { ImportPage } from "../components/data/import-page.tsx";
import { titleMeta } from "../lib/title.ts";
import { movimentacaoProdutoDefinition } from "../../shared/resources/movimentacoes-produtos.ts";
import { importAction, importFields } from "../server/resources.server.ts";

export const meta: Route.MetaFunction = () => titleMeta("Importar movimentações de produtos");

export async function loader(args: Route.LoaderArgs) {
  return { fields: importFields(args, movimentacaoProdutoDefinition) };
}

export async function action(args: Route.ActionArgs) {
  return importAction(args, movimentacaoProdutoDefinition);
}

export default function ImportMovimentacoes({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <ImportPage
      title="Importar movimentações de produtos"
      basePath="/movimentacao-produtos"
      listTitle="Movimentações de produtos"
      fields={loaderData.fields}
      result={actionData}
    />
  );
}

export function ErrorBoundary() {
  return <ResourceErrorBoundary listTitle="Movimentações de produtos" basePath="/movimentacao-produtos" />;
}
