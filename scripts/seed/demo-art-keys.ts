import { createHash } from "node:crypto";
import { ART_FORMATS, type ArtFormat, type ArtTemplateId } from "../../shared/art/art-content.ts";
import { parsePostImageKey, postImageKey } from "../../shared/social/post-image-key.ts";

/**
 * The demo's generated art (demo-art-posts.ts) under fixed post image keys: the seed names them in
 * `post_media` before any file exists (it runs in Node, without R2), and `npm start` renders the
 * missing ones into the bucket once the Worker is up (scripts/lib/demo-art.ts). The key's uuid
 * comes from the imóvel, the look and the slide's position, so both sides find the same key
 * (and the look to draw it with) without a table.
 */

export interface DemoArtLook {
  template: ArtTemplateId;
  format: ArtFormat;
}

/** The looks of the generated demo posts, one per post in the plan's order. */
export const DEMO_ART_LOOKS: readonly DemoArtLook[] = [
  { template: "faixa-preco", format: "retrato" },
  { template: "destaque", format: "quadrado" },
  { template: "elegante", format: "retrato" },
  { template: "ficha", format: "quadrado" },
];

/** A uuid-shaped id (what post image keys hold) from the imóvel, the look and the slide's position. */
export function demoArtImageId(propertyId: string, look: number, position: number): string {
  const hex = createHash("sha256").update(`demo-art|${propertyId}|${look}|${position}`).digest("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

export function demoArtKey(orgId: string, propertyId: string, look: number, position: number): string {
  const { format } = DEMO_ART_LOOKS[look] as DemoArtLook;
  return postImageKey(orgId, ART_FORMATS[format], demoArtImageId(propertyId, look, position));
}

/** The look a key of this imóvel at this position was made with; null: not demo art (an image someone stored). */
export function demoArtLookOf(key: string, propertyId: string, position: number): number | null {
  const id = parsePostImageKey(key)?.id;
  if (!id) return null;
  const look = DEMO_ART_LOOKS.findIndex((_, i) => demoArtImageId(propertyId, i, position) === id);
  return look < 0 ? null : look;
}

/** The photos a demo carousel draws: the cover and two more (five slides with the facts and the contact, so `npm start` renders them in seconds). */
export function demoArtPhotos<T>(photos: readonly T[]): T[] {
  return photos.slice(0, 3);
}
