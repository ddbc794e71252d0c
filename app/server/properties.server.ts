import type { ImovelRow } from "../../shared/resources/imoveis.ts";
import { FEATURE_FIELD_PREFIX, imovelDefinition } from "../../shared/resources/imoveis.ts";
import type { FilterOption } from "../../shared/resources/types.ts";
import { formValuesFromRow } from "../components/data/view.server.ts";
import { guard } from "./resources.server.ts";
import { teamOptions } from "../../worker/services/properties.ts";

/** What the property screens share on the server: the team's names and the form's values. */

type Args = Parameters<typeof guard>[0];

/** Captador and corretor choices: the organization's active members (users are not a resource). */
export async function teamSelectOptions(args: Args): Promise<Record<string, FilterOption[]>> {
  const { ctx, actor } = guard(args, imovelDefinition, "read");
  const team = await teamOptions(ctx, actor);
  return { captadorId: team, corretorId: team };
}

/** The form's values of a stored property: the shared mapping plus one checkbox per feature. */
export function propertyFormValues(row: ImovelRow): Record<string, string | boolean | string[]> {
  const values = formValuesFromRow(imovelDefinition, row) as Record<string, string | boolean | string[]>;
  for (const f of row.caracteristicas ?? []) values[`${FEATURE_FIELD_PREFIX}${f}`] = true;
  return values;
}
