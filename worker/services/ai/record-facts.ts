import { asc, desc, eq, isNotNull, isNull, ne, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { organizations, products, properties, propertyPhotos, services } from "../../../db/schema/index.ts";
import { orgScope } from "../../../db/tenant.ts";
import {
  type BusinessInfo,
  businessInfo,
  type FactSheet,
  type PropertyFactsInput,
  type ProductFactsInput,
  productSheet,
  propertySheet,
  type ServiceFactsInput,
  serviceSheet,
} from "../../../shared/ai/facts.ts";
import type { PostOrigin } from "../../../shared/enums/social.ts";
import { isId } from "../../../shared/id.ts";
import { publicPageUrl, publicState } from "../../../shared/real-estate/public-page.ts";
import { isPublicOrigin } from "../../../shared/social/post-from-property.ts";
import { MEDIA_MAX } from "../../../shared/social/caption-rules.ts";
import { ownerCondition } from "../../auth/permissions.ts";
import type { Actor, ServiceContext } from "../context.ts";

/**
 * The facts of one record for AI generation (ADR 053), read in one round trip (db.batch) and
 * scoped to the actor's organização and reach: the record, its photos (the post's images, cover
 * first), the business's name, WhatsApp, CRECI and brand voice, and the places of the business's
 * other imóveis (what the checker refuses to see named in this one's caption). A record the actor
 * does not reach is null (the caller answers 404); a role without read access is refused (403).
 */

/** Other places read for the checker: enough for any agency's area. */
const OTHER_PLACES_MAX = 300;

/** The imóvel's columns a fact sheet reads (the month plan selects the same). */
export const propertyColumns = {
  id: properties.id,
  codigo: properties.codigo,
  titulo: properties.titulo,
  slug: properties.slug,
  status: properties.status,
  finalidade: properties.finalidade,
  tipo: properties.tipo,
  descricao: properties.descricao,
  valorVendaCentavos: properties.valorVendaCentavos,
  valorLocacaoCentavos: properties.valorLocacaoCentavos,
  condominioCentavos: properties.condominioCentavos,
  iptuCentavos: properties.iptuCentavos,
  iptuPeriodo: properties.iptuPeriodo,
  areaUtil: properties.areaUtil,
  areaTotal: properties.areaTotal,
  areaTerreno: properties.areaTerreno,
  quartos: properties.quartos,
  suites: properties.suites,
  banheiros: properties.banheiros,
  vagas: properties.vagas,
  andar: properties.andar,
  anoConstrucao: properties.anoConstrucao,
  mobiliado: properties.mobiliado,
  aceitaPermuta: properties.aceitaPermuta,
  aceitaFinanciamento: properties.aceitaFinanciamento,
  bairro: properties.bairro,
  cidade: properties.cidade,
  uf: properties.uf,
  caracteristicas: properties.caracteristicas,
  fotos: properties.fotos,
};

export type PropertyFactsRow = PropertyFactsInput & { slug: string };

export const productColumns = {
  id: products.id,
  nome: products.nome,
  precoCentavos: products.precoCentavos,
  descricao: products.descricao,
  categoria: products.categoria,
  estoque: products.estoque,
  unidade: products.unidade,
};

/** The organização's row as a caption needs it (and its segment, for the month plan's dates). */
export function businessStatement(ctx: ServiceContext, actor: Actor) {
  return ctx.db
    .select({
      nome: organizations.name,
      whatsapp: organizations.whatsapp,
      creci: organizations.creci,
      vozDaMarca: organizations.brandVoice,
      segmento: organizations.segment,
    })
    .from(organizations)
    .where(orgScope(ctx.db, actor.orgId).self())
    .limit(1);
}

/** The public page link a caption may give: only for a listing anyone may open, on a public site (issue 19's rule). */
export function listingLink(origin: string, row: Pick<PropertyFactsRow, "slug" | "status">): string | null {
  return publicState(row.status, false) === "available" && isPublicOrigin(origin) ? publicPageUrl(origin, row.slug) : null;
}

type BusinessRow = { nome: string; whatsapp: string | null; creci: string | null; vozDaMarca: string | null };

export function businessOf(rows: BusinessRow[], link: string | null): BusinessInfo {
  const row = rows[0] ?? { nome: "", whatsapp: null, creci: null, vozDaMarca: null };
  return businessInfo(row, link);
}

/** The business's other places (bairros and cidades of its imóveis), for the checker. */
export function placesStatement(ctx: ServiceContext, actor: Actor, except: string | null) {
  const scope = orgScope(ctx.db, actor.orgId);
  return ctx.db
    .selectDistinct({ bairro: properties.bairro, cidade: properties.cidade })
    .from(properties)
    .where(
      scope.where(properties, except ? ne(properties.id, except) : undefined, isNull(properties.excluidoEm), isNotNull(properties.cidade)),
    )
    .limit(OTHER_PLACES_MAX);
}

export const placeNames = (rows: { bairro: string | null; cidade: string | null }[]): string[] =>
  rows.flatMap((p) => [p.bairro, p.cidade]).filter((v): v is string => Boolean(v));

/**
 * An imóvel's fact sheet; null when the actor does not reach it. The images are its photos; a
 * caller posting other images (the art's slides) replaces `imagens` so alt texts follow them.
 */
export async function propertyFactSheet(ctx: ServiceContext, actor: Actor, id: string): Promise<FactSheet | null> {
  const owner = ownerCondition(actor, "imoveis", "read", properties);
  if (!isId(id)) return null;
  const scope = orgScope(ctx.db, actor.orgId);
  const reachable = sql`exists (select 1 from ${properties} where ${properties.orgId} = ${actor.orgId} and ${properties.id} = ${id} and ${properties.excluidoEm} is null${
    owner ? sql` and ${owner}` : sql``
  })`;
  const statements = [
    ctx.db
      .select(propertyColumns)
      .from(properties)
      .where(scope.where(properties, eq(properties.id, id), isNull(properties.excluidoEm), owner))
      .limit(1),
    ctx.db
      .select({ id: propertyPhotos.id, legenda: propertyPhotos.legenda })
      .from(propertyPhotos)
      .where(scope.where(propertyPhotos, eq(propertyPhotos.propertyId, id), reachable))
      .orderBy(desc(propertyPhotos.capa), asc(propertyPhotos.posicao), asc(propertyPhotos.id))
      .limit(MEDIA_MAX),
    businessStatement(ctx, actor),
    placesStatement(ctx, actor, id),
  ];
  const [rows, photos, business, places] = (await ctx.db.batch(statements as unknown as [BatchItem<"sqlite">])) as unknown as [
    PropertyFactsRow[],
    { id: string; legenda: string | null }[],
    BusinessRow[],
    { bairro: string | null; cidade: string | null }[],
  ];
  const row = rows[0];
  if (!row) return null;
  return propertySheet(row, businessOf(business, listingLink(ctx.origin, row)), photos, placeNames(places));
}

/** A produto's fact sheet; null when it is not the organização's (or is deleted). */
export async function productFactSheet(ctx: ServiceContext, actor: Actor, id: string): Promise<FactSheet | null> {
  const owner = ownerCondition(actor, "produtos", "read", products);
  if (!isId(id)) return null;
  const scope = orgScope(ctx.db, actor.orgId);
  const statements = [
    ctx.db
      .select(productColumns)
      .from(products)
      .where(scope.where(products, eq(products.id, id), isNull(products.excluidoEm), owner))
      .limit(1),
    businessStatement(ctx, actor),
  ];
  const [rows, business] = (await ctx.db.batch(statements as unknown as [BatchItem<"sqlite">])) as unknown as [
    ProductFactsInput[],
    BusinessRow[],
  ];
  const row = rows[0];
  return row ? productSheet(row, businessOf(business, null)) : null;
}

/** The serviço's columns a fact sheet reads: never its commission, cost or products (the business's, not the client's). */
export const serviceColumns = {
  id: services.id,
  nome: services.nome,
  categoria: services.categoria,
  duracaoMin: services.duracaoMin,
  precoCentavos: services.precoCentavos,
  descricao: services.descricao,
};

/** A serviço's fact sheet; null when it is not the organização's (or is deleted). */
export async function serviceFactSheet(ctx: ServiceContext, actor: Actor, id: string): Promise<FactSheet | null> {
  const owner = ownerCondition(actor, "servicos", "read", services);
  if (!isId(id)) return null;
  const scope = orgScope(ctx.db, actor.orgId);
  const statements = [
    ctx.db
      .select(serviceColumns)
      .from(services)
      .where(scope.where(services, eq(services.id, id), isNull(services.excluidoEm), owner))
      .limit(1),
    businessStatement(ctx, actor),
  ];
  const [rows, business] = (await ctx.db.batch(statements as unknown as [BatchItem<"sqlite">])) as unknown as [
    ServiceFactsInput[],
    BusinessRow[],
  ];
  const row = rows[0];
  return row ? serviceSheet(row, businessOf(business, null)) : null;
}

/** Each kind of post origin's sheet loader (shared/social/post-origins.ts names the kinds). */
const SHEETS: Record<PostOrigin, (ctx: ServiceContext, actor: Actor, id: string) => Promise<FactSheet | null>> = {
  imovel: propertyFactSheet,
  produto: productFactSheet,
  servico: serviceFactSheet,
};

/** The fact sheet of a record named by kind and id. */
export function recordFactSheet(ctx: ServiceContext, actor: Actor, record: { tipo: PostOrigin; id: string }): Promise<FactSheet | null> {
  return SHEETS[record.tipo](ctx, actor, record.id);
}
