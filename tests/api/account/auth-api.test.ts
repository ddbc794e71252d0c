import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { sessions } from "../../../db/schema/index.ts";
import { digest } from "../../../worker/auth/tokens.ts";
import { login } from "../../../worker/services/account/accounts.ts";
import { generateSigningJwk, signAccessToken } from "../../../worker/auth/jwt.ts";
import { LOGIN_FAILURES } from "../../../worker/security/rate-limit.ts";
import { createHarness, createOwner, type Harness } from "../harness.ts";

let h: Harness;
let owner: Awaited<ReturnType<typeof createOwner>>;

beforeAll(async () => {
  h = await createHarness();
  owner = await createOwner(h, "API");
});

async function tokens(email = owner.email, senha = owner.password) {
  const res = await h.request("/api/auth/token", { json: { email, senha } });
  return { res, body: (await res.json()) as Record<string, unknown> };
}

describe("API tokens", () => {
  it("exchanges e-mail and password for an access token and a refresh token", async () => {
    const { res, body } = await tokens();
    expect(res.status).toBe(200);
    expect(body.token_type).toBe("bearer");
    expect(body.expires_in).toBe(900);
    const me = await h.request("/api/me", { bearer: String(body.access_token) });
    expect(me.status).toBe(200);
    const data = (await me.json()) as { user: { email: string }; organization: { role: string } };
    expect(data.user.email).toBe(owner.email);
    expect(data.organization.role).toBe("owner");
  });

  it("answers a wrong password with the same pt-BR message as an unknown e-mail", async () => {
    const wrong = await tokens(owner.email, "errada-123");
    const unknown = await tokens("ninguem@exemplo.com.br", "errada-123");
    expect(wrong.res.status).toBe(401);
    expect(unknown.res.status).toBe(401);
    expect(wrong.body).toEqual(unknown.body);
    expect(JSON.stringify(wrong.body)).toContain("E-mail ou senha incorretos.");
  });

  it("rejects a token signed by another key with 'Invalid JWT signature'", async () => {
    const forged = await signAccessToken(await generateSigningJwk(), { sub: "x", sid: "y" });
    const res = await h.request("/api/me", { bearer: forged });
    expect(res.status).toBe(401);
    expect(((await res.json()) as { error: { message: string } }).error.message).toBe("Invalid JWT signature");
  });

  it("requires a bearer token or session under /api/ except /api/auth/*", async () => {
    expect((await h.request("/api/me")).status).toBe(401);
    expect((await h.request("/api/health")).status).toBe(200);
  });

  it("rotates refresh tokens and revokes the session when a used one comes back", async () => {
    const first = (await tokens()).body;
    const rotated = await h.request("/api/auth/refresh", { json: { refresh_token: first.refresh_token } });
    expect(rotated.status).toBe(200);
    const second = (await rotated.json()) as Record<string, string>;
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect((await h.request("/api/me", { bearer: String(second.access_token) })).status).toBe(200);

    const replay = await h.request("/api/auth/refresh", { json: { refresh_token: first.refresh_token } });
    expect(replay.status).toBe(401);
    // The whole family is gone: the newest token and the session stop working too.
    expect((await h.request("/api/auth/refresh", { json: { refresh_token: second.refresh_token } })).status).toBe(401);
    expect((await h.request("/api/me", { bearer: String(second.access_token) })).status).toBe(401);
  });

  it("publishes the public signing key without the private part", async () => {
    const res = await h.request("/.well-known/jwks.json");
    const jwks = (await res.json()) as { keys: Record<string, string>[] };
    expect(jwks.keys).toHaveLength(1);
    expect(jwks.keys[0]?.crv).toBe("P-256");
    expect(jwks.keys[0]?.d).toBeUndefined();
  });

  it("logs out an API session", async () => {
    const { body } = await tokens();
    expect((await h.request("/api/auth/logout", { method: "POST", bearer: String(body.access_token) })).status).toBe(200);
    expect((await h.request("/api/me", { bearer: String(body.access_token) })).status).toBe(401);
  });
});

describe("session cookie", () => {
  it("authenticates /api/me with the browser session", async () => {
    const res = await h.request("/api/me", { cookie: owner.cookie });
    expect(res.status).toBe(200);
  });

  it("refuses a cross-origin POST riding on the cookie (CSRF)", async () => {
    const res = await h.request("/functions/v1/validar-documento", {
      json: { documento: "11144477735" },
      cookie: owner.cookie,
      headers: { origin: "https://evil.example" },
    });
    expect(res.status).toBe(403);
    const same = await h.request("/functions/v1/validar-documento", { json: { documento: "11144477735" }, cookie: owner.cookie });
    expect(same.status).toBe(200);
  });

  it("drops the cookie of an ended session", async () => {
    const session = await login(h.ctx(), owner.email, owner.password);
    const cookie = `alicerce_session=${session.token}`;
    expect((await h.request("/api/me", { cookie })).status).toBe(200);
    await h.fresh.db
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(eq(sessions.id, await digest(session.token)));
    const res = await h.request("/api/me", { cookie });
    expect(res.status).toBe(401);
    expect(res.headers.get("set-cookie")).toContain("alicerce_session=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0");
  });

  it("sets security headers on every response", async () => {
    const res = await h.request("/login");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("x-frame-options")).toBe("DENY");
    expect(res.headers.get("content-security-policy")).toMatch(/script-src 'self' 'nonce-/);
    expect(res.headers.get("x-request-id")).toMatch(/[0-9a-f-]{36}/);
  });

  it("lets a form lead only to our pages and Meta's two login dialogs (Conectar redirects there)", async () => {
    const csp = (await h.request("/login")).headers.get("content-security-policy") ?? "";
    const formAction = /form-action ([^;]+)/.exec(csp)?.[1]?.split(" ");
    expect(formAction).toEqual(["'self'", "https://www.facebook.com", "https://www.instagram.com"]);
  });
});

describe("rate limits", () => {
  it("answers token requests for one e-mail past N failures with a pt-BR 429", async () => {
    const email = `alvo-${Date.now()}@exemplo.com.br`;
    const statuses: number[] = [];
    for (let i = 0; i < LOGIN_FAILURES.pair.free; i++) statuses.push((await tokens(email, "errada-123")).res.status);
    expect(statuses.every((s) => s === 401)).toBe(true);
    const last = await tokens(email, "errada-123");
    expect(last.res.status).toBe(429);
    expect(JSON.stringify(last.body)).toContain("Muitas tentativas");
    // When to try again, in seconds.
    expect(Number(last.res.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it("does not count successful token requests", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < LOGIN_FAILURES.pair.free + 3; i++) statuses.push((await tokens()).res.status);
    expect(statuses.every((s) => s === 200)).toBe(true);
  });
});
