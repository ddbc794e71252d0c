/**
 * The business's brand as the generated post art and the app's accent use it (issue 20): set on
 * /cores "Estilização", read by the art renderer and the generator. Pure and client-safe.
 * The contract between the screen that stores it and the renderer that draws with it.
 */

/** The fonts Alicerce ships for post art (their files live with the renderer). */
export const BRAND_FONTS = [
  { id: "inter", label: "Inter — moderna e neutra" },
  { id: "montserrat", label: "Montserrat — geométrica, forte nos títulos" },
  { id: "playfair", label: "Playfair Display — elegante, para alto padrão" },
  { id: "lora", label: "Lora — clássica e acolhedora" },
] as const;

export type BrandFontId = (typeof BRAND_FONTS)[number]["id"];

/** `#rrggbb`, lower-case: the only colour form stored and drawn. */
export type HexColor = `#${string}`;

export interface BrandStyle {
  /** Backgrounds and bands of the art (the app's accent is `corDestaqueApp`, chosen on its own). */
  corPrimaria: HexColor;
  /** Price tags, highlights. */
  corSecundaria: HexColor;
  /** Text drawn on `corPrimaria`: must pass the contrast check against it. */
  corTextoSobrePrimaria: HexColor;
  fonte: BrandFontId;
  /** The app's accent colour for this organização's pages (null: Alicerce's own). */
  corDestaqueApp: HexColor | null;
  /** The logo's R2 key (the same logo as /config "Perfil do Negócio"), if any. */
  logoKey: string | null;
}

/** What a business that never opened /cores gets: Alicerce's teal, legible, neutral. */
export const DEFAULT_BRAND: BrandStyle = {
  corPrimaria: "#0f6e66",
  corSecundaria: "#f2b134",
  corTextoSobrePrimaria: "#ffffff",
  fonte: "inter",
  corDestaqueApp: null,
  logoKey: null,
};
