import { Hono } from "hono";
import { readConfig } from "../config/env.ts";
import type { AppEnv } from "../http/types.ts";
import { SIGNED_MEDIA_PREFIX, signableKey, verifyMedia } from "../services/media/signed-media.ts";

/**
 * `GET /media/signed/<key>?exp=…&sig=…`: a file in R2 for whoever holds a URL this server signed
 * (Meta's servers fetching a post's image; ADR 042). No session and no database: the signature is
 * the whole authorization. Mounted before the session middleware, as Meta sends no cookie.
 *
 * - A missing, wrong, tampered or expired signature, and a key outside the signable areas, answer
 *   one 403 before the bucket is read: nothing tells whether the file exists.
 * - A valid URL whose file is gone (the photo was deleted after signing) answers 404.
 * - `cache-control: private, no-store`: Meta downloads once per container, and no cache in between
 *   may keep a copy (or serve it after the URL expires). The request log keeps no query string,
 *   so the signature never reaches it (worker/http/log-redaction.ts).
 */
export const signedMediaApi = new Hono<AppEnv>();

const text = (body: string, status: 403 | 404) =>
  new Response(body, { status, headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" } });

signedMediaApi.on(["GET", "HEAD"], `${SIGNED_MEDIA_PREFIX}*`, async (c) => {
  const url = new URL(c.req.url);
  // The raw path: a signed key is plain ASCII, so anything percent-encoded is not one.
  const key = url.pathname.slice(SIGNED_MEDIA_PREFIX.length);
  const secret = readConfig(c.env).MEDIA_SIGNING_KEY;
  const valid = await verifyMedia(secret, key, url.searchParams.get("exp"), url.searchParams.get("sig"), new Date());
  const target = valid ? signableKey(key) : null;
  if (!target) return text("Link de mídia inválido ou expirado.", 403);
  const object = await c.env.FILES?.get(key);
  if (!object) return text("Imagem não encontrada.", 404);
  const headers = new Headers({
    "content-type": target.contentType,
    "content-length": String(object.size),
    "cache-control": "private, no-store",
    "x-content-type-options": "nosniff",
    "content-security-policy": "default-src 'none'; sandbox",
    "content-disposition": "inline",
    "x-robots-tag": "noindex",
  });
  if (c.req.method === "HEAD") {
    object.body.cancel().catch(() => {});
    return new Response(null, { headers });
  }
  return new Response(object.body, { headers });
});
