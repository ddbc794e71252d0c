import type { Route } from "./+types/movimentacao-produtos";
import { ResourceErrorBoundary } from "../components/data/error-boundary.tsx";
import { ResourceListPage } from "../components/data/list-page.tsx";
import { titleMeta } from "../lib/title.ts";
import { movimentacaoProdutoDefinition } from "../../shared/resources/movimentacoes-produtos.ts";
import { listAction, listLoader } from "../server/resources.server.ts";

export const meta: Route.MetaFunction = () => titleMeta("Movimentações de produtos");

export async function loader(args: Route.LoaderArgs) {
  return listLoader(args, movimentacaoProdutoDefinition);
}

export async function action(args: Route.ActionArgs) {
  return listAction(args, movimentacaoProdutoDefinition);
}

export default function MovimentacoesProdutos({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <ResourceListPage
      {...loaderData}
      error={actionData?.error}
      description="O razão do estoque: cada entrada, saída e ajuste, com quem fez e por quê. O saldo de cada produto é a soma destas linhas."
    />
  );
}

export function ErrorBoundary() {
  return <ResourceErrorBoundary listTitle="Movimentações de produtos" basePath="/movimentacao-produtos" />;
}
