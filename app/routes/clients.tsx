import type { Route } from "./+types/clients";
import { ResourceErrorBoundary } from "../components/data/error-boundary.tsx";
import { ResourceListPage } from "../components/data/list-page.tsx";
import { titleMeta } from "../lib/title.ts";
import { clientDefinition } from "../../shared/resources/clients.ts";
import { listAction, listLoader } from "../server/resources.server.ts";

/** /clients and /clientes (same screen, see routes.ts). */
export const meta: Route.MetaFunction = () => titleMeta("Clientes");

export async function loader(args: Route.LoaderArgs) {
  return listLoader(args, clientDefinition);
}

export async function action(args: Route.ActionArgs) {
  return listAction(args, clientDefinition);
}

export default function Clients({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <ResourceListPage
      {...loaderData}
      error={actionData?.error}
      description="As pessoas e empresas que o seu negócio atende: contatos, documentos, origem e histórico."
    />
  );
}

export function ErrorBoundary() {
  return <ResourceErrorBoundary listTitle="Clientes" basePath="/clients" />;
}
