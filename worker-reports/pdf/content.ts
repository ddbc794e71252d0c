import type { PDFFont } from "pdf-lib";

/**
 * The page content the renderer writes itself, as PDF operators in a string (ADR 081): pdf-lib's
 * drawText/drawRectangle keep every operator as objects until `save()`, ≈ 2 GB for a 100,000-row
 * table; a page written here is a few kB of text, deflated as soon as the page is full.
 */

/** An RGB colour as PDF operands ("0.2 0.25 0.33"), written once per colour, not per use. */
export type Rgb = string & { readonly __rgb: true };

export function hex(color: string): Rgb {
  const n = Number.parseInt(color.replace("#", ""), 16);
  return `${num(((n >> 16) & 255) / 255)} ${num(((n >> 8) & 255) / 255)} ${num((n & 255) / 255)}` as Rgb;
}

/** A number as PDF writes it: at most 2 decimals, no exponent, no "-0". */
export function num(value: number): string {
  if (Number.isInteger(value)) return String(value);
  const rounded = Math.round(value * 100) / 100;
  if (Object.is(rounded, -0) || rounded === 0) return "0";
  return String(rounded);
}

function rgb(color: Rgb): string {
  return color;
}

/**
 * One embedded font with its glyph widths and encodings cached per character: pdf-lib lays out
 * a whole string through fontkit on every call (≈ 30 µs); a table of 100,000 rows asks for the
 * same few dozen characters millions of times. Glyphs are drawn one by one (no kerning or
 * ligatures — a table reads better without them), with tabular figures so numbers line up.
 */
export class Face {
  private readonly widths = new Map<string, number>();
  private readonly codes = new Map<string, string>();
  readonly ascent: number;
  readonly font: PDFFont;
  /** The name the page resources give it ("F1"). */
  readonly name: string;

  constructor(font: PDFFont, name: string) {
    this.font = font;
    this.name = name;
    this.ascent = font.heightAtSize(1000, { descender: false }) / 1000;
  }

  private widthOf(char: string): number {
    let width = this.widths.get(char);
    if (width === undefined) {
      width = this.font.widthOfTextAtSize(char, 1000) / 1000;
      this.widths.set(char, width);
    }
    return width;
  }

  private codeOf(char: string): string {
    let code = this.codes.get(char);
    if (code === undefined) {
      // "<0012>" → "0012": a glyph id of the subset, recorded for embedding.
      code = this.font.encodeText(char).toString().slice(1, -1);
      this.codes.set(char, code);
    }
    return code;
  }

  width(text: string, size: number): number {
    let total = 0;
    for (const char of text) total += this.widthOf(char);
    return total * size;
  }

  /** The text as a PDF hex string of glyph ids. */
  encode(text: string): string {
    let out = "<";
    for (const char of text) out += this.codeOf(char);
    return `${out}>`;
  }

  /** The longest start of `text` that fits `max` points, with "…" when cut. */
  fit(text: string, size: number, max: number): string {
    if (this.width(text, size) <= max) return text;
    const ellipsis = this.widthOf("…") * size;
    let used = 0;
    let out = "";
    for (const char of text) {
      const w = this.widthOf(char) * size;
      if (used + w + ellipsis > max) break;
      used += w;
      out += char;
    }
    return `${out.trimEnd()}…`;
  }

  /** Words laid in lines of at most `max` points (a word longer than a line is cut with "…"). */
  wrap(text: string, size: number, max: number): string[] {
    const lines: string[] = [];
    for (const paragraph of text.split(/\r?\n/)) {
      let current = "";
      for (const word of paragraph.split(/\s+/).filter(Boolean)) {
        const candidate = current ? `${current} ${word}` : word;
        if (this.width(candidate, size) <= max) current = candidate;
        else {
          if (current) lines.push(current);
          current = this.fit(word, size, max);
        }
      }
      if (current) lines.push(current);
    }
    return lines;
  }
}

export type Align = "left" | "right" | "center";

/**
 * A page's operators. Coordinates are taken from the top-left corner (y grows downwards, as a
 * layout reads) and turned into PDF's bottom-left space here.
 */
export class Canvas {
  private parts: string[] = [];
  readonly height: number;

  constructor(height: number) {
    this.height = height;
  }

  private y(top: number): number {
    return this.height - top;
  }

  /** Text whose baseline sits at `top`; `x` is its left, right or centre by `align`. */
  text(text: string, x: number, top: number, face: Face, size: number, color: Rgb, align: Align = "left"): void {
    if (!text) return;
    let left = x;
    if (align !== "left") {
      const width = face.width(text, size);
      left = align === "right" ? x - width : x - width / 2;
    }
    this.parts.push(
      `BT /${face.name} ${num(size)} Tf ${rgb(color)} rg 1 0 0 1 ${num(left)} ${num(this.y(top))} Tm ${face.encode(text)} Tj ET\n`,
    );
  }

  rect(x: number, top: number, width: number, height: number, fill: Rgb): void {
    this.parts.push(`${rgb(fill)} rg ${num(x)} ${num(this.y(top + height))} ${num(width)} ${num(height)} re f\n`);
  }

  line(x1: number, top1: number, x2: number, top2: number, width: number, color: Rgb, dash?: number): void {
    const pattern = dash ? `[${num(dash)} ${num(dash)}] 0 d ` : "";
    this.parts.push(
      `q ${pattern}${num(width)} w ${rgb(color)} RG ${num(x1)} ${num(this.y(top1))} m ${num(x2)} ${num(this.y(top2))} l S Q\n`,
    );
  }

  /** An open polyline through the points (x, top). */
  polyline(points: [number, number][], width: number, color: Rgb): void {
    if (points.length < 2) return;
    const [first, ...rest] = points as [[number, number], ...[number, number][]];
    let path = `${num(first[0])} ${num(this.y(first[1]))} m`;
    for (const [x, top] of rest) path += ` ${num(x)} ${num(this.y(top))} l`;
    this.parts.push(`q 1 J 1 j ${num(width)} w ${rgb(color)} RG ${path} S Q\n`);
  }

  circle(cx: number, cTop: number, r: number, fill: Rgb): void {
    this.parts.push(`${rgb(fill)} rg ${arcPath(cx, this.y(cTop), r, 0, Math.PI * 2, true)} h f\n`);
  }

  /**
   * A ring slice (donut chart) between `start` and `end` radians, clockwise from 12 o'clock.
   */
  ringSlice(cx: number, cTop: number, outer: number, inner: number, start: number, end: number, fill: Rgb): void {
    const cy = this.y(cTop);
    // PDF angles run counter-clockwise from 3 o'clock.
    const a0 = Math.PI / 2 - start;
    const a1 = Math.PI / 2 - end;
    const outerArc = arcPath(cx, cy, outer, a0, a1, true);
    const innerArc = arcPath(cx, cy, inner, a1, a0, false);
    this.parts.push(`${rgb(fill)} rg ${outerArc} ${innerArc} h f\n`);
  }

  /** An image XObject of the page resources, drawn into the box. */
  image(name: string, x: number, top: number, width: number, height: number): void {
    this.parts.push(`q ${num(width)} 0 0 ${num(height)} ${num(x)} ${num(this.y(top + height))} cm /${name} Do Q\n`);
  }

  /** A form XObject of the page resources placed with its origin at (x, baseline top). */
  form(name: string, x: number, top: number): void {
    this.parts.push(`q 1 0 0 1 ${num(x)} ${num(this.y(top))} cm /${name} Do Q\n`);
  }

  toString(): string {
    return this.parts.join("");
  }
}

/**
 * An arc as Bézier curves of at most 90° each, from angle a0 to a1 (radians, PDF orientation).
 * `move` starts a new path at the arc's first point; else the path draws a line to it.
 */
function arcPath(cx: number, cy: number, r: number, a0: number, a1: number, move: boolean): string {
  const total = a1 - a0;
  const segments = Math.max(1, Math.ceil(Math.abs(total) / (Math.PI / 2)));
  const step = total / segments;
  const k = (4 / 3) * Math.tan(step / 4);
  let out = `${num(cx + r * Math.cos(a0))} ${num(cy + r * Math.sin(a0))} ${move ? "m" : "l"}`;
  for (let i = 0; i < segments; i++) {
    const s = a0 + i * step;
    const e = s + step;
    const [c0, s0, c1, s1] = [Math.cos(s), Math.sin(s), Math.cos(e), Math.sin(e)];
    out += ` ${num(cx + r * (c0 - k * s0))} ${num(cy + r * (s0 + k * c0))} ${num(cx + r * (c1 + k * s1))} ${num(cy + r * (s1 - k * c1))} ${num(cx + r * c1)} ${num(cy + r * s1)} c`;
  }
  return out;
}
