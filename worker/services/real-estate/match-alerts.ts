import { and, desc, eq, exists, isNull, type SQL, sql } from "drizzle-orm";
import { matchAlerts, propertyInterests } from "../../../db/schema/index.ts";
import type { Database } from "../../../db/client.ts";
import { orgScope } from "../../../db/tenant.ts";
import { ownedGuard } from "../../auth/own-records.ts";
import { authorize } from "../../auth/permissions.ts";
import { type Actor, DomainError, type ServiceContext } from "../context.ts";

const a = matchAlerts;

/** A new match to look at, as the dashboard and the interest page show it. */
export interface AlertRow {
  id: string;
  interestId: string;
  propertyId: string;
  motivo: string;
  pontuacao: number;
  criadoEm: Date;
  clienteNome: string | null;
  imovelTitulo: string | null;
}

const columns = {
  id: a.id,
  interestId: a.interestId,
  propertyId: a.propertyId,
  motivo: a.motivo,
  pontuacao: a.pontuacao,
  criadoEm: a.criadoEm,
  clienteNome: sql<
    string | null
  >`(select c.name from clients c join property_interests i on i.client_id = c.id where i.id = ${a.interestId})`,
  imovelTitulo: sql<string | null>`(select coalesce(p.title, p.code) from properties p where p.id = ${a.propertyId})`,
};

/**
 * The organization's unseen alerts, newest first, with their count: statements for the
 * dashboard's batch. `visible` false (a role that cannot read interesses) reads nothing;
 * `interestOwner` (an "own" reach over interesses) keeps the alerts of the member's interests.
 */
export function openAlertsStatements(db: Database, orgId: string, visible: boolean, limit = 5, interestOwner?: SQL) {
  const scope = orgScope(db, orgId);
  const i = propertyInterests;
  const theirs = interestOwner
    ? exists(
        db
          .select({ one: sql`1` })
          .from(i)
          .where(scope.where(i, eq(i.id, a.interestId), interestOwner)),
      )
    : undefined;
  const open = scope.where(a, isNull(a.vistoEm), visible ? theirs : sql`0`);
  return {
    latest: db.select(columns).from(a).where(open).orderBy(desc(a.criadoEm)).limit(limit),
    count: db.select({ n: sql<number>`count(*)` }).from(a).where(open),
  };
}

/** An interest's unseen alerts (a statement for the interest page's batch). */
export function interestAlertsStatement(ctx: ServiceContext, actor: Actor, interestId: string) {
  authorize(actor, "interesses", "read");
  return ctx.db
    .select(columns)
    .from(a)
    .where(orgScope(ctx.db, actor.orgId).where(a, eq(a.interestId, interestId), isNull(a.vistoEm)))
    .orderBy(desc(a.pontuacao), desc(a.criadoEm))
    .limit(20);
}

/**
 * Marks an interest's alerts seen (a POST from its page, never a GET); returns how many. An
 * interest that is not in the organização (or was deleted) is a 404, in the same round trip.
 */
export async function markAlertsSeen(ctx: ServiceContext, actor: Actor, interestId: string): Promise<number> {
  // An "own" actor's interest must be theirs: both statements check it (not found otherwise).
  const mine = ownedGuard(ctx.db, actor, "interesses", "read", propertyInterests, interestId);
  const [result, found] = await ctx.db.batch([
    ctx.db
      .update(a)
      .set({ vistoEm: ctx.now })
      .where(and(orgScope(ctx.db, actor.orgId).where(a, eq(a.interestId, interestId), isNull(a.vistoEm), mine))),
    ctx.db
      .select({ id: propertyInterests.id })
      .from(propertyInterests)
      .where(
        orgScope(ctx.db, actor.orgId).where(
          propertyInterests,
          eq(propertyInterests.id, interestId),
          isNull(propertyInterests.excluidoEm),
          mine,
        ),
      )
      .limit(1),
  ]);
  if (!found.length) throw new DomainError("Interesse não encontrado.", 404);
  return result.rowsAffected;
}
