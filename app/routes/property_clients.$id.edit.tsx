import type { Route } from "./+types/property_clients.$id.edit";
import { ResourceErrorBoundary } from "../components/data/error-boundary.tsx";
import { ResourceForm } from "../components/data/resource-form.tsx";
import { formValuesFromRow } from "../components/data/view.server.ts";
import { PageHeader } from "../components/ui/card.tsx";
import { titleMeta } from "../lib/title.ts";
import { type InteresseRow, interesseDefinition } from "../../shared/resources/interesses.ts";
import { formLoader, guard, saveAction } from "../server/resources.server.ts";
import { interestChoices, placesText } from "../server/interests.server.ts";

export const meta: Route.MetaFunction = () => titleMeta("Editar Interesse");

// The fields come from the loader and the schema loads lazily: this chunk carries no zod (ADR 013).
const loadSchema = () => import("../../shared/resources/interesses.ts").then((m) => m.interesseSchema);

export async function loader(args: Route.LoaderArgs) {
  const { ctx, actor } = guard(args, interesseDefinition, "update");
  const [{ row, relations }, choices] = await Promise.all([
    formLoader<InteresseRow>(args, interesseDefinition, args.params.id),
    interestChoices(ctx, actor),
  ]);
  const found = row as InteresseRow;
  return {
    fields: interesseDefinition.fields,
    id: found.id,
    name: found.clienteNome ?? "",
    values: { ...formValuesFromRow(interesseDefinition, found), locais: placesText(found) },
    relations,
    choices,
  };
}

export async function action(args: Route.ActionArgs) {
  return saveAction(args, interesseDefinition, args.params.id);
}

export default function EditInteresse({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader title="Editar Interesse" description={loaderData.name} />
      <ResourceForm
        id="form-interesse"
        fields={loaderData.fields}
        loadSchema={loadSchema}
        values={loaderData.values}
        failure={actionData}
        submitLabel="Salvar interesse"
        cancelHref={`/property_clients/${loaderData.id}`}
        basePath="/property_clients"
        singular="interesse"
        relations={loaderData.relations}
        selectOptions={{ corretorId: loaderData.choices.team }}
      />
    </>
  );
}

export function ErrorBoundary() {
  return <ResourceErrorBoundary />;
}
