import { eq, exists, isNull, type SQL, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import { orgScope } from "../../db/tenant.ts";
import type { Action } from "../../shared/permissions.ts";
import { type Actor, DomainError, type ServiceContext } from "../services/context.ts";
import { ownerCondition } from "./permissions.ts";

/** A record table as the check needs it (every record table has these). */
type RecordTable = SQLiteTable & { id: SQLiteColumn; orgId: SQLiteColumn; excluidoEm: SQLiteColumn };

/**
 * For services acting on what hangs off a record (a property's photos, an interest's visits):
 * `authorize`, and when the actor reaches only their own records for `action`, the record must
 * be one of them, else `notFound` (404, as a missing one: another member's record is not
 * revealed to exist). Free for everyone else; one small read for an "own" actor.
 */
export async function authorizeRecord(
  ctx: ServiceContext,
  actor: Actor,
  resource: string,
  action: Action,
  table: RecordTable,
  id: string,
  notFound: string,
): Promise<void> {
  const owner = ownerCondition(actor, resource, action, table);
  if (!owner) return;
  const [found] = await ctx.db
    .select({ id: table.id })
    .from(table)
    .where(orgScope(ctx.db, actor.orgId).where(table, eq(table.id, id), isNull(table.excluidoEm), owner))
    .limit(1);
  if (!found) throw new DomainError(notFound, 404);
}

/**
 * The same check as a condition to put in the write itself (no extra round trip): undefined when
 * the actor reaches any record; else `EXISTS` the record, live and theirs. A write guarded by it
 * changes nothing on another member's record, and the service answers its usual 404. `id` may
 * be an outer query's id column (a match list's `i.id`): then it keeps the member's rows.
 */
export function ownedGuard(
  db: Database,
  actor: Actor,
  resource: string,
  action: Action,
  table: RecordTable,
  id: string | SQL,
): SQL | undefined {
  const owner = ownerCondition(actor, resource, action, table);
  if (!owner) return undefined;
  return exists(
    db
      .select({ one: sql`1` })
      .from(table)
      .where(orgScope(db, actor.orgId).where(table, eq(table.id, id), isNull(table.excluidoEm), owner)),
  );
}
