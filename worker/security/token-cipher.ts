/**
 * Encryption at rest for third-party tokens (Meta access tokens, app secrets): AES-256-GCM through
 * WebCrypto, so the same code runs in workerd, Node and the tests. ADR 040.
 *
 * Keys come from the secret TOKEN_ENCRYPTION_KEYS = "kid1:base64key,kid2:base64key" (32-byte keys);
 * the first is current. A sealed value names its key id, so after a rotation old rows still open and
 * `openToken` hands back a re-sealed value under the current key for the caller to store (lazy
 * re-encryption). The additional data binds a value to its organização and purpose: a row copied
 * to another organização, or a page token pasted where an app secret belongs, does not open.
 * Nothing here logs, and errors never carry the plaintext.
 */

const VERSION = "v1";
const KID = /^[A-Za-z0-9_-]{1,32}$/;
const IV_BYTES = 12;
const encoder = new TextEncoder();
const decoder = new TextDecoder();

export interface TokenKey {
  id: string;
  key: CryptoKey;
}

export interface TokenKeyring {
  /** Seals every new value. */
  current: TokenKey;
  byId: ReadonlyMap<string, TokenKey>;
}

/** What a sealed value is bound to; both must match to open it. */
export interface TokenBinding {
  organizationId: string;
  /** e.g. "meta-user-token", "meta-page-token", "meta-app-secret". */
  purpose: string;
}

export class TokenKeyError extends Error {
  override name = "TokenKeyError";
}

/** A value that does not open: tampered, another organização's, another purpose, or an unknown key. */
export class TokenDecryptError extends Error {
  override name = "TokenDecryptError";
}

/** Checks the secret's shape without importing keys (the config reader uses it). */
export function tokenKeysProblem(spec: string): string | null {
  const entries = spec
    .split(",")
    .map((e) => e.trim())
    .filter(Boolean);
  if (entries.length === 0) return "TOKEN_ENCRYPTION_KEYS is empty";
  const seen = new Set<string>();
  for (const entry of entries) {
    const colon = entry.indexOf(":");
    const kid = entry.slice(0, colon);
    if (colon < 1 || !KID.test(kid)) return "TOKEN_ENCRYPTION_KEYS must be kid:base64key[,kid:base64key]";
    if (seen.has(kid)) return `TOKEN_ENCRYPTION_KEYS repeats the key id ${kid}`;
    seen.add(kid);
    const bytes = fromBase64(entry.slice(colon + 1));
    if (bytes?.length !== 32) return `TOKEN_ENCRYPTION_KEYS key ${kid} must be 32 bytes in base64`;
  }
  return null;
}

export async function parseTokenKeys(spec: string): Promise<TokenKeyring> {
  const problem = tokenKeysProblem(spec);
  if (problem) throw new TokenKeyError(problem);
  const keys: TokenKey[] = [];
  for (const entry of spec.split(",").map((e) => e.trim())) {
    if (!entry) continue;
    const colon = entry.indexOf(":");
    const raw = fromBase64(entry.slice(colon + 1)) as Uint8Array<ArrayBuffer>;
    const key = await crypto.subtle.importKey("raw", raw, { name: "AES-GCM" }, false, ["encrypt", "decrypt"]);
    keys.push({ id: entry.slice(0, colon), key });
  }
  return { current: keys[0] as TokenKey, byId: new Map(keys.map((k) => [k.id, k])) };
}

/** A fresh "kid:base64key" entry (local secrets, tests, and the rotation runbook). */
export function generateTokenKeyEntry(kid: string): string {
  if (!KID.test(kid)) throw new TokenKeyError("key id must be 1–32 of A-Z a-z 0-9 _ -");
  return `${kid}:${toBase64(crypto.getRandomValues(new Uint8Array(32)))}`;
}

function additionalData(version: string, kid: string, binding: TokenBinding): Uint8Array<ArrayBuffer> {
  // JSON keeps the fields unambiguous (no separator an id could contain).
  return encoder.encode(JSON.stringify(["alicerce-token", version, kid, binding.organizationId, binding.purpose]));
}

/** Seals `plaintext` as "v1.kid.iv.ciphertext" (base64url parts) under the current key. */
export async function sealToken(ring: TokenKeyring, plaintext: string, binding: TokenBinding): Promise<string> {
  const { id, key } = ring.current;
  const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
  const sealed = await crypto.subtle.encrypt(
    { name: "AES-GCM", iv, additionalData: additionalData(VERSION, id, binding) },
    key,
    encoder.encode(plaintext),
  );
  return [VERSION, id, toBase64Url(iv), toBase64Url(new Uint8Array(sealed))].join(".");
}

export interface OpenedToken {
  value: string;
  /** Set when the value was sealed under an older key: the same value sealed under the current one, to store. */
  resealed?: string;
}

export async function openToken(ring: TokenKeyring, sealed: string, binding: TokenBinding): Promise<OpenedToken> {
  const [version, kid, ivPart, dataPart, extra] = sealed.split(".");
  if (version !== VERSION || !kid || !ivPart || !dataPart || extra !== undefined) {
    throw new TokenDecryptError("valor cifrado em formato desconhecido");
  }
  const entry = ring.byId.get(kid);
  if (!entry) throw new TokenDecryptError(`chave ${kid} não está em TOKEN_ENCRYPTION_KEYS`);
  const iv = fromBase64(ivPart, true);
  const data = fromBase64(dataPart, true);
  if (iv?.length !== IV_BYTES || !data) throw new TokenDecryptError("valor cifrado em formato desconhecido");
  let plain: ArrayBuffer;
  try {
    plain = await crypto.subtle.decrypt(
      { name: "AES-GCM", iv: iv as Uint8Array<ArrayBuffer>, additionalData: additionalData(version, kid, binding) },
      entry.key,
      data as Uint8Array<ArrayBuffer>,
    );
  } catch {
    throw new TokenDecryptError("o valor cifrado não confere (alterado, de outra organização ou de outro uso)");
  }
  const value = decoder.decode(plain);
  if (kid === ring.current.id) return { value };
  return { value, resealed: await sealToken(ring, value, binding) };
}

/** True when a sealed value is under an older key (a rotation sweep can re-seal it ahead of use). */
export function isSealedWithOldKey(ring: TokenKeyring, sealed: string): boolean {
  return sealed.split(".")[1] !== ring.current.id;
}

function toBase64(bytes: Uint8Array): string {
  let binary = "";
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary);
}

function toBase64Url(bytes: Uint8Array): string {
  return toBase64(bytes).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64(text: string, url = false): Uint8Array | null {
  const pattern = url ? /^[A-Za-z0-9_-]*$/ : /^[A-Za-z0-9+/]*={0,2}$/;
  if (!pattern.test(text)) return null;
  const normal = url ? text.replace(/-/g, "+").replace(/_/g, "/") : text;
  try {
    const binary = atob(normal.padEnd(Math.ceil(normal.length / 4) * 4, "="));
    return Uint8Array.from(binary, (c) => c.charCodeAt(0));
  } catch {
    return null;
  }
}
