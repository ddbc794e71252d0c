import type { MiddlewareHandler } from "hono";
import { getCookie } from "hono/cookie";
import { createDb } from "../../db/client.ts";
import { verifyAccessToken } from "../auth/jwt.ts";
import { forgetSession, rememberSession, sameCaller, sessionHint } from "../auth/session-hints.ts";
import {
  clearSessionCookie,
  renewalFor,
  type SessionRow,
  sessionCookie,
  lookUpSession,
  sessionStatement,
  sessionTokenFrom,
  toAuthState,
  touchSession,
} from "../auth/sessions.ts";
import { digest as sha } from "../auth/tokens.ts";
import { type Config, ConfigError, readConfig } from "../config/env.ts";
import type { RequestContext } from "../context.ts";
import { IMPORT_PATHS, READ_FIRST_WRITE_PATHS } from "../resources/registry.ts";
import { apiError, INTERNAL_ERROR } from "./errors.ts";
import { loggedPath } from "./log-redaction.ts";
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
  // Benchmarks and tests read the round trips a request cost; production does not tell (unless
  // the benchmark, which measures the production build, asks with REPORT_DB_ROUND_TRIPS=1).
  if (rc && (rc.config.APP_ENV !== "production" || rc.config.REPORT_DB_ROUND_TRIPS === "1")) {
    try {
      c.res.headers.set("x-db-round-trips", String(rc.db.roundTrips()));
    } catch {
      // Immutable headers (a fetched asset): nothing to report.
    }
  }
  console.log(`${c.req.method} ${loggedPath(c.req.url)} ${c.res.status} ${Date.now() - started}ms${trips} id=${c.get("requestId")}`);
};

function isLocalhost(hostname: string): boolean {
  return hostname === "localhost" || hostname === "127.0.0.1" || hostname === "[::1]";
}

/**
 * Headers every response carries; the CSP nonce lets only our own inline scripts run. Every
 * answer the Worker makes is dynamic (hashed static assets are served before it): `no-store`
 * unless the route chose its own caching (JWKS, API docs, `/files/*`'s `private`).
 */
/**
 * Where a form may lead besides our own pages: the two Meta login dialogs. "Conectar" is a POST
 * that answers a redirect to Meta, and browsers apply form-action to that redirect too — without
 * these a page without JavaScript could not start the login.
 */
function formRedirectOrigins(config: Pick<Config, "META_OAUTH_URL" | "INSTAGRAM_OAUTH_URL"> | undefined): string[] {
  if (!config) return [];
  const origins = new Set<string>();
  for (const url of [config.META_OAUTH_URL, config.INSTAGRAM_OAUTH_URL]) {
    try {
      origins.add(new URL(url).origin);
    } catch {
      // The config reader already refuses a malformed URL.
    }
  }
  return [...origins];
}

export const securityHeaders: MiddlewareHandler<AppEnv> = async (c, next) => {
  const nonce = btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(16))));
  c.set("nonce", nonce);
  await next();
  const h = c.res.headers;
  const url = new URL(c.req.url);
  try {
    h.set("x-content-type-options", "nosniff");
    // A response may be stricter (a document: no referrer) or framed by our own pages (a document's preview).
    if (h.get("referrer-policy") !== "no-referrer") h.set("referrer-policy", "strict-origin-when-cross-origin");
    if (h.get("x-frame-options") !== "SAMEORIGIN") h.set("x-frame-options", "DENY");
    h.set("permissions-policy", "camera=(), microphone=(), geolocation=()");
    h.set("cross-origin-opener-policy", "same-origin");
    if (!h.has("cache-control")) h.set("cache-control", "no-store");
    if (!isLocalhost(url.hostname)) h.set("strict-transport-security", "max-age=31536000; includeSubDomains");
    if ((h.get("content-type") ?? "").includes("text/html")) {
      const formAction = ["'self'", ...formRedirectOrigins(c.get("rc")?.config)].join(" ");
      h.set(
        "content-security-policy",
        `default-src 'self'; script-src 'self' 'nonce-${nonce}'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; font-src 'self'; connect-src 'self'; frame-ancestors 'none'; base-uri 'self'; form-action ${formAction}; object-src 'none'`,
      );
    }
  } catch {
    // Some responses (e.g. from fetch) have immutable headers: copy once, then set.
    c.res = new Response(c.res.body, c.res);
    if (!c.res.headers.has("x-content-type-options")) c.res.headers.set("x-content-type-options", "nosniff");
    if (!c.res.headers.has("cache-control")) c.res.headers.set("cache-control", "no-store");
  }
};

function clientIp(request: Request): string {
  return request.headers.get("cf-connecting-ip") ?? request.headers.get("x-real-ip") ?? "127.0.0.1";
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Writes whose handlers read before they write and act on nothing but the database (CSV
 * imports: preview and save; an appointment's booking, edit, move and status: the rules, then
 * one guarded write). Their session lookup may ride with their first read too: the prelude gate
 * holds every write until the lookup is accepted, and `createApp` keeps their body to serve them
 * again when the session changed meanwhile. Other writes look the session up first.
 */
const CARRY_ON_WRITE = IMPORT_PATHS;
const CARRY_ON_READ_FIRST_WRITE = READ_FIRST_WRITE_PATHS;

/** Whether a request's session lookup may ride with its first read (ADR 011). */
export function mayCarrySession(method: string, pathname: string): boolean {
  return (
    SAFE_METHODS.has(method) ||
    (method === "POST" && (CARRY_ON_WRITE.test(pathname) || CARRY_ON_READ_FIRST_WRITE.test(pathname))) ||
    (method === "PATCH" && CARRY_ON_READ_FIRST_WRITE.test(pathname))
  );
}

/** A write whose body must be kept in case it is served twice (see `mayCarrySession`). */
export function keepsBodyForRecheck(request: Request): boolean {
  return !SAFE_METHODS.has(request.method) && mayCarrySession(request.method, new URL(request.url).pathname);
}

/**
 * Marks an answer produced under a session that changed or ended since it was hinted: the app
 * discards it and serves the request again, now with the session as it really is
 * (`createApp`). A redirect would do the same for a person, but not for React Router's own
 * fetches (manifest, data requests), which do not follow it.
 */
export const SESSION_RECHECK_HEADER = "x-alicerce-session-recheck";

function recheck(): Response {
  return new Response(null, { status: 503, headers: { [SESSION_RECHECK_HEADER]: "1", "cache-control": "no-store" } });
}

/**
 * Validates config, opens the per-request database handle and resolves who is calling:
 * a bearer access token (API clients) or the session cookie (browser). The session lookup is
 * a round trip of its own, or rides with the request's first read when the session was seen
 * before (ADR 011).
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
  const bearer = authorization?.toLowerCase().startsWith("bearer ");
  // `__Host-alicerce_session` over https, `alicerce_session` on plain-http localhost; never the
  // other name (ADR 019).
  const token = bearer ? null : sessionTokenFrom(getCookie(c), rc.secureCookies);
  let sessionId: string | undefined;
  let subject: string | undefined;
  if (bearer) {
    const verified = await verifyAccessToken(config.JWT_PRIVATE_JWK, (authorization as string).slice(7).trim());
    if (!verified.ok) return apiError(c, 401, verified.error, "invalid_token");
    sessionId = verified.sid;
    subject = verified.sub;
  } else if (token) {
    sessionId = await sha(token);
  }
  const via = bearer ? "bearer" : "cookie";
  // A session accepted (or refused) for this request: remember it, renew the cookie when due.
  const accepted = (row: SessionRow) => {
    rememberSession(row.sessionId, row, now.getTime());
    rc.auth = toAuthState(row, via);
    // API sessions slide too (their refresh needs the session alive), without a cookie.
    const renewTo = renewalFor(rc.auth, row.createdAt, now);
    if (renewTo) rc.waitUntil(touchSession(rc.db, row.sessionId, renewTo, now));
    if (token && renewTo) rc.setCookies.push(sessionCookie(token, renewTo, rc.secureCookies, now));
  };
  const refused = () => {
    if (sessionId) forgetSession(sessionId);
    // Unknown or ended session: drop the stale cookie.
    if (token) rc.setCookies.push(clearSessionCookie(rc.secureCookies));
  };

  const hint = sessionId && mayCarrySession(c.req.method, url.pathname) ? sessionHint(sessionId, now.getTime()) : undefined;
  if (sessionId && hint && (!bearer || hint.userId === subject)) {
    // Seen before: act as that caller now, and check it with the request's first read (ADR 011).
    rc.auth = toAuthState(hint, via);
    let verdict = "ok" as "ok" | "ended" | "changed";
    // Thrown through whatever read carried the lookup when it is refused. A Response: React
    // Router and Hono pass it through as an answer, not an error, so nothing logs it.
    const retry = new Response(null);
    const lookup = sessionStatement(rc.db, sessionId, now);
    rc.db.setPrelude({
      statement: lookup.statement,
      accept(result) {
        const row = lookup.read(result);
        const fresh = row && (!bearer || row.userId === subject) ? row : undefined;
        if (fresh && sameCaller(fresh, hint)) return accepted(fresh);
        verdict = fresh ? "changed" : "ended";
        if (fresh) rememberSession(fresh.sessionId, fresh, now.getTime());
        else refused();
        throw retry;
      },
    });
    try {
      await next();
    } catch (error) {
      if (error !== retry) throw error;
    }
    try {
      await rc.db.settlePrelude();
    } catch (error) {
      if (error !== retry) throw error;
    }
    // Whatever was produced under a caller who no longer is that caller is discarded.
    if (verdict !== "ok") c.res = recheck();
  } else {
    if (sessionId) {
      const row = await lookUpSession(rc.db, sessionId, now);
      if (row && (!bearer || row.userId === subject)) accepted(row);
      else if (bearer) {
        forgetSession(sessionId);
        return apiError(c, 401, "Sessão encerrada. Entre novamente.", "session_revoked");
      } else refused();
    }
    await next();
  }
  if (rc.setCookies.length) {
    try {
      for (const cookie of rc.setCookies) c.res.headers.append("set-cookie", cookie);
    } catch {
      c.res = new Response(c.res.body, c.res);
      for (const cookie of rc.setCookies) c.res.headers.append("set-cookie", cookie);
    }
  }
};

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
