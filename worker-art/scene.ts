import type { ArtContent } from "../shared/art/art-content.ts";
import { type FittedText, fitText, type TextBox } from "../shared/art/text-fit.ts";
import type { BrandFontId, BrandStyle } from "../shared/brand/brand-style.ts";
import type { FontWeight } from "./fonts.ts";
import type { Measurer } from "./measure.ts";
import { type ArtNode, box, type Style } from "./node.ts";

/** What a template draws with: the format, the brand, the content, the images and a text fitter. */
export interface Scene {
  width: number;
  height: number;
  /** Top and bottom margins a story keeps free (Instagram draws its own bar and reply box there). */
  safeTop: number;
  safeBottom: number;
  brand: BrandStyle;
  content: ArtContent;
  /** Data URLs. */
  photo: string | null;
  logo: { src: string; width: number; height: number } | null;
  /** A text fitted into its box, drawn as one line per row (satori never re-wraps it). */
  text: (name: string, value: string, spec: TextSpec) => ArtNode;
}

export interface TextSpec extends TextBox {
  weight: FontWeight;
  color: string;
  /** Another font than the brand's (numbers in the facts grid stay in the brand's too). */
  font?: BrandFontId;
  letterSpacing?: number;
  align?: "left" | "center" | "right";
  /** The box shrinks to its lines (the bound stays `height`). */
  hug?: boolean;
  style?: Style;
}

/** One text a template fitted: what the overflow test checks. */
export interface FitRecord {
  name: string;
  box: TextBox;
  fitted: FittedText;
  font: BrandFontId;
  weight: FontWeight;
  letterSpacing: number;
}

export function createScene(
  base: Omit<Scene, "text" | "safeTop" | "safeBottom">,
  measurer: Measurer,
  record?: (fit: FitRecord) => void,
): Scene {
  const story = base.height / base.width > 1.5;
  return {
    ...base,
    safeTop: story ? 250 : 0,
    safeBottom: story ? 300 : 0,
    text(name, value, spec) {
      const font = spec.font ?? base.brand.fonte;
      const letterSpacing = spec.letterSpacing ?? 0;
      const fitted = fitText(value, spec, measurer(font, spec.weight, letterSpacing));
      record?.({ name, box: spec, fitted, font, weight: spec.weight, letterSpacing });
      const lineHeight = Math.round(fitted.size * spec.lineHeight);
      const justify = spec.align === "center" ? "center" : spec.align === "right" ? "flex-end" : "flex-start";
      const node = box(
        {
          width: spec.width,
          ...(spec.hug ? { maxHeight: spec.height } : { height: spec.height }),
          overflow: "hidden",
          flexShrink: 0,
          ...spec.style,
        },
        ...fitted.lines.map((line, i) => ({
          ...box(
            {
              flexDirection: "row",
              justifyContent: justify,
              height: lineHeight,
              fontFamily: font,
              fontWeight: spec.weight,
              fontSize: fitted.size,
              lineHeight: `${lineHeight}px`,
              color: spec.color,
              whiteSpace: "nowrap",
              ...(letterSpacing ? { letterSpacing } : {}),
            },
            line,
          ),
          key: `line:${name}:${i}`,
        })),
      );
      return { ...node, key: `fit:${name}` };
    },
  };
}

/** Relative luminance (WCAG) of `#rrggbb`. */
function luminance(hex: string): number {
  const channel = (i: number) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/** Near-black or white, whichever reads better on `background` (the brand stores no text colour for it). */
export function inkOn(background: string): string {
  const l = luminance(background);
  return (l + 0.05) / 0.05 >= 1.05 / (l + 0.05) ? "#161616" : "#ffffff";
}

/** `#rrggbb` with an alpha, for scrims and thin lines. */
export function withAlpha(hex: string, alpha: number): string {
  const n = (i: number) => Number.parseInt(hex.slice(i, i + 2), 16);
  return `rgba(${n(1)}, ${n(3)}, ${n(5)}, ${alpha})`;
}

/** The contact as one line: "WhatsApp (11) 98765-4321 · horizonte.alicerce.app/…". */
export function contactLine(content: ArtContent): string {
  const parts = [content.contato.whatsapp ? `WhatsApp ${content.contato.whatsapp}` : null, content.contato.link].filter(Boolean);
  return parts.join("  ·  ");
}

/** The facts as one line: "3 quartos · 2 vagas · 180 m²". */
export function factsLine(content: ArtContent): string {
  return content.fatos.map((f) => `${f.valor} ${f.rotulo}`).join("  ·  ");
}
