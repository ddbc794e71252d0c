import type { Route } from "./+types/editor";
import { ResourceErrorBoundary } from "../../components/data/error-boundary.tsx";
import { ResourceForm } from "../../components/data/resource-form.tsx";
import { loadResourceSchema } from "../../components/data/schema-loader.ts";
import { PageHeader } from "../../components/ui/card.tsx";
import { titleMeta } from "../../lib/title.ts";
import { saveAction } from "../../server/resources.server.ts";
import { editorLoader, screenDefinition } from "../../server/screens.server.ts";

/**
 * Any plain resource's form, for create (`/<base>/create`) and edit (`/<base>/:id/edit`). The
 * fields come from the loader and the schema loads lazily: this chunk carries no zod (ADR 013).
 */
export const meta: Route.MetaFunction = ({ loaderData }) => titleMeta(loaderData?.title ?? "Formulário");

export async function loader(args: Route.LoaderArgs) {
  const id = args.params.id;
  return editorLoader(args, screenDefinition(args.request, id === undefined ? "create" : "edit"), id);
}

export async function action(args: Route.ActionArgs) {
  const id = args.params.id;
  return saveAction(args, screenDefinition(args.request, id === undefined ? "create" : "edit"), id);
}

export default function ResourceEditor({ loaderData, actionData }: Route.ComponentProps) {
  const { resource } = loaderData;
  return (
    <>
      <PageHeader title={loaderData.title} description={loaderData.description} />
      <ResourceForm
        id={loaderData.formId}
        fields={loaderData.fields}
        loadSchema={() => loadResourceSchema(resource)}
        values={loaderData.values}
        failure={actionData}
        submitLabel={loaderData.submitLabel}
        cancelHref={loaderData.cancelHref}
        basePath={loaderData.basePath}
        singular={loaderData.singular}
        relations={loaderData.relations}
      />
    </>
  );
}

export function ErrorBoundary() {
  return <ResourceErrorBoundary />;
}
