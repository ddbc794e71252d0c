import type { Route } from "./+types/editor";
import { ResourceErrorBoundary } from "../../components/data/error-boundary.tsx";
import { RecordEditor } from "../../components/data/record-editor.tsx";
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
  return <RecordEditor editor={loaderData} failure={actionData} />;
}

export function ErrorBoundary() {
  return <ResourceErrorBoundary />;
}
