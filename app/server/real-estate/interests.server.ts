import type { ColumnDef, FilterOption } from "../../../shared/resources/types.ts";
import { type InteresseRow, interesseDefinition } from "../../../shared/resources/interesses.ts";
import type { Actor, ServiceContext } from "../../../worker/services/context.ts";
import { formChoiceStatements } from "../../../worker/services/real-estate/interests.ts";

/** The team a form or a filter offers (the property is a relation picker). */
export async function interestChoices(ctx: ServiceContext, actor: Actor): Promise<{ team: FilterOption[] }> {
  return { team: await formChoiceStatements(ctx, actor).team };
}

/** The definition with the corretor filter's options filled in (the team is the organização's). */
export function definitionWithTeam(team: readonly FilterOption[]) {
  const columns = interesseDefinition.columns.map(
    (c): ColumnDef<InteresseRow> => (c.key === "corretor" ? { ...c, filter: { type: "enum", options: team } } : c),
  );
  return { ...interesseDefinition, columns };
}
