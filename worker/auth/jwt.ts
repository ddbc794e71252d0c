import { type CryptoKey, type JWK, SignJWT, errors, exportJWK, importJWK, jwtVerify } from "jose";

/** Short-lived API access tokens (ES256). Refresh tokens are opaque and live in the database. */
export const ACCESS_TOKEN_TTL_S = 15 * 60;
const ISSUER = "alicerce";

interface KeyPair {
  kid: string;
  privateKey: CryptoKey;
  /** Imported once per isolate: importing a key on every request cost ≈0.4 ms of CPU. */
  publicKey: CryptoKey;
  publicJwk: JWK;
}

const keyCache = new Map<string, Promise<KeyPair>>();

function loadKeys(privateJwkJson: string): Promise<KeyPair> {
  let hit = keyCache.get(privateJwkJson);
  if (!hit) {
    hit = (async () => {
      const jwk = JSON.parse(privateJwkJson) as JWK;
      const privateKey = (await importJWK(jwk, "ES256")) as CryptoKey;
      const { d: _secret, ...publicPart } = jwk;
      const kid = jwk.kid ?? "alicerce-1";
      const publicJwk: JWK = { ...publicPart, kid, alg: "ES256", use: "sig" };
      const publicKey = (await importJWK(publicJwk, "ES256")) as CryptoKey;
      return { kid, privateKey, publicKey, publicJwk };
    })();
    keyCache.set(privateJwkJson, hit);
  }
  return hit;
}

export async function signAccessToken(privateJwkJson: string, claims: { sub: string; sid: string }, now = Date.now()): Promise<string> {
  const keys = await loadKeys(privateJwkJson);
  return new SignJWT({ sid: claims.sid })
    .setProtectedHeader({ alg: "ES256", kid: keys.kid, typ: "JWT" })
    .setSubject(claims.sub)
    .setIssuer(ISSUER)
    .setIssuedAt(Math.floor(now / 1000))
    .setExpirationTime(Math.floor(now / 1000) + ACCESS_TOKEN_TTL_S)
    .sign(keys.privateKey);
}

export type VerifyResult =
  | { ok: true; sub: string; sid: string }
  | { ok: false; error: typeof INVALID_SIGNATURE | typeof TOKEN_EXPIRED | typeof TOKEN_INVALID };

/** The spec's fixed wording (product spec §8, error catalogue). */
export const INVALID_SIGNATURE = "Invalid JWT signature";
/** Not worded by the spec: pt-BR, as every other API error. */
export const TOKEN_EXPIRED = "Token de acesso expirado. Renove a sessão ou entre novamente.";
export const TOKEN_INVALID = "Token de acesso inválido.";

/**
 * Tokens this isolate already verified, by their exact text (signature included, so a changed
 * byte is a different entry): an API client sends the same token for up to 15 minutes, and an
 * ES256 check costs more CPU than the rest of a small request. Expiry is still checked on every
 * use; revocation is the session lookup's job, as before. Bounded, oldest entries dropped first.
 */
const verified = new Map<string, { key: string; sub: string; sid: string; expMs: number }>();
const VERIFIED_MAX = 2_000;

export async function verifyAccessToken(privateJwkJson: string, token: string, now = Date.now()): Promise<VerifyResult> {
  const known = verified.get(token);
  if (known && known.key === privateJwkJson) {
    if (now >= known.expMs) {
      verified.delete(token);
      return { ok: false, error: TOKEN_EXPIRED };
    }
    return { ok: true, sub: known.sub, sid: known.sid };
  }
  const keys = await loadKeys(privateJwkJson);
  try {
    const { payload } = await jwtVerify(token, keys.publicKey, { issuer: ISSUER, algorithms: ["ES256"], currentDate: new Date(now) });
    if (typeof payload.sub !== "string" || typeof payload.sid !== "string" || typeof payload.exp !== "number")
      return { ok: false, error: TOKEN_INVALID };
    if (verified.size >= VERIFIED_MAX) verified.delete(verified.keys().next().value as string);
    verified.set(token, { key: privateJwkJson, sub: payload.sub, sid: payload.sid, expMs: payload.exp * 1000 });
    return { ok: true, sub: payload.sub, sid: payload.sid };
  } catch (error) {
    if (error instanceof errors.JWSSignatureVerificationFailed) return { ok: false, error: INVALID_SIGNATURE };
    if (error instanceof errors.JWTExpired) return { ok: false, error: TOKEN_EXPIRED };
    return { ok: false, error: TOKEN_INVALID };
  }
}

export async function publicJwks(privateJwkJson: string): Promise<{ keys: JWK[] }> {
  const keys = await loadKeys(privateJwkJson);
  return { keys: [keys.publicJwk] };
}

/** Used by `npm start` and tests to make a local signing key. */
export async function generateSigningJwk(): Promise<string> {
  const pair = (await crypto.subtle.generateKey({ name: "ECDSA", namedCurve: "P-256" }, true, ["sign", "verify"])) as CryptoKeyPair;
  const jwk = await exportJWK(pair.privateKey);
  return JSON.stringify({ ...jwk, kid: `alicerce-${Date.now().toString(36)}`, alg: "ES256" });
}
