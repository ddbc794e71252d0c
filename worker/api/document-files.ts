import { Hono } from "hono";
import { serviceContext } from "../context.ts";
import type { AppEnv } from "../http/types.ts";
import { can } from "../auth/permissions.ts";
import { documentForServing } from "../services/documents/documents.ts";
import { DOCUMENT_LINK_PREFIX, verifyDocumentLink } from "../services/documents/document-link.ts";
import { documentHeaders } from "../services/documents/document-headers.ts";

/**
 * `GET /documents/file/<id>?d=&exp=&sig=`: a document's file (ADR 070/074), for the member the
 * link was signed for, in their session, while they may still read documents and for 5 minutes.
 * The signature is checked before the database or the bucket is read; a bad, expired, foreign or
 * deleted document's link answers one 403, whether the document exists or not. The object's key
 * comes from the live row (org + id), never from the URL. The request log keeps no query string.
 */
export const documentFilesApi = new Hono<AppEnv>();

const REFUSED = "Link de documento inválido ou expirado. Abra o documento de novo pela página Documentos.";

/** The one refusal; framable by our own pages, so an expired link inside the preview shows this sentence. */
function refused(): Response {
  return new Response(REFUSED, {
    status: 403,
    headers: {
      "content-type": "text/plain; charset=utf-8",
      "cache-control": "no-store",
      "referrer-policy": "no-referrer",
      "x-frame-options": "SAMEORIGIN",
      "content-security-policy": "default-src 'none'; frame-ancestors 'self'; sandbox",
    },
  });
}

documentFilesApi.on(["GET", "HEAD"], `${DOCUMENT_LINK_PREFIX}:id`, async (c) => {
  const rc = c.get("rc");
  const org = rc.auth?.org;
  const user = rc.auth?.user;
  if (!org || !user || !can(org.role, "documentos", "read")) return refused();
  const url = new URL(c.req.url);
  const id = c.req.param("id");
  const q = url.searchParams;
  const disposition = await verifyDocumentLink(
    rc.config.MEDIA_SIGNING_KEY,
    { orgId: org.id, userId: user.id },
    id,
    { d: q.get("d"), exp: q.get("exp"), sig: q.get("sig") },
    new Date(),
  );
  if (!disposition || !rc.env.FILES) return refused();
  const found = await documentForServing(serviceContext(rc), org.id, id);
  if (!found) return refused();
  const object = await rc.env.FILES.get(found.chave);
  if (!object) return refused();
  const headers = new Headers(documentHeaders(found.formato, disposition, found.nomeArquivo, object.size));
  const inline = (headers.get("content-disposition") ?? "").startsWith("inline");
  // Previewed in the page's <img>/<iframe> (same origin only); an image can run nothing; a download is never framed.
  headers.set("x-frame-options", inline ? "SAMEORIGIN" : "DENY");
  headers.set(
    "content-security-policy",
    !inline
      ? "default-src 'none'; sandbox"
      : found.formato === "pdf"
        ? "frame-ancestors 'self'"
        : "default-src 'none'; frame-ancestors 'self'; sandbox",
  );
  if (c.req.method === "HEAD") {
    object.body.cancel().catch(() => {});
    return new Response(null, { headers });
  }
  return new Response(object.body, { headers });
});
