import type { ImovelRow } from "../../../shared/resources/imoveis.ts";
import { FEATURE_FIELD_PREFIX, imovelDefinition } from "../../../shared/resources/imoveis.ts";
import type { FilterOption } from "../../../shared/resources/types.ts";
import { formValuesFromRow } from "../../components/data/view.server.ts";
import { data } from "react-router";
import { guard, type RelationOptions } from "../resources.server.ts";
import { recordFormStatements } from "../../../worker/resources/records.ts";
import { teamOptions, teamStatement } from "../../../worker/services/real-estate/properties.ts";
import { isId } from "../../../shared/id.ts";
import { formatListingPrice } from "../../../shared/real-estate/listing-price.ts";
import { type ListingShare, listingShare } from "../../../shared/real-estate/public-page.ts";

/** What the property screens share on the server: the team's names and the form's values. */

type Args = Parameters<typeof guard>[0];

/** Captador and corretor choices: the organization's active members (users are not a resource). */
export async function teamSelectOptions(args: Args): Promise<Record<string, FilterOption[]>> {
  const { ctx, actor } = guard(args, imovelDefinition, "read");
  const team = await teamOptions(ctx, actor);
  return { captadorId: team, corretorId: team };
}

/** A listed property's share link and words (the cards' and rows' "Link público"), from its row. */
export function rowShare(origin: string): (row: Record<string, unknown>) => ListingShare {
  return (record) => {
    const row = record as unknown as ImovelRow;
    return listingShare(origin, {
      slug: row.slug,
      status: row.status,
      title: row.titulo ?? `Imóvel ${row.codigo}`,
      price: formatListingPrice(row.precoCentavos, row.finalidade),
    });
  };
}

/** The form's values of a stored property: the shared mapping plus one checkbox per feature. */
export function propertyFormValues(row: ImovelRow, zone: string): Record<string, string | boolean | string[]> {
  const values = formValuesFromRow(imovelDefinition, row, zone) as Record<string, string | boolean | string[]>;
  for (const f of row.caracteristicas ?? []) values[`${FEATURE_FIELD_PREFIX}${f}`] = true;
  return values;
}

/**
 * A property form's data in one round trip: the record (when editing), its relation options and
 * the team (captador/corretor), batched together instead of `formLoader` plus a team query.
 */
export async function propertyFormData(
  args: Args,
  id: string | undefined,
): Promise<{ row: ImovelRow | null; relations: RelationOptions; selectOptions: Record<string, FilterOption[]> }> {
  const { ctx, actor } = guard(args, imovelDefinition, id ? "update" : "create");
  if (id !== undefined && !isId(id)) throw data("Imóvel não encontrado.", { status: 404 });
  const { statements, read } = recordFormStatements(ctx, actor, imovelDefinition.name, id ?? null);
  const results = (await ctx.db.batch([teamStatement(ctx, actor), ...statements] as never)) as unknown[];
  const team = results[0] as FilterOption[];
  const { row, relations } = read(results.slice(1));
  if (id && !row) throw data("Imóvel não encontrado.", { status: 404 });
  return { row: row as ImovelRow | null, relations, selectOptions: { captadorId: team, corretorId: team } };
}
