import type { Route } from "./+types/list";
import { ResourceErrorBoundary } from "../../components/data/error-boundary.tsx";
import { ResourceListPage } from "../../components/data/list-page.tsx";
import { titleMeta } from "../../lib/title.ts";
import { listAction, listLoader } from "../../server/resources.server.ts";
import { screenDefinition } from "../../server/screens.server.ts";

/** Any plain resource's list (`/clients`, `/clientes`, `/produtos`…): the definition comes from the path. */
export const meta: Route.MetaFunction = ({ loaderData }) => titleMeta(loaderData?.view.labels.listTitle ?? "Lista");

export async function loader(args: Route.LoaderArgs) {
  const def = screenDefinition(args.request, "list");
  return { ...(await listLoader(args, def)), description: def.screens.listDescription };
}

export async function action(args: Route.ActionArgs) {
  return listAction(args, screenDefinition(args.request, "list"));
}

export default function ResourceList({ loaderData, actionData }: Route.ComponentProps) {
  return <ResourceListPage {...loaderData} error={actionData?.error} />;
}

export function ErrorBoundary() {
  return <ResourceErrorBoundary />;
}
