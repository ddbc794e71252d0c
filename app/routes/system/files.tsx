import type { Route } from "./+types/files";
import { requireOrg } from "../../server/guards.server.ts";
import { getOrgFile } from "../../../worker/services/organization/organization.ts";

/**
 * GET /files/<key>: streams an R2 object of the caller's organization. Any other key (another
 * organization's, malformed, missing) answers the same 404, so keys can't be probed.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { rc, org } = requireOrg(context, request);
  const key = params["*"] ?? "";
  const object = await getOrgFile(rc.env.FILES, org.id, key);
  if (!object) throw new Response("Arquivo não encontrado.", { status: 404, headers: { "content-type": "text/plain; charset=utf-8" } });
  const headers = new Headers({
    "content-type": object.httpMetadata?.contentType ?? "application/octet-stream",
    "cache-control": "private, max-age=300",
    "x-content-type-options": "nosniff",
    // Defence in depth: even if something unexpected were stored, it can't run as a page.
    "content-security-policy": "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox",
    "content-disposition": "inline",
    etag: object.httpEtag,
  });
  if (request.headers.get("if-none-match") === object.httpEtag) {
    object.body.cancel().catch(() => {});
    return new Response(null, { status: 304, headers });
  }
  headers.set("content-length", String(object.size));
  return new Response(object.body, { headers });
}
