import { DEMO_PHOTO_PREFIX, MEDIA_PREFIX, publishObjectKey } from "../../../shared/real-estate/photo-url.ts";
import { DomainError, type ServiceContext } from "../context.ts";

/**
 * The bytes post art draws with, only ever the organização's own: a photo's publishing JPEG
 * (an imóvel's photo or an image uploaded for a post, both `orgs/<org>/…/publish.jpg`) or a demo
 * photo's (a public static file), and the brand's logo.
 */

const DEMO_KEY = /^demo\/[a-z0-9-]{1,60}$/;
const PHOTO_NOT_FOUND = "Foto não encontrada. Escolha outra foto para a arte.";
/** A publishing JPEG is far smaller; a logo is at most 2 MB (shared/organization/business-fields.ts). */
const MAX_BYTES = 8 * 1024 * 1024;

async function bytesOf(body: ReadableStream | null, size: number): Promise<Uint8Array<ArrayBuffer> | null> {
  if (!body || size > MAX_BYTES) return null;
  return new Uint8Array(await new Response(body).arrayBuffer());
}

export async function loadPhoto(
  ctx: Pick<ServiceContext, "origin">,
  bucket: R2Bucket | undefined,
  orgId: string,
  key: string,
): Promise<Uint8Array<ArrayBuffer>> {
  if (DEMO_KEY.test(key)) {
    // The demo's photos are the app's own static files (public/media/demo/), public by design.
    const response = await fetch(new URL(`${MEDIA_PREFIX}${publishObjectKey(key)}`, ctx.origin));
    if (!response.ok) throw new DomainError(PHOTO_NOT_FOUND, 404, "foto");
    return new Uint8Array(await response.arrayBuffer());
  }
  if (!key.startsWith(`orgs/${orgId}/`) || key.includes("..") || key.startsWith(DEMO_PHOTO_PREFIX))
    throw new DomainError(PHOTO_NOT_FOUND, 404, "foto");
  const object = await bucket?.get(publishObjectKey(key));
  const bytes = object ? await bytesOf(object.body, object.size) : null;
  if (!bytes) throw new DomainError(PHOTO_NOT_FOUND, 404, "foto");
  return bytes;
}

/** The brand's logo, if it is the organização's and stored; a missing logo draws the business's name instead. */
export async function loadLogo(bucket: R2Bucket | undefined, orgId: string, key: string | null): Promise<Uint8Array<ArrayBuffer> | null> {
  if (!key || !bucket || !key.startsWith(`orgs/${orgId}/`) || key.includes("..")) return null;
  const object = await bucket.get(key);
  return object ? bytesOf(object.body, object.size) : null;
}
