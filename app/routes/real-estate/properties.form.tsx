import type { Route } from "./+types/properties.form";
import { ResourceErrorBoundary } from "../../components/data/error-boundary.tsx";
import { RecordEditor } from "../../components/data/record-editor.tsx";
import { saveThenRefreshShare, useShareBusiness } from "../../components/real-estate/share-after-save.ts";
import { titleMeta } from "../../lib/title.ts";
import { type ImovelRow, imovelDefinition } from "../../../shared/resources/imoveis.ts";
import { guard, saveAction } from "../../server/resources.server.ts";
import { propertyFormData, propertyFormValues } from "../../server/real-estate/properties.server.ts";
import { editorFrame, ownScreenDefinition } from "../../server/screens.server.ts";
import { orgTimeZone } from "../../server/guards.server.ts";

/**
 * A property's form, new (`/properties/create`) and edited (`/properties/:id/edit`), on the
 * shared editor. Its own module for the team's choices, the feature checkboxes and the share
 * image redrawn after an edit.
 */
export const meta: Route.MetaFunction = ({ loaderData }) => titleMeta(loaderData?.title ?? "Imóvel");

const def = ownScreenDefinition(imovelDefinition);

export async function loader(args: Route.LoaderArgs) {
  const id = args.params.id;
  if (id === undefined) {
    const { actor } = guard(args, def, "create");
    const { relations, selectOptions } = await propertyFormData(args, undefined);
    // Who captures is, until said otherwise, the captador and the corretor.
    const values = { ...def.screens.newValues, captadorId: actor.userId, corretorId: actor.userId };
    return { ...editorFrame(def, null), values, relations, selectOptions };
  }
  const { row, relations, selectOptions } = await propertyFormData(args, id);
  const found = row as ImovelRow;
  return {
    ...editorFrame(def, found),
    values: propertyFormValues(found, orgTimeZone(args.context, args.request)),
    relations,
    selectOptions,
  };
}

export async function action(args: Route.ActionArgs) {
  return saveAction(args, def, args.params.id);
}

// A new price or title must reach the WhatsApp preview: the share image is redrawn after an edit's save.
export async function clientAction({ serverAction, params }: Route.ClientActionArgs) {
  return params.id === undefined ? serverAction() : saveThenRefreshShare(serverAction, params.id);
}

export default function PropertyForm({ loaderData, actionData }: Route.ComponentProps) {
  useShareBusiness();
  return <RecordEditor editor={loaderData} failure={actionData} />;
}

export function ErrorBoundary() {
  return <ResourceErrorBoundary />;
}
