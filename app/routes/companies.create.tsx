import type { Route } from "./+types/companies.create";
import { ResourceErrorBoundary } from "../components/data/error-boundary.tsx";
import { ResourceForm } from "../components/data/resource-form.tsx";
import { PageHeader } from "../components/ui/card.tsx";
import { titleMeta } from "../lib/title.ts";
import { companyDefinition } from "../../shared/resources/companies.ts";
import { guard, saveAction } from "../server/resources.server.ts";

export const meta: Route.MetaFunction = () => titleMeta("Nova Empresa");

// The fields come from the loader and the schema loads lazily: this chunk carries no zod (ADR 013).
const loadSchema = () => import("../../shared/resources/companies.ts").then((m) => m.companySchema);

export function loader(args: Route.LoaderArgs) {
  guard(args, companyDefinition, "create");
  return { fields: companyDefinition.fields, values: {} };
}

export async function action(args: Route.ActionArgs) {
  return saveAction(args, companyDefinition);
}

export default function NewCompany({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader title="Nova Empresa" description="Tipo e razão social bastam para começar." />
      <ResourceForm
        id="form-empresa"
        fields={loaderData.fields}
        loadSchema={loadSchema}
        values={loaderData.values}
        failure={actionData}
        submitLabel="Salvar empresa"
        cancelHref="/companies"
        basePath="/companies"
        singular="empresa"
      />
    </>
  );
}

export function ErrorBoundary() {
  return <ResourceErrorBoundary listTitle="Empresas" basePath="/companies" />;
}
