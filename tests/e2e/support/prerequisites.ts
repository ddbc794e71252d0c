/**
 * The e2e harnesses' side of tests/api/resource-prerequisites.ts (the same records, written to the
 * e2e database): what a resource needs in an organização before its example can be saved, and
 * the list page that shows a record made from its example.
 */
import type { Role } from "../../../shared/enums.ts";
import { dayIn, DEFAULT_TIME_ZONE } from "../../../shared/time-zone.ts";
import type { ResourceModule } from "../../../worker/resources/define.ts";
import { type Prerequisites, prepareResource } from "../../api/resource-prerequisites.ts";
import { e2eDb } from "./accounts.ts";

const made = new Map<string, Promise<Prerequisites | null>>();

/**
 * The resource's prerequisites in the organização (members: user ids by role, for the records
 * linked to them), made once per organização and resource unless `again` (made anew: a harness
 * that remakes a sample after its requests changed the records these were); null when it needs none.
 */
export function prerequisitesIn(
  orgId: string,
  name: string,
  members: Partial<Record<Role, string>>,
  again = false,
): Promise<Prerequisites | null> {
  const key = `${orgId} ${name}`;
  let found = made.get(key);
  if (!found || again) {
    found = prepareResource(e2eDb(), name, orgId, members);
    made.set(key, found);
  }
  return found;
}

/**
 * Where a list page does not show every record: a calendar shows a day, so the page of a record
 * is the day it starts (in the organização's zone: the e2e organizações keep the default one).
 * Keyed by registry name; the others' list page is their basePath as it is.
 */
const LIST_QUERY: Record<string, (body: Record<string, unknown>) => string> = {
  agendamentos: (body) => `?data=${dayIn(String(body.inicio), DEFAULT_TIME_ZONE)}`,
};

/** The list page (basePath and query) on which a record saved from `body` shows, if its reader may see it. */
export function listPageOf(mod: ResourceModule, body: Record<string, unknown>): string {
  return `${mod.definition.basePath}${LIST_QUERY[mod.definition.name]?.(body) ?? ""}`;
}
