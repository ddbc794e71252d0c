import { type SQL, and, asc, desc, eq, inArray, isNull, or, sql } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { products, professionalServices, professionals, services } from "../../../db/schema/index.ts";
import { orgScope } from "../../../db/tenant.ts";
import { words } from "../../../shared/search.ts";
import { authorize } from "../../auth/permissions.ts";
import type { Actor, ServiceContext } from "../context.ts";

/**
 * What the point of sale's one search box finds (issue 22): active products and services whose
 * name holds every typed word, plus a product whose barcode or SKU is exactly what was typed (a
 * scanner types the digits and Enter). Whoever may complete a sale may search (the permission
 * table's "vendas" · create), as the search shows prices and stock to sell them.
 */

export const CATALOG_LIMIT = 20;
/** A query longer than this is not a name nor a code: cut, never an error. */
const QUERY_MAX = 80;

export interface CatalogResult {
  kind: "produto" | "servico";
  id: string;
  name: string;
  sku: string | null;
  barcode: string | null;
  priceCentavos: number;
  unit: string | null;
  stockMilli: number | null;
  professionalIds: string[];
}

/** Every term inside the sort key (accents and case ignored, as the lists search). */
function nameHas(column: SQLiteColumn, terms: readonly string[]): SQL | undefined {
  return terms.length ? and(...terms.map((t) => sql`instr(${column}, ${t}) > 0`)) : undefined;
}

export async function searchCatalog(ctx: ServiceContext, actor: Actor, query: string): Promise<CatalogResult[]> {
  authorize(actor, "vendas", "create");
  const q = String(query ?? "")
    .trim()
    .slice(0, QUERY_MAX);
  const terms = words(q);
  if (!q) return [];
  const scope = orgScope(ctx.db, actor.orgId);
  const code = q.toLowerCase();
  // Exact codes first: the scanner's product is the first result.
  const exact = sql<number>`(${products.codigoBarras} = ${q} or lower(${products.sku}) = ${code})`;
  const productMatch = or(eq(products.codigoBarras, q), sql`lower(${products.sku}) = ${code}`, nameHas(products.ordem, terms));
  const productQuery = ctx.db
    .select({
      id: products.id,
      name: products.nome,
      sku: products.sku,
      barcode: products.codigoBarras,
      priceCentavos: products.precoCentavos,
      unit: products.unidade,
      stockMilli: products.estoque,
    })
    .from(products)
    .where(scope.where(products, isNull(products.excluidoEm), eq(products.ativo, true), productMatch))
    .orderBy(desc(exact), asc(products.ordem))
    .limit(CATALOG_LIMIT);
  const serviceMatch = nameHas(services.ordem, terms);
  const serviceQuery = ctx.db
    .select({ id: services.id, name: services.nome, priceCentavos: services.precoCentavos })
    .from(services)
    .where(scope.where(services, isNull(services.excluidoEm), eq(services.ativo, true), serviceMatch ?? sql`0`))
    .orderBy(asc(services.ordem))
    .limit(CATALOG_LIMIT);
  const [found, offered] = await ctx.db.batch([productQuery, serviceQuery]);
  const byService = new Map<string, string[]>();
  if (offered.length) {
    const who = await ctx.db
      .select({ servicoId: professionalServices.servicoId, profissionalId: professionalServices.profissionalId })
      .from(professionalServices)
      .innerJoin(professionals, eq(professionals.id, professionalServices.profissionalId))
      .where(
        and(
          scope.where(professionalServices),
          inArray(
            professionalServices.servicoId,
            offered.map((s) => s.id),
          ),
          isNull(professionals.excluidoEm),
          eq(professionals.ativo, true),
        ),
      )
      .orderBy(asc(professionals.ordem));
    for (const w of who) byService.set(w.servicoId, [...(byService.get(w.servicoId) ?? []), w.profissionalId]);
  }
  const items: CatalogResult[] = found.map((p) => ({
    kind: "produto",
    id: p.id,
    name: p.name,
    sku: p.sku,
    barcode: p.barcode,
    priceCentavos: p.priceCentavos,
    unit: p.unit,
    // The column reads in units (1,5 kg = 1.5); the checkout counts thousandths.
    stockMilli: Math.round(p.stockMilli * 1000),
    professionalIds: [],
  }));
  for (const s of offered) {
    items.push({
      kind: "servico",
      id: s.id,
      name: s.name,
      sku: null,
      barcode: null,
      priceCentavos: s.priceCentavos,
      unit: null,
      stockMilli: null,
      professionalIds: byService.get(s.id) ?? [],
    });
  }
  return items.slice(0, CATALOG_LIMIT);
}

/** The active professionals a service line may name (few rows: the whole team). */
export async function checkoutProfessionals(ctx: ServiceContext, actor: Actor): Promise<{ id: string; nome: string }[]> {
  authorize(actor, "vendas", "create");
  return ctx.db
    .select({ id: professionals.id, nome: professionals.nome })
    .from(professionals)
    .where(orgScope(ctx.db, actor.orgId).where(professionals, isNull(professionals.excluidoEm), eq(professionals.ativo, true)))
    .orderBy(asc(professionals.ordem))
    .limit(500);
}
