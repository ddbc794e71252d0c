import {
  FILE_KIND,
  FILE_KIND_LABELS,
  type FileKind,
  DOCUMENT_MAX_BYTES,
  DOCUMENT_MAX_FILES_PER_UPLOAD,
  extensionOf,
  isMimeOf,
  kindOfExtension,
} from "./file-kinds.ts";
import { sniffFileKind } from "./sniff.ts";

/**
 * The check every uploaded document passes (ADR 070), in two steps: what the browser declares
 * (name, type, size — the page runs it before sending, the Worker again) and what the bytes are.
 * A file is accepted only when its extension, its declared type (when the browser gives one) and
 * its content name the same format; the type stored and served is that format's, never the claim.
 *
 * Messages name the file, since one upload carries several and each row shows its own; they follow
 * the house sentences of shared/validation.ts ("O arquivo … deve ter no máximo …", "deve ser … do
 * tipo A, B"), in MB rather than KB because that is how phones show a file's size.
 */

export const documentFileMessages = {
  empty: (name: string): string => `O arquivo ${name} está vazio`,
  size: (name: string): string => `O arquivo ${name} deve ter no máximo ${DOCUMENT_MAX_BYTES / (1024 * 1024)} MB`,
  type: (name: string): string => `O arquivo ${name} deve ser do tipo ${FILE_KIND_LABELS.join(", ")}`,
  content: (name: string, kind: FileKind): string => `O conteúdo do arquivo ${name} não corresponde ao tipo ${FILE_KIND[kind].label}`,
  tooMany: (): string => `Envie no máximo ${DOCUMENT_MAX_FILES_PER_UPLOAD} arquivos de uma vez`,
} as const;

/** What a browser tells about a file before it is read (a File satisfies it). */
export interface DeclaredFile {
  name: string;
  type: string;
  size: number;
}

export type FileCheck = { ok: true; kind: FileKind } | { ok: false; message: string };

/** Declared types that say nothing: Windows and some phones send these for HEIC and Office files. */
const UNINFORMATIVE = new Set(["", "application/octet-stream", "binary/octet-stream"]);

/** The format the name and the declared type claim, or why the file cannot be sent. */
export function checkDeclaredFile(file: DeclaredFile): FileCheck {
  if (file.size === 0) return { ok: false, message: documentFileMessages.empty(file.name) };
  if (file.size > DOCUMENT_MAX_BYTES) return { ok: false, message: documentFileMessages.size(file.name) };
  const kind = kindOfExtension(extensionOf(file.name));
  if (!kind) return { ok: false, message: documentFileMessages.type(file.name) };
  const declared = file.type.toLowerCase().split(";")[0]?.trim() ?? "";
  if (!UNINFORMATIVE.has(declared) && !isMimeOf(kind, declared))
    return { ok: false, message: documentFileMessages.content(file.name, kind) };
  return { ok: true, kind };
}

/**
 * The whole check: the declaration, then the bytes (the complete file — the end of a PDF, PNG or
 * ZIP is part of what is checked). A PDF renamed `.jpg` fails as "não corresponde ao tipo JPEG".
 */
export function checkDocumentFile(file: DeclaredFile, bytes: Uint8Array): FileCheck {
  const declared = checkDeclaredFile({ ...file, size: bytes.length });
  if (!declared.ok) return declared;
  if (sniffFileKind(bytes) !== declared.kind) return { ok: false, message: documentFileMessages.content(file.name, declared.kind) };
  return declared;
}

/** Refuses an upload of more files than one request takes. */
export function checkFileCount(count: number): string | null {
  return count > DOCUMENT_MAX_FILES_PER_UPLOAD ? documentFileMessages.tooMany() : null;
}
