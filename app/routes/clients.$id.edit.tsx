import type { Route } from "./+types/clients.$id.edit";
import { ResourceErrorBoundary } from "../components/data/error-boundary.tsx";
import { ResourceForm } from "../components/data/resource-form.tsx";
import { formValuesFromRow } from "../components/data/view.server.ts";
import { PageHeader } from "../components/ui/card.tsx";
import { titleMeta } from "../lib/title.ts";
import { type ClientRow, clientDefinition } from "../../shared/resources/clients.ts";
import { formLoader, saveAction } from "../server/resources.server.ts";

export const meta: Route.MetaFunction = () => titleMeta("Editar Cliente");

// The fields come from the loader and the schema loads lazily: this chunk carries no zod (ADR 013).
const loadSchema = () => import("../../shared/resources/clients.ts").then((m) => m.clientSchema);

export async function loader(args: Route.LoaderArgs) {
  // One round trip: the client and the company choices in one batch.
  const { row, relations } = await formLoader<ClientRow>(args, clientDefinition, args.params.id);
  const found = row as ClientRow;
  return { fields: clientDefinition.fields, id: found.id, name: found.nome, values: formValuesFromRow(clientDefinition, found), relations };
}

export async function action(args: Route.ActionArgs) {
  return saveAction(args, clientDefinition, args.params.id);
}

export default function EditClient({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader title="Editar Cliente" description={loaderData.name} />
      <ResourceForm
        id="form-cliente"
        fields={loaderData.fields}
        loadSchema={loadSchema}
        values={loaderData.values}
        failure={actionData}
        submitLabel="Salvar cliente"
        cancelHref={`/clients/${loaderData.id}`}
        basePath="/clients"
        singular="cliente"
        relations={loaderData.relations}
      />
    </>
  );
}

export function ErrorBoundary() {
  return <ResourceErrorBoundary listTitle="Clientes" basePath="/clients" />;
}
