import type { Route } from "./+types/clients.$id.edit";
import { ResourceErrorBoundary } from "../components/data/error-boundary.tsx";
import { ResourceForm } from "../components/data/resource-form.tsx";
import { formValuesFromRow } from "../components/data/view.server.ts";
import { PageHeader } from "../components/ui/card.tsx";
import { titleMeta } from "../lib/title.ts";
import { type ClientRow, clientDefinition } from "../../shared/resources/clients.ts";
import { requireWriter, saveAction } from "../server/resources.server.ts";
import { serviceContext } from "../../worker/context.ts";
import { clientForm } from "../../worker/resources/index.ts";

export const meta: Route.MetaFunction = () => titleMeta("Editar Cliente");

export async function loader(args: Route.LoaderArgs) {
  const { rc, org } = requireWriter(args);
  // One round trip: the client and the company choices in one batch.
  const { row: found, companies: options } = await clientForm(
    serviceContext(rc),
    org.id,
    /^[0-9A-Za-z-]{1,64}$/.test(args.params.id) ? args.params.id : null,
  );
  if (!found) throw new Response("Cliente não encontrado.", { status: 404 });
  const row: ClientRow = found;
  const companies = options.map((c) => ({ value: c.id, label: c.title }));
  if (row.empresaId && !companies.some((c) => c.value === row.empresaId)) {
    companies.unshift({ value: row.empresaId, label: row.empresaNome ?? "Empresa atual" });
  }
  return { id: row.id, name: row.nome, values: formValuesFromRow(clientDefinition, row), companies };
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
        fields={clientDefinition.fields}
        schema={clientDefinition.schema}
        values={loaderData.values}
        failure={actionData}
        submitLabel="Salvar cliente"
        cancelHref={`/clients/${loaderData.id}`}
        basePath="/clients"
        singular="cliente"
        selectOptions={{ empresaId: loaderData.companies }}
      />
    </>
  );
}

export function ErrorBoundary() {
  return <ResourceErrorBoundary listTitle="Clientes" basePath="/clients" />;
}
