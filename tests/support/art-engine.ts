import { readFileSync } from "node:fs";
import path from "node:path";
import type { BrandFontId } from "../../shared/brand/brand-style.ts";
import { type ArtEngine, createArtEngine } from "../../worker-art/engine.ts";
import { FONT_FILES, type FontBytes } from "../../worker-art/fonts.ts";

/** The art engine in Node: the same code as the art Worker, its wasm compiled from the files. */
const ROOT = path.resolve(import.meta.dirname, "../..");

function bytes(file: string): ArrayBuffer {
  const b = readFileSync(path.join(ROOT, file));
  return b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength) as ArrayBuffer;
}

let engine: Promise<ArtEngine> | undefined;

export function nodeArtEngine(): Promise<ArtEngine> {
  engine ??= (async () => {
    const fonts = Object.fromEntries(
      Object.entries(FONT_FILES).map(([id, files]) => [
        id,
        { 400: bytes(`worker-art/fonts/${files[400]}`), 700: bytes(`worker-art/fonts/${files[700]}`) },
      ]),
    ) as FontBytes;
    const [yoga, resvg, mozjpeg] = await Promise.all(
      [
        "node_modules/satori/yoga.wasm",
        "node_modules/@resvg/resvg-wasm/index_bg.wasm",
        "node_modules/@jsquash/jpeg/codec/enc/mozjpeg_enc.wasm",
      ].map((f) => WebAssembly.compile(bytes(f))),
    );
    return createArtEngine({
      yoga: yoga as WebAssembly.Module,
      resvg: resvg as WebAssembly.Module,
      mozjpeg: mozjpeg as WebAssembly.Module,
      fonts,
    });
  })();
  return engine;
}

export type { BrandFontId };
