import { type SQL, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Database } from "../../../db/client.ts";
import { DEMO_PHOTO_PREFIX, publishObjectKey } from "../../../shared/real-estate/photo-url.ts";
import { DEMO_PIN } from "../media/publish-media.ts";

/**
 * The approved bytes of a post's images (ADR 047 amendment): when a post is approved — by the
 * move, or by an approver saving it approved — each image's publishing JPEG is pinned by its R2
 * etag in `post_media.publish_etag`; the publisher hands Meta an image only while its etag is
 * still that one. Whatever changes the file afterwards (a new rendition, a direct write) holds the
 * publication for a new approval instead of publishing what nobody approved.
 */

/** The pin of an image that had no publishing JPEG when approved (the publisher fails such an image). */
export const NO_FILE_PIN = "-";

/** What an image's publishing JPEG is now, as a pin: its etag, NO_FILE_PIN, or null when no bucket can say. */
export async function currentPin(bucket: R2Bucket | undefined, key: string): Promise<string | null> {
  if (key.startsWith(DEMO_PHOTO_PREFIX)) return DEMO_PIN;
  if (!bucket) return null;
  const head = await bucket.head(publishObjectKey(key));
  return head ? head.etag : NO_FILE_PIN;
}

/** Each image of the post: its row and the key its publishing JPEG is stored under. */
async function mediaKeys(db: Database, orgId: string, postId: string): Promise<{ id: string; key: string }[]> {
  return db.all<{ id: string; key: string }>(sql`select m.id as id, coalesce(f.key, m.key) as key from post_media m
    left join property_photos f on f.org_id = m.org_id and f.id = m.property_photo_id
    where m.org_id = ${orgId} and m.post_id = ${postId} and coalesce(f.key, m.key) is not null`);
}

/**
 * The statements that pin the post's images as they are now, each run only when `happened` holds
 * (the approval landed in the same batch). Reads the images (one query) and their heads first; an
 * image added meanwhile stays unpinned, and the publisher holds it (never the other way round).
 */
export async function pinStatements(
  ctx: { db: Database; files?: R2Bucket | undefined },
  orgId: string,
  postId: string,
  happened: SQL,
): Promise<SQL[]> {
  const rows = await mediaKeys(ctx.db, orgId, postId);
  const pins = await Promise.all(rows.map((row) => currentPin(ctx.files, row.key)));
  return rows.map(
    (row, i) => sql`update post_media set publish_etag = ${pins[i] ?? null} where org_id = ${orgId} and id = ${row.id} and ${happened}`,
  );
}

/** Pins an approved post's images now (an approver saved it: scheduling is approving what they see). */
export async function pinApprovedPost(ctx: { db: Database; files?: R2Bucket | undefined }, orgId: string, postId: string): Promise<void> {
  const approved = sql`exists (select 1 from posts p where p.org_id = ${orgId} and p.id = ${postId} and p.approval = 'aprovado')`;
  const statements = await pinStatements(ctx, orgId, postId, approved);
  if (statements.length) await ctx.db.batch(statements.map((statement) => ctx.db.run(statement)) as unknown as [BatchItem<"sqlite">]);
}
