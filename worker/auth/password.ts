import { argon2id } from "@noble/hashes/argon2.js";
import type { Config } from "../config/env.ts";

export interface PasswordParams {
  /** Memory in KiB. */
  m: number;
  /** Passes. */
  t: number;
  /** Lanes. */
  p: number;
}

/**
 * Argon2id at OWASP's minimum (m=19 MiB, t=2, p=1): see docs/decisions/002-password-hashing.md.
 * The parameters travel with each hash (PHC string), so they can be raised later and old
 * hashes re-hashed on the next successful login.
 */
export const PASSWORD_PARAMS = { m: 19456, t: 2, p: 1 } as const satisfies PasswordParams;

/**
 * Argon2id's cheapest setting, for tests only: a sign-up or login under test then costs
 * microseconds instead of ≈0.15–0.5 s of CPU, so test times do not depend on the machine's
 * speed (ADR 002, ADR 028). Verification reads the cost from each hash, so both kinds verify.
 */
export const TEST_PASSWORD_PARAMS = { m: 64, t: 1, p: 1 } as const satisfies PasswordParams;

/** A database on this machine (a file, or a server on a loopback address): tests and local runs. */
const LOCAL_DATABASE = /^(file:|(https?|libsql|wss?):\/\/(127\.\d+\.\d+\.\d+|localhost|\[::1\])(:\d+)?(\/|$))/;

/**
 * The cost of new hashes: OWASP's, except under APP_ENV=test on a local database. Both are
 * required, so a deployed Worker (its database is remote) keeps the full cost even if APP_ENV
 * were wrongly set to "test".
 */
export function passwordParams(config: Pick<Config, "APP_ENV" | "DATABASE_URL">): PasswordParams {
  return config.APP_ENV === "test" && LOCAL_DATABASE.test(config.DATABASE_URL) ? TEST_PASSWORD_PARAMS : PASSWORD_PARAMS;
}
const KEY_LENGTH = 32;

const encoder = new TextEncoder();

function toBase64(bytes: Uint8Array): string {
  let s = "";
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s).replace(/=+$/, "");
}

function fromBase64(text: string): Uint8Array {
  const padded = text + "=".repeat((4 - (text.length % 4)) % 4);
  return Uint8Array.from(atob(padded), (c) => c.charCodeAt(0));
}

export function hashPassword(password: string, params: PasswordParams = PASSWORD_PARAMS): string {
  const salt = crypto.getRandomValues(new Uint8Array(16));
  const hash = argon2id(encoder.encode(password), salt, { ...params, dkLen: KEY_LENGTH });
  return `$argon2id$v=19$m=${params.m},t=${params.t},p=${params.p}$${toBase64(salt)}$${toBase64(hash)}`;
}

function constantTimeEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= (a[i] ?? 0) ^ (b[i] ?? 0);
  return diff === 0;
}

export function verifyPassword(password: string, stored: string): boolean {
  const match = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$([A-Za-z0-9+/]+)\$([A-Za-z0-9+/]+)$/.exec(stored);
  if (!match) return false;
  const [, m, t, p, salt, expected] = match as unknown as [string, string, string, string, string, string];
  const want = fromBase64(expected);
  const got = argon2id(encoder.encode(password), fromBase64(salt), {
    m: Number(m),
    t: Number(t),
    p: Number(p),
    dkLen: want.length,
  });
  return constantTimeEqual(got, want);
}

/** True when a hash was made with weaker parameters than `params` (today's): re-hash after login. */
export function needsRehash(stored: string, params: PasswordParams = PASSWORD_PARAMS): boolean {
  const match = /m=(\d+),t=(\d+),p=(\d+)/.exec(stored);
  if (!match) return true;
  return Number(match[1]) < params.m || Number(match[2]) < params.t;
}

/** A real hash of a random password at `params`: verifying against it costs the same as a real account. */
const dummyHashes = new Map<string, string>();
export function dummyPasswordHash(params: PasswordParams = PASSWORD_PARAMS): string {
  const key = `${params.m},${params.t},${params.p}`;
  let hash = dummyHashes.get(key);
  if (!hash) {
    hash = hashPassword(crypto.randomUUID(), params);
    dummyHashes.set(key, hash);
  }
  return hash;
}
