import { data } from "react-router";
import type { Route } from "./+types/professionals.form";
import { ResourceErrorBoundary } from "../../components/data/error-boundary.tsx";
import { RecordEditor } from "../../components/data/record-editor.tsx";
import { formValuesFromRow } from "../../components/data/view.server.ts";
import { nextFreeColor } from "../../../shared/agenda/professional-colors.ts";
import { isId } from "../../../shared/id.ts";
import { profissionalDefinition } from "../../../shared/resources/profissionais.ts";
import type { FieldDef } from "../../../shared/resources/types.ts";
import { titleMeta } from "../../lib/title.ts";
import { guard, saveAction } from "../../server/resources.server.ts";
import { editorFrame, ownScreenDefinition } from "../../server/screens.server.ts";
import { orgTimeZone } from "../../server/guards.server.ts";
import { professionalFormData } from "../../../worker/services/agenda/professional-screens.ts";

/**
 * A professional's form, new (`/profissionais/create`) and edited (`/profissionais/:id/edit`), on
 * the shared editor. Its own module for the choices only the organização has (its services, its
 * members), the default commission named where it applies, and a free palette colour to start.
 */
export const meta: Route.MetaFunction = ({ loaderData }) => titleMeta(loaderData?.title ?? "Profissional");

const def = ownScreenDefinition(profissionalDefinition);

/** The fields with what this organização has: its default commission and whether it has services yet. */
function fieldsFor(defaultCommission: string, hasServices: boolean): FieldDef[] {
  return def.fields.map((f) => {
    if (f.name === "comissaoTipo") return { ...f, placeholder: `Padrão do negócio (${defaultCommission})` };
    if (f.name === "servicoIds" && !hasServices)
      return { ...f, hint: "Nenhum serviço cadastrado ainda. Cadastre em Serviços e depois marque aqui os que este profissional realiza." };
    return f;
  });
}

export async function loader(args: Route.LoaderArgs) {
  const id = args.params.id;
  const { ctx, actor } = guard(args, def, id === undefined ? "create" : "update");
  if (id !== undefined && !isId(id)) throw data("Profissional não encontrado.", { status: 404 });
  const form = await professionalFormData(ctx, actor, id ?? null);
  if (id !== undefined && !form.row) throw data("Profissional não encontrado.", { status: 404 });
  const selectOptions = { servicoIds: form.services, usuarioId: form.members };
  const fields = fieldsFor(form.defaultCommission, form.services.length > 0);
  if (!form.row) {
    const values = { ...def.screens.newValues, cor: nextFreeColor(form.usedColors) };
    return { ...editorFrame(def, null), fields, values, selectOptions };
  }
  const values = formValuesFromRow(def, form.row, orgTimeZone(args.context, args.request));
  return { ...editorFrame(def, form.row), fields, values, selectOptions };
}

export async function action(args: Route.ActionArgs) {
  return saveAction(args, def, args.params.id);
}

export default function ProfessionalForm({ loaderData, actionData }: Route.ComponentProps) {
  return <RecordEditor editor={loaderData} failure={actionData} />;
}

export function ErrorBoundary() {
  return <ResourceErrorBoundary />;
}
