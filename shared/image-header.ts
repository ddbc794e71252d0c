/**
 * Reads an image's format and real size from its header, without decoding pixels (the Worker
 * never decodes images). Pure and client-safe. WebP (what browsers with a WebP encoder make) and
 * JPEG (what Safari's canvas makes; ADR 031).
 */

export type ImageFormat = "webp" | "jpeg";

export interface ImageHeader {
  format: ImageFormat;
  width: number;
  height: number;
}

/** The format and size of `bytes`, or null when they are not an image this module can read. */
export function readImageHeader(bytes: Uint8Array): ImageHeader | null {
  return readWebpHeader(bytes) ?? readJpegHeader(bytes);
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

// ---------------------------------------------------------------------------
// JPEG

const u16be = (b: Uint8Array, at: number): number => ((b[at] as number) << 8) | (b[at + 1] as number);

/**
 * The frame markers a browser decodes: SOF0 (baseline), SOF1 (extended sequential) and SOF2
 * (progressive), all Huffman-coded. Lossless, hierarchical and arithmetic-coded frames (SOF3,
 * SOF5–7, SOF9–15) are refused: no canvas writes them and browsers do not show them.
 */
const FRAME_MARKERS = new Set([0xc0, 0xc1, 0xc2]);
/** Markers that start a frame of a kind refused above (0xc4 DHT, 0xc8 JPG and 0xcc DAC are not frames). */
const OTHER_FRAME = (m: number): boolean => m >= 0xc3 && m <= 0xcf && m !== 0xc4 && m !== 0xc8 && m !== 0xcc;
const SOI = 0xd8;
const EOI = 0xd9;
const SOS = 0xda;
/** Markers without a length: TEM and the restart markers (not expected before the scan; harmless). */
const STANDALONE = (m: number): boolean => m === 0x01 || (m >= 0xd0 && m <= 0xd7);

/**
 * A JPEG file: SOI, then marker segments each wholly inside the file, exactly one frame header
 * (SOF0/1/2: 8- or 12-bit samples, 1 to 4 components, non-zero width and height) before the first
 * scan (SOS), and the file ending in EOI, so a cut-off upload is refused as a WebP whose RIFF size
 * is not its length is. Segments' data (EXIF with its thumbnail, ICC profiles) are skipped by length.
 */
export function readJpegHeader(b: Uint8Array): ImageHeader | null {
  if (b.length < 4 || b[0] !== 0xff || b[1] !== SOI) return null;
  if (b[b.length - 2] !== 0xff || b[b.length - 1] !== EOI) return null;
  let size: Size | null = null;
  let at = 2;
  while (at < b.length) {
    if (b[at] !== 0xff) return null;
    // Any number of 0xff fill bytes may precede a marker.
    while (b[at] === 0xff && at < b.length) at++;
    const marker = b[at] as number;
    at++;
    if (at >= b.length || marker === 0 || marker === SOI || marker === EOI) return null;
    if (STANDALONE(marker)) continue;
    if (at + 2 > b.length) return null;
    const length = u16be(b, at);
    if (length < 2 || at + length > b.length) return null;
    if (marker === SOS) return size ? { format: "jpeg", ...size } : null;
    if (FRAME_MARKERS.has(marker)) {
      if (size) return null;
      size = readFrameHeader(b, at + 2, length - 2);
      if (!size) return null;
    } else if (OTHER_FRAME(marker)) return null;
    at += length;
  }
  return null;
}

/** A frame header: sample precision, height, width, component count, then 3 bytes per component. */
function readFrameHeader(b: Uint8Array, at: number, length: number): Size | null {
  if (length < 6) return null;
  const precision = b[at] as number;
  const height = u16be(b, at + 1);
  const width = u16be(b, at + 3);
  const components = b[at + 5] as number;
  if (precision !== 8 && precision !== 12) return null;
  if (components < 1 || components > 4 || length !== 6 + 3 * components) return null;
  // A height of 0 defers it to a DNL marker after the first scan: no browser canvas writes that.
  return width > 0 && height > 0 ? { width, height } : null;
}

const u32be = (b: Uint8Array, at: number): number =>
  (b[at] as number) * 0x1000000 + (((b[at + 1] as number) << 16) | ((b[at + 2] as number) << 8) | (b[at + 3] as number));
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] as const;
/** IEND: an empty chunk and its fixed CRC, the last 12 bytes of every complete PNG. */
const PNG_END = [0, 0, 0, 0, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82] as const;

/**
 * A PNG file's real size (for logos, which may be PNG; photos never are): the signature, then
 * IHDR as the first chunk (13 bytes, non-zero width and height), and the file ending in IEND so a
 * cut-off upload or bytes behind a bare signature are refused.
 */
export function readPngHeader(b: Uint8Array): { width: number; height: number } | null {
  if (b.length < 8 + 25 + 12 || !PNG_SIGNATURE.every((x, i) => b[i] === x)) return null;
  if (u32be(b, 8) !== 13 || fourCc(b, 12) !== "IHDR") return null;
  if (!PNG_END.every((x, i) => b[b.length - 12 + i] === x)) return null;
  const width = u32be(b, 16);
  const height = u32be(b, 20);
  return width > 0 && height > 0 ? { width, height } : null;
}
