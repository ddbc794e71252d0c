import type { Route } from "./+types/detail";
import { RecordHeader, RecordNote, ResourceDetail } from "../../components/data/detail.tsx";
import { ResourceErrorBoundary } from "../../components/data/error-boundary.tsx";
import { buildDetailView, isFeminine } from "../../components/data/view.server.ts";
import { Toaster } from "../../components/ui/toast.tsx";
import { titleMeta } from "../../lib/title.ts";
import { readForm, unknownIntent } from "../../server/forms.server.ts";
import { deleteOne, guard, loadRecord, screenPermissions, takeFlash, toastFor } from "../../server/resources.server.ts";
import { screenDefinition } from "../../server/screens.server.ts";
import { orgTimeZone } from "../../server/guards.server.ts";

/**
 * Any plain resource's record page (`/<base>/:id`): its fields by section, edit (where the
 * resource has an edit screen) and delete with undo; the definition's `screens.detail` adds a
 * note above the fields, its own delete note and fields' texts.
 */
export const meta: Route.MetaFunction = ({ loaderData }) => titleMeta(loaderData?.view.title ?? "Registro");

export async function loader(args: Route.LoaderArgs) {
  const def = screenDefinition(args.request, "detail");
  const row = await loadRecord<{ id: string }>(args, def, args.params.id);
  const permissions = screenPermissions(args, def);
  const confirm = permissions.canDelete && new URL(args.request.url).searchParams.has("excluir") ? "excluir" : null;
  const article = isFeminine(def) ? "A" : "O";
  const detail = def.screens.detail;
  return {
    view: buildDetailView(def, row, {}, orgTimeZone(args.context, args.request)),
    listHref: def.basePath,
    listLabel: def.labels.listTitle,
    // Editing only where the resource has an edit screen.
    canEdit: permissions.canUpdate && def.screens.plain.includes("edit"),
    permissions,
    confirm,
    note: detail?.note?.(row) ?? null,
    deleteNote: detail?.deleteNote ?? `${article} ${def.labels.singular} sai da lista agora. Você pode desfazer logo em seguida.`,
    toast: toastFor(def, takeFlash(args)),
  };
}

export async function action(args: Route.ActionArgs) {
  // Every action here deletes: who may not gets the answer before their form is even read.
  const def = screenDefinition(args.request, "detail");
  guard(args, def, "delete");
  const form = await readForm(args.request);
  if (form.get("intent") === "excluir") return deleteOne(args, def, args.params.id);
  return unknownIntent();
}

export default function ResourceRecord({ loaderData, actionData }: Route.ComponentProps) {
  const { view, permissions, confirm, note, toast } = loaderData;
  return (
    <>
      <RecordHeader
        view={view}
        listHref={loaderData.listHref}
        listLabel={loaderData.listLabel}
        canWrite={permissions.canWrite}
        canEdit={loaderData.canEdit}
        canDelete={permissions.canDelete}
        confirmingDelete={confirm === "excluir"}
        error={actionData && "error" in actionData ? actionData.error : null}
        deleteNote={loaderData.deleteNote}
      />
      {note ? <RecordNote note={note} /> : null}
      <ResourceDetail view={view} />
      <Toaster toast={toast} />
    </>
  );
}

export function ErrorBoundary() {
  return <ResourceErrorBoundary />;
}
