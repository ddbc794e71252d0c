/**
 * Where the Worker serves a stored property photo. Client-safe (cards, the photo manager, the
 * public page and Open Graph all build URLs with it).
 *
 * The browser resizes each photo before upload into every width below and encodes it with
 * `canvas.toBlob`: WebP where the browser can (Chromium, Firefox), JPEG where it cannot (Safari,
 * so every iOS browser, answers PNG when asked for WebP; ADR 031). A stored size never changes (a new photo gets a new key), so the URL is immutable
 * and cached for a year. Every photo has every width, so a card can ask for
 * `photoUrl(capaChave, 320)` without knowing the photo: an original narrower than a width is
 * stored at its own size under that width's name (never enlarged).
 */

/** The widths stored per photo, smallest first: cards, phones, tablets and desktops, zoom. */
export const PHOTO_WIDTHS = [320, 640, 1024, 1600] as const;
export type PhotoWidth = (typeof PHOTO_WIDTHS)[number];

/**
 * The largest photo the server accepts: PHOTO_WIDTHS' largest width, and 4096 px of height. The
 * browser never stores wider than 1600 px, so only a tall, narrow photo reaches the height limit:
 * 1600 × 4096 is a 1 : 2.56 portrait, taller than a phone's 9 : 16 photo or 9 : 20 screenshot
 * (1600 × 3556), and 6.5 MP (26 MB decoded), which every phone that opens the page can hold.
 */
export const PHOTO_MAX_SIZE = { width: PHOTO_WIDTHS[PHOTO_WIDTHS.length - 1] as number, height: 4096 } as const;

/** The formats a photo may be stored in: one per photo, the same for all its widths. */
export type PhotoFormat = "webp" | "jpeg";
export const PHOTO_FORMATS: Record<PhotoFormat, { ext: string; contentType: string }> = {
  webp: { ext: "webp", contentType: "image/webp" },
  jpeg: { ext: "jpg", contentType: "image/jpeg" },
};

/**
 * The key says the photo's format, so whatever holds only a key (a property's cover, a landing
 * page's cover, a feed) builds the right URL: a JPEG photo's last key segment starts with
 * `jpeg-` (`…/properties/<id>/jpeg-<photoId>`); any other key is a WebP photo (every photo
 * stored before JPEG was accepted, and the demo's). The row's `content_type` says the same.
 */
export const JPEG_KEY_PREFIX = "jpeg-";

export function photoFormatOfKey(key: string): PhotoFormat {
  return key.slice(key.lastIndexOf("/") + 1).startsWith(JPEG_KEY_PREFIX) ? "jpeg" : "webp";
}

/** The last segment of a new photo's key in `format`. */
export function photoKeyLeaf(format: PhotoFormat, photoId: string): string {
  return format === "jpeg" ? `${JPEG_KEY_PREFIX}${photoId}` : photoId;
}

/** `<key>/<width>.<ext>`: where one stored size of a photo lives in the bucket. */
export function photoObjectKey(key: string, width: number): string {
  return `${key}/${width}.${PHOTO_FORMATS[photoFormatOfKey(key)].ext}`;
}

/**
 * The photo's JPEG for publishing on Instagram and Facebook (ADR 042): made by the browser with the
 * other sizes, cropped to Instagram's range (shared/social/instagram-media.ts), stored beside them
 * whatever the photo's format, and served only through a signed URL (never by `/media/`).
 */
export const PUBLISH_FILE = "publish.jpg";

/**
 * Key prefix of the demo business's photos: static assets (`public/media/demo/<name>/`), not R2
 * objects, public like every published listing photo; their publishing JPEGs are committed too.
 */
export const DEMO_PHOTO_PREFIX = "demo/";

/** `<key>/publish.jpg`: where a photo's publishing JPEG lives in the bucket. */
export function publishObjectKey(key: string): string {
  return `${key}/${PUBLISH_FILE}`;
}

/** The share image (Open Graph): one JPEG, the size WhatsApp and Facebook preview best. */
export const SHARE_IMAGE = { width: 1200, height: 630, ext: "jpg", contentType: "image/jpeg" } as const;

/** Prefix of the media route; `key` is a photo's storage key without size and extension. */
export const MEDIA_PREFIX = "/media/";

/** `/media/<key>/<width>.webp` (or `.jpg`): one stored size of a photo. */
export function photoUrl(key: string, width: number): string {
  return `${MEDIA_PREFIX}${photoObjectKey(key, width)}`;
}

/**
 * `/media/<key>/publish.jpg`: the exact JPEG Meta is handed for this photo or uploaded image, for
 * the organização's members (the approval's and the post's previews show it, ADR 047 amendment).
 */
export function publishImageUrl(key: string): string {
  return `${MEDIA_PREFIX}${publishObjectKey(key)}`;
}

/** `/media/<key>/share.jpg`: the share image stored under `key`. */
export function shareImageUrl(key: string): string {
  return `${MEDIA_PREFIX}${key}/share.${SHARE_IMAGE.ext}`;
}

/**
 * A `srcset` over the stored sizes (`/media/…/320.webp 320w, …`, or `.jpg`). `naturalWidth` (the photo's
 * own width) drops the sizes that only repeat a smaller original.
 */
export function photoSrcSet(key: string, naturalWidth: number = Number.POSITIVE_INFINITY): string {
  const widths = PHOTO_WIDTHS.filter((_w, i) => i === 0 || (PHOTO_WIDTHS[i - 1] as number) < naturalWidth);
  return widths.map((w) => `${photoUrl(key, w)} ${Math.min(w, naturalWidth)}w`).join(", ");
}
