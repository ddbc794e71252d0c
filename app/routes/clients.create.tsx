import type { Route } from "./+types/clients.create";
import { ResourceErrorBoundary } from "../components/data/error-boundary.tsx";
import { ResourceForm } from "../components/data/resource-form.tsx";
import { PageHeader } from "../components/ui/card.tsx";
import { titleMeta } from "../lib/title.ts";
import { clientDefinition } from "../../shared/resources/clients.ts";
import { requireWriter, saveAction } from "../server/resources.server.ts";
import { serviceContext } from "../../worker/context.ts";
import { companyOptions } from "../../worker/resources/index.ts";

export const meta: Route.MetaFunction = () => titleMeta("Novo Cliente");

export async function loader(args: Route.LoaderArgs) {
  const { rc, org } = requireWriter(args);
  const companies = (await companyOptions(serviceContext(rc), org.id, "", 200)).map((c) => ({ value: c.id, label: c.title }));
  // "Novo cliente" from a company's page comes with `?empresa=<id>`.
  const empresa = new URL(args.request.url).searchParams.get("empresa");
  return { companies, values: { tipo: "pf", empresaId: companies.some((c) => c.value === empresa) ? (empresa as string) : "" } };
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
        fields={clientDefinition.fields}
        schema={clientDefinition.schema}
        values={loaderData.values}
        failure={actionData}
        submitLabel="Salvar cliente"
        cancelHref="/clients"
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
