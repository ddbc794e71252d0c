/**
 * A PDF's pages as PNG images and text, as a reader would see them (ADR 081): pdf.js (Mozilla's
 * renderer, the one Firefox shows PDFs with) drawing on @napi-rs/canvas (Skia, prebuilt, no
 * system library). Node only: the PDF tests, the e2e download check and anyone looking at a
 * report by eye (`writePdfPages`).
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { createCanvas } from "@napi-rs/canvas";

const require = createRequire(import.meta.url);
const PDFJS_DIR = path.dirname(require.resolve("pdfjs-dist/package.json"));

export interface PdfPageImage {
  /** 1-based. */
  number: number;
  width: number;
  height: number;
  /** RGBA, row by row. */
  pixels: Uint8ClampedArray;
  png: Buffer;
  /** The page's text items joined by spaces (pdf.js's text layer). */
  text: string;
}

export interface PdfInfo {
  pageCount: number;
  pages: PdfPageImage[];
  title: string | undefined;
}

type PdfJs = typeof import("pdfjs-dist/legacy/build/pdf.mjs");
let pdfjs: Promise<PdfJs> | undefined;

/**
 * Renders the asked pages (all by default) at `scale` (1 = 72 dpi; 1.5 ≈ 108 dpi).
 */
export async function pdfPages(bytes: Uint8Array, options: { pages?: number[]; scale?: number } = {}): Promise<PdfInfo> {
  pdfjs ??= import("pdfjs-dist/legacy/build/pdf.mjs");
  const lib = await pdfjs;
  const task = lib.getDocument({
    data: new Uint8Array(bytes),
    standardFontDataUrl: `${PDFJS_DIR}/standard_fonts/`,
    cMapUrl: `${PDFJS_DIR}/cmaps/`,
    cMapPacked: true,
    useSystemFonts: false,
    verbosity: 0,
  });
  const doc = await task.promise;
  try {
    const wanted = options.pages ?? Array.from({ length: doc.numPages }, (_, i) => i + 1);
    const scale = options.scale ?? 1.5;
    const pages: PdfPageImage[] = [];
    for (const number of wanted) {
      const page = await doc.getPage(number);
      const viewport = page.getViewport({ scale });
      const width = Math.ceil(viewport.width);
      const height = Math.ceil(viewport.height);
      const canvas = createCanvas(width, height);
      const context = canvas.getContext("2d");
      context.fillStyle = "#ffffff";
      context.fillRect(0, 0, width, height);
      await page.render({
        canvas: canvas as unknown as HTMLCanvasElement,
        canvasContext: context as unknown as CanvasRenderingContext2D,
        viewport,
      }).promise;
      const content = await page.getTextContent();
      const text = content.items
        .map((item) => ("str" in item ? item.str : ""))
        .join(" ")
        .replace(/\s+/g, " ");
      pages.push({
        number,
        width,
        height,
        pixels: context.getImageData(0, 0, width, height).data,
        png: canvas.toBuffer("image/png"),
        text,
      });
      page.cleanup();
    }
    const meta = await doc.getMetadata().catch(() => null);
    const info = meta?.info as { Title?: string } | undefined;
    return { pageCount: doc.numPages, pages, title: info?.Title };
  } finally {
    await task.destroy();
  }
}

/** Share of a page's pixels that are not (near) white: 0 for a blank page. */
export function inkRatio(page: PdfPageImage): number {
  let ink = 0;
  const { pixels } = page;
  for (let i = 0; i < pixels.length; i += 4) {
    if ((pixels[i] ?? 255) < 235 || (pixels[i + 1] ?? 255) < 235 || (pixels[i + 2] ?? 255) < 235) ink++;
  }
  return ink / (pixels.length / 4);
}

/** How many pixels inside the box (in page pixels) are within `tolerance` of the colour. */
export function countColor(
  page: PdfPageImage,
  color: [number, number, number],
  box: { x: number; y: number; width: number; height: number } = { x: 0, y: 0, width: page.width, height: page.height },
  tolerance = 24,
): number {
  let count = 0;
  for (let y = Math.max(0, box.y); y < Math.min(page.height, box.y + box.height); y++) {
    for (let x = Math.max(0, box.x); x < Math.min(page.width, box.x + box.width); x++) {
      const i = (y * page.width + x) * 4;
      const p = page.pixels;
      if (
        Math.abs((p[i] ?? 0) - color[0]) <= tolerance &&
        Math.abs((p[i + 1] ?? 0) - color[1]) <= tolerance &&
        Math.abs((p[i + 2] ?? 0) - color[2]) <= tolerance
      )
        count++;
    }
  }
  return count;
}

/** Writes the pages as page-1.png, page-2.png… into `dir` (to look at a report by eye). */
export function writePdfPages(info: PdfInfo, dir: string): string[] {
  mkdirSync(dir, { recursive: true });
  return info.pages.map((page) => {
    const file = path.join(dir, `page-${page.number}.png`);
    writeFileSync(file, page.png);
    return file;
  });
}
