/**
 * Our marker in a Facebook post (ADR 047): the publication's id as invisible characters at the end
 * of the text, so after an answer lost in transit the Page's recent posts can be searched for the
 * one we made — and a second post never created. Zero-width characters show as nothing on Facebook.
 */

const DIGITS = ["\u200b", "\u200c", "\u200d", "\u2060"] as const;
const START = "\u2063";

/** 24 invisible characters (48 bits of the id, base 4) after an invisible separator. */
export function markerOf(targetId: string): string {
  const hex = targetId
    .replace(/[^0-9a-f]/gi, "")
    .slice(0, 12)
    .padEnd(12, "0");
  let out = START;
  for (const char of hex) {
    const n = Number.parseInt(char, 16);
    out += (DIGITS[n >> 2] as string) + (DIGITS[n & 3] as string);
  }
  return out;
}

/** The text with our marker appended (once). */
export function withMarker(text: string, targetId: string): string {
  const marker = markerOf(targetId);
  return text.endsWith(marker) ? text : `${text}${marker}`;
}

export function hasMarker(text: string | null | undefined, targetId: string): boolean {
  return typeof text === "string" && text.includes(markerOf(targetId));
}
