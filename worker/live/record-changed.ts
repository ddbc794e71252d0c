import type { ResourceModule } from "../resources/define.ts";
import type { Actor, ServiceContext } from "../services/context.ts";
import { publishLive } from "./publish.ts";

/** More ids than this and the event says only "several changed" (the screens read again anyway). */
const MAX_IDS = 100;

/**
 * The registry's writes tell the organização's open pages that a resource changed (ADR 043):
 * its lists and records read again. Generic: only the definition's name and the ids travel.
 */
export function recordChanged(
  ctx: ServiceContext,
  actor: Actor,
  mod: ResourceModule,
  action: "created" | "updated" | "deleted" | "restored",
  ids?: readonly string[],
): void {
  const some = ids && ids.length <= MAX_IDS ? { ids: [...ids] } : {};
  publishLive(ctx, actor.orgId, { type: "record.changed", resource: mod.definition.name, action, ...some });
}
