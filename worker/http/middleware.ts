import type { MiddlewareHandler } from "hono";
import { getCookie } from "hono/cookie";
import { createDb } from "../../db/client.ts";
import { verifyAccessToken } from "../auth/jwt.ts";
import { renewalFor, SESSION_COOKIE, sessionCookie, sessionQuery, toAuthState, touchSession } from "../auth/sessions.ts";
import { digest as sha } from "../auth/tokens.ts";
import { ConfigError, readConfig } from "../config/env.ts";
import type { RequestContext } from "../context.ts";
import { apiError, INTERNAL_ERROR } from "./errors.ts";
import type { AppEnv } from "./types.ts";

export const requestId: MiddlewareHandler<AppEnv> = async (c, next) => {
  const id = crypto.randomUUID();
  c.set("requestId", id);
  await next();
  c.res.headers.set("x-request-id", id);
};

export const logger: MiddlewareHandler<AppEnv> = async (c, next) => {
  const started = Date.now();
  await next();
  const rc = c.get("rc");
  const trips = rc ? ` db=${rc.db.roundTrips()}` : "";
  // Benchmarks and tests read the round trips a request cost.
  if (rc) {
    try {
      c.res.headers.set("x-db-round-trips", String(rc.db.roundTrips()));
    } catch {
      // Immutable headers (a fetched asset): nothing to report.
    }
  }
  console.log(`${c.req.method} ${new URL(c.req.url).pathname} ${c.res.status} ${Date.now() - started}ms${trips} id=${c.get("requestId")}`);
};

function isLocalhost(hostname: string): boolean {
  return hostname === "localhost" || hostname === "127.0.0.1" || hostname === "[::1]";
}

/** Headers every response carries; the CSP nonce lets only our own inline scripts run. */
export const securityHeaders: MiddlewareHandler<AppEnv> = async (c, next) => {
  const nonce = btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(16))));
  c.set("nonce", nonce);
  await next();
  const h = c.res.headers;
  const url = new URL(c.req.url);
  try {
    h.set("x-content-type-options", "nosniff");
    h.set("referrer-policy", "strict-origin-when-cross-origin");
    h.set("x-frame-options", "DENY");
    h.set("permissions-policy", "camera=(), microphone=(), geolocation=()");
    h.set("cross-origin-opener-policy", "same-origin");
    if (!isLocalhost(url.hostname)) h.set("strict-transport-security", "max-age=31536000; includeSubDomains");
    if ((h.get("content-type") ?? "").includes("text/html")) {
      h.set(
        "content-security-policy",
        `default-src 'self'; script-src 'self' 'nonce-${nonce}'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; font-src 'self'; connect-src 'self'; frame-ancestors 'none'; base-uri 'self'; form-action 'self'; object-src 'none'`,
      );
    }
  } catch {
    // Some responses (e.g. from fetch) have immutable headers: copy once, then set.
    c.res = new Response(c.res.body, c.res);
    if (!c.res.headers.has("x-content-type-options")) c.res.headers.set("x-content-type-options", "nosniff");
  }
};

function clientIp(request: Request): string {
  return request.headers.get("cf-connecting-ip") ?? request.headers.get("x-real-ip") ?? "127.0.0.1";
}

/**
 * Validates config, opens the per-request database handle and resolves who is calling:
 * a bearer access token (API clients) or the session cookie (browser). One round trip.
 */
export const requestContextMiddleware: MiddlewareHandler<AppEnv> = async (c, next) => {
  let config: ReturnType<typeof readConfig>;
  try {
    config = readConfig(c.env as Record<string, unknown>);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      return c.text(INTERNAL_ERROR, 500);
    }
    throw error;
  }
  const url = new URL(c.req.url);
  const rc: RequestContext = {
    env: c.env,
    config,
    db: createDb({ url: config.DATABASE_URL, authToken: config.DATABASE_AUTH_TOKEN }),
    auth: null,
    requestId: c.get("requestId"),
    nonce: c.get("nonce"),
    ip: clientIp(c.req.raw),
    userAgent: c.req.header("user-agent") ?? null,
    origin: url.origin,
    secureCookies: !isLocalhost(url.hostname),
    waitUntil: (p) => {
      try {
        c.executionCtx.waitUntil(p);
      } catch {
        // Outside a Worker (Node tests) there is no execution context: let it run.
        void p;
      }
    },
    setCookies: [],
  };
  c.set("rc", rc);

  const authorization = c.req.header("authorization");
  const now = new Date();
  if (authorization?.toLowerCase().startsWith("bearer ")) {
    const verified = await verifyAccessToken(config.JWT_PRIVATE_JWK, authorization.slice(7).trim());
    if (!verified.ok) return apiError(c, 401, verified.error, "invalid_token");
    const [row] = await sessionQuery(rc.db, verified.sid, now);
    if (!row || row.userId !== verified.sub) return apiError(c, 401, "Sessão encerrada. Entre novamente.", "session_revoked");
    rc.auth = toAuthState(row, "bearer");
  } else {
    const token = getCookie(c, SESSION_COOKIE);
    if (token) {
      const [row] = await sessionQuery(rc.db, await sha(token), now);
      if (row) {
        rc.auth = toAuthState(row, "cookie");
        const renewTo = renewalFor(rc.auth, row.createdAt, now);
        if (renewTo) {
          rc.waitUntil(touchSession(rc.db, row.sessionId, renewTo, now));
          rc.setCookies.push(sessionCookie(token, renewTo, rc.secureCookies, now));
        }
      } else {
        // Unknown or ended session: drop the stale cookie.
        rc.setCookies.push(`${SESSION_COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0`);
      }
    }
  }
  await next();
  if (rc.setCookies.length) {
    try {
      for (const cookie of rc.setCookies) c.res.headers.append("set-cookie", cookie);
    } catch {
      c.res = new Response(c.res.body, c.res);
      for (const cookie of rc.setCookies) c.res.headers.append("set-cookie", cookie);
    }
  }
};

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * CSRF: a state-changing request riding on the session cookie must come from our own origin.
 * Bearer-token requests carry no ambient credentials and skip this.
 */
export const originCheck: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (SAFE_METHODS.has(c.req.method)) return next();
  const rc = c.get("rc");
  if (rc.auth?.via === "bearer") return next();
  const path = new URL(c.req.url).pathname;
  if (path === "/api/inngest" || path === "/api/auth/token" || path === "/api/auth/refresh") return next();
  const origin = c.req.header("origin");
  const fetchSite = c.req.header("sec-fetch-site");
  const sameOrigin = origin ? origin === rc.origin : fetchSite ? fetchSite === "same-origin" || fetchSite === "none" : false;
  if (!sameOrigin) {
    return path.startsWith("/api/") || path.startsWith("/functions/")
      ? apiError(c, 403, "Origem da requisição não permitida.", "bad_origin")
      : c.text("Origem da requisição não permitida.", 403);
  }
  return next();
};
