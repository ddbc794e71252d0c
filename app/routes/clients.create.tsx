import type { Route } from "./+types/clients.create";
import { ResourceErrorBoundary } from "../components/data/error-boundary.tsx";
import { ResourceForm } from "../components/data/resource-form.tsx";
import { PageHeader } from "../components/ui/card.tsx";
import { titleMeta } from "../lib/title.ts";
import { clientDefinition } from "../../shared/resources/clients.ts";
import { formLoader, saveAction } from "../server/resources.server.ts";

export const meta: Route.MetaFunction = () => titleMeta("Novo Cliente");

// The fields come from the loader and the schema loads lazily: this chunk carries no zod (ADR 013).
const loadSchema = () => import("../../shared/resources/clients.ts").then((m) => m.clientSchema);

export async function loader(args: Route.LoaderArgs) {
  // "Novo cliente" from a company's page comes with `?empresa=<id>`.
  const empresa = new URL(args.request.url).searchParams.get("empresa") ?? "";
  const { relations } = await formLoader(args, clientDefinition, undefined, { empresaId: empresa });
  const known = relations.empresaId?.some((c) => c.id === empresa);
  return { fields: clientDefinition.fields, relations, values: { tipo: "pf", empresaId: known ? empresa : "" } };
}

export async function action(args: Route.ActionArgs) {
  return saveAction(args, clientDefinition);
}

export default function NewClient({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader title="Novo Cliente" description="Só o nome é obrigatório; o resto você completa quando quiser." />
      <ResourceForm
        id="form-cliente"
        fields={loaderData.fields}
        loadSchema={loadSchema}
        values={loaderData.values}
        failure={actionData}
        submitLabel="Salvar cliente"
        cancelHref="/clients"
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
