import { asc, eq } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { postMedia, posts, postTargets, propertyPhotos } from "../../../../db/schema/index.ts";
import { orgScope } from "../../../../db/tenant.ts";
import type { PublishingContext } from "./context.ts";

export type TargetRow = typeof postTargets.$inferSelect;

/** One image of the post, as the publisher needs it. */
export interface PublicationImage {
  position: number;
  /** A property photo's storage key, or an uploaded image's. */
  key: string;
  width: number;
  height: number;
  alt: string | null;
}

/** Everything one network's publication needs, read in one round trip. */
export interface Publication {
  target: TargetRow;
  caption: string;
  link: string | null;
  firstComment: string | null;
  alt: string | null;
  /** When the post was approved (by the move, or an approver's save): only files older than this go (ADR 047 amendment). */
  approvedAt: Date | null;
  images: PublicationImage[];
}

/** The target, its post's content and its images in order; null when the target is gone (post deleted). */
export async function loadPublication(ctx: PublishingContext, orgId: string, targetId: string): Promise<Publication | null> {
  const { db } = ctx;
  const scope = orgScope(db, orgId);
  const [targets, media] = (await db.batch([
    db
      .select({
        target: postTargets,
        caption: posts.legenda,
        link: posts.link,
        firstComment: posts.primeiroComentario,
        alt: posts.textoAlternativo,
        approvedAt: posts.aprovadoEm,
      })
      .from(postTargets)
      .innerJoin(posts, scope.where(posts, eq(posts.id, postTargets.postId)))
      .where(scope.where(postTargets, eq(postTargets.id, targetId))),
    db
      .select({
        position: postMedia.posicao,
        uploaded: postMedia.chave,
        photoKey: propertyPhotos.chave,
        width: propertyPhotos.largura,
        height: propertyPhotos.altura,
        alt: postMedia.textoAlternativo,
      })
      .from(postMedia)
      .innerJoin(postTargets, scope.where(postTargets, eq(postTargets.postId, postMedia.postId)))
      .leftJoin(propertyPhotos, scope.where(propertyPhotos, eq(propertyPhotos.id, postMedia.fotoId)))
      .where(scope.where(postMedia, eq(postTargets.id, targetId)))
      .orderBy(asc(postMedia.posicao)),
  ] as unknown as [BatchItem<"sqlite">, BatchItem<"sqlite">])) as unknown as [
    { target: TargetRow; caption: string; link: string | null; firstComment: string | null; alt: string | null; approvedAt: Date | null }[],
    {
      position: number;
      uploaded: string | null;
      photoKey: string | null;
      width: number | null;
      height: number | null;
      alt: string | null;
    }[],
  ];
  const row = targets[0];
  if (!row) return null;
  const images = media.flatMap((m) => {
    const key = m.photoKey ?? m.uploaded;
    return key ? [{ position: m.position, key, width: m.width ?? 0, height: m.height ?? 0, alt: m.alt }] : [];
  });
  return { ...row, images };
}
