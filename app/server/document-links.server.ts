import { FILE_KIND, type FileKind } from "../../shared/document-files/file-kinds.ts";
import type { Actor, ServiceContext } from "../../worker/services/context.ts";
import { documentLinkPath } from "../../worker/services/documents/document-link.ts";

/** A document's member-bound 5-minute links for a page (ADR 070/074): preview (when the kind has one) and download. */
export interface DocumentLinks {
  preview: string | null;
  download: string | null;
  previewKind: "image" | "pdf" | "none";
  /** False when the bucket has no file under the row's key (the page says so instead of a broken preview). */
  available: boolean;
}

export async function documentLinks(
  ctx: ServiceContext,
  actor: Actor,
  doc: { id: string; formato: FileKind; chave: string },
): Promise<DocumentLinks> {
  const secret = ctx.config.MEDIA_SIGNING_KEY;
  const info = FILE_KIND[doc.formato];
  // HEIC: stored and downloadable, never previewed (browsers other than Safari cannot show it; ADR 070).
  const previewKind = doc.formato === "heic" ? "none" : info.preview;
  // One HEAD on the bucket (no database round trip): a row whose file is missing shows no broken preview.
  const available = Boolean(ctx.files && (await ctx.files.head(doc.chave)));
  if (!secret || !available) return { preview: null, download: null, previewKind, available };
  const claim = { orgId: actor.orgId, userId: actor.userId, documentId: doc.id };
  const [preview, download] = await Promise.all([
    previewKind === "none" ? null : documentLinkPath(secret, { ...claim, disposition: "inline" }, ctx.now),
    documentLinkPath(secret, { ...claim, disposition: "attachment" }, ctx.now),
  ]);
  return { preview, download, previewKind, available };
}
