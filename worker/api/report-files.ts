import { Hono } from "hono";
import { REPORT_FORMAT_FILE } from "../../shared/reports/files.ts";
import { serviceContext } from "../context.ts";
import { memberActor } from "../http/member-route.ts";
import type { AppEnv } from "../http/types.ts";
import { contentDisposition } from "../services/documents/document-headers.ts";
import { REPORT_LINK_PREFIX, verifyReportLink } from "../services/reports/files/link.ts";
import { reportFileForServing } from "../services/reports/files/requests.ts";

/**
 * `GET /reports/file/<id>?d=&exp=&sig=` (ADR 086): a built report file, for the member the link
 * was signed for, in their session, while they may still open the report and for 5 minutes.
 * The signature is checked before the database or the bucket is read; a bad, expired, foreign,
 * deleted or expired file's link answers one 403. The key comes from the row, never from the URL.
 */
export const reportFilesApi = new Hono<AppEnv>();

const REFUSED = "Link de arquivo inválido ou expirado. Baixe o arquivo de novo pela página Relatórios.";

function refused(): Response {
  return new Response(REFUSED, {
    status: 403,
    headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store", "referrer-policy": "no-referrer" },
  });
}

reportFilesApi.on(["GET", "HEAD"], `${REPORT_LINK_PREFIX}:id`, async (c) => {
  const rc = c.get("rc");
  const actor = memberActor(c);
  if (actor instanceof Response) return refused();
  const url = new URL(c.req.url);
  const id = c.req.param("id");
  const q = url.searchParams;
  const ok = await verifyReportLink(
    rc.config.MEDIA_SIGNING_KEY,
    { orgId: actor.orgId, userId: actor.userId },
    id,
    { d: q.get("d"), exp: q.get("exp"), sig: q.get("sig") },
    new Date(),
  );
  if (!ok || !rc.env.FILES) return refused();
  const ctx = serviceContext(rc);
  const found = await reportFileForServing(ctx, actor, id);
  if (!found) return refused();
  const object = await rc.env.FILES.get(found.chave);
  if (!object) return refused();
  const headers = new Headers({
    "content-type": REPORT_FORMAT_FILE[found.formato].contentType,
    "content-length": String(object.size),
    "content-disposition": contentDisposition("attachment", found.nomeArquivo),
    "x-content-type-options": "nosniff",
    "cache-control": "private, no-store",
    "referrer-policy": "no-referrer",
    "x-frame-options": "DENY",
    "content-security-policy": "default-src 'none'; sandbox",
  });
  if (c.req.method === "HEAD") {
    object.body.cancel().catch(() => {});
    return new Response(null, { headers });
  }
  return new Response(object.body, { headers });
});
