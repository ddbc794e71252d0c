import type { Route } from "./+types/companies";
import { ResourceErrorBoundary } from "../components/data/error-boundary.tsx";
import { ResourceListPage } from "../components/data/list-page.tsx";
import { titleMeta } from "../lib/title.ts";
import { companyDefinition } from "../../shared/resources/companies.ts";
import { listAction, listLoader } from "../server/resources.server.ts";

export const meta: Route.MetaFunction = () => titleMeta("Empresas");

export async function loader(args: Route.LoaderArgs) {
  return listLoader(args, companyDefinition);
}

export async function action(args: Route.ActionArgs) {
  return listAction(args, companyDefinition);
}

export default function Companies({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <ResourceListPage
      {...loaderData}
      error={actionData?.error}
      description="Construtoras, incorporadoras, condomínios, fornecedores e parceiros com quem você trabalha."
    />
  );
}

export function ErrorBoundary() {
  return <ResourceErrorBoundary listTitle="Empresas" basePath="/companies" />;
}
