import type { BrandFontId } from "../shared/brand/brand-style.ts";

/**
 * The font files of the brand fonts (shared/brand/brand-style.ts BRAND_FONTS), Latin subset
 * (every pt-BR letter), regular and bold, as `.woff` (satori reads woff, not woff2). From
 * Fontsource 5.3.0, SIL Open Font License (worker-art/fonts/OFL-*.txt).
 */
export const FONT_FILES: Record<BrandFontId, { 400: string; 700: string }> = {
  inter: { 400: "inter-latin-400-normal.woff", 700: "inter-latin-700-normal.woff" },
  montserrat: { 400: "montserrat-latin-400-normal.woff", 700: "montserrat-latin-700-normal.woff" },
  playfair: { 400: "playfair-display-latin-400-normal.woff", 700: "playfair-display-latin-700-normal.woff" },
  lora: { 400: "lora-latin-400-normal.woff", 700: "lora-latin-700-normal.woff" },
};

export type FontWeight = 400 | 700;
/** Every font file's bytes, by brand font and weight. */
export type FontBytes = Record<BrandFontId, Record<FontWeight, ArrayBuffer>>;

export const BRAND_FONT_IDS = Object.keys(FONT_FILES) as BrandFontId[];
