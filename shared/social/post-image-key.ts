import { JPEG_KEY_PREFIX } from "../real-estate/photo-url.ts";
import type { Size } from "./instagram-media.ts";

/**
 * An image uploaded from the device for a post (not an imóvel's photo): where it lives in the
 * bucket and what its key says. Client-safe. ADR 044 ("Images from the device").
 *
 * `orgs/<org>/posts/jpeg-<width>x<height>-<uuid>`: under the organização (what the signed URLs
 * and the save check), `jpeg-` so `photoUrl` builds `.jpg` names (ADR 031), and the publishing
 * JPEG's size in the key, so the editor, the previews and the post's page draw the crop without
 * a lookup. Files: `publish.jpg` (what Meta downloads, `publishObjectKey`) and the display sizes
 * `320.jpg` and `640.jpg` (the editor's thumbnails and the previews), all of the same crop.
 */

/** The display widths stored beside the publishing JPEG (never wider than it). */
export const POST_IMAGE_WIDTHS = [320, 640] as const;

/** Instagram's width range for a feed image: narrower is blurred up, wider is scaled down. */
export const POST_IMAGE_MIN_WIDTH = 320;
export const POST_IMAGE_MAX_WIDTH = 1440;

const UUID = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";
const KEY = new RegExp(`^orgs/([0-9A-Za-z_-]{1,64})/posts/${JPEG_KEY_PREFIX}([1-9][0-9]{0,4})x([1-9][0-9]{0,4})-(${UUID})$`);

export interface PostImageKey extends Size {
  orgId: string;
  id: string;
}

export function postImageKey(orgId: string, size: Size, id: string): string {
  return `orgs/${orgId}/posts/${JPEG_KEY_PREFIX}${size.width}x${size.height}-${id}`;
}

/** The parts of an uploaded image's key; null for any other text (an imóvel's photo, a made-up key). */
export function parsePostImageKey(key: string): PostImageKey | null {
  const match = KEY.exec(key);
  if (!match) return null;
  const [, orgId, width, height, id] = match as unknown as [string, string, string, string, string];
  return { orgId, width: Number(width), height: Number(height), id };
}

/** Width of the display file `<width>.jpg` for an image `publishWidth` wide: never enlarged. */
export function displayWidth(target: number, publishWidth: number): number {
  return Math.min(target, publishWidth);
}
