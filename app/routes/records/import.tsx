import type { Route } from "./+types/import";
import { ResourceErrorBoundary } from "../../components/data/error-boundary.tsx";
import { ImportPage } from "../../components/data/import-page.tsx";
import { titleMeta } from "../../lib/title.ts";
import { importAction, importFields } from "../../server/resources.server.ts";
import { screenDefinition } from "../../server/screens.server.ts";

/** Any plain resource's CSV import (`/<base>/import`): preview, then save. */
export const meta: Route.MetaFunction = ({ loaderData }) => titleMeta(loaderData?.title ?? "Importar");

export async function loader(args: Route.LoaderArgs) {
  const def = screenDefinition(args.request, "import");
  return {
    title: `Importar ${def.labels.listTitle.toLowerCase()}`,
    listTitle: def.labels.listTitle,
    basePath: def.basePath,
    fields: importFields(args, def),
  };
}

export async function action(args: Route.ActionArgs) {
  return importAction(args, screenDefinition(args.request, "import"));
}

export default function ResourceImport({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <ImportPage
      title={loaderData.title}
      basePath={loaderData.basePath}
      listTitle={loaderData.listTitle}
      fields={loaderData.fields}
      result={actionData}
    />
  );
}

export function ErrorBoundary() {
  return <ResourceErrorBoundary />;
}
