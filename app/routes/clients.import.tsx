import type { Route } from "./+types/clients.import";
import { ResourceErrorBoundary } from "../components/data/error-boundary.tsx";
import { ImportPage } from "../components/data/import-page.tsx";
import { titleMeta } from "../lib/title.ts";
import { clientDefinition } from "../../shared/resources/clients.ts";
import { guard, importAction } from "../server/resources.server.ts";

export const meta: Route.MetaFunction = () => titleMeta("Importar clientes");

export async function loader(args: Route.LoaderArgs) {
  guard(args, clientDefinition, "import");
  // The file names the company (nome fantasia, razão social or CNPJ), not its id.
  const fields = clientDefinition.fields.map((f) => ({ name: f.name, label: f.label, required: f.required }));
  return { fields: fields.map((f) => (f.name === "empresaId" ? { ...f, label: "Empresa (nome ou CNPJ)" } : f)) };
}

export async function action(args: Route.ActionArgs) {
  return importAction(args, clientDefinition);
}

export default function ImportClients({ loaderData, actionData }: Route.ComponentProps) {
  return <ImportPage title="Importar clientes" basePath="/clients" listTitle="Clientes" fields={loaderData.fields} result={actionData} />;
}

export function ErrorBoundary() {
  return <ResourceErrorBoundary listTitle="Clientes" basePath="/clients" />;
}
