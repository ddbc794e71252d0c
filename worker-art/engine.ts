import encodeJpeg, { init as initJpeg } from "@jsquash/jpeg/encode.js";
import { initWasm, Resvg } from "@resvg/resvg-wasm";
import satori, { init as initSatori } from "satori/standalone";
import { ART_FORMATS, type ArtContent, type ArtFormat, type ArtSlideKind, type ArtTemplateId } from "../shared/art/art-content.ts";
import { readJpegHeader, readPngHeader } from "../shared/image-header.ts";
import type { BrandStyle } from "../shared/brand/brand-style.ts";
import { BRAND_FONT_IDS, type FontBytes } from "./fonts.ts";
import { downscale } from "./downscale.ts";
import { createMeasurer, type Measurer } from "./measure.ts";
import { createScene, type FitRecord } from "./scene.ts";
import { templateFor } from "./templates/index.ts";

/**
 * The renderer (ADR 051): a template → satori (layout and text as paths, SVG) → resvg (pixels) →
 * MozJPEG (the JPEG Instagram takes). The same code runs in the art Worker (wasm imported as
 * modules: workerd compiles no wasm from bytes) and in the Node tests (wasm compiled from files).
 */

export interface EngineAssets {
  yoga: WebAssembly.Module;
  resvg: WebAssembly.Module;
  mozjpeg: WebAssembly.Module;
  fonts: FontBytes;
}

export interface LaidOutNode {
  key: string;
  left: number;
  top: number;
  width: number;
  height: number;
  text: string;
}

export interface ArtSpec {
  template: ArtTemplateId;
  slide: ArtSlideKind;
  format: ArtFormat;
  content: ArtContent;
  brand: BrandStyle;
  /** JPEG or PNG bytes. */
  photo: Uint8Array<ArrayBuffer> | null;
  logo: Uint8Array<ArrayBuffer> | null;
}

export interface RenderedArt {
  /** One JPEG per asked width, same picture. */
  jpegs: Map<number, Uint8Array<ArrayBuffer>>;
  /** Time spent in layout (satori) and in pixels + encoding, ms. */
  layoutMs: number;
  rasterMs: number;
}

/** Below this width a render is a preview. */
const ART_PUBLISH_WIDTH = 1080;

/** Quality 85: a photo slide at 1080 px is ≈ 150–400 kB, far under Instagram's 8 MB. */
const QUALITY = 85;

export interface ArtEngine {
  render: (spec: ArtSpec, widths: readonly number[]) => Promise<RenderedArt>;
  /** The element tree and every fitted text, without drawing (the overflow test). */
  layout: (spec: ArtSpec) => { fits: FitRecord[] };
  /** Where satori laid out each fitted text box and line (`fit:<name>`, `line:<name>:<i>`), in canvas px. */
  laidOut: (spec: ArtSpec) => Promise<{ width: number; height: number; nodes: LaidOutNode[] }>;
  /** Raw RGBA pixels at `width` (the golden-image tests compare these). */
  pixels: (spec: ArtSpec, width: number, fast?: boolean) => Promise<{ data: Uint8Array; width: number; height: number }>;
  measurer: Measurer;
}

function dataUrl(bytes: Uint8Array): { src: string; width: number; height: number } | null {
  const jpeg = readJpegHeader(bytes);
  const png = jpeg ? null : readPngHeader(bytes);
  const size = jpeg ?? png;
  if (!size) return null;
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return { src: `data:image/${jpeg ? "jpeg" : "png"};base64,${btoa(binary)}`, width: size.width, height: size.height };
}

export async function createArtEngine(assets: EngineAssets): Promise<ArtEngine> {
  await Promise.all([initSatori(assets.yoga), initWasm(assets.resvg), initJpeg(assets.mozjpeg)]);
  const measurer = createMeasurer(assets.fonts);
  // One array for every render: satori keeps its parsed fonts per options object.
  const fonts = BRAND_FONT_IDS.flatMap((id) =>
    ([400, 700] as const).map((weight) => ({ name: id, data: assets.fonts[id][weight], weight, style: "normal" as const })),
  );

  function tree(spec: ArtSpec, record?: (fit: FitRecord) => void) {
    const { width, height } = ART_FORMATS[spec.format];
    const photo = spec.photo ? dataUrl(spec.photo) : null;
    const scene = createScene(
      { width, height, brand: spec.brand, content: spec.content, photo: photo?.src ?? null, logo: spec.logo ? dataUrl(spec.logo) : null },
      measurer,
      record,
    );
    return { node: templateFor(spec.template, spec.slide)(scene), width, height };
  }

  async function svgOf(spec: ArtSpec): Promise<{ svg: string; width: number; layoutMs: number }> {
    const started = performance.now();
    const { node, width, height } = tree(spec);
    // biome-ignore lint/suspicious/noExplicitAny: satori types its input as a React node; ours is the same plain shape.
    const svg = await satori(node as any, { width, height, fonts });
    return { svg, width, layoutMs: performance.now() - started };
  }

  /**
   * `fast` scales the photo by nearest neighbour (≈ 3× faster in resvg, measured in ADR 051): for
   * previews only; what is published is scaled smoothly.
   */
  function rasterize(svg: string, width: number, fast = false) {
    const resvg = new Resvg(svg, {
      fitTo: { mode: "width", value: width },
      imageRendering: fast ? 1 : 0,
      font: { loadSystemFonts: false },
    });
    try {
      const image = resvg.render();
      try {
        return { data: new Uint8Array(image.pixels), width: image.width, height: image.height };
      } finally {
        image.free();
      }
    } finally {
      resvg.free();
    }
  }

  return {
    measurer,
    layout(spec) {
      const fits: FitRecord[] = [];
      tree(spec, (fit) => fits.push(fit));
      return { fits };
    },
    async laidOut(spec) {
      const { node, width, height } = tree(spec);
      const nodes: LaidOutNode[] = [];
      // biome-ignore lint/suspicious/noExplicitAny: satori types its input as a React node; ours is the same plain shape.
      await satori(node as any, {
        width,
        height,
        fonts,
        onNodeDetected: (n) => {
          const key = typeof n.key === "string" ? n.key : "";
          if (key.startsWith("fit:") || key.startsWith("line:"))
            nodes.push({ key, left: n.left, top: n.top, width: n.width, height: n.height, text: n.textContent ?? "" });
        },
      });
      return { width, height, nodes };
    },
    async pixels(spec, width, fast = false) {
      const { svg } = await svgOf(spec);
      return rasterize(svg, width, fast);
    },
    async render(spec, widths) {
      const { svg, layoutMs } = await svgOf(spec);
      const started = performance.now();
      const jpegs = new Map<number, Uint8Array<ArrayBuffer>>();
      const widest = Math.max(...widths);
      const full = rasterize(svg, widest, widest < ART_PUBLISH_WIDTH);
      for (const w of widths) {
        const image = downscale(full, w);
        const encoded = await encodeJpeg(
          { data: new Uint8ClampedArray(image.data.buffer), width: image.width, height: image.height, colorSpace: "srgb" } as ImageData,
          // Baseline: half the encoding time of progressive for a few % more bytes, far under 8 MB.
          { quality: QUALITY, progressive: false, optimize_coding: true },
        );
        jpegs.set(w, new Uint8Array(encoded));
      }
      return { jpegs, layoutMs, rasterMs: performance.now() - started };
    },
  };
}
