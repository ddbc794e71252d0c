import { and, eq, inArray, isNull, type SQL } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { professionals } from "../../../db/schema/index.ts";
import { orgScope } from "../../../db/tenant.ts";
import { APPOINTMENT, type Action, type Reach, reachOf, scopeOf } from "../../../shared/permissions.ts";
import { FORBIDDEN_MESSAGE } from "../../auth/permissions.ts";
import { type Actor, DomainError, type ServiceContext } from "../context.ts";

/**
 * Who the service desk (/atendimento) serves for whom. The permission table's appointments cell
 * decides: reach "any" (owner, admin, staff) sees every professional's queue; reach "own" (a
 * member with the professional role) sees only the queue of the profissional linked to their
 * login (`professionals.user_id`). A professional's login without a linked profissional sees an
 * empty queue, never another's.
 */

/** The registry name of appointments (core's resource, ADR 059): the live events' and the menu's. */
export const APPOINTMENTS = "agendamentos";

/** How far the actor reaches on appointments for `action` (the table's APPOINTMENT cell); undefined: refused. */
export function appointmentReach(actor: Pick<Actor, "role" | "ownOnly">, action: Action): Reach | undefined {
  const scope = scopeOf(APPOINTMENT, actor.role, action);
  return scope ? reachOf(scope, actor.ownOnly === true) : undefined;
}

/**
 * The condition on an appointments (or professionals) column naming the profissional that the
 * actor may act on for `action`; undefined when they reach every one. Throws the pt-BR 403 when
 * the table refuses the action.
 */
export function professionalReach(ctx: ServiceContext, actor: Actor, action: Action, column: SQLiteColumn): SQL | undefined {
  const reach = appointmentReach(actor, action);
  if (!reach) throw new DomainError(FORBIDDEN_MESSAGE, 403);
  if (reach === "any") return undefined;
  const p = professionals;
  const mine = ctx.db
    .select({ id: p.id })
    .from(p)
    .where(orgScope(ctx.db, actor.orgId).where(p, eq(p.usuarioId, actor.userId), isNull(p.excluidoEm)));
  return and(inArray(column, mine)) as SQL;
}
