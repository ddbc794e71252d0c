import { DEMO_PHOTO_PREFIX, MEDIA_PREFIX, publishObjectKey } from "../../../shared/real-estate/photo-url.ts";
import { publishPlan, type Size } from "../../../shared/social/instagram-media.ts";
import { type SigningContext, signedMediaUrl } from "./signed-media.ts";

/** A photo's publishing JPEG as Meta is handed it: where to download it, and its size. */
export interface PublishMedia extends Size {
  url: string;
  /**
   * When the file was stored (null: a demo photo's static file, which cannot change at runtime).
   * The publisher sends only a file older than the post's approval (ADR 047 amendment).
   */
  uploaded: Date | null;
}

/**
 * The URL Meta downloads a property photo's publishing JPEG from (ADR 042), or null when the photo
 * has none yet (uploaded before it existed: the post editor has the browser make it, with
 * `uploadPublishRendition`). An organização's photo gets a signed URL valid for `ttl` seconds;
 * a demo photo's JPEG is a public static file (the demo's photos are public assets), its size the
 * one `publishPlan` gives the stored photo.
 */
export async function publishMediaOf(
  ctx: SigningContext,
  bucket: R2Bucket | undefined,
  orgId: string,
  photo: { chave: string; largura: number; altura: number },
  ttl?: number,
): Promise<PublishMedia | null> {
  const key = publishObjectKey(photo.chave);
  if (photo.chave.startsWith(DEMO_PHOTO_PREFIX))
    return {
      url: new URL(`${MEDIA_PREFIX}${key}`, ctx.origin).toString(),
      ...publishPlan({ width: photo.largura, height: photo.altura }).output,
      uploaded: null,
    };
  const head = await bucket?.head(key);
  const width = Number(head?.customMetadata?.width);
  const height = Number(head?.customMetadata?.height);
  if (!head || !(width > 0 && height > 0)) return null;
  return { url: await signedMediaUrl(ctx, orgId, key, ttl), width, height, uploaded: head.uploaded };
}
