import { ID_CHARS } from "../../../shared/id.ts";
import { ConfigError } from "../../config/env.ts";
import { DomainError, type ServiceContext } from "../context.ts";
import { hmacSign, hmacVerify } from "./hmac.ts";

/**
 * Signed, expiring URLs on our own domain for a file in R2 (ADR 042): what Meta downloads a post's
 * image from (`/media/signed/<key>?exp=<unix seconds>&sig=<HMAC>`). The bucket is never public;
 * the Worker serves a file only to a URL it signed itself, for at most SIGNED_MEDIA_MAX_TTL.
 *
 * The signature is HMAC-SHA256 with MEDIA_SIGNING_KEY over the key and the expiry, in base64url;
 * it is checked by WebCrypto's `verify` (a constant-time comparison), before the bucket is
 * touched, so a wrong or expired URL answers the same 403 whether the file exists or not.
 */

export const SIGNED_MEDIA_PREFIX = "/media/signed/";
/** Meta downloads an image within seconds of being given its URL; an hour covers retries and a slow queue. */
export const SIGNED_MEDIA_DEFAULT_TTL = 60 * 60;
export const SIGNED_MEDIA_MAX_TTL = 60 * 60;

/** The file types a signed URL serves, by extension: what Meta takes for an image post. */
const CONTENT_TYPES: Record<string, string> = { jpg: "image/jpeg", webp: "image/webp" };

/**
 * Keys that may be signed: a file of an organização's property photos or post media, nothing
 * else in the bucket (logos, imports, another area added later must be listed here on purpose).
 */
const SIGNABLE = new RegExp(`^orgs/(${ID_CHARS})/(?:properties|posts)/(?:[A-Za-z0-9_-]+/)+[A-Za-z0-9_-]+\\.([a-z]+)$`);

/** The organização and content type of a key that may be signed; null for any other key. */
export function signableKey(key: string): { orgId: string; contentType: string } | null {
  const match = SIGNABLE.exec(key);
  const contentType = match ? CONTENT_TYPES[match[2] as string] : undefined;
  return match && contentType ? { orgId: match[1] as string, contentType } : null;
}

/** What is signed: the key and the expiry, on two lines (a key never holds a newline). */
const message = (key: string, exp: number): string => `${key}\n${exp}`;

export function signMedia(secret: string, key: string, exp: number): Promise<string> {
  return hmacSign(secret, message(key, exp));
}

/**
 * Whether `exp` and `sig` (the query's raw values) sign `key` and have not expired at `now`. An
 * expiry further than SIGNED_MEDIA_MAX_TTL ahead (and a minute of clock skew) is refused too: no
 * URL this server made lives longer.
 */
export async function verifyMedia(
  secret: string | undefined,
  key: string,
  exp: string | null,
  sig: string | null,
  now: Date,
): Promise<boolean> {
  if (!secret || !exp || !sig || !/^\d{1,12}$/.test(exp) || !/^[A-Za-z0-9_-]{43}$/.test(sig)) return false;
  const expires = Number(exp);
  const seconds = Math.floor(now.getTime() / 1000);
  if (expires < seconds || expires > seconds + SIGNED_MEDIA_MAX_TTL + 60) return false;
  if (!signableKey(key)) return false;
  return hmacVerify(secret, message(key, expires), sig);
}

export type SigningContext = Pick<ServiceContext, "config" | "origin" | "now">;

/**
 * An absolute URL on our domain that serves `key` (a file of `orgId`'s property photos or post
 * media) to whoever holds it until `ttl` seconds from now — what the publisher hands to Meta.
 * Refuses a key of another organização, or outside those areas, so a mistake there never signs
 * someone else's file.
 */
export async function signedMediaUrl(ctx: SigningContext, orgId: string, key: string, ttl = SIGNED_MEDIA_DEFAULT_TTL): Promise<string> {
  const secret = ctx.config.MEDIA_SIGNING_KEY;
  if (!secret) throw new ConfigError("MEDIA_SIGNING_KEY não configurada: defina-a para publicar imagens nas redes sociais.");
  if (!Number.isInteger(ttl) || ttl < 1 || ttl > SIGNED_MEDIA_MAX_TTL)
    throw new RangeError(`ttl must be 1–${SIGNED_MEDIA_MAX_TTL} seconds`);
  if (signableKey(key)?.orgId !== orgId) throw new DomainError("Arquivo não encontrado.", 404);
  const exp = Math.floor(ctx.now.getTime() / 1000) + ttl;
  const url = new URL(`${SIGNED_MEDIA_PREFIX}${key}`, ctx.origin);
  url.searchParams.set("exp", String(exp));
  url.searchParams.set("sig", await signMedia(secret, key, exp));
  return url.toString();
}
