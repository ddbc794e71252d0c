import type { Route } from "./+types/properties";
import { ResourceErrorBoundary } from "../components/data/error-boundary.tsx";
import { ResourceListPage } from "../components/data/list-page.tsx";
import { titleMeta } from "../lib/title.ts";
import { imovelDefinition } from "../../shared/resources/imoveis.ts";
import { listAction, listLoader } from "../server/resources.server.ts";
import { teamSelectOptions } from "../server/properties.server.ts";

export const meta: Route.MetaFunction = () => titleMeta("Imóveis");

/** Rascunhos have their own screen: without a status filter, the list shows every other status. */
const LISTED = ["disponivel", "reservado", "vendido", "alugado", "inativo"];

export async function loader(args: Route.LoaderArgs) {
  const team = (await teamSelectOptions(args)).corretorId ?? [];
  // The corretor filter names the team (users are not a resource, so the options come from here).
  const def = {
    ...imovelDefinition,
    columns: imovelDefinition.columns.map((c) => (c.key === "corretor" ? { ...c, filter: { type: "enum" as const, options: team } } : c)),
  };
  const url = new URL(args.request.url);
  if (!url.searchParams.has("f.status")) {
    for (const s of LISTED) url.searchParams.append("f.status", s);
    const request = new Request(url, args.request);
    const result = await listLoader({ ...args, request }, def);
    return { ...result, view: { ...result.view, activeFilters: result.view.activeFilters.filter((f) => f.key !== "status") } };
  }
  return listLoader(args, def);
}

export async function action(args: Route.ActionArgs) {
  return listAction(args, imovelDefinition);
}

export default function Imoveis({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <ResourceListPage
      {...loaderData}
      error={actionData?.error}
      description="Os imóveis da sua carteira. Rascunhos ficam em Rascunhos de Imóveis até serem publicados."
    />
  );
}

export function ErrorBoundary() {
  return <ResourceErrorBoundary listTitle="Imóveis" basePath="/properties" />;
}
