import { describe, expect, it } from "vitest";
import { sniffFileKind } from "../../../shared/document-files/sniff.ts";
import { zipEntryNames } from "../../../shared/document-files/zip-entries.ts";
import { docxFile, heicFile, jpegBytes, odtFile, pdfFile, pngBytes, webpBytes, xlsxFile, zipFile } from "./samples.ts";

/**
 * What a file is, from its bytes (shared/document-files/sniff.ts): real headers of every accepted
 * format, then what arrives instead — cut-off uploads, look-alikes and forgeries.
 */

const ascii = (text: string): Uint8Array => new TextEncoder().encode(text);
const concat = (...parts: Uint8Array[]): Uint8Array => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
};

describe("sniffFileKind: whole files of each accepted format", () => {
  it("recognises each format", async () => {
    expect(sniffFileKind(pdfFile())).toBe("pdf");
    expect(sniffFileKind(jpegBytes())).toBe("jpeg");
    expect(sniffFileKind(pngBytes())).toBe("png");
    expect(sniffFileKind(webpBytes())).toBe("webp");
    expect(sniffFileKind(heicFile("heic", ["mif1", "heic"]))).toBe("heic");
    expect(sniffFileKind(await docxFile())).toBe("docx");
    expect(sniffFileKind(await xlsxFile())).toBe("xlsx");
  });

  it("accepts a PDF 2.0 and one with a newline or a few bytes after %%EOF", () => {
    expect(sniffFileKind(pdfFile("2.0"))).toBe("pdf");
    expect(sniffFileKind(concat(pdfFile(), ascii("\r\n\0\0")))).toBe("pdf");
  });

  it("accepts a JPEG with a trailer after EOI (what some phones append)", () => {
    expect(sniffFileKind(concat(jpegBytes(), ascii("samsung trailer")))).toBe("jpeg");
  });

  it("HEIC brands: iPhone's heic, heix (10-bit), hevc sequences, and mif1 naming heic as compatible", () => {
    for (const major of ["heic", "heix", "heim", "heis", "hevc", "hevx"]) expect(sniffFileKind(heicFile(major, ["mif1"]))).toBe("heic");
    expect(sniffFileKind(heicFile("mif1", ["heic"]))).toBe("heic");
    expect(sniffFileKind(heicFile("msf1", ["hevc"]))).toBe("heic");
  });
});

describe("sniffFileKind: what is refused", () => {
  it("an AVIF, or a bare mif1 HEIF without an HEVC brand, is no HEIC", () => {
    expect(sniffFileKind(heicFile("avif", ["mif1", "miaf"]))).toBeNull();
    expect(sniffFileKind(heicFile("mif1", ["avif", "miaf"]))).toBeNull();
    expect(sniffFileKind(heicFile("mif1", []))).toBeNull();
  });

  it("an MP4 or a QuickTime video (ftyp too) is no HEIC", () => {
    expect(sniffFileKind(heicFile("isom", ["iso2", "mp41"]))).toBeNull();
    expect(sniffFileKind(heicFile("qt  ", ["qt  "]))).toBeNull();
  });

  it("an ftyp box whose size lies (past the file, not a multiple of 4, too small)", () => {
    const file = heicFile("heic", ["mif1", "heic"]);
    for (const size of [file.length + 4, 26, 12]) {
      const forged = file.slice();
      new DataView(forged.buffer).setUint32(0, size);
      expect(sniffFileKind(forged), `size ${size}`).toBeNull();
    }
  });

  it("truncated files: a PDF without %%EOF, a PNG without IEND, a JPEG without EOI, a WebP shorter than its RIFF size, a cut DOCX", async () => {
    const pdf = pdfFile();
    expect(sniffFileKind(pdf.subarray(0, pdf.length - 8))).toBeNull();
    const png = pngBytes();
    expect(sniffFileKind(png.subarray(0, png.length - 12))).toBeNull();
    const jpeg = jpegBytes();
    expect(sniffFileKind(jpeg.subarray(0, jpeg.length - 2))).toBeNull();
    const webp = webpBytes();
    expect(sniffFileKind(webp.subarray(0, webp.length - 1))).toBeNull();
    const docx = await docxFile();
    for (const cut of [1, 22, Math.floor(docx.length / 2)])
      expect(sniffFileKind(docx.subarray(0, docx.length - cut)), `cut ${cut}`).toBeNull();
  });

  it("a signature alone is not a file", () => {
    expect(sniffFileKind(ascii("%PDF-1.7"))).toBeNull();
    expect(sniffFileKind(new Uint8Array([0xff, 0xd8, 0xff]))).toBeNull();
    expect(sniffFileKind(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBeNull();
    expect(sniffFileKind(ascii("PK\x03\x04"))).toBeNull();
    expect(sniffFileKind(new Uint8Array())).toBeNull();
  });

  it("a PDF header that is not one: a bad version, or the signature further in the file", () => {
    expect(sniffFileKind(ascii("%PDF-9.9\n1 0 obj\n%%EOF\n"))).toBeNull();
    expect(sniffFileKind(concat(ascii("<html>"), pdfFile()))).toBeNull();
  });

  it("HTML, SVG, an executable and plain text are nothing here", () => {
    expect(sniffFileKind(ascii("<!doctype html><script>alert(1)</script>%%EOF"))).toBeNull();
    expect(sniffFileKind(ascii('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(sniffFileKind(concat(ascii("MZ"), new Uint8Array(200)))).toBeNull();
    expect(sniffFileKind(ascii("nome;cpf\nAna;123\n"))).toBeNull();
  });

  it("a ZIP that is no Office document: a plain archive, an ODT, a ZIP with both Word and Excel parts", async () => {
    expect(sniffFileKind(await zipFile({ "leia-me.txt": "oi", "fotos/casa.jpg": "x" }))).toBeNull();
    expect(sniffFileKind(await odtFile())).toBeNull();
    expect(sniffFileKind(await zipFile({ "[Content_Types].xml": "<Types/>", "word/other.xml": "<w/>" }))).toBeNull();
    expect(
      sniffFileKind(await zipFile({ "[Content_Types].xml": "<Types/>", "word/document.xml": "<w/>", "xl/workbook.xml": "<x/>" })),
    ).toBeNull();
  });

  it("a DOCX with bytes appended after its directory is refused (a polyglot's usual trick)", async () => {
    expect(sniffFileKind(concat(await docxFile(), ascii("<html>")))).toBeNull();
  });
});

describe("zipEntryNames", () => {
  it("lists a real archive's names in order", async () => {
    expect(zipEntryNames(await zipFile({ "a.txt": "1", "b/c.xml": "<c/>" }))).toEqual(["a.txt", "b/c.xml"]);
  });

  it("a directory whose offset points elsewhere is refused", async () => {
    const zip = await zipFile({ "a.txt": "1" });
    const forged = zip.slice();
    const view = new DataView(forged.buffer);
    const end = forged.length - 22;
    view.setUint32(end + 16, view.getUint32(end + 16, true) - 1, true);
    expect(zipEntryNames(forged)).toBeNull();
  });
});
