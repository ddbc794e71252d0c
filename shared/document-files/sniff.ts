import type { FileKind } from "./file-kinds.ts";
import { zipEntryNames } from "./zip-entries.ts";

/**
 * What a file really is, from its bytes (ADR 070): the declared type and the extension are the
 * sender's claim, this is the check. Each format is recognised by its signature and by what a
 * whole file has (a PDF's `%%EOF`, a PNG's IEND, a WebP's RIFF size, a ZIP's central directory),
 * so a truncated upload is refused too. Pure and client-safe: the page can warn before sending,
 * and the Worker decides.
 */
export function sniffFileKind(b: Uint8Array): FileKind | null {
  if (isPdf(b)) return "pdf";
  if (isJpeg(b)) return "jpeg";
  if (isPng(b)) return "png";
  if (isWebp(b)) return "webp";
  if (isHeic(b)) return "heic";
  return officeKind(b);
}

const ascii = (b: Uint8Array, at: number, length: number): string => String.fromCharCode(...b.subarray(at, at + length));
const u32be = (b: Uint8Array, at: number): number =>
  ((b[at] as number) << 24) + ((b[at + 1] as number) << 16) + ((b[at + 2] as number) << 8) + (b[at + 3] as number);
const u32le = (b: Uint8Array, at: number): number =>
  (b[at] as number) + ((b[at + 1] as number) << 8) + ((b[at + 2] as number) << 16) + (b[at + 3] as number) * 0x1000000;

/**
 * `%PDF-1.x` or `%PDF-2.x` at the start, and `%%EOF` within the last 1 KB (where readers look for
 * it; some writers add a newline or a few bytes after it).
 */
function isPdf(b: Uint8Array): boolean {
  if (b.length < 16 || !/^%PDF-[12]\.\d$/.test(ascii(b, 0, 8))) return false;
  return ascii(b, Math.max(0, b.length - 1024), 1024).includes("%%EOF");
}

/** SOI then a marker (FF D8 FF xx), and the EOI marker (FF D9) within the last 1 KB (phones append trailers). */
function isJpeg(b: Uint8Array): boolean {
  if (b.length < 8 || b[0] !== 0xff || b[1] !== 0xd8 || b[2] !== 0xff) return false;
  for (let at = b.length - 2; at >= Math.max(3, b.length - 1024); at--) if (b[at] === 0xff && b[at + 1] === 0xd9) return true;
  return false;
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** The 8-byte signature, IHDR as the first chunk (13 bytes), and the IEND chunk closing the file. */
function isPng(b: Uint8Array): boolean {
  if (b.length < 8 + 25 + 12 || PNG_SIGNATURE.some((v, i) => b[i] !== v)) return false;
  if (u32be(b, 8) !== 13 || ascii(b, 12, 4) !== "IHDR") return false;
  const end = b.length - 12;
  return u32be(b, end) === 0 && ascii(b, end + 4, 4) === "IEND";
}

/** RIFF whose size is the file's own, `WEBP`, and a still or extended image's first chunk. */
function isWebp(b: Uint8Array): boolean {
  if (b.length < 20 || ascii(b, 0, 4) !== "RIFF" || ascii(b, 8, 4) !== "WEBP") return false;
  return u32le(b, 4) === b.length - 8 && ["VP8 ", "VP8L", "VP8X"].includes(ascii(b, 12, 4));
}

/** Brands of an HEIF file holding HEVC images: what iPhones write (major `heic`, compatible `mif1`). */
const HEIC_BRANDS = new Set(["heic", "heix", "heim", "heis", "hevc", "hevx"]);
/** Generic HEIF brands: HEIC only when a compatible brand says HEVC (AVIF uses them too). */
const HEIF_BRANDS = new Set(["mif1", "msf1"]);

/**
 * An ISO-BMFF `ftyp` box first (size ≥ 16, a multiple of 4 past the header, inside the file) whose
 * major brand is an HEVC one, or a generic HEIF brand with an HEVC brand among the compatible ones.
 */
function isHeic(b: Uint8Array): boolean {
  if (b.length < 24 || ascii(b, 4, 4) !== "ftyp") return false;
  const size = u32be(b, 0);
  if (size < 16 || size > b.length || size % 4 !== 0 || size > 4096) return false;
  const major = ascii(b, 8, 4);
  const compatible: string[] = [];
  for (let at = 16; at + 4 <= size; at += 4) compatible.push(ascii(b, at, 4));
  if (HEIC_BRANDS.has(major)) return true;
  return HEIF_BRANDS.has(major) && compatible.some((brand) => HEIC_BRANDS.has(brand));
}

/**
 * DOCX or XLSX: a whole ZIP holding `[Content_Types].xml` and the part that makes it a document
 * (`word/document.xml`) or a workbook (`xl/workbook.xml`). Any other ZIP — an archive, an ODT, a
 * JAR — is no document here.
 */
function officeKind(b: Uint8Array): FileKind | null {
  const names = zipEntryNames(b);
  if (!names?.includes("[Content_Types].xml")) return null;
  const word = names.includes("word/document.xml");
  const excel = names.includes("xl/workbook.xml");
  if (word === excel) return null;
  return word ? "docx" : "xlsx";
}
