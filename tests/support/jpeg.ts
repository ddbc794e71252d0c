/**
 * JPEG files built by hand for tests: SOI, a JFIF APP0, a baseline (SOF0) or progressive (SOF2)
 * frame header of the given size with three components, a scan header, zero bytes as scan data
 * up to `bytes` long, and EOI. The headers are what an encoder writes; the pixel data is not.
 */

export type JpegKind = "baseline" | "progressive";

const be = (value: number): number[] => [(value >> 8) & 0xff, value & 0xff];

/** A marker segment: 0xff, the marker, the 16-bit length (itself included) and the data. */
function segment(marker: number, data: number[]): number[] {
  return [0xff, marker, ...be(data.length + 2), ...data];
}

const JFIF = [0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0];

/** A JPEG of `width`×`height` at least `bytes` long. */
export function jpegFile(kind: JpegKind, width: number, height: number, bytes = 64): Uint8Array {
  const components = [1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1];
  const frame = segment(kind === "baseline" ? 0xc0 : 0xc2, [8, ...be(height), ...be(width), 3, ...components]);
  const scan = segment(0xda, [3, 1, 0x00, 2, 0x11, 3, 0x11, 0, 63, 0]);
  const head = [0xff, 0xd8, ...segment(0xe0, JFIF), ...frame, ...scan];
  const pad = Math.max(1, bytes - head.length - 2);
  return new Uint8Array([...head, ...new Array(pad).fill(0), 0xff, 0xd9]);
}

/** `file` with the frame header's width and height replaced (a header that lies about its size). */
export function withJpegSize(file: Uint8Array, width: number, height: number): Uint8Array {
  const copy = file.slice();
  for (let at = 2; at + 9 < copy.length; at++)
    if (copy[at] === 0xff && (copy[at + 1] === 0xc0 || copy[at + 1] === 0xc2)) {
      copy.set([...be(height), ...be(width)], at + 5);
      return copy;
    }
  throw new Error("no frame header");
}
