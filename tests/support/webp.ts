/**
 * WebP files built by hand for tests: a valid RIFF container whose one frame chunk carries a
 * real VP8 (lossy), VP8L (lossless) or VP8X (extended, with a VP8 frame) header of the given
 * size, zero-padded to `bytes` long. The headers are what an encoder writes; the pixel data is not.
 */

export type WebpKind = "VP8" | "VP8L" | "VP8X";

const le = (value: number, length: number): number[] => Array.from({ length }, (_, i) => Math.floor(value / 256 ** i) % 256);
const ascii = (text: string): number[] => [...text].map((c) => c.charCodeAt(0));

function chunk(name: string, data: number[]): number[] {
  return [...ascii(name.padEnd(4, " ")), ...le(data.length, 4), ...data, ...(data.length % 2 ? [0] : [])];
}

function vp8(width: number, height: number, pad: number): number[] {
  // Key frame, version 0, shown, first partition of 1 byte; then the start code and the size.
  const tag = (1 << 4) | (1 << 5);
  return chunk("VP8", [...le(tag, 3), 0x9d, 0x01, 0x2a, ...le(width, 2), ...le(height, 2), ...new Array(pad).fill(0)]);
}

function vp8l(width: number, height: number, pad: number): number[] {
  const bits = width - 1 + (height - 1) * 2 ** 14;
  return chunk("VP8L", [0x2f, ...le(bits, 4), ...new Array(pad).fill(0)]);
}

function vp8x(width: number, height: number, pad: number): number[] {
  const header = [0x20 /* ICC flag */, 0, 0, 0, ...le(width - 1, 3), ...le(height - 1, 3)];
  return [...chunk("VP8X", header), ...chunk("ICCP", [1, 2, 3]), ...vp8(width, height, pad)];
}

/** A WebP of `width`×`height` at least `bytes` long (zero padding inside the frame chunk). */
export function webpFile(kind: WebpKind, width: number, height: number, bytes = 64): Uint8Array {
  const frame = (pad: number) => (kind === "VP8" ? vp8 : kind === "VP8L" ? vp8l : vp8x)(width, height, pad);
  const bare = 12 + frame(0).length;
  const pad = Math.max(0, bytes - bare);
  const body = [...ascii("WEBP"), ...frame(pad + (pad % 2))];
  return new Uint8Array([...ascii("RIFF"), ...le(body.length, 4), ...body]);
}
