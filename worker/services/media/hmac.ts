/**
 * HMAC-SHA256 signing shared by the signed links (media for Meta, ADR 042; document downloads,
 * ADR 070): one imported key per secret, base64url with one spelling per signature, and
 * verification through WebCrypto's `verify` (a constant-time comparison).
 */

const keys = new Map<string, Promise<CryptoKey>>();

function hmacKey(secret: string): Promise<CryptoKey> {
  let key = keys.get(secret);
  if (!key) {
    key = crypto.subtle.importKey("raw", new TextEncoder().encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign", "verify"]);
    keys.set(secret, key);
  }
  return key;
}

export function base64url(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}

function fromBase64url(text: string): Uint8Array {
  const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

/** The base64url HMAC-SHA256 of `message` (43 characters). */
export async function hmacSign(secret: string, message: string): Promise<string> {
  const data = new TextEncoder().encode(message);
  return base64url(new Uint8Array(await crypto.subtle.sign("HMAC", await hmacKey(secret), data as BufferSource)));
}

/** Whether `sig` is the signature of `message`: well formed, in its one spelling, and matching. */
export async function hmacVerify(secret: string, message: string, sig: string): Promise<boolean> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(sig)) return false;
  const bytes = fromBase64url(sig);
  // One spelling per signature: the last character's unused bits must be zero.
  if (base64url(bytes) !== sig) return false;
  return crypto.subtle.verify("HMAC", await hmacKey(secret), bytes as BufferSource, new TextEncoder().encode(message) as BufferSource);
}
