import type { Route } from "./+types/documents.edit";
import { ResourceErrorBoundary } from "../../components/data/error-boundary.tsx";
import { RecordEditor } from "../../components/data/record-editor.tsx";
import { titleMeta } from "../../lib/title.ts";
import { saveAction } from "../../server/resources.server.ts";
import { editorLoader, ownScreenDefinition } from "../../server/screens.server.ts";
import { DOCUMENT_METADATA_FIELDS, documentoDefinition } from "../../../shared/resources/documentos.ts";

/** A document's metadata (title, type, expiry, link, notes): the shared editor; the file itself never changes. */
const def = ownScreenDefinition(documentoDefinition);
const shown = new Set<string>(DOCUMENT_METADATA_FIELDS);

export const meta: Route.MetaFunction = ({ loaderData }) => titleMeta(loaderData?.title ?? "Editar Documento");

export async function loader(args: Route.LoaderArgs) {
  const editor = await editorLoader(args, def, args.params.id);
  return { ...editor, fields: editor.fields.filter((f) => shown.has(f.name)) };
}

export async function action(args: Route.ActionArgs) {
  return saveAction(args, def, args.params.id);
}

export default function DocumentEditor({ loaderData, actionData }: Route.ComponentProps) {
  return <RecordEditor editor={loaderData} failure={actionData} />;
}

export function ErrorBoundary() {
  return <ResourceErrorBoundary />;
}
