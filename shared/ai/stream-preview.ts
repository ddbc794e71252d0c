/**
 * The readable part of a structured answer while it streams (ADR 055): the model writes JSON
 * (`{"variantes":[{"legenda":"…`), and a person waiting wants the captions, not braces. This
 * reads the captions out of the JSON so far — the values of `legenda` keys and the items of a
 * `legendas` array, the last one possibly unfinished — without waiting for the JSON to close.
 * Append-only as the JSON grows (an escape cut in half is left for the next call), so a page can
 * append each new piece at the offset it already has.
 */

const KEYS = new Set(["legenda"]);
const ARRAY_KEYS = new Set(["legendas"]);

/** The captions in a JSON text that may stop anywhere. */
export function captionsInPartialJson(json: string): string[] {
  const out: string[] = [];
  let depth = 0;
  /** The key whose value comes next (after its ':'), else null. */
  let pendingKey: string | null = null;
  /** The depth of the `legendas` array being read, else -1. */
  let arrayDepth = -1;
  let i = 0;
  while (i < json.length) {
    const ch = json[i] as string;
    if (ch === '"') {
      const { text, end, closed } = readString(json, i + 1);
      const capture = (pendingKey !== null && KEYS.has(pendingKey)) || (arrayDepth === depth && pendingKey === null);
      if (!closed) {
        if (capture) out.push(text);
        break;
      }
      i = end;
      let j = i;
      while (j < json.length && /\s/.test(json[j] as string)) j++;
      if (json[j] === ":") {
        pendingKey = text;
        i = j + 1;
        continue;
      }
      if (capture) out.push(text);
      pendingKey = null;
      continue;
    }
    if (ch === "[") {
      depth++;
      if (pendingKey !== null && ARRAY_KEYS.has(pendingKey)) arrayDepth = depth;
      pendingKey = null;
    } else if (ch === "]") {
      if (arrayDepth === depth) arrayDepth = -1;
      depth--;
    } else if (ch === "{") {
      depth++;
      pendingKey = null;
    } else if (ch === "}") {
      depth--;
    } else if (ch === ",") {
      pendingKey = null;
    }
    i++;
  }
  return out;
}

const ESCAPES: Record<string, string> = { '"': '"', "\\": "\\", "/": "/", b: "\b", f: "\f", n: "\n", r: "\r", t: "\t" };

/** A JSON string from just after its opening quote: its text so far, where it ended, and whether it closed. */
function readString(json: string, start: number): { text: string; end: number; closed: boolean } {
  let text = "";
  let i = start;
  while (i < json.length) {
    const ch = json[i] as string;
    if (ch === '"') return { text, end: i + 1, closed: true };
    if (ch !== "\\") {
      // Half an emoji at the very end waits for its other half.
      const code = ch.charCodeAt(0);
      if (code >= 0xd800 && code <= 0xdbff && i + 1 >= json.length) break;
      text += ch;
      i++;
      continue;
    }
    const next = json[i + 1];
    if (next === undefined) break;
    if (next === "u") {
      const hex = json.slice(i + 2, i + 6);
      if (hex.length < 4) break;
      const code = Number.parseInt(hex, 16);
      // A high surrogate waits for its pair, so an emoji never shows as half a character.
      if (code >= 0xd800 && code <= 0xdbff) {
        const low = json.slice(i + 6, i + 12);
        if (low.length < 6) break;
        text += String.fromCharCode(code, Number.parseInt(low.slice(2), 16));
        i += 12;
        continue;
      }
      text += String.fromCharCode(code);
      i += 6;
      continue;
    }
    text += ESCAPES[next] ?? next;
    i += 2;
  }
  return { text, end: i, closed: false };
}

/** Between two captions in the readable text. */
export const CAPTION_SEPARATOR = "\n\n— — —\n\n";

/** The readable text of a partial answer: its captions, one after another. */
export function readableText(json: string): string {
  return captionsInPartialJson(json).join(CAPTION_SEPARATOR);
}
