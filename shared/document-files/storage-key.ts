import { ID_CHARS } from "../id.ts";
import { FILE_KIND, type FileKind } from "./file-kinds.ts";

/**
 * Where a document's file lives in R2 (ADR 070): `orgs/<orgId>/documents/<documentId>.<ext>`.
 * The key holds only ids and the checked format's extension — never the person's file name (kept
 * in the row, sent back in Content-Disposition) — so it cannot carry a path, a space or someone's
 * name, and the organização's prefix is what tenant isolation and the org's deletion rely on.
 */

export function documentStorageKey(orgId: string, documentId: string, kind: FileKind): string {
  if (!ID.test(orgId) || !ID.test(documentId)) throw new RangeError("invalid id in a document key");
  return `orgs/${orgId}/documents/${documentId}.${FILE_KIND[kind].extensions[0]}`;
}

const ID = new RegExp(`^${ID_CHARS}$`);
const KEY = new RegExp(`^orgs/(${ID_CHARS})/documents/(${ID_CHARS})\\.([a-z]+)$`);

/** The organização and document a key belongs to; null for any key outside the documents area. */
export function parseDocumentStorageKey(key: string): { orgId: string; documentId: string; extension: string } | null {
  const match = KEY.exec(key);
  return match ? { orgId: match[1] as string, documentId: match[2] as string, extension: match[3] as string } : null;
}
