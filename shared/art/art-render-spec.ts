import { z } from "zod";
import { BRAND_FONTS, type BrandFontId, type BrandStyle } from "../brand/brand-style.ts";
import { ART_FORMAT_IDS, ART_SLIDE_KINDS, ART_TEMPLATE_IDS, artContentSchema } from "./art-content.ts";

/**
 * What the main Worker asks the art Worker over the service binding (ADR 051): one slide in one
 * format, at the widths wanted (1080 to publish, 640 and 320 to display, 540 for a preview).
 * The photo and the logo travel beside it as files of the same multipart request.
 */

const hex = z.string().regex(/^#[0-9a-f]{6}$/, "Cor em #rrggbb.") as z.ZodType<`#${string}`>;

export const brandForArtSchema = z.object({
  corPrimaria: hex,
  corSecundaria: hex,
  corTextoSobrePrimaria: hex,
  fonte: z.enum(BRAND_FONTS.map((f) => f.id) as [BrandFontId, ...BrandFontId[]]),
  corDestaqueApp: hex.nullable(),
  logoKey: z.string().max(300).nullable(),
}) satisfies z.ZodType<BrandStyle>;

export const ART_WIDTHS = [1080, 640, 540, 320] as const;

export const artRenderSpecSchema = z.object({
  template: z.enum(ART_TEMPLATE_IDS),
  slide: z.enum(ART_SLIDE_KINDS),
  format: z.enum(ART_FORMAT_IDS as [(typeof ART_FORMAT_IDS)[number], ...(typeof ART_FORMAT_IDS)[number][]]),
  content: artContentSchema,
  brand: brandForArtSchema,
  widths: z
    .array(
      z.union(
        ART_WIDTHS.map((w) => z.literal(w)) as unknown as [z.ZodLiteral<1080>, z.ZodLiteral<640>, z.ZodLiteral<540>, z.ZodLiteral<320>],
      ),
    )
    .min(1)
    .max(ART_WIDTHS.length),
});
export type ArtRenderSpec = z.infer<typeof artRenderSpecSchema>;

/** Photo and logo cap on the wire (a stored photo's publishing JPEG is far smaller). */
export const ART_IMAGE_MAX_BYTES = 8 * 1024 * 1024;
