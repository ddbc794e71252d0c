import type { HexColor } from "../brand/brand-style.ts";
import { legibleTextOn, normalizeHex } from "../brand/contrast.ts";
import { CALENDAR_PALETTE } from "./calendar-palette.ts";

export { CALENDAR_PALETTE, colorName } from "./calendar-palette.ts";

/**
 * A professional's colour on the calendar (issue 21, ADR 064): one of a palette that tells
 * people apart side by side, or any "#rrggbb". Text on it is white or black, whichever reads
 * better (WCAG: one of them always reaches 4,58:1), so no colour is refused. Client-safe.
 */

/** The first palette colour nobody uses yet (the palette's first when all are taken). */
export function nextFreeColor(used: readonly string[]): HexColor {
  const taken = new Set(used.map((c) => c.toLowerCase()));
  const free = CALENDAR_PALETTE.find((c) => !taken.has(c.value));
  return (free ?? CALENDAR_PALETTE[0])?.value as HexColor;
}

/** Background and text colours for a professional's chip or calendar block (text always legible). */
export function colorStyle(hex: string): { backgroundColor: HexColor; color: HexColor } {
  const background = normalizeHex(hex) ?? ("#57534e" as HexColor);
  return { backgroundColor: background, color: legibleTextOn(background) };
}
