import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { readImageHeader } from "../../shared/image-header.ts";
import { webpFile } from "../support/webp.ts";

/**
 * The image header reader (shared/image-header.ts): real encoder output of every WebP kind, the
 * hand-built headers the API tests upload, and what an attacker sends instead.
 */

const base64 = (text: string): Uint8Array => new Uint8Array(Buffer.from(text, "base64"));

// 1×1 files written by libwebp (the ones browsers' feature tests decode).
const LOSSY = base64("UklGRiIAAABXRUJQVlA4IBYAAAAwAQCdASoBAAEADsD+JaQAA3AAAAAA");
const LOSSLESS = base64("UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==");
const ALPHA = base64("UklGRkoAAABXRUJQVlA4WAoAAAAQAAAAAAAAAAAAQUxQSAwAAAARBxAR/Q9ERP8DAABWUDggGAAAABQBAJ0BKgEAAQAAAP4AAA3AAP7mtQAAAA==");
const ANIMATED = base64(
  "UklGRlIAAABXRUJQVlA4WAoAAAASAAAAAAAAAAAAQU5JTQYAAAD/////AABBTk1GJgAAAAAAAAAAAAAAAAAAAGQAAABWUDhMDQAAAC8AAAAQBxAREYiI/gcA",
);

describe("readImageHeader: real WebP files", () => {
  it("reads lossy (VP8), lossless (VP8L) and extended (VP8X with alpha) 1×1 files", () => {
    for (const file of [LOSSY, LOSSLESS, ALPHA]) expect(readImageHeader(file)).toEqual({ format: "webp", width: 1, height: 1 });
  });

  it("reads a demo photo as cwebp wrote it (simple VP8, 320×240)", () => {
    const file = new Uint8Array(readFileSync("public/media/demo/piscina-1/320.webp"));
    expect(readImageHeader(file)).toEqual({ format: "webp", width: 320, height: 240 });
  });

  it("refuses an animation: a photo has one frame", () => {
    expect(readImageHeader(ANIMATED)).toBeNull();
  });
});

describe("readImageHeader: built headers", () => {
  it.each(["VP8", "VP8L", "VP8X"] as const)("reads the size of a %s file, from 1 px to the 14-bit maximum", (kind) => {
    for (const [width, height] of [
      [1, 1],
      [1600, 1200],
      [320, 4096],
      [16383, 16383],
    ] as const)
      expect(readImageHeader(webpFile(kind, width, height))).toEqual({ format: "webp", width, height });
  });
});

describe("readImageHeader: refused bytes", () => {
  const good = webpFile("VP8", 1600, 1200, 200);
  const changed = (at: number, value: number): Uint8Array => {
    const copy = good.slice();
    copy[at] = value;
    return copy;
  };

  it("refuses garbage behind a RIFF…WEBP signature (the old check's whole test)", () => {
    const garbage = new Uint8Array(64);
    garbage.set(new TextEncoder().encode("RIFF"), 0);
    garbage.set([56, 0, 0, 0], 4);
    garbage.set(new TextEncoder().encode("WEBPVP8 "), 8);
    expect(readImageHeader(garbage)).toBeNull();
    for (let seed = 1; seed <= 200; seed++) {
      const noise = good.slice();
      for (let i = 20; i < noise.length; i++) noise[i] = (seed * 7919 + i * 104729) % 251;
      expect(readImageHeader(noise), `seed ${seed}`).toBeNull();
    }
  });

  it("refuses every truncation and a RIFF size that is not the file's length", () => {
    for (let n = 0; n < good.length; n++) expect(readImageHeader(good.subarray(0, n)), `${n} bytes`).toBeNull();
    expect(readImageHeader(new Uint8Array([...good, 0, 0]))).toBeNull();
    expect(readImageHeader(changed(4, (good[4] as number) + 2))).toBeNull();
  });

  it("refuses a broken VP8 header: start code, inter frame, hidden frame, zero size", () => {
    expect(readImageHeader(changed(23, 0x9c))).toBeNull();
    expect(readImageHeader(changed(20, (good[20] as number) | 1))).toBeNull();
    expect(readImageHeader(changed(20, (good[20] as number) & ~0x10))).toBeNull();
    const zero = good.slice();
    zero.set([0, 0], 26);
    expect(readImageHeader(zero)).toBeNull();
  });

  it("refuses a VP8L without its signature or with a version other than 0", () => {
    const lossless = webpFile("VP8L", 640, 480);
    const copy = lossless.slice();
    copy[20] = 0x2e;
    expect(readImageHeader(copy)).toBeNull();
    const version = lossless.slice();
    version[24] = (version[24] as number) | 0x20;
    expect(readImageHeader(version)).toBeNull();
  });

  it("refuses a VP8X whose canvas is not its frame's size, or that holds no frame", () => {
    const extended = webpFile("VP8X", 640, 480);
    const canvas = extended.slice();
    canvas[24] = 0x80; // canvas width 641
    expect(readImageHeader(canvas)).toBeNull();
    const bare = new Uint8Array([...new TextEncoder().encode("RIFF"), 22, 0, 0, 0, ...extended.subarray(8, 30)]);
    expect(readImageHeader(bare)).toBeNull();
  });

  it("refuses other formats and an unknown first chunk", () => {
    expect(readImageHeader(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...new Array(40).fill(0)]))).toBeNull();
    expect(readImageHeader(new Uint8Array([0xff, 0xd8, 0xff, 0xe0, ...new Array(40).fill(0)]))).toBeNull();
    const other = good.slice();
    other.set(new TextEncoder().encode("ALPH"), 12);
    expect(readImageHeader(other)).toBeNull();
  });
});
