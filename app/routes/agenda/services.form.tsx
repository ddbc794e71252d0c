import { data } from "react-router";
import type { Route } from "./+types/services.form";
import { ResourceErrorBoundary } from "../../components/data/error-boundary.tsx";
import { RecordEditor } from "../../components/data/record-editor.tsx";
import { formValuesFromRow } from "../../components/data/view.server.ts";
import { titleMeta } from "../../lib/title.ts";
import { isId } from "../../../shared/id.ts";
import { type ServicoRow, servicoDefinition } from "../../../shared/resources/servicos.ts";
import { timeZoneOf } from "../../../shared/time-zone.ts";
import { guard, saveAction } from "../../server/resources.server.ts";
import { editorFrame, ownScreenDefinition } from "../../server/screens.server.ts";
import { recordFormStatements } from "../../../worker/resources/records.ts";
import { serviceFormChoiceStatements, serviceFormChoicesOf } from "../../../worker/services/agenda/service-page.ts";

/**
 * A service's form, new (`/servicos/create`) and edited (`/servicos/:id/edit`), on the shared
 * editor. Its own module for the choices the definition cannot hold: the organização's
 * professionals (who performs it) and the categories already in use (suggested as typed) — read
 * in the same round trip as the record.
 */
export const meta: Route.MetaFunction = ({ loaderData }) => titleMeta(loaderData?.title ?? "Serviço");

const def = ownScreenDefinition(servicoDefinition);

export async function loader(args: Route.LoaderArgs) {
  const id = args.params.id;
  const { ctx, actor } = guard(args, def, id === undefined ? "create" : "update");
  if (id !== undefined && !isId(id)) throw data("Serviço não encontrado.", { status: 404 });
  const choices = serviceFormChoiceStatements(ctx, actor);
  const { statements, read } = recordFormStatements(ctx, actor, def.name, id ?? null);
  const results = (await ctx.db.batch([...choices, ...statements] as never)) as unknown[];
  const { professionals, categories } = serviceFormChoicesOf(results.slice(0, choices.length));
  const selectOptions = { profissionalIds: professionals, categoria: categories };
  if (id === undefined) return { ...editorFrame(def, null), values: { ...def.screens.newValues }, selectOptions };
  const { row } = read(results.slice(choices.length));
  if (!row) throw data("Serviço não encontrado.", { status: 404 });
  const found = row as unknown as ServicoRow;
  return { ...editorFrame(def, found), values: formValuesFromRow(def, found, timeZoneOf(actor.timeZone)), selectOptions };
}

export async function action(args: Route.ActionArgs) {
  return saveAction(args, def, args.params.id);
}

export default function ServiceForm({ loaderData, actionData }: Route.ComponentProps) {
  return <RecordEditor editor={loaderData} failure={actionData} />;
}

export function ErrorBoundary() {
  return <ResourceErrorBoundary />;
}
