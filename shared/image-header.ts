/**
 * Reads an image's format and real size from its header, without decoding pixels (the Worker
 * never decodes images). Pure and client-safe. Only WebP for now; a JPEG SOF reader goes beside
 * `readWebpHeader` and into `readImageHeader` when uploads accept JPEG.
 */

export type ImageFormat = "webp";

export interface ImageHeader {
  format: ImageFormat;
  width: number;
  height: number;
}

/** The format and size of `bytes`, or null when they are not an image this module can read. */
export function readImageHeader(bytes: Uint8Array): ImageHeader | null {
  return readWebpHeader(bytes);
}

const u16 = (b: Uint8Array, at: number): number => (b[at] as number) | ((b[at + 1] as number) << 8);
const u24 = (b: Uint8Array, at: number): number => u16(b, at) | ((b[at + 2] as number) << 16);
const u32 = (b: Uint8Array, at: number): number => u24(b, at) + (b[at + 3] as number) * 0x1000000;
const fourCc = (b: Uint8Array, at: number): string => String.fromCharCode(...b.subarray(at, at + 4));

/** The RIFF chunk at `at`: its name, data offset and data size; null when it runs past the file. */
function chunkAt(b: Uint8Array, at: number): { name: string; data: number; size: number } | null {
  if (at + 8 > b.length) return null;
  const size = u32(b, at + 4);
  if (at + 8 + size > b.length) return null;
  return { name: fourCc(b, at), data: at + 8, size };
}

/**
 * A WebP file (RIFF container): the RIFF size must be the file's own length, and the first chunk
 * one of the three kinds a still image starts with: `VP8 ` (lossy), `VP8L` (lossless) or `VP8X`
 * (extended: its canvas size, checked against the VP8/VP8L frame it holds; animations are
 * refused, as a photo has one frame).
 */
export function readWebpHeader(b: Uint8Array): ImageHeader | null {
  if (b.length < 20 || fourCc(b, 0) !== "RIFF" || fourCc(b, 8) !== "WEBP") return null;
  if (u32(b, 4) !== b.length - 8) return null;
  const first = chunkAt(b, 12);
  if (!first) return null;
  const size = first.name === "VP8X" ? readVp8x(b, first.data, first.size) : readFrame(b, first);
  return size ? { format: "webp", ...size } : null;
}

type Size = { width: number; height: number };

function readFrame(b: Uint8Array, chunk: { name: string; data: number; size: number }): Size | null {
  if (chunk.name === "VP8 ") return readVp8(b, chunk.data, chunk.size);
  if (chunk.name === "VP8L") return readVp8l(b, chunk.data, chunk.size);
  return null;
}

/** Lossy: a 3-byte key-frame tag, the start code 9d 01 2a, then 14-bit width and height. */
function readVp8(b: Uint8Array, at: number, size: number): Size | null {
  if (size < 10) return null;
  const tag = u24(b, at);
  const keyFrame = (tag & 1) === 0;
  const version = (tag >> 1) & 7;
  const shown = ((tag >> 4) & 1) === 1;
  const firstPartition = tag >>> 5;
  if (!keyFrame || version > 3 || !shown || firstPartition >= size) return null;
  if (b[at + 3] !== 0x9d || b[at + 4] !== 0x01 || b[at + 5] !== 0x2a) return null;
  const width = u16(b, at + 6) & 0x3fff;
  const height = u16(b, at + 8) & 0x3fff;
  return width > 0 && height > 0 ? { width, height } : null;
}

/** Lossless: the signature 0x2f, then 14-bit width−1 and height−1, an alpha bit and a 3-bit version 0. */
function readVp8l(b: Uint8Array, at: number, size: number): Size | null {
  if (size < 5 || b[at] !== 0x2f) return null;
  const bits = u32(b, at + 1);
  if (bits >>> 29 !== 0) return null;
  return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
}

const ANIMATION_FLAG = 0x02;

/** Extended: flags, then the 24-bit canvas width−1 and height−1; the frame chunk must have that size. */
function readVp8x(b: Uint8Array, at: number, size: number): Size | null {
  if (size < 10) return null;
  if (((b[at] as number) & ANIMATION_FLAG) !== 0) return null;
  const canvas = { width: u24(b, at + 4) + 1, height: u24(b, at + 7) + 1 };
  // Optional chunks (ICCP, ALPH, EXIF, XMP) come before or after the one frame; odd sizes are padded.
  for (let next = at + size + (size & 1); next < b.length; ) {
    const chunk = chunkAt(b, next);
    if (!chunk) return null;
    if (chunk.name === "VP8 " || chunk.name === "VP8L") {
      const frame = readFrame(b, chunk);
      return frame && frame.width === canvas.width && frame.height === canvas.height ? canvas : null;
    }
    next = chunk.data + chunk.size + (chunk.size & 1);
  }
  return null;
}
