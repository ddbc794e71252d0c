/**
 * Meta's two signatures, checked with WebCrypto (the same code in workerd and Node), in constant
 * time (`crypto.subtle.verify` compares the MAC itself):
 * - webhooks: `X-Hub-Signature-256: sha256=<hex HMAC-SHA256(raw body, app secret)>`;
 * - the deauthorize and data-deletion callbacks: `signed_request = <b64url sig>.<b64url JSON>`,
 *   the signature being HMAC-SHA256 of the payload part as sent, with `algorithm: "HMAC-SHA256"`.
 * Each takes several candidate secrets (the platform's app, an organização's own app) and says
 * which one signed, so what the request changes can be limited to that app's connections.
 */

/** A secret that may have signed a request, and whose connections it may then touch. */
export interface AppSecretCandidate<T = unknown> {
  secret: string;
  /** Who the secret belongs to (the caller's: e.g. null for the platform's app, or an organização id). */
  owner: T;
}

const encoder = new TextEncoder();
const SHA256_BYTES = 32;

function hmacKey(secret: string): Promise<CryptoKey> {
  return crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["verify"]);
}

/** Lower- or upper-case hex of exactly `bytes` bytes; null otherwise. */
function hexBytes(text: string, bytes: number): Uint8Array<ArrayBuffer> | null {
  if (text.length !== bytes * 2 || !/^[0-9a-fA-F]+$/.test(text)) return null;
  const out = new Uint8Array(bytes);
  for (let i = 0; i < bytes; i++) out[i] = Number.parseInt(text.slice(i * 2, i * 2 + 2), 16);
  return out;
}

/** base64url (padding optional) → bytes; null when it is not base64url. */
export function base64UrlBytes(text: string): Uint8Array<ArrayBuffer> | null {
  if (!/^[A-Za-z0-9_-]*={0,2}$/.test(text)) return null;
  const plain = text.replace(/=+$/, "").replace(/-/g, "+").replace(/_/g, "/");
  if (plain.length % 4 === 1) return null;
  try {
    const binary = atob(plain + "=".repeat((4 - (plain.length % 4)) % 4));
    return Uint8Array.from(binary, (c) => c.charCodeAt(0));
  } catch {
    return null;
  }
}

/** The first candidate whose secret made `signature` over `data`, or null. */
async function signer<T>(candidates: readonly AppSecretCandidate<T>[], signature: Uint8Array<ArrayBuffer>, data: Uint8Array<ArrayBuffer>) {
  for (const candidate of candidates) {
    if (!candidate.secret) continue;
    const key = await hmacKey(candidate.secret);
    if (await crypto.subtle.verify("HMAC", key, signature, data)) return candidate;
  }
  return null;
}

/**
 * The candidate whose secret signed this webhook body (`X-Hub-Signature-256`), or null for a
 * missing, malformed or wrong signature. `rawBody` is the body exactly as received (bytes or text).
 */
export async function verifyHubSignature<T>(
  rawBody: string | Uint8Array<ArrayBuffer>,
  header: string | null | undefined,
  candidates: readonly AppSecretCandidate<T>[],
): Promise<AppSecretCandidate<T> | null> {
  const match = /^sha256=(.*)$/.exec(header?.trim() ?? "");
  const signature = match ? hexBytes(match[1] as string, SHA256_BYTES) : null;
  if (!signature) return null;
  const data = typeof rawBody === "string" ? encoder.encode(rawBody) : rawBody;
  return signer(candidates, signature, data);
}

/** A verified `signed_request`: its JSON payload and which candidate signed it. */
export interface SignedRequest<T> {
  payload: Record<string, unknown>;
  signedBy: AppSecretCandidate<T>;
}

/** Why a `signed_request` was refused (for tests and the log; the caller answers one generic refusal). */
export type SignedRequestProblem = "malformed" | "algorithm" | "signature";

/**
 * Verifies Meta's `signed_request`: two base64url parts, a JSON object payload whose
 * `algorithm` is HMAC-SHA256 (case as Meta writes it, upper case; anything else is refused),
 * and a 32-byte signature made by one of the candidates over the payload part as sent.
 */
export async function verifySignedRequest<T>(
  signedRequest: string | null | undefined,
  candidates: readonly AppSecretCandidate<T>[],
): Promise<SignedRequest<T> | { problem: SignedRequestProblem }> {
  const parts = (signedRequest ?? "").split(".");
  if (parts.length !== 2) return { problem: "malformed" };
  const [signaturePart, payloadPart] = parts as [string, string];
  const signature = base64UrlBytes(signaturePart);
  const payloadBytes = base64UrlBytes(payloadPart);
  if (!signature || !payloadBytes || payloadPart.length === 0) return { problem: "malformed" };
  let payload: unknown;
  try {
    payload = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(payloadBytes));
  } catch {
    return { problem: "malformed" };
  }
  if (typeof payload !== "object" || payload === null || Array.isArray(payload)) return { problem: "malformed" };
  if ((payload as Record<string, unknown>).algorithm !== "HMAC-SHA256") return { problem: "algorithm" };
  if (signature.length !== SHA256_BYTES) return { problem: "signature" };
  const signedBy = await signer(candidates, signature, encoder.encode(payloadPart));
  if (!signedBy) return { problem: "signature" };
  return { payload: payload as Record<string, unknown>, signedBy };
}

/**
 * Two secrets (a verify token) compared in constant time: both are hashed first, so neither
 * the content nor the length of the expected one shows in the time taken.
 */
export async function sameSecret(given: string, expected: string): Promise<boolean> {
  const [a, b] = await Promise.all([
    crypto.subtle.digest("SHA-256", encoder.encode(given)),
    crypto.subtle.digest("SHA-256", encoder.encode(expected)),
  ]);
  const x = new Uint8Array(a);
  const y = new Uint8Array(b);
  let diff = 0;
  for (let i = 0; i < x.length; i++) diff |= (x[i] as number) ^ (y[i] as number);
  return diff === 0 && expected.length > 0;
}
