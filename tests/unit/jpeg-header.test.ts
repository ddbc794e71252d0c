import { describe, expect, it } from "vitest";
import { readImageHeader, readJpegHeader } from "../../shared/image-header.ts";
import { PHOTO_WIDTHS, type PhotoWidth } from "../../shared/real-estate/photo-url.ts";
import { DomainError } from "../../worker/services/context.ts";
import { checkDeclaredSize, checkPhotoFile } from "../../worker/services/real-estate/photo-upload-check.ts";
import { jpegFile, withJpegSize } from "../support/jpeg.ts";
import { webpFile } from "../support/webp.ts";

/**
 * The JPEG header reader (shared/image-header.ts) and the upload check that uses it: real encoder
 * output (libjpeg through sharp: baseline, progressive, with EXIF and an ICC profile), the
 * hand-built headers the API tests upload, and what an attacker sends instead.
 */

const base64 = (text: string): Uint8Array => new Uint8Array(Buffer.from(text, "base64"));

// 24×16 files written by libjpeg-turbo (sharp), made once and pasted here.
const BASELINE = base64(
  "/9j/2wBDABALDA4MChAODQ4SERATGCgaGBYWGDEjJR0oOjM9PDkzODdASFxOQERXRTc4UG1RV19iZ2hnPk1xeXBkeFxlZ2P/2wBDARESEhgVGC8aGi9jQjhCY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2P/wAARCAAQABgDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAP/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFQEBAQAAAAAAAAAAAAAAAAAAAAX/xAAUEQEAAAAAAAAAAAAAAAAAAAAA/9oADAMBAAIRAxEAPwCgCMrAAP/Z",
);
const PROGRESSIVE = base64(
  "/9j/2wBDABALDA4MChAODQ4SERATGCgaGBYWGDEjJR0oOjM9PDkzODdASFxOQERXRTc4UG1RV19iZ2hnPk1xeXBkeFxlZ2P/2wBDARESEhgVGC8aGi9jQjhCY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2P/wgARCAAQABgDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAL/xAAVAQEBAAAAAAAAAAAAAAAAAAAABP/aAAwDAQACEAMQAAABoRVgf//EABQQAQAAAAAAAAAAAAAAAAAAACD/2gAIAQEAAQUCX//EABQRAQAAAAAAAAAAAAAAAAAAABD/2gAIAQMBAT8BP//EABQRAQAAAAAAAAAAAAAAAAAAABD/2gAIAQIBAT8BP//EABQQAQAAAAAAAAAAAAAAAAAAACD/2gAIAQEABj8CX//EABQQAQAAAAAAAAAAAAAAAAAAACD/2gAIAQEAAT8hX//aAAwDAQACAAMAAAAQCC//xAAUEQEAAAAAAAAAAAAAAAAAAAAQ/9oACAEDAQE/ED//xAAUEQEAAAAAAAAAAAAAAAAAAAAQ/9oACAECAQE/ED//xAAUEAEAAAAAAAAAAAAAAAAAAAAg/9oACAEBAAE/EF//2Q==",
);
const WITH_EXIF_AND_ICC = base64(
  "/9j/4QC8RXhpZgAASUkqAAgAAAAGABIBAwABAAAAAQAAABoBBQABAAAAVgAAABsBBQABAAAAXgAAACgBAwABAAAAAgAAABMCAwABAAAAAQAAAGmHBAABAAAAZgAAAAAAAAA4YwAA6AMAADhjAADoAwAABgAAkAcABAAAADAyMTABkQcABAAAAAECAwAAoAcABAAAADAxMDABoAMAAQAAAP//AAACoAQAAQAAABgAAAADoAQAAQAAABAAAAAAAAAA/+IB8ElDQ19QUk9GSUxFAAEBAAAB4GxjbXMEIAAAbW50clJHQiBYWVogB+IAAwAUAAkADgAdYWNzcE1TRlQAAAAAc2F3c2N0cmwAAAAAAAAAAAAAAAAAAPbWAAEAAAAA0y1oYW5keem/Vlo+AbaDI4VVRvdPqgAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAKZGVzYwAAAPwAAAAkY3BydAAAASAAAAAid3RwdAAAAUQAAAAUY2hhZAAAAVgAAAAsclhZWgAAAYQAAAAUZ1hZWgAAAZgAAAAUYlhZWgAAAawAAAAUclRSQwAAAcAAAAAgZ1RSQwAAAcAAAAAgYlRSQwAAAcAAAAAgbWx1YwAAAAAAAAABAAAADGVuVVMAAAAIAAAAHABzAFIARwBCbWx1YwAAAAAAAAABAAAADGVuVVMAAAAGAAAAHABDAEMAMAAAWFlaIAAAAAAAAPbWAAEAAAAA0y1zZjMyAAAAAAABDD8AAAXd///zJgAAB5AAAP2S///7of///aIAAAPcAADAcVhZWiAAAAAAAABvoAAAOPIAAAOPWFlaIAAAAAAAAGKWAAC3iQAAGNpYWVogAAAAAAAAJKAAAA+FAAC2xHBhcmEAAAAAAAMAAAACZmkAAPKnAAANWQAAE9AAAApb/9sAQwAQCwwODAoQDg0OEhEQExgoGhgWFhgxIyUdKDozPTw5Mzg3QEhcTkBEV0U3OFBtUVdfYmdoZz5NcXlwZHhcZWdj/9sAQwEREhIYFRgvGhovY0I4QmNjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2Nj/8AAEQgAEAAYAwEiAAIRAQMRAf/EABUAAQEAAAAAAAAAAAAAAAAAAAAD/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/EABUBAQEAAAAAAAAAAAAAAAAAAAAF/8QAFBEBAAAAAAAAAAAAAAAAAAAAAP/aAAwDAQACEQMRAD8AoAjKwAD/2Q==",
);

/** The offset of the first `0xff marker` in `file` (a test's landmark for changing a header byte). */
function markerAt(file: Uint8Array, marker: number): number {
  for (let at = 0; at + 1 < file.length; at++) if (file[at] === 0xff && file[at + 1] === marker) return at;
  throw new Error(`no marker ${marker.toString(16)}`);
}

describe("readImageHeader: real JPEG files", () => {
  it("reads baseline (SOF0) and progressive (SOF2) files, and one with EXIF and an ICC profile before the frame", () => {
    for (const file of [BASELINE, PROGRESSIVE, WITH_EXIF_AND_ICC])
      expect(readImageHeader(file)).toEqual({ format: "jpeg", width: 24, height: 16 });
    expect(markerAt(BASELINE, 0xc0)).toBeGreaterThan(0);
    expect(markerAt(PROGRESSIVE, 0xc2)).toBeGreaterThan(0);
  });

  it("still reads WebP as WebP", () => {
    expect(readImageHeader(webpFile("VP8", 640, 480))).toEqual({ format: "webp", width: 640, height: 480 });
  });
});

describe("readImageHeader: built JPEG headers", () => {
  it.each(["baseline", "progressive"] as const)("reads the size of a %s file, from 1 px to the 16-bit maximum", (kind) => {
    for (const [width, height] of [
      [1, 1],
      [1600, 1200],
      [320, 4096],
      [65535, 65535],
    ] as const)
      expect(readJpegHeader(jpegFile(kind, width, height))).toEqual({ format: "jpeg", width, height });
  });
});

describe("readImageHeader: refused JPEG bytes", () => {
  const good = jpegFile("baseline", 1600, 1200, 200);
  const changed = (file: Uint8Array, at: number, value: number): Uint8Array => {
    const copy = file.slice();
    copy[at] = value;
    return copy;
  };

  it("refuses garbage behind a JPEG signature (FF D8 FF E0, what a sniffing check accepts)", () => {
    const garbage = new Uint8Array(64);
    garbage.set([0xff, 0xd8, 0xff, 0xe0], 0);
    garbage.set([0xff, 0xd9], 62);
    expect(readImageHeader(garbage)).toBeNull();
    for (let seed = 1; seed <= 200; seed++) {
      const noise = good.slice();
      for (let i = 4; i < noise.length - 2; i++) noise[i] = (seed * 7919 + i * 104729) % 251;
      expect(readImageHeader(noise), `seed ${seed}`).toBeNull();
    }
  });

  it("refuses every truncation of a real file and of a built one (no EOI, or a segment running past the end)", () => {
    for (const file of [BASELINE, PROGRESSIVE, WITH_EXIF_AND_ICC, good])
      for (let n = 0; n < file.length; n++) expect(readImageHeader(file.subarray(0, n)), `${n} of ${file.length} bytes`).toBeNull();
  });

  it("refuses a cut-off file that was given an EOI back, when a segment runs past it", () => {
    const sof = markerAt(BASELINE, 0xc0);
    expect(readImageHeader(new Uint8Array([...BASELINE.subarray(0, sof + 6), 0xff, 0xd9]))).toBeNull();
  });

  it("refuses a zero width or height, a frame without components, two frames, a scan before the frame", () => {
    const sof = markerAt(good, 0xc0);
    expect(readJpegHeader(withJpegSize(good, 0, 1200))).toBeNull();
    expect(readJpegHeader(withJpegSize(good, 1600, 0))).toBeNull();
    expect(readJpegHeader(changed(good, sof + 9, 0))).toBeNull();
    expect(readJpegHeader(changed(good, sof + 4, 16))).toBeNull(); // 16-bit samples: not a baseline/progressive frame
    const frame = good.subarray(sof, sof + 19);
    const twice = new Uint8Array([...good.subarray(0, sof), ...frame, ...good.subarray(sof)]);
    expect(readJpegHeader(twice)).toBeNull();
    const scan = markerAt(good, 0xda);
    const scanFirst = new Uint8Array([...good.subarray(0, sof), ...good.subarray(scan)]);
    expect(readJpegHeader(scanFirst)).toBeNull();
  });

  it("refuses lossless, hierarchical and arithmetic-coded frames (no browser shows them)", () => {
    const sof = markerAt(good, 0xc0);
    for (const marker of [0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf])
      expect(readJpegHeader(changed(good, sof + 1, marker)), marker.toString(16)).toBeNull();
  });

  it("refuses a second SOI, a segment length under 2, and a byte that is not a marker where one must be", () => {
    const app0 = markerAt(good, 0xe0);
    expect(readJpegHeader(changed(good, app0 + 1, 0xd8))).toBeNull();
    const short = good.slice();
    short.set([0, 1], app0 + 2);
    expect(readJpegHeader(short)).toBeNull();
    expect(readJpegHeader(changed(good, app0, 0x00))).toBeNull();
  });
});

describe("checkPhotoFile: JPEG widths against the declared size", () => {
  const message = (run: () => unknown): string => {
    try {
      run();
    } catch (error) {
      if (error instanceof DomainError) return error.message;
      throw error;
    }
    return "accepted";
  };
  const at = (w: PhotoWidth, largura: number, altura: number) => ({
    width: Math.min(w, largura),
    height: Math.round((altura * Math.min(w, largura)) / largura),
  });

  it("accepts every width of a JPEG photo at the declared size, and answers its format", () => {
    for (const w of PHOTO_WIDTHS) {
      const size = at(w, 1600, 1200);
      expect(checkPhotoFile(jpegFile("progressive", size.width, size.height), w, 1600, 1200)).toBe("jpeg");
    }
    expect(checkPhotoFile(jpegFile("baseline", 1600, 4096), 1600, 1600, 4096)).toBe("jpeg");
  });

  it("refuses a JPEG whose header is not the declared size (another width's, or 1 px off at the largest)", () => {
    expect(message(() => checkPhotoFile(jpegFile("baseline", 640, 480), 320, 1600, 1200))).toBe(
      "O tamanho 320 px da foto tem 640 × 480 px, e não 320 × 240 px como informado. Envie a foto de novo.",
    );
    expect(message(() => checkPhotoFile(jpegFile("baseline", 1600, 1201), 1600, 1600, 1200))).toMatch(/1600 × 1201 px/);
  });

  it("refuses a declared size over 1600 × 4096 px, and a JPEG header of 20000 × 20000 px", () => {
    expect(message(() => checkDeclaredSize(1600, 4097))).toMatch(/tamanho máximo \(1600 px de largura e 4096 px de altura\)/);
    expect(message(() => checkDeclaredSize(20000, 20000))).toMatch(/tamanho máximo/);
    expect(message(() => checkPhotoFile(jpegFile("baseline", 20000, 20000), 1600, 1600, 1200))).toMatch(/20000 × 20000 px/);
  });

  it("refuses garbage behind the JPEG signature, and a photo whose widths mix JPEG and WebP, in pt-BR", () => {
    const garbage = new Uint8Array(200);
    garbage.set([0xff, 0xd8, 0xff, 0xe0], 0);
    expect(message(() => checkPhotoFile(garbage, 320, 1600, 1200))).toBe(
      "A foto deve ser enviada em JPEG ou WebP (redimensionada pelo navegador). Envie a foto de novo.",
    );
    expect(message(() => checkPhotoFile(webpFile("VP8", 640, 480), 640, 1600, 1200, "jpeg"))).toBe(
      "Todos os tamanhos da foto devem estar no mesmo formato (JPEG ou WebP). Envie a foto de novo.",
    );
  });
});
