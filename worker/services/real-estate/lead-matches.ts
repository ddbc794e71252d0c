import { and, eq, isNull, type SQL, sql } from "drizzle-orm";
import { clients, inboundLeads, properties, propertyInterests, propertyVisits } from "../../../db/schema/index.ts";
import { orgScope } from "../../../db/tenant.ts";
import { isId } from "../../../shared/id.ts";
import { authorizeAll } from "../../auth/permissions.ts";
import { type Actor, DomainError, type ServiceContext } from "../context.ts";

/**
 * A lead from outside that gave the e-mail or phone of a client on file stays on a client of
 * its own, marked "possível correspondência" (leads.ts), because anyone can type a client's
 * e-mail. A member who knows says which it is:
 * - confirm: the lead, its interest and that interest's visits move to the client on file; the
 *   lead's own client is deleted (undoable from the list) when nothing else hangs off it;
 * - reject: the lead stays with its own client, as another person.
 * Both change what the client's record holds, so the permission table's "clients × update"
 * decides who may (the office roles). One batch each (a transaction); 404 for a lead that is
 * not the organização's, not pending, or whose client on file is gone.
 */

const NOT_FOUND = "Lead não encontrado ou já resolvido.";

/** The pending lead `leadId`'s column, as a sub-select (null when it is not pending). */
function pendingLeadColumn(ctx: ServiceContext, orgId: string, leadId: string, column: SQL): SQL {
  const scope = orgScope(ctx.db, orgId);
  const l = inboundLeads;
  const c = clients;
  return sql`(select ${column} from ${l} where ${scope.where(
    l,
    eq(l.id, leadId),
    eq(l.correspondencia, "pendente"),
    sql`exists (select 1 from ${c} where ${scope.where(c, sql`${c.id} = ${l.correspondenteId}`, isNull(c.excluidoEm))})`,
  )})`;
}

export async function confirmLeadMatch(ctx: ServiceContext, actor: Actor, leadId: string): Promise<{ clienteId: string }> {
  // Moves a lead between any two clients: for who edits every client, not only their own.
  authorizeAll(actor, "clients", "update");
  if (!isId(leadId)) throw new DomainError(NOT_FOUND, 404);
  const scope = orgScope(ctx.db, actor.orgId);
  const l = inboundLeads;
  const leadClient = pendingLeadColumn(ctx, actor.orgId, leadId, sql`${l.clienteId}`);
  const matched = pendingLeadColumn(ctx, actor.orgId, leadId, sql`${l.correspondenteId}`);
  const interest = pendingLeadColumn(ctx, actor.orgId, leadId, sql`${l.interesseId}`);
  const c = clients;
  const i = propertyInterests;
  const v = propertyVisits;
  const p = properties;
  const stamp = { atualizadoEm: ctx.now, atualizadoPor: actor.userId };
  // The lead's own client was only ever this lead: nothing else may hang off it.
  const onlyThisLead = and(
    sql`not exists (select 1 from ${i} where ${scope.where(i, sql`${i.clienteId} = ${c.id}`, sql`${i.id} is not ${interest}`, isNull(i.excluidoEm))})`,
    sql`not exists (select 1 from ${l} where ${scope.where(l, sql`${l.clienteId} = ${c.id}`, sql`${l.id} <> ${leadId}`)})`,
    sql`not exists (select 1 from ${p} where ${scope.where(p, sql`${p.proprietarioId} = ${c.id}`, isNull(p.excluidoEm))})`,
    sql`not exists (select 1 from ${v} where ${scope.where(v, sql`${v.clienteId} = ${c.id}`, sql`${v.interesseId} is not ${interest}`, isNull(v.excluidoEm))})`,
  );
  const results = await ctx.db.batch([
    // Before the lead moves (while it still names its own client).
    ctx.db
      .update(c)
      .set({ excluidoEm: ctx.now, excluidoPor: actor.userId })
      .where(scope.where(c, sql`${c.id} = ${leadClient}`, isNull(c.excluidoEm), onlyThisLead)),
    ctx.db
      .update(i)
      .set({
        clienteId: matched,
        // The interest is found and sorted by its client's name and keys, as the module writes them.
        ordem: sql`(select ${c.ordem} from ${c} where ${scope.where(c, sql`${c.id} = ${matched}`)})`,
        chavesBusca: sql`(select ${c.chavesBusca} from ${c} where ${scope.where(c, sql`${c.id} = ${matched}`)})`,
        ...stamp,
      })
      .where(scope.where(i, sql`${i.id} = ${interest}`)),
    ctx.db
      .update(v)
      .set({ clienteId: matched })
      .where(scope.where(v, sql`${v.interesseId} = ${interest}`)),
    ctx.db
      .update(l)
      .set({ clienteId: matched, correspondencia: "confirmada" })
      .where(scope.where(l, eq(l.id, leadId), sql`${l.correspondenteId} = ${matched}`))
      .returning({ clienteId: l.clienteId }),
  ]);
  const [moved] = results[3];
  if (!moved?.clienteId) throw new DomainError(NOT_FOUND, 404);
  return { clienteId: moved.clienteId };
}

export async function rejectLeadMatch(ctx: ServiceContext, actor: Actor, leadId: string): Promise<{ clienteId: string }> {
  // Moves a lead between any two clients: for who edits every client, not only their own.
  authorizeAll(actor, "clients", "update");
  if (!isId(leadId)) throw new DomainError(NOT_FOUND, 404);
  const l = inboundLeads;
  const [kept] = await ctx.db
    .update(l)
    .set({ correspondencia: "recusada" })
    .where(orgScope(ctx.db, actor.orgId).where(l, eq(l.id, leadId), eq(l.correspondencia, "pendente")))
    .returning({ clienteId: l.clienteId });
  if (!kept?.clienteId) throw new DomainError(NOT_FOUND, 404);
  return { clienteId: kept.clienteId };
}
