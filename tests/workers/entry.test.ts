/**
 * The Worker entry (worker/index.ts) inside workerd, through the test pool's `exports.default`:
 * the real Hono chain, bindings from wrangler.toml and the local libSQL server over HTTP.
 */
import { env, exports } from "cloudflare:workers";
import { exportJWK, generateKeyPair, SignJWT } from "jose";
import { describe, expect, it } from "vitest";
import { signAccessToken } from "../../worker/auth/jwt.ts";

const BASE = "http://localhost";
const call = (path: string, init?: RequestInit) => exports.default.fetch(new Request(`${BASE}${path}`, init));
const bindings = env as unknown as Record<string, unknown>;

describe("worker entry in workerd", () => {
  it("answers /api/health with 200 JSON", async () => {
    const res = await call("/api/health");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("application/json");
    expect(await res.json()).toEqual({ ok: true });
  });

  it("sets the security headers and a request id", async () => {
    const res = await call("/api/health");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("x-frame-options")).toBe("DENY");
    expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(res.headers.get("cross-origin-opener-policy")).toBe("same-origin");
    expect(res.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("publishes the public EC P-256 signing key at /.well-known/jwks.json, without the private part", async () => {
    const res = await call("/.well-known/jwks.json");
    expect(res.status).toBe(200);
    const body = (await res.json()) as { keys: Record<string, unknown>[] };
    expect(body.keys).toHaveLength(1);
    const [key] = body.keys;
    expect(key).toMatchObject({ kty: "EC", crv: "P-256", alg: "ES256", use: "sig" });
    expect(key?.x).toBeTypeOf("string");
    expect(key?.y).toBeTypeOf("string");
    expect(key).not.toHaveProperty("d");
  });

  it("refuses /api/me without credentials with 401 JSON", async () => {
    const res = await call("/api/me");
    expect(res.status).toBe(401);
    expect(res.headers.get("content-type")).toContain("application/json");
    const body = (await res.json()) as { error: { message: string; code: string } };
    expect(body.error.code).toBe("unauthenticated");
  });

  it("refuses a bearer token signed by another key with 'Invalid JWT signature'", async () => {
    const { privateKey } = await generateKeyPair("ES256", { extractable: true });
    expect((await exportJWK(privateKey)).d).toBeTruthy();
    const forged = await new SignJWT({ sid: "forged-session" })
      .setProtectedHeader({ alg: "ES256", typ: "JWT" })
      .setSubject("someone")
      .setIssuer("alicerce")
      .setIssuedAt()
      .setExpirationTime("5m")
      .sign(privateKey);
    const res = await call("/api/me", { headers: { authorization: `Bearer ${forged}` } });
    expect(res.status).toBe(401);
    const body = (await res.json()) as { error: { message: string } };
    expect(body.error.message).toBe("Invalid JWT signature");
  });

  it("checks a correctly signed token against the sessions table (through the libSQL server)", async () => {
    const token = await signAccessToken(String(bindings.JWT_PRIVATE_JWK), { sub: crypto.randomUUID(), sid: "no-such-session" });
    const res = await call("/api/me", { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(401);
    const body = (await res.json()) as { error: { code: string } };
    expect(body.error.code).toBe("session_revoked");
  });

  it("has the R2 bucket binding FILES", async () => {
    const files = bindings.FILES as R2Bucket;
    expect(files).toBeDefined();
    await files.put("tests/hello.txt", "olá");
    const object = await files.get("tests/hello.txt");
    expect(await object?.text()).toBe("olá");
  });
});
