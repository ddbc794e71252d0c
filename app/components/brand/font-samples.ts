import type { BrandFontId } from "../../../shared/brand/brand-style.ts";

/**
 * How the screen shows each shipped font without downloading it (ADR 054): the font itself when
 * the device has it, else the closest family most devices carry (a geometric sans for
 * Montserrat, a high-contrast serif for Playfair Display…). The art is drawn with the real font.
 */
export const FONT_SAMPLE_STACKS: Readonly<Record<BrandFontId, string>> = {
  inter: 'Inter, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  montserrat: 'Montserrat, "Avenir Next", Avenir, "Century Gothic", Futura, "Trebuchet MS", sans-serif',
  playfair: '"Playfair Display", Didot, "Bodoni 72", "Bodoni MT", "Times New Roman", Georgia, serif',
  lora: 'Lora, Georgia, Cambria, "Book Antiqua", "Palatino Linotype", serif',
};
