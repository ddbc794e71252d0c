import type { Route } from "./+types/property_clients.create";
import { ResourceErrorBoundary } from "../components/data/error-boundary.tsx";
import { ResourceForm } from "../components/data/resource-form.tsx";
import { PageHeader } from "../components/ui/card.tsx";
import { titleMeta } from "../lib/title.ts";
import { interesseDefinition } from "../../shared/resources/interesses.ts";
import { formLoader, guard, saveAction } from "../server/resources.server.ts";
import { interestChoices } from "../server/interests.server.ts";

export const meta: Route.MetaFunction = () => titleMeta("Novo Interesse");

// The fields come from the loader and the schema loads lazily: this chunk carries no zod (ADR 013).
const loadSchema = () => import("../../shared/resources/interesses.ts").then((m) => m.interesseSchema);

export async function loader(args: Route.LoaderArgs) {
  const { ctx, actor } = guard(args, interesseDefinition, "create");
  const url = new URL(args.request.url);
  const cliente = url.searchParams.get("cliente") ?? "";
  const imovel = url.searchParams.get("imovel") ?? "";
  const [{ relations }, choices] = await Promise.all([
    formLoader(args, interesseDefinition, undefined, {
      ...(cliente ? { clienteId: cliente } : {}),
      ...(imovel ? { imovelId: imovel } : {}),
    }),
    interestChoices(ctx, actor),
  ]);
  return {
    fields: interesseDefinition.fields,
    relations,
    choices,
    values: { temperatura: "morno", etapa: "novo", origem: "manual", clienteId: cliente, imovelId: imovel, corretorId: actor.userId },
  };
}

// The new interest's matches become alerts in the create's own batch (the module's alsoOnCreate).
export async function action(args: Route.ActionArgs) {
  return saveAction(args, interesseDefinition);
}

export default function NewInteresse({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader
        title="Novo Interesse"
        description="O que o cliente procura: um imóvel específico ou um perfil de busca. Os imóveis que combinam aparecem na página do interesse."
      />
      <ResourceForm
        id="form-interesse"
        fields={loaderData.fields}
        loadSchema={loadSchema}
        values={loaderData.values}
        failure={actionData}
        submitLabel="Salvar interesse"
        cancelHref="/property_clients"
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
