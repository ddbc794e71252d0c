import type { Route } from "./+types/interests.form";
import { ResourceErrorBoundary } from "../../components/data/error-boundary.tsx";
import { RecordEditor } from "../../components/data/record-editor.tsx";
import { formValuesFromRow } from "../../components/data/view.server.ts";
import { titleMeta } from "../../lib/title.ts";
import { type InteresseRow, interesseDefinition } from "../../../shared/resources/interesses.ts";
import { formLoader, guard, saveAction } from "../../server/resources.server.ts";
import { interestChoices } from "../../server/real-estate/interests.server.ts";
import { placeChoices } from "../../server/real-estate/places.server.ts";
import { editorFrame, ownScreenDefinition } from "../../server/screens.server.ts";
import { createLinks } from "../../server/return-to.server.ts";
import { timeZoneOf } from "../../../shared/time-zone.ts";

/**
 * An interest's form, new (`/property_clients/create`) and edited (`/property_clients/:id/edit`),
 * on the shared editor. Its own module for the team's choices and the places' text.
 */
export const meta: Route.MetaFunction = ({ loaderData }) => titleMeta(loaderData?.title ?? "Interesse");

const def = ownScreenDefinition(interesseDefinition);

export async function loader(args: Route.LoaderArgs) {
  const id = args.params.id;
  if (id === undefined) {
    const { ctx, actor } = guard(args, def, "create");
    // From a client's or a property's page: `?cliente=<id>` / `?imovel=<id>`.
    const url = new URL(args.request.url);
    const cliente = url.searchParams.get("cliente") ?? "";
    const imovel = url.searchParams.get("imovel") ?? "";
    const [{ relations }, choices, places] = await Promise.all([
      formLoader(args, def, undefined, { ...(cliente ? { clienteId: cliente } : {}), ...(imovel ? { imovelId: imovel } : {}) }),
      interestChoices(ctx, actor),
      placeChoices(ctx, actor),
    ]);
    const values = { ...def.screens.newValues, clienteId: cliente, imovelId: imovel, corretorId: actor.userId };
    return {
      ...editorFrame(def, null),
      values,
      relations,
      // "Cadastrar novo cliente" under the client picker, for who may register one (a corretor at a plantão).
      relationCreate: createLinks(args.request, def, actor.role),
      selectOptions: { corretorId: choices.team, locais: places },
    };
  }
  const { ctx, actor } = guard(args, def, "update");
  const [{ row, relations }, choices, places] = await Promise.all([
    formLoader<InteresseRow>(args, def, id),
    interestChoices(ctx, actor),
    placeChoices(ctx, actor),
  ]);
  const found = row as InteresseRow;
  return {
    ...editorFrame(def, found, found.clienteNome ?? ""),
    values: formValuesFromRow(def, found, timeZoneOf(actor.timeZone)),
    relations,
    selectOptions: { corretorId: choices.team, locais: places },
  };
}

// The new interest's matches become alerts in the create's own batch (the module's alsoOnCreate).
export async function action(args: Route.ActionArgs) {
  return saveAction(args, def, args.params.id);
}

export default function InterestForm({ loaderData, actionData }: Route.ComponentProps) {
  return <RecordEditor editor={loaderData} failure={actionData} />;
}

export function ErrorBoundary() {
  return <ResourceErrorBoundary />;
}
