import type { Route } from "./+types/produtos";
import { ResourceErrorBoundary } from "../components/data/error-boundary.tsx";
import { ResourceListPage } from "../components/data/list-page.tsx";
import { titleMeta } from "../lib/title.ts";
import { produtoDefinition } from "../../shared/resources/produtos.ts";
import { listAction, listLoader } from "../server/resources.server.ts";

export const meta: Route.MetaFunction = () => titleMeta("Produtos");

export async function loader(args: Route.LoaderArgs) {
  return listLoader(args, produtoDefinition);
}

export async function action(args: Route.ActionArgs) {
  return listAction(args, produtoDefinition);
}

export default function Produtos({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <ResourceListPage
      {...loaderData}
      error={actionData?.error}
      description="O que o seu negócio compra, guarda e vende. O estoque é a soma das movimentações; os itens abaixo do mínimo aparecem em destaque."
    />
  );
}

export function ErrorBoundary() {
  return <ResourceErrorBoundary listTitle="Produtos" basePath="/produtos" />;
}
