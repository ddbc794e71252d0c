import { ART_FORMATS, type ArtContent, type ArtFormat, type ArtSlideKind, type ArtTemplateId } from "../../../shared/art/art-content.ts";
import type { ArtRenderSpec } from "../../../shared/art/art-render-spec.ts";
import type { BrandStyle } from "../../../shared/brand/brand-style.ts";
import { PHOTO_FORMATS, publishObjectKey } from "../../../shared/real-estate/photo-url.ts";
import { POST_IMAGE_WIDTHS, postImageKey } from "../../../shared/social/post-image-key.ts";
import { can } from "../../auth/permissions.ts";
import { type Actor, DomainError, type ServiceContext } from "../context.ts";
import type { StoredPostImage } from "../social/post-images.ts";
import { type ArtBinding, renderSlide } from "./art-client.ts";
import { loadLogo, loadPhoto } from "./art-photos.ts";

/**
 * Post art for an organização (issue 20, ADR 051): what the generation job and the screens call.
 * Rendering happens in the art Worker; here, the permission (whoever may draft a post), the
 * organização's own photos and logo, and storage in R2 under the post image key scheme
 * (`orgs/<org>/posts/jpeg-<w>x<h>-<uuid>`: `publish.jpg` for Meta, `640.jpg` and `320.jpg` to
 * display), so a post's `post_media.key` takes the answer as it takes an uploaded image.
 */

export interface ArtDeps {
  art: ArtBinding | undefined;
  bucket: R2Bucket | undefined;
}

export interface ArtSlideInput {
  template: ArtTemplateId;
  slide: ArtSlideKind;
  format: ArtFormat;
  content: ArtContent;
  brand: BrandStyle;
  /** A photo's key: the organização's (imóvel photo or post image) or a demo photo's; null: none. */
  photoKey: string | null;
}

/** The preview's width: sharp on a phone-sized preview, a fraction of a publishing render's time. */
export const ART_PREVIEW_WIDTH = 540;
/** Instagram takes at most 10 slides in a carousel. */
export const CAROUSEL_MAX_SLIDES = 10;

function assertMayDraft(actor: Actor): void {
  if (!can(actor.role, "posts", "create")) throw new DomainError("Você não tem permissão para criar artes de posts.", 403);
}

async function imagesFor(ctx: ServiceContext, deps: ArtDeps, orgId: string, input: Pick<ArtSlideInput, "photoKey" | "brand">) {
  const [photo, logo] = await Promise.all([
    input.photoKey ? loadPhoto(ctx, deps.bucket, orgId, input.photoKey) : Promise.resolve(null),
    loadLogo(deps.bucket, orgId, input.brand.logoKey),
  ]);
  return { photo, logo };
}

function specOf(input: ArtSlideInput, widths: ArtRenderSpec["widths"]): ArtRenderSpec {
  return { template: input.template, slide: input.slide, format: input.format, content: input.content, brand: input.brand, widths };
}

/** A small JPEG of one slide, stored nowhere (the screens' live preview). */
export async function previewArt(ctx: ServiceContext, actor: Actor, deps: ArtDeps, input: ArtSlideInput): Promise<Uint8Array<ArrayBuffer>> {
  assertMayDraft(actor);
  const images = await imagesFor(ctx, deps, actor.orgId, input);
  const out = await renderSlide(deps.art, specOf(input, [ART_PREVIEW_WIDTH]), images);
  return out.get(ART_PREVIEW_WIDTH) as Uint8Array<ArrayBuffer>;
}

/**
 * Renders one slide at publishing size and stores it as a post image of the actor's organização.
 * `id`: the key's uuid (a new one unless given: the demo's art has fixed keys its seeded posts name).
 */
export async function storeArt(
  ctx: ServiceContext,
  actor: Actor,
  deps: ArtDeps,
  input: ArtSlideInput,
  id: string = crypto.randomUUID(),
): Promise<StoredPostImage> {
  assertMayDraft(actor);
  if (!deps.bucket) throw new DomainError("O armazenamento de arquivos não está configurado. Tente novamente mais tarde.", 422);
  const { width, height } = ART_FORMATS[input.format];
  const images = await imagesFor(ctx, deps, actor.orgId, input);
  const jpegs = await renderSlide(deps.art, specOf(input, [width as 1080, ...POST_IMAGE_WIDTHS]), images);
  const chave = postImageKey(actor.orgId, { width, height }, id);
  const { contentType } = PHOTO_FORMATS.jpeg;
  const bucket = deps.bucket;
  await Promise.all([
    bucket.put(publishObjectKey(chave), jpegs.get(width) as Uint8Array<ArrayBuffer>, {
      httpMetadata: { contentType },
      customMetadata: { width: String(width), height: String(height), origem: "arte" },
    }),
    ...POST_IMAGE_WIDTHS.map((w) =>
      bucket.put(`${chave}/${w}.jpg`, jpegs.get(w) as Uint8Array<ArrayBuffer>, { httpMetadata: { contentType } }),
    ),
  ]);
  return { chave, width, height };
}

export interface CarouselInput {
  template: ArtTemplateId;
  format: ArtFormat;
  content: ArtContent;
  brand: BrandStyle;
  /** The record's photos in order; the first is the cover's. */
  photoKeys: string[];
}

/**
 * A carousel's slides: the cover (the chosen template over the first photo), one slide per further
 * photo, the facts, the contact — at most Instagram's 10 (photos beyond are left out).
 */
export function carouselSlides(input: CarouselInput): ArtSlideInput[] {
  const base = { template: input.template, format: input.format, content: input.content, brand: input.brand };
  const [cover = null, ...rest] = input.photoKeys;
  const closing: ArtSlideInput[] = [
    ...(input.content.fatos.length ? [{ ...base, slide: "ficha" as const, photoKey: cover }] : []),
    { ...base, slide: "contato", photoKey: null },
  ];
  const room = CAROUSEL_MAX_SLIDES - 1 - closing.length;
  return [
    { ...base, slide: "capa", photoKey: cover },
    ...rest.slice(0, room).map((photoKey) => ({ ...base, slide: "foto" as const, photoKey })),
    ...closing,
  ];
}

/** Renders and stores every slide of a carousel, in order (one at a time: each render is CPU-bound). */
export async function storeCarousel(ctx: ServiceContext, actor: Actor, deps: ArtDeps, input: CarouselInput): Promise<StoredPostImage[]> {
  assertMayDraft(actor);
  const stored: StoredPostImage[] = [];
  for (const slide of carouselSlides(input)) stored.push(await storeArt(ctx, actor, deps, slide));
  return stored;
}
