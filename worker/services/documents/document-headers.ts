import { FILE_KIND, type FileKind } from "../../../shared/document-files/file-kinds.ts";
import type { Disposition } from "./document-link.ts";

/**
 * The headers a document is served with (ADR 070): its checked format's type (never the
 * sender's), no sniffing, no cache anywhere, no referrer, and `inline` only for what the page
 * previews (images and PDFs, already sniffed); DOCX, XLSX and HEIC always download. The file name
 * is the person's, in RFC 6266 form: an ASCII fallback and the UTF-8 original (accents kept).
 */
export function documentHeaders(kind: FileKind, asked: Disposition, fileName: string, size: number): Record<string, string> {
  const disposition = asked === "inline" && FILE_KIND[kind].preview !== "none" && kind !== "heic" ? "inline" : "attachment";
  return {
    "content-type": FILE_KIND[kind].mime,
    "content-length": String(size),
    "content-disposition": contentDisposition(disposition, fileName),
    "x-content-type-options": "nosniff",
    "cache-control": "private, no-store",
    "referrer-policy": "no-referrer",
  };
}

/** `inline|attachment; filename="ascii"; filename*=UTF-8''percent-encoded`, with no path, quote or control character. */
export function contentDisposition(disposition: Disposition, fileName: string): string {
  const clean =
    Array.from(fileName, (c) => (c.charCodeAt(0) < 0x20 || c === "\u007f" || '"\\/'.includes(c) ? "_" : c))
      .join("")
      .normalize("NFC")
      .trim() || "documento";
  const ascii = clean
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^\x20-\x7e]/g, "_");
  const encoded = encodeURIComponent(clean).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${disposition}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
