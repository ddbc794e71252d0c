import { and, asc, desc, eq, inArray, isNull, or, type SQL, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { properties, propertyPhotos, socialAccounts } from "../../../db/schema/index.ts";
import { orgScope } from "../../../db/tenant.ts";
import { PROPERTY_TYPE } from "../../../shared/enums/real-estate.ts";
import { type PostAccount, type PostImage, type PostPhoto, uploadedImages } from "../../../shared/social/post-screens.ts";
import type { PostRow } from "../../../shared/resources/posts.ts";
import type { PropertyForPost } from "../../../shared/social/post-from-property.ts";
import { isId } from "../../../shared/id.ts";
import { can, ownerCondition } from "../../auth/permissions.ts";
import { recordStatement, rowsOf } from "../../resources/records.ts";
import type { Actor, ServiceContext } from "../context.ts";

export type { PostAccount, PostPhoto };

/**
 * What the post editor and a post's page read besides the post (issue 19): the organização's
 * connected accounts, the imóvel a post starts from, and the photos it may show — each read in
 * the one batch of its screen.
 */

const photoColumns = {
  id: propertyPhotos.id,
  imovelId: propertyPhotos.propertyId,
  chave: propertyPhotos.chave,
  largura: propertyPhotos.largura,
  altura: propertyPhotos.altura,
  posicao: propertyPhotos.posicao,
  capa: propertyPhotos.capa,
  legenda: propertyPhotos.legenda,
};

function accountsStatement(ctx: ServiceContext, actor: Actor) {
  return ctx.db
    .select({
      id: socialAccounts.id,
      rede: socialAccounts.rede,
      nome: socialAccounts.nome,
      usuario: socialAccounts.usuario,
      status: socialAccounts.status,
    })
    .from(socialAccounts)
    .where(orgScope(ctx.db, actor.orgId).where(socialAccounts))
    .orderBy(asc(socialAccounts.rede), asc(socialAccounts.nome));
}

/** The imóvel as a post starts from it, within the member's reach of imóveis (else none). */
function propertyStatement(ctx: ServiceContext, actor: Actor, id: string | SQL) {
  const scope = orgScope(ctx.db, actor.orgId);
  const owner = ownerCondition(actor, "imoveis", "read", properties);
  return ctx.db
    .select({
      id: properties.id,
      codigo: properties.codigo,
      titulo: properties.titulo,
      slug: properties.slug,
      status: properties.status,
      finalidade: properties.finalidade,
      precoCentavos: properties.precoCentavos,
      bairro: properties.bairro,
      cidade: properties.cidade,
      tipo: properties.tipo,
    })
    .from(properties)
    .where(scope.where(properties, eq(properties.id, id), isNull(properties.excluidoEm), owner))
    .limit(1);
}

/**
 * The photos a post may use: the imóvel's (when the member reaches it) and those the post already
 * holds (the post is theirs to read, so are its images). Cover first, then the imóvel's order.
 */
function photosStatement(ctx: ServiceContext, actor: Actor, propertyId: string | SQL | null, postId: string | null) {
  const scope = orgScope(ctx.db, actor.orgId);
  const owner = ownerCondition(actor, "imoveis", "read", properties);
  // Unaliased, so the owner condition's columns ("properties"."broker_id"…) resolve in the subquery.
  const reachable = sql`exists (select 1 from ${properties} where ${properties.orgId} = ${actor.orgId} and ${properties.id} = ${propertyPhotos.propertyId} and ${properties.excluidoEm} is null${
    owner ? sql` and ${owner}` : sql``
  })`;
  const ofProperty = propertyId ? and(eq(propertyPhotos.propertyId, propertyId), reachable) : undefined;
  const ofPost = postId
    ? inArray(
        propertyPhotos.id,
        sql`(select m.property_photo_id from post_media m where m.org_id = ${actor.orgId} and m.post_id = ${postId} and m.property_photo_id is not null)`,
      )
    : undefined;
  const which = ofProperty && ofPost ? or(ofProperty, ofPost) : (ofProperty ?? ofPost ?? sql`0`);
  return ctx.db
    .select(photoColumns)
    .from(propertyPhotos)
    .where(scope.where(propertyPhotos, which))
    .orderBy(desc(propertyPhotos.capa), asc(propertyPhotos.posicao), asc(propertyPhotos.id))
    .limit(60);
}

export interface PostEditorData {
  row: PostRow | null;
  accounts: PostAccount[];
  property: PropertyForPost | null;
  photos: PostPhoto[];
  /** The results of the page's `extra` reads, in their order. */
  extra: unknown[];
  /** The post's images uploaded from the device (not an imóvel's photos). */
  uploads: PostImage[];
}

type Raw = Awaited<ReturnType<typeof propertyStatement>>[number];

function propertyOf(raw: Raw | undefined): PropertyForPost | null {
  if (!raw) return null;
  const { tipo, ...rest } = raw;
  return { ...rest, tipoLabel: tipo ? PROPERTY_TYPE.label(tipo) || null : null };
}

/**
 * One round trip: the post (when editing; null when the member does not reach it), the accounts,
 * the imóvel (`propertyId`, or the post's own) and the photos on offer, plus a page's `extra`
 * reads (the post page's comments) in the same batch.
 */
export async function postEditorData(
  ctx: ServiceContext,
  actor: Actor,
  { postId, propertyId, extra = [] }: { postId?: string | undefined; propertyId?: string | null | undefined; extra?: readonly unknown[] },
): Promise<PostEditorData> {
  const post = postId && isId(postId) ? recordStatement(ctx, actor, "posts", postId) : null;
  const chosen = propertyId && isId(propertyId) ? propertyId : null;
  // An edited post's imóvel is read in the same batch: its id comes from the post's row.
  const propertyKey: string | SQL | null =
    chosen ?? (post ? sql`(select x.property_id from posts x where x.org_id = ${actor.orgId} and x.id = ${postId})` : null);
  const readsProperties = can(actor.role, "imoveis", "read") && propertyKey !== null;
  const statements: unknown[] = [accountsStatement(ctx, actor)];
  if (post) statements.push(post.statement);
  if (readsProperties) {
    statements.push(propertyStatement(ctx, actor, propertyKey as string | SQL));
    statements.push(photosStatement(ctx, actor, propertyKey, post ? (postId as string) : null));
  } else if (post) {
    statements.push(photosStatement(ctx, actor, null, postId as string));
  }
  const readsPhotos = readsProperties || post !== null;
  statements.push(...extra);
  const results = (await ctx.db.batch(statements as unknown as [BatchItem<"sqlite">])) as unknown[];
  let i = 0;
  const accounts = results[i++] as PostAccount[];
  const row = post ? ((rowsOf(post.mod, results[i++] as { j: string }[])[0] as unknown as PostRow | undefined) ?? null) : null;
  const property = readsProperties ? propertyOf((results[i++] as Raw[])[0]) : null;
  const photos = readsPhotos ? ((results[i++] as PostPhoto[] | undefined) ?? []) : [];
  return { row, accounts, property, photos, extra: results.slice(i), uploads: uploadedImages(row?.midias ?? [], actor.orgId) };
}
