import { type Context, Hono } from "hono";
import { serviceContext } from "../context.ts";
import { limitStream, PayloadTooLargeError } from "../http/body-limit.ts";
import { apiError, toApiResponse } from "../http/errors.ts";
import { requestContextMiddleware } from "../http/middleware.ts";
import type { AppEnv } from "../http/types.ts";
import { digest } from "../auth/tokens.ts";
import { countKeyedFailure, enforceFailureLimit, enforceKeyedLimit } from "../security/rate-limit.ts";
import { feedStream } from "../services/real-estate/portal-feed.ts";
import { receivePortalLead } from "../services/real-estate/portal-leads.ts";
import { FEED_PATH, LEAD_WEBHOOK_PATH, orgForFeedToken, orgForLeadCredentials } from "../services/real-estate/portal-settings.ts";

/**
 * Doors for the portals (Grupo ZAP / OLX), open to the internet and authenticated by their own
 * secrets, not by a session: the VRSync feed at its secret URL and the lead webhook with HTTP
 * Basic auth. Mounted before the session/CSRF middleware (a portal's server sends no Origin);
 * each route opens the request context itself.
 */
export const portalApi = new Hono<AppEnv>();

/** A public body's cap: a lead or a contact form is a few short fields. */
export const PUBLIC_BODY_LIMIT = 16 * 1024;

/** The body as text, refusing (413) past `limit` bytes without reading further. */
export async function readCappedText(request: Request, limit = PUBLIC_BODY_LIMIT): Promise<string> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > limit) throw new PayloadTooLargeError(limit);
  if (!request.body) return "";
  const capped = limitStream(request.body, limit, () => {});
  return new Response(capped).text();
}

const TOKEN_FILE = /^([A-Za-z0-9_-]{20,100})\.xml$/;

function notFound(c: Context<AppEnv>): Response {
  return c.text("Feed não encontrado.", 404, { "cache-control": "no-store" });
}

portalApi.get(`${FEED_PATH}:file`, requestContextMiddleware, async (c) => {
  const rc = c.get("rc");
  const match = TOKEN_FILE.exec(c.req.param("file"));
  try {
    if (!match) {
      await enforceKeyedLimit(rc.db, "portalFeedMiss", { ip: rc.ip });
      return notFound(c);
    }
    const token = match[1] as string;
    await enforceKeyedLimit(rc.db, "portalFeed", { token: await digest(token) });
    const orgId = await orgForFeedToken(rc.db, token);
    if (!orgId) {
      await enforceKeyedLimit(rc.db, "portalFeedMiss", { ip: rc.ip });
      return notFound(c);
    }
    const body = await feedStream(serviceContext(rc), orgId);
    return new Response(body, {
      headers: { "content-type": "application/xml; charset=utf-8", "cache-control": "no-store", "x-robots-tag": "noindex" },
    });
  } catch (error) {
    return toApiResponse(c, error);
  }
});

/** `Basic base64(user:secret)` → its parts; null when absent or malformed. */
export function basicCredentials(header: string | undefined): { user: string; secret: string } | null {
  if (!header?.toLowerCase().startsWith("basic ")) return null;
  let decoded: string;
  try {
    decoded = atob(header.slice(6).trim());
  } catch {
    return null;
  }
  const colon = decoded.indexOf(":");
  if (colon < 1 || decoded.length > 512) return null;
  return { user: decoded.slice(0, colon), secret: decoded.slice(colon + 1) };
}

const UNAUTHORIZED = "Credenciais inválidas.";

portalApi.post(LEAD_WEBHOOK_PATH, requestContextMiddleware, async (c) => {
  const rc = c.get("rc");
  const credentials = basicCredentials(c.req.header("authorization"));
  try {
    // An IP with too many wrong credentials waits; a stranger's guesses never spend a business's limit.
    await enforceFailureLimit(rc.db, "portalLeadFailure", { ip: rc.ip });
    // Any bad credential answers the same 401: whether a user or an organização exists never shows.
    const orgId = credentials ? await orgForLeadCredentials(rc.db, credentials.user, credentials.secret) : null;
    if (!orgId) {
      await countKeyedFailure(rc.db, "portalLeadFailure", { ip: rc.ip });
      c.header("www-authenticate", 'Basic realm="Alicerce leads", charset="UTF-8"');
      return apiError(c, 401, UNAUTHORIZED, "unauthenticated");
    }
    await enforceKeyedLimit(rc.db, "portalLead", { ip: rc.ip, org: orgId });
    const raw = await readCappedText(c.req.raw);
    let body: unknown;
    try {
      body = JSON.parse(raw);
    } catch {
      return apiError(c, 400, "O corpo deve ser um JSON válido.", "invalid_json");
    }
    const lead = await receivePortalLead(serviceContext(rc), orgId, body);
    return c.json({ ok: true, leadId: lead.leadId, repetido: lead.repetido });
  } catch (error) {
    return toApiResponse(c, error);
  }
});
