import { properties } from "../../../db/schema/index.ts";
import type { PropertyStatus } from "../../../shared/enums.ts";
import type { Harness } from "../harness.ts";
import { webpFile } from "../../support/webp.ts";

/**
 * A property row written straight to the table (the Imóveis resource is another engineer's): the
 * photo, public page and lead tests need only a live property of an organization.
 */
export async function insertProperty(
  h: Harness,
  orgId: string,
  values: Partial<typeof properties.$inferInsert> & { status?: PropertyStatus } = {},
): Promise<{ id: string; slug: string }> {
  const id = crypto.randomUUID();
  const slug = values.slug ?? `apartamento-teste-${id.slice(0, 8)}`;
  const now = new Date();
  await h.fresh.db.insert(properties).values({
    id,
    orgId,
    codigo: `AP${id.slice(0, 6)}`,
    slug,
    ordem: "apartamento teste",
    titulo: "Apartamento teste",
    status: "disponivel",
    criadoEm: now,
    atualizadoEm: now,
    ...values,
  });
  return { id, slug };
}

/** An in-memory R2 bucket (tests/support/memory-bucket.ts): the photo service's and the media route's calls. */
export { fakeBucket } from "../../support/memory-bucket.ts";

/**
 * One width of a photo as the browser's resizer makes it (app/lib/image-resize.ts) from a photo
 * whose largest width is `largura` × `altura`: a WebP with a real VP8 header, at least `size` bytes.
 */
export function photoFile(width: number, largura = 1600, altura = 1200, size = 100 + width): Uint8Array {
  const real = Math.min(width, largura);
  return webpFile("VP8", real, Math.round((altura * real) / largura), size);
}

/** Bytes that only sniff as WebP (RIFF….WEBP: no decodable header) or JPEG, padded to `size`. */
export function webpBytes(size = 64): Uint8Array {
  const bytes = new Uint8Array(size);
  bytes.set(new TextEncoder().encode("RIFF"), 0);
  bytes.set(new TextEncoder().encode("WEBPVP8 "), 8);
  return bytes;
}
export function jpegBytes(size = 64): Uint8Array {
  const bytes = new Uint8Array(size);
  bytes.set([0xff, 0xd8, 0xff, 0xe0], 0);
  return bytes;
}
