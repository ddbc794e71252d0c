import { and, desc, eq, gte, inArray, isNull, lt, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { matchAlerts, products, properties } from "../../../db/schema/index.ts";
import { orgScope } from "../../../db/tenant.ts";
import { type BusinessInfo, productSheet, propertySheet, type ProductFactsInput } from "../../../shared/ai/facts.ts";
import type { Segment } from "../../../shared/enums.ts";
import type { PlanRecord } from "../../../shared/ai/template-month-plan.ts";
import { can, ownerCondition } from "../../auth/permissions.ts";
import type { Actor, ServiceContext } from "../context.ts";
import {
  businessOf,
  businessStatement,
  listingLink,
  placeNames,
  placesStatement,
  productColumns,
  propertyColumns,
  type PropertyFactsRow,
} from "./record-facts.ts";

/**
 * What "Um mês de ideias" plans from (ADR 053), in one round trip: the imóveis published in the
 * last 30 days, those whose price dropped (the match alerts record a drop as `baixa_preco`: the
 * only trace of a price change the schema keeps), the produtos below their minimum stock and
 * those created in the last 30 days — each as a fact sheet — within the actor's reach.
 */

const RECENT_DAYS = 30;
const PER_KIND = 4;

export interface MonthPlanSources {
  registros: PlanRecord[];
  /** The business (name, WhatsApp, brand voice; no link: a plan is not one listing). */
  negocio: BusinessInfo;
  /** Which dates matter: an imobiliária's or corretor's, or a shop's and a service's. */
  publico: "imoveis" | "comercio";
}

export async function monthPlanSources(ctx: ServiceContext, actor: Actor): Promise<MonthPlanSources> {
  const scope = orgScope(ctx.db, actor.orgId);
  const since = new Date(ctx.now.getTime() - RECENT_DAYS * 86_400_000);
  const readsProperties = can(actor.role, "imoveis", "read");
  const readsProducts = can(actor.role, "produtos", "read");
  const ownProperty = readsProperties ? ownerCondition(actor, "imoveis", "read", properties) : undefined;
  const ownProduct = readsProducts ? ownerCondition(actor, "produtos", "read", products) : undefined;
  const available = and(isNull(properties.excluidoEm), eq(properties.status, "disponivel"), ownProperty);
  const dropped = sql`(select a.property_id from ${matchAlerts} a where a.org_id = ${actor.orgId} and a.reason = 'baixa_preco' and a.created_at >= ${since.getTime()})`;
  const statements: unknown[] = [businessStatement(ctx, actor)];
  if (readsProperties) {
    statements.push(
      ctx.db
        .select(propertyColumns)
        .from(properties)
        .where(scope.where(properties, available, gte(properties.publicadoEm, since)))
        .orderBy(desc(properties.publicadoEm))
        .limit(PER_KIND),
      ctx.db
        .select(propertyColumns)
        .from(properties)
        .where(scope.where(properties, available, inArray(properties.id, dropped)))
        .orderBy(desc(properties.atualizadoEm))
        .limit(PER_KIND),
      placesStatement(ctx, actor, null),
    );
  }
  if (readsProducts) {
    const live = and(isNull(products.excluidoEm), eq(products.ativo, true), ownProduct);
    statements.push(
      ctx.db
        .select(productColumns)
        .from(products)
        .where(scope.where(products, live, lt(products.estoque, products.estoqueMinimo)))
        .orderBy(products.ordem)
        .limit(PER_KIND),
      ctx.db
        .select(productColumns)
        .from(products)
        .where(scope.where(products, live, gte(products.criadoEm, since)))
        .orderBy(desc(products.criadoEm))
        .limit(PER_KIND),
    );
  }
  const results = (await ctx.db.batch(statements as unknown as [BatchItem<"sqlite">])) as unknown[];
  let i = 0;
  const business = results[i++] as (Parameters<typeof businessOf>[0][number] & { segmento: Segment })[];
  const records: PlanRecord[] = [];
  const seen = new Set<string>();
  if (readsProperties) {
    const fresh = results[i++] as PropertyFactsRow[];
    const drops = results[i++] as PropertyFactsRow[];
    const places = placeNames(results[i++] as { bairro: string | null; cidade: string | null }[]);
    // A new imóvel whose price also dropped is told once, as a drop (the fresher news).
    for (const [rows, motivo] of [
      [drops, "preco_reduzido"],
      [fresh, "novo_imovel"],
    ] as const) {
      for (const row of rows) {
        if (seen.has(row.id)) continue;
        seen.add(row.id);
        records.push({ motivo, sheet: propertySheet(row, businessOf(business, listingLink(ctx.origin, row)), [], places) });
      }
    }
  }
  if (readsProducts) {
    const low = results[i++] as ProductFactsInput[];
    const fresh = results[i++] as ProductFactsInput[];
    for (const [rows, motivo] of [
      [low, "estoque_baixo"],
      [fresh, "novo_produto"],
    ] as const) {
      for (const row of rows) {
        if (seen.has(row.id)) continue;
        seen.add(row.id);
        records.push({ motivo, sheet: productSheet(row, businessOf(business, null)) });
      }
    }
  }
  const segment = business[0]?.segmento;
  return {
    registros: records,
    negocio: businessOf(business, null),
    publico: segment === "imobiliaria" || segment === "corretor" ? "imoveis" : "comercio",
  };
}
