import type { Route } from "./+types/companies.import";
import { ResourceErrorBoundary } from "../components/data/error-boundary.tsx";
import { ImportPage } from "../components/data/import-page.tsx";
import { titleMeta } from "../lib/title.ts";
import { companyDefinition } from "../../shared/resources/companies.ts";
import { guard, importAction } from "../server/resources.server.ts";

export const meta: Route.MetaFunction = () => titleMeta("Importar empresas");

export async function loader(args: Route.LoaderArgs) {
  guard(args, companyDefinition, "import");
  return { fields: companyDefinition.fields.map((f) => ({ name: f.name, label: f.label, required: f.required })) };
}

export async function action(args: Route.ActionArgs) {
  return importAction(args, companyDefinition);
}

export default function ImportCompanies({ loaderData, actionData }: Route.ComponentProps) {
  return <ImportPage title="Importar empresas" basePath="/companies" listTitle="Empresas" fields={loaderData.fields} result={actionData} />;
}

export function ErrorBoundary() {
  return <ResourceErrorBoundary listTitle="Empresas" basePath="/companies" />;
}
