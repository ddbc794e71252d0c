import type { HexColor } from "./brand-style.ts";

/**
 * WCAG 2 contrast, pure and client-safe: the /cores screen shows the ratio as the person picks,
 * its schema refuses illegible pairs with the same numbers, and the app's accent is derived here
 * (ADR 054).
 */

/** Normal text (WCAG 2 AA, 1.4.3): the brand's text on its primary colour, and the app's accent as text. */
export const MIN_TEXT_CONTRAST = 4.5;

/** `#rgb` or `#rrggbb` (any case, surrounding spaces) → `#rrggbb` lower-case; null when it is neither. */
export function normalizeHex(value: string): HexColor | null {
  const v = value.trim().toLowerCase();
  if (/^#[0-9a-f]{6}$/.test(v)) return v as HexColor;
  const short = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/.exec(v);
  return short ? (`#${short[1]}${short[1]}${short[2]}${short[2]}${short[3]}${short[3]}` as HexColor) : null;
}

type Rgb = readonly [number, number, number];

function rgbOf(hex: HexColor): Rgb {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function hexOf([r, g, b]: Rgb): HexColor {
  return `#${[r, g, b]
    .map((c) =>
      Math.round(Math.min(255, Math.max(0, c)))
        .toString(16)
        .padStart(2, "0"),
    )
    .join("")}` as HexColor;
}

/** WCAG relative luminance (sRGB). */
export function luminance(hex: HexColor): number {
  const [r, g, b] = rgbOf(hex).map((c) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as unknown as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The contrast ratio of two colours, 1 to 21. */
export function contrastRatio(a: HexColor, b: HexColor): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** "4,5:1": how the screen writes a ratio (rounded down, so a shown 4,5 never hides a 4,49). */
export function formatRatio(ratio: number): string {
  return `${(Math.floor(ratio * 10) / 10).toLocaleString("pt-BR", { minimumFractionDigits: 1, maximumFractionDigits: 1 })}:1`;
}

/** `a` moved towards `b` by `t` (0: a, 1: b), in sRGB: what "a tint of" means on screen. */
export function mix(a: HexColor, b: HexColor, t: number): HexColor {
  const x = rgbOf(a);
  const y = rgbOf(b);
  return hexOf([0, 1, 2].map((i) => (x[i] as number) + ((y[i] as number) - (x[i] as number)) * t) as unknown as Rgb);
}

const WHITE = "#ffffff" as HexColor;
const INK = "#000000" as HexColor;

/** White or black, whichever reads better on `background`: one of them always reaches 4,58:1 or more. */
export function legibleTextOn(background: HexColor): HexColor {
  return contrastRatio(WHITE, background) >= contrastRatio(INK, background) ? WHITE : INK;
}

/** The app's own surfaces (app/app.css): the accent is text and buttons on these. */
export const APP_BACKGROUNDS = {
  light: ["#ffffff", "#f6f7f9", "#eef0f3"] as HexColor[],
  dark: ["#171e27", "#0f141a", "#1f2833"] as HexColor[],
} as const;

/** One colour mode's three accent variables (`--c-accent`, `--c-accent-fg`, `--c-accent-soft`). */
export interface AccentTriple {
  accent: HexColor;
  fg: HexColor;
  soft: HexColor;
}

export interface AccentPalette {
  light: AccentTriple;
  dark: AccentTriple;
}

function worstContrast(color: HexColor, backgrounds: readonly HexColor[]): number {
  return Math.min(...backgrounds.map((bg) => contrastRatio(color, bg)));
}

/**
 * The accent's legibility on the light surfaces, where it is used as chosen: links and active
 * menu items are text in the accent, so it must read at 4,5:1 on the page, the cards and the
 * muted panels. (Dark mode derives its own lighter shade, so only this check can refuse.)
 */
export function accentContrast(accent: HexColor): number {
  return worstContrast(accent, [...APP_BACKGROUNDS.light, lightSoftOf(accent)]);
}

function lightSoftOf(accent: HexColor): HexColor {
  return mix(WHITE, accent, 0.1);
}

function darkSoftOf(accent: HexColor): HexColor {
  return mix("#0f141a" as HexColor, accent, 0.18);
}

/**
 * The three variables for light and dark from one chosen colour (ADR 054): light uses it as is
 * (the caller has checked `accentContrast`); dark lightens it towards white until it reads on
 * the dark surfaces. `fg` is white or ink, whichever reads on the accent; `soft` is a faint tint
 * on the mode's surface (selected rows, badges), on which the accent still reads.
 */
export function accentPalette(accent: HexColor): AccentPalette {
  // Lightened in 5 % steps: white itself reads at 13:1 or more on every dark surface, so it ends.
  let dark = accent;
  for (let t = 0.05; worstContrast(dark, [...APP_BACKGROUNDS.dark, darkSoftOf(dark)]) < MIN_TEXT_CONTRAST && t <= 1.001; t += 0.05)
    dark = mix(accent, WHITE, t);
  return {
    light: { accent, fg: legibleTextOn(accent), soft: lightSoftOf(accent) },
    dark: { accent: dark, fg: legibleTextOn(dark), soft: darkSoftOf(dark) },
  };
}

/**
 * The CSS that makes an organização's pages use its accent: drawn by the app's shell, so no
 * screen does anything. `html:root` outranks app.css's `:root`, wherever the rule lands.
 */
export function accentCss(accent: HexColor): string {
  const { light, dark } = accentPalette(accent);
  const pair = (a: HexColor, b: HexColor) => `light-dark(${a}, ${b})`;
  return `html:root{--c-accent:${pair(light.accent, dark.accent)};--c-accent-fg:${pair(light.fg, dark.fg)};--c-accent-soft:${pair(light.soft, dark.soft)}}`;
}
