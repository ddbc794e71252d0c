import type { Route } from "./+types/produtos.import";
import { ResourceErrorBoundary } from "../components/data/error-boundary.tsx";
import { ImportPage } from "../components/data/import-page.tsx";
import { titleMeta } from "../lib/title.ts";
import { produtoDefinition } from "../../shared/resources/produtos.ts";
import { importAction, importFields } from "../server/resources.server.ts";

export const meta: Route.MetaFunction = () => titleMeta("Importar produtos");

export async function loader(args: Route.LoaderArgs) {
  return { fields: importFields(args, produtoDefinition) };
}

export async function action(args: Route.ActionArgs) {
  return importAction(args, produtoDefinition);
}

export default function ImportProdutos({ loaderData, actionData }: Route.ComponentProps) {
  return <ImportPage title="Importar produtos" basePath="/produtos" listTitle="Produtos" fields={loaderData.fields} result={actionData} />;
}

export function ErrorBoundary() {
  return <ResourceErrorBoundary listTitle="Produtos" basePath="/produtos" />;
}
