import { and, isNotNull, isNull, sql } from "drizzle-orm";
import { properties } from "../../../db/schema/index.ts";
import { orgScope } from "../../../db/tenant.ts";
import { can, ownerCondition } from "../../auth/permissions.ts";
import type { Actor, ServiceContext } from "../context.ts";

/** A bairro (or only a city) where the organização has imóveis, as first written there. */
export interface KnownPlace {
  bairro: string | null;
  cidade: string;
  uf: string | null;
}

/** Enough for any agency's area; the picker searches within them as the person types. */
const MAX_PLACES = 1000;

/**
 * The places of the organização's imóveis (any status, not deleted), one per bairro of a city
 * however its spelling varies (grouped by the matching keys), the most used first. They are
 * what an interest's places and the Imóveis list's Bairro filter offer. An "own" reach member
 * sees the places of the imóveis they may see.
 */
export async function knownPlaces(ctx: ServiceContext, actor: Actor): Promise<KnownPlace[]> {
  const own = can(actor.role, "imoveis", "read") ? ownerCondition(actor, "imoveis", "read", properties) : undefined;
  const rows = await ctx.db
    .select({
      bairro: sql<string | null>`max(${properties.bairro})`,
      cidade: sql<string>`max(${properties.cidade})`,
      uf: sql<string | null>`max(${properties.uf})`,
    })
    .from(properties)
    .where(and(orgScope(ctx.db, actor.orgId).where(properties, isNull(properties.excluidoEm), own), isNotNull(properties.cidadeChave)))
    .groupBy(properties.cidadeChave, sql`coalesce(${properties.bairroChave}, '')`)
    .orderBy(sql`count(*) desc`, sql`max(${properties.bairro})`)
    .limit(MAX_PLACES);
  return rows.filter((r) => r.cidade);
}
