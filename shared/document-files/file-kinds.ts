/**
 * The file formats Documentos accepts (ADR 070): what a corretor scans, photographs or receives —
 * PDF, photos (JPEG, PNG, HEIC from iPhones, WebP) and Office documents (DOCX, XLSX). Not accepted:
 * plain text and CSV (no magic bytes to check them by), legacy .doc/.xls (OLE files that carry
 * macros and that no browser previews), executables and archives. Pure and client-safe: the upload
 * input's `accept` and the server's check read the same list.
 */

export const FILE_KINDS = ["pdf", "jpeg", "png", "heic", "webp", "docx", "xlsx"] as const;
export type FileKind = (typeof FILE_KINDS)[number];

export interface FileKindInfo {
  /** What a person calls it in a message ("PDF", "HEIC"). */
  label: string;
  /** The type stored and served: always this one, never the browser's claim. */
  mime: string;
  /** Other types browsers and phones declare for the same format. */
  aliases: readonly string[];
  /** Lower-case extensions without the dot; the first is the one the stored key uses. */
  extensions: readonly [string, ...string[]];
  /** Whether the page can show it in place (an image or a PDF); HEIC only where the browser decodes it. */
  preview: "image" | "pdf" | "none";
}

export const FILE_KIND: Readonly<Record<FileKind, FileKindInfo>> = {
  pdf: { label: "PDF", mime: "application/pdf", aliases: ["application/x-pdf"], extensions: ["pdf"], preview: "pdf" },
  jpeg: { label: "JPEG", mime: "image/jpeg", aliases: ["image/jpg", "image/pjpeg"], extensions: ["jpg", "jpeg", "jfif"], preview: "image" },
  png: { label: "PNG", mime: "image/png", aliases: [], extensions: ["png"], preview: "image" },
  heic: {
    label: "HEIC",
    mime: "image/heic",
    aliases: ["image/heif", "image/heic-sequence", "image/heif-sequence"],
    extensions: ["heic", "heif"],
    preview: "none",
  },
  webp: { label: "WebP", mime: "image/webp", aliases: [], extensions: ["webp"], preview: "image" },
  docx: {
    label: "DOCX",
    mime: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    aliases: [],
    extensions: ["docx"],
    preview: "none",
  },
  xlsx: {
    label: "XLSX",
    mime: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    aliases: [],
    extensions: ["xlsx"],
    preview: "none",
  },
};

/** 20 MB: a scanned contract or an iPhone photo fits with room; a video does not. */
export const DOCUMENT_MAX_BYTES = 20 * 1024 * 1024;
/** How many files one upload may carry at once. */
export const DOCUMENT_MAX_FILES_PER_UPLOAD = 20;

/** Every label, for "deve ser um arquivo do tipo PDF, JPEG, …". */
export const FILE_KIND_LABELS: readonly string[] = FILE_KINDS.map((k) => FILE_KIND[k].label);

/** The file input's `accept`: types and extensions (iOS offers HEIC from Files only by extension). */
export const DOCUMENT_ACCEPT: string = FILE_KINDS.flatMap((k) => [FILE_KIND[k].mime, ...FILE_KIND[k].extensions.map((e) => `.${e}`)]).join(
  ",",
);

/** The lower-case extension of a file name ("" when it has none). */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf(".");
  return dot > 0 && dot < name.length - 1 ? name.slice(dot + 1).toLowerCase() : "";
}

/** The kind a file name's extension names, or null. */
export function kindOfExtension(ext: string): FileKind | null {
  return FILE_KINDS.find((k) => FILE_KIND[k].extensions.includes(ext)) ?? null;
}

/** Whether `mime` (as a browser declares it) is one of `kind`'s types. */
export function isMimeOf(kind: FileKind, mime: string): boolean {
  const m = mime.toLowerCase().split(";")[0]?.trim() ?? "";
  return m === FILE_KIND[kind].mime || FILE_KIND[kind].aliases.includes(m);
}
