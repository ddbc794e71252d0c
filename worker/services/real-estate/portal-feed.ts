import { eq, gt, isNotNull, isNull, sql } from "drizzle-orm";
import { landingPages, organizations, properties } from "../../../db/schema/index.ts";
import { orgScope } from "../../../db/tenant.ts";
import { photoUrl } from "../../../shared/real-estate/photo-url.ts";
import {
  FEED_CLOSING,
  type FeedContact,
  feedOpening,
  type ListingOptions,
  type PortalPhoto,
  type PortalProperty,
  vrsyncListing,
} from "../../../shared/real-estate/vrsync.ts";
import type { ServiceContext } from "../context.ts";

/**
 * The VRSync feed of one organização, streamed: listings are read page by page (keyset on the
 * rowid of the portal index, photos in the same round trip) and written as they come, so a feed
 * of 20,000 listings never sits in memory. Listings that break a VRSync rule are skipped (the
 * property's "Portal" tab lists why).
 */

/** Listings per database round trip. */
export const FEED_PAGE = 200;
/** The photo width the portals download (they make their own sizes). */
export const FEED_PHOTO_WIDTH = 1024;

/** Columns the feed reads, as `PortalProperty` names them. */
export const portalColumns = {
  codigo: properties.codigo,
  slug: properties.slug,
  titulo: properties.titulo,
  descricao: properties.descricao,
  finalidade: properties.finalidade,
  tipo: properties.tipo,
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
  caracteristicas: properties.caracteristicas,
  cep: properties.cep,
  rua: properties.rua,
  numero: properties.numero,
  complemento: properties.complemento,
  bairro: properties.bairro,
  cidade: properties.cidade,
  uf: properties.uf,
  enderecoPublico: properties.enderecoPublico,
};

/** A property's photos in order as JSON `[[key, cover], …]`, read in the same statement. */
export function photosOf(orgId: string) {
  return sql<string>`(select json_group_array(json_array(f.key, f.cover)) from (select key, cover from property_photos f where f.org_id = ${orgId} and f.property_id = "properties"."id" order by f.position limit 50) f)`;
}

export interface FeedRow extends PortalProperty {
  id: string;
  seq: number;
  fotos: string | null;
}

/** One page of the organização's available properties marked for portals, after `after` (rowid). */
export async function feedPage(ctx: ServiceContext, orgId: string, after: number, size = FEED_PAGE): Promise<FeedRow[]> {
  const scope = orgScope(ctx.db, orgId);
  const rows = await ctx.db
    .select({ ...portalColumns, id: properties.id, seq: sql<number>`"properties".rowid`, fotos: photosOf(orgId) })
    .from(properties)
    .where(
      scope.where(
        properties,
        eq(properties.portal, true),
        eq(properties.status, "disponivel"),
        isNull(properties.excluidoEm),
        gt(sql`"properties".rowid`, after),
      ),
    )
    .orderBy(sql`"properties".rowid`)
    .limit(size);
  return rows as FeedRow[];
}

export function parsePhotos(json: string | null): PortalPhoto[] {
  if (!json) return [];
  return (JSON.parse(json) as [string, number][]).map(([chave, capa]) => ({ chave, capa: Boolean(capa) }));
}

/** The business as the feed presents it (Header and each listing's ContactInfo). */
async function feedContact(ctx: ServiceContext, orgId: string): Promise<FeedContact> {
  const scope = orgScope(ctx.db, orgId);
  const [org, page] = await ctx.db.batch([
    ctx.db
      .select({ name: organizations.name, email: organizations.email, whatsapp: organizations.whatsapp })
      .from(organizations)
      .where(scope.self())
      .limit(1),
    ctx.db
      .select({ slug: landingPages.slug })
      .from(landingPages)
      .where(scope.where(landingPages, isNotNull(landingPages.publicado)))
      .limit(1),
  ]);
  const o = org[0];
  return {
    name: o?.name ?? "Alicerce",
    email: o?.email ?? null,
    telephone: o?.whatsapp ?? null,
    website: page[0] ? `${ctx.origin}/p/${page[0].slug}` : ctx.origin,
  };
}

/**
 * The feed as a stream of UTF-8 XML. The first page is read before answering (a database
 * failure is a 500, not a truncated feed); later pages as the reader pulls.
 */
export async function feedStream(ctx: ServiceContext, orgId: string, size = FEED_PAGE): Promise<ReadableStream<Uint8Array>> {
  const contact = await feedContact(ctx, orgId);
  const options: ListingOptions = {
    contact,
    photoUrl: (chave) => `${ctx.origin}${photoUrl(chave, FEED_PHOTO_WIDTH)}`,
    pageUrl: (slug) => `${ctx.origin}/imovel/${slug}`,
  };
  const encoder = new TextEncoder();
  let next: FeedRow[] | null = await feedPage(ctx, orgId, 0, size);
  let opened = false;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (!opened) {
          opened = true;
          controller.enqueue(encoder.encode(feedOpening(contact, ctx.now)));
          return;
        }
        if (next === null) {
          controller.close();
          return;
        }
        const page: FeedRow[] = next;
        let chunk = "";
        for (const row of page) chunk += vrsyncListing(row, parsePhotos(row.fotos), options) ?? "";
        const last = page[page.length - 1];
        next = page.length === size && last ? await feedPage(ctx, orgId, last.seq, size) : null;
        if (next === null) chunk += FEED_CLOSING;
        if (chunk) controller.enqueue(encoder.encode(chunk));
      },
    },
    // One page at a time: the next page is read only when the previous one was taken.
    { highWaterMark: 0 },
  );
}
