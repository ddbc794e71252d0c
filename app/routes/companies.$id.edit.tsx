import type { Route } from "./+types/companies.$id.edit";
import { ResourceErrorBoundary } from "../components/data/error-boundary.tsx";
import { ResourceForm } from "../components/data/resource-form.tsx";
import { formValuesFromRow } from "../components/data/view.server.ts";
import { PageHeader } from "../components/ui/card.tsx";
import { titleMeta } from "../lib/title.ts";
import { type CompanyRow, companyDefinition, companyDisplayName } from "../../shared/resources/companies.ts";
import { guard, loadRecord, saveAction } from "../server/resources.server.ts";

export const meta: Route.MetaFunction = () => titleMeta("Editar Empresa");

// The fields come from the loader and the schema loads lazily: this chunk carries no zod (ADR 013).
const loadSchema = () => import("../../shared/resources/companies.ts").then((m) => m.companySchema);

export async function loader(args: Route.LoaderArgs) {
  guard(args, companyDefinition, "update");
  const row = await loadRecord<CompanyRow>(args, companyDefinition, args.params.id);
  return { fields: companyDefinition.fields, id: row.id, name: companyDisplayName(row), values: formValuesFromRow(companyDefinition, row) };
}

export async function action(args: Route.ActionArgs) {
  return saveAction(args, companyDefinition, args.params.id);
}

export default function EditCompany({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader title="Editar Empresa" description={loaderData.name} />
      <ResourceForm
        id="form-empresa"
        fields={loaderData.fields}
        loadSchema={loadSchema}
        values={loaderData.values}
        failure={actionData}
        submitLabel="Salvar empresa"
        cancelHref={`/companies/${loaderData.id}`}
        basePath="/companies"
        singular="empresa"
      />
    </>
  );
}

export function ErrorBoundary() {
  return <ResourceErrorBoundary listTitle="Empresas" basePath="/companies" />;
}
