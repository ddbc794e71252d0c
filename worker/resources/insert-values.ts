import type { OrgScope } from "../../db/tenant.ts";
import { type ResourceModule, writeValues } from "./define.ts";

/*
 * Its own file, apart from records.ts: a service that writes another resource's rows in its own
 * batch (a sale's stock exits) needs the values without the registry, which lists that service's
 * resource (ADR 012's direction: no import cycle through the registry).
 */

/** Insert values of a create (validated input, derived columns, audit trail, the organization forced). */
export function insertValues(mod: ResourceModule, scope: OrgScope, input: Record<string, unknown>, actorUserId: string | null, now: Date) {
  return scope.values({
    id: crypto.randomUUID(),
    criadoEm: now,
    atualizadoEm: now,
    criadoPor: actorUserId,
    atualizadoPor: actorUserId,
    ...writeValues(mod, input, { mode: "create", now, orgId: scope.orgId }),
  });
}
