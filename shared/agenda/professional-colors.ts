import type { HexColor } from "../brand/brand-style.ts";
import { legibleTextOn, normalizeHex } from "../brand/contrast.ts";
import type { FilterOption } from "../resources/types.ts";

/**
 * A professional's colour on the calendar (issue 21, ADR 064): one of a palette that tells
 * people apart side by side, or any "#rrggbb". Text on it is white or black, whichever reads
 * better (WCAG: one of them always reaches 4,58:1), so no colour is refused. Client-safe.
 */

/** The agenda's palette: distinct, saturated colours (Tailwind 600s): each reads with white or black text. */
export const CALENDAR_PALETTE: readonly FilterOption[] = [
  { value: "#2563eb", label: "Azul" },
  { value: "#16a34a", label: "Verde" },
  { value: "#dc2626", label: "Vermelho" },
  { value: "#9333ea", label: "Roxo" },
  { value: "#ea580c", label: "Laranja" },
  { value: "#0891b2", label: "Ciano" },
  { value: "#db2777", label: "Rosa" },
  { value: "#ca8a04", label: "Mostarda" },
  { value: "#4f46e5", label: "Anil" },
  { value: "#0d9488", label: "Verde-água" },
  { value: "#65a30d", label: "Verde-limão" },
  { value: "#57534e", label: "Grafite" },
];

/** The first palette colour nobody uses yet (the palette's first when all are taken). */
export function nextFreeColor(used: readonly string[]): HexColor {
  const taken = new Set(used.map((c) => c.toLowerCase()));
  const free = CALENDAR_PALETTE.find((c) => !taken.has(c.value));
  return (free ?? CALENDAR_PALETTE[0])?.value as HexColor;
}

/** "Azul" for a palette colour, else the hex in capitals ("#1A2B3C"). */
export function colorName(hex: string): string {
  const known = CALENDAR_PALETTE.find((c) => c.value === hex.toLowerCase());
  return known ? known.label : hex.toUpperCase();
}

/** Background and text colours for a professional's chip or calendar block (text always legible). */
export function colorStyle(hex: string): { backgroundColor: HexColor; color: HexColor } {
  const background = normalizeHex(hex) ?? ("#57534e" as HexColor);
  return { backgroundColor: background, color: legibleTextOn(background) };
}
