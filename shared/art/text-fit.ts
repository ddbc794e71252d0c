/**
 * How post art fits a text into its box (ADR 051): the largest font size between the box's
 * maximum and minimum at which the words wrap into the lines the box holds; at the minimum, the
 * last line that fits ends in "…". A word wider than the box breaks between letters. Pure: the
 * renderer passes the real font's measure, the tests a fake one too.
 */

export interface TextBox {
  width: number;
  height: number;
  /** Font sizes in px: start at `maxSize`, never below `minSize`. */
  maxSize: number;
  minSize: number;
  /** Line height as a multiple of the font size. */
  lineHeight: number;
  maxLines: number;
}

/** Advance width in px of `text` at `size` px. */
export type Measure = (text: string, size: number) => number;

export interface FittedText {
  size: number;
  lines: string[];
  /** Whether text was cut ("…"). */
  truncated: boolean;
}

const ELLIPSIS = "…";
/** Smaller steps look the same and cost more measures. */
const STEP = 0.94;

/** How many lines of `size` px the box holds. */
export function linesThatFit(box: TextBox, size: number): number {
  return Math.max(1, Math.min(box.maxLines, Math.floor(box.height / (size * box.lineHeight) + 1e-9)));
}

/** Breaks a word wider than `width` between letters. */
function breakWord(word: string, width: number, size: number, measure: Measure): string[] {
  const parts: string[] = [];
  let current = "";
  for (const ch of Array.from(word)) {
    if (current && measure(current + ch, size) > width) {
      parts.push(current);
      current = ch;
    } else current += ch;
  }
  if (current) parts.push(current);
  return parts;
}

/** Greedy wrap of `text` into lines no wider than `width`. */
export function wrap(text: string, width: number, size: number, measure: Measure): string[] {
  const words = text.split(/\s+/).filter(Boolean);
  const lines: string[] = [];
  let line = "";
  for (const word of words) {
    const candidate = line ? `${line} ${word}` : word;
    if (measure(candidate, size) <= width) {
      line = candidate;
      continue;
    }
    if (line) lines.push(line);
    if (measure(word, size) <= width) line = word;
    else {
      const pieces = breakWord(word, width, size, measure);
      line = pieces.pop() ?? "";
      lines.push(...pieces);
    }
  }
  if (line) lines.push(line);
  return lines;
}

/** `line` shortened until `line…` fits `width`. */
function ellipsize(line: string, width: number, size: number, measure: Measure): string {
  let chars = Array.from(line.trimEnd());
  while (chars.length && measure(`${chars.join("").trimEnd()}${ELLIPSIS}`, size) > width) chars = chars.slice(0, -1);
  const kept = chars
    .join("")
    .trimEnd()
    .replace(/[\s,.;:–-]+$/, "");
  return `${kept}${ELLIPSIS}`;
}

export function fitText(text: string, box: TextBox, measure: Measure): FittedText {
  const clean = text.replace(/\s+/g, " ").trim();
  if (!clean) return { size: box.maxSize, lines: [], truncated: false };
  let size = box.maxSize;
  for (;;) {
    const lines = wrap(clean, box.width, size, measure);
    if (lines.length <= linesThatFit(box, size)) return { size, lines, truncated: false };
    const next = Math.max(box.minSize, Math.floor(size * STEP));
    if (size === box.minSize) {
      const kept = lines.slice(0, linesThatFit(box, size));
      const last = kept.length - 1;
      kept[last] = ellipsize(kept[last] as string, box.width, size, measure);
      return { size, lines: kept, truncated: true };
    }
    size = next;
  }
}

/** Whether a fitted text stays inside its box (what the overflow test asserts of every template). */
export function overflowOf(fitted: FittedText, box: TextBox, measure: Measure): string | null {
  if (fitted.size > box.maxSize || fitted.size < box.minSize) return `tamanho ${fitted.size} fora de ${box.minSize}–${box.maxSize}`;
  const height = fitted.lines.length * fitted.size * box.lineHeight;
  if (fitted.lines.length > box.maxLines) return `${fitted.lines.length} linhas; cabem ${box.maxLines}`;
  if (height > box.height + 0.5) return `altura ${height.toFixed(1)} > ${box.height}`;
  for (const line of fitted.lines) {
    const w = measure(line, fitted.size);
    if (w > box.width + 0.5) return `linha "${line}" com ${w.toFixed(1)} px > ${box.width}`;
  }
  return null;
}
