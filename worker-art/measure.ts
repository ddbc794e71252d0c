import { parse } from "@shuding/opentype.js";
import type { BrandFontId } from "../shared/brand/brand-style.ts";
import type { Measure } from "../shared/art/text-fit.ts";
import type { FontBytes, FontWeight } from "./fonts.ts";

/** Measures text with the same font files and parser satori draws with. */
export type Measurer = (font: BrandFontId, weight: FontWeight, letterSpacing?: number) => Measure;

export function createMeasurer(fonts: FontBytes): Measurer {
  const parsed = new Map<string, ReturnType<typeof parse>>();
  return (font, weight, letterSpacing = 0) => {
    const key = `${font}-${weight}`;
    let face = parsed.get(key);
    if (!face) {
      face = parse(fonts[font][weight]);
      parsed.set(key, face);
    }
    const f = face;
    return (text, size) => f.getAdvanceWidth(text, size, { kerning: true }) + letterSpacing * Math.max(0, Array.from(text).length - 1);
  };
}
