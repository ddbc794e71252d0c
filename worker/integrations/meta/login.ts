import { CodeChallengeMethod, OAuth2Client, generateCodeVerifier, generateState } from "arctic";
import { type Config, isMetaDemo } from "../../config/env.ts";
import { type MetaEndpoints, MetaApiError, META_TIMEOUT_MS, graphRequest } from "./graph.ts";

/**
 * Meta's two logins, server side: Facebook Login for Business (graph.facebook.com) and Instagram
 * Login (api.instagram.com + graph.instagram.com). The dialog URL is arctic's generic OAuth 2.0
 * client with state and PKCE (S256); the token requests are Meta's own shapes (the client secret
 * as a form field, which arctic's client sends only as HTTP Basic, and long-lived exchanges that
 * are no OAuth grant), so they are made here. Secrets and tokens never go into a URL we build,
 * except where Meta only takes a GET (ig_exchange_token / ig_refresh_token).
 */

export type MetaLogin = "facebook" | "instagram";

export interface MetaApp {
  appId: string;
  appSecret: string;
}

/** Loopback http URLs: the local stand-in (tools/meta-standin), never Meta. */
const LOOPBACK_HTTP = /^http:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d+)?(\/|$)/;

/** The Meta URLs point at the local stand-in ("modo demonstração"): META_DEMO=1, `npm start`'s stand-in, or loopback http hosts. */
export function metaDemoMode(
  config: Pick<Config, "META_DEMO" | "META_STANDIN_URL" | "META_GRAPH_URL" | "META_OAUTH_URL" | "INSTAGRAM_OAUTH_URL">,
): boolean {
  if (config.META_DEMO === "1" || isMetaDemo(config)) return true;
  return [config.META_GRAPH_URL, config.META_OAUTH_URL, config.INSTAGRAM_OAUTH_URL].some((u) => LOOPBACK_HTTP.test(u));
}

export interface LoginStart {
  url: string;
  state: string;
  codeVerifier: string;
}

/** The login dialog's URL with a fresh state and PKCE verifier (the caller keeps both in a sealed cookie). */
export function loginDialogUrl(
  config: Pick<Config, "META_OAUTH_URL" | "INSTAGRAM_OAUTH_URL">,
  login: MetaLogin,
  app: MetaApp,
  redirectUri: string,
  scopes: readonly string[],
): LoginStart {
  const state = generateState();
  const codeVerifier = generateCodeVerifier();
  const client = new OAuth2Client(app.appId, null, redirectUri);
  const endpoint = login === "facebook" ? config.META_OAUTH_URL : config.INSTAGRAM_OAUTH_URL;
  // Meta documents the scope list comma-separated; arctic joins a list with spaces, so it gets one item.
  const url = client.createAuthorizationURLWithPKCE(endpoint, state, CodeChallengeMethod.S256, codeVerifier, [scopes.join(",")]);
  return { url: url.toString(), state, codeVerifier };
}

export interface ShortToken {
  accessToken: string;
  /** Seconds (Meta's expires_in), when given. */
  expiresIn: number | null;
  /** Instagram Login: the account's id and granted permissions come with the token. */
  userId?: string;
  permissions?: string[];
  /** The answer came from the local stand-in (its `x-demo-standin` header). */
  demo: boolean;
}

async function postForm(url: string, form: Record<string, string>): Promise<{ status: number; body: unknown; demo: boolean }> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
      body: new URLSearchParams(form).toString(),
      signal: AbortSignal.timeout(META_TIMEOUT_MS),
    });
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
    throw new MetaApiError({ kind: timedOut ? "timeout" : "network", status: 0 });
  }
  const body: unknown = await response.json().catch(() => null);
  return { status: response.status, body, demo: response.headers.has("x-demo-standin") };
}

type Json = Record<string, unknown>;
const text = (v: unknown): string | undefined => (typeof v === "string" && v ? v : undefined);
const seconds = (v: unknown): number | null => (typeof v === "number" && Number.isFinite(v) && v > 0 ? v : null);

/** Meta's error object, or Instagram's `{error_type, code, error_message}`, as a MetaApiError. */
function tokenError(status: number, body: unknown): MetaApiError {
  const b = (body ?? {}) as Json;
  const e = (b.error ?? {}) as Json;
  const code = typeof e.code === "number" ? e.code : typeof b.code === "number" ? b.code : undefined;
  return new MetaApiError({
    kind: "meta",
    status,
    code,
    subcode: typeof e.error_subcode === "number" ? e.error_subcode : undefined,
    type: text(e.type) ?? text(b.error_type),
    metaMessage: (text(e.message) ?? text(b.error_message))?.slice(0, 500),
  });
}

/** The dialog's code → a short-lived token (the PKCE verifier proves the same browser started it). */
export async function exchangeCode(
  endpoints: MetaEndpoints,
  config: Pick<Config, "INSTAGRAM_TOKEN_URL">,
  login: MetaLogin,
  app: MetaApp,
  redirectUri: string,
  code: string,
  codeVerifier: string,
): Promise<ShortToken> {
  const form = { client_id: app.appId, client_secret: app.appSecret, redirect_uri: redirectUri, code, code_verifier: codeVerifier };
  if (login === "facebook") {
    const url = `${endpoints.facebookGraphUrl}/${endpoints.version}/oauth/access_token`;
    const { status, body, demo } = await postForm(url, form);
    const token = text((body as Json | null)?.access_token);
    if (status !== 200 || !token) throw tokenError(status, body);
    return { accessToken: token, expiresIn: seconds((body as Json).expires_in), demo };
  }
  const { status, body, demo } = await postForm(config.INSTAGRAM_TOKEN_URL, { ...form, grant_type: "authorization_code" });
  // Instagram answers `{data:[{access_token, user_id, permissions}]}` (older: the object itself).
  const data = (Array.isArray((body as Json | null)?.data) ? ((body as Json).data as Json[])[0] : body) as Json | undefined;
  const token = text(data?.access_token);
  if (status !== 200 || !token) throw tokenError(status, body);
  const permissions = Array.isArray(data?.permissions) ? data.permissions.map(String) : (text(data?.permissions)?.split(",") ?? []);
  return {
    accessToken: token,
    expiresIn: seconds(data?.expires_in),
    userId: String(data?.user_id ?? ""),
    permissions: permissions.map((p) => p.trim()).filter(Boolean),
    demo,
  };
}

export interface LongToken {
  accessToken: string;
  /** When it lapses (null: Meta gave no expiry). */
  expiresAt: Date | null;
}

function long(body: Json, now: Date): LongToken {
  const token = text(body.access_token);
  if (!token) throw new MetaApiError({ kind: "meta", status: 200 });
  const expiresIn = seconds(body.expires_in);
  return { accessToken: token, expiresAt: expiresIn === null ? null : new Date(now.getTime() + expiresIn * 1000) };
}

/** Short → long-lived: fb_exchange_token (about 60 days) or ig_exchange_token (60 days, refreshable). */
export async function exchangeForLongLived(
  endpoints: MetaEndpoints,
  login: MetaLogin,
  app: MetaApp,
  shortToken: string,
  now: Date,
): Promise<LongToken> {
  if (login === "facebook") {
    const url = `${endpoints.facebookGraphUrl}/${endpoints.version}/oauth/access_token`;
    const form = { grant_type: "fb_exchange_token", client_id: app.appId, client_secret: app.appSecret, fb_exchange_token: shortToken };
    const { status, body } = await postForm(url, form);
    if (status !== 200) throw tokenError(status, body);
    return long(body as Json, now);
  }
  // Meta takes this one only as a GET on graph.instagram.com (no version); the token rides in the header.
  const body = await instagramGet(
    endpoints,
    "/access_token",
    { grant_type: "ig_exchange_token", client_secret: app.appSecret },
    shortToken,
  );
  return long(body, now);
}

/** An Instagram Login long-lived token (at least 24 h old) → a new one for 60 days. */
export async function refreshInstagramToken(endpoints: MetaEndpoints, token: string, now: Date): Promise<LongToken> {
  return long(await instagramGet(endpoints, "/refresh_access_token", { grant_type: "ig_refresh_token" }, token), now);
}

async function instagramGet(endpoints: MetaEndpoints, path: string, params: Record<string, string>, token: string): Promise<Json> {
  let response: Response;
  try {
    response = await fetch(`${endpoints.instagramGraphUrl}${path}?${new URLSearchParams(params)}`, {
      headers: { authorization: `Bearer ${token}`, accept: "application/json" },
      signal: AbortSignal.timeout(META_TIMEOUT_MS),
    });
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
    throw new MetaApiError({ kind: timedOut ? "timeout" : "network", status: 0 });
  }
  const body = (await response.json().catch(() => null)) as Json | null;
  if (!response.ok || !body || body.error) throw tokenError(response.status, body);
  return body;
}

export interface MetaPermissions {
  granted: string[];
  declined: string[];
}

/** GET /me/permissions: what the person granted and declined (Facebook Login). */
export async function readPermissions(endpoints: MetaEndpoints, userToken: string): Promise<MetaPermissions> {
  const answer = await graphRequest<{ data?: { permission?: string; status?: string }[] }>(endpoints, {
    host: "facebook",
    path: "/me/permissions",
    token: userToken,
  });
  const rows = answer.data ?? [];
  const pick = (status: string) => rows.filter((r) => r.status === status && r.permission).map((r) => r.permission as string);
  return { granted: pick("granted"), declined: pick("declined") };
}

export interface MetaPage {
  id: string;
  name: string;
  accessToken: string | null;
  tasks: string[];
  instagram: { id: string; username: string | null } | null;
}

/** GET /me/accounts: the Pages the person granted, each with its Page token, tasks and linked Instagram account. */
export async function readPages(endpoints: MetaEndpoints, userToken: string): Promise<MetaPage[]> {
  const pages: MetaPage[] = [];
  let after: string | undefined;
  // A person with many Pages gets them in pages of 100; 5 pages of them is more than anyone manages here.
  for (let round = 0; round < 5; round++) {
    const answer = await graphRequest<{
      data?: Json[];
      paging?: { cursors?: { after?: string }; next?: string };
    }>(endpoints, {
      host: "facebook",
      path: "/me/accounts",
      token: userToken,
      params: { fields: "id,name,access_token,tasks,instagram_business_account{id,username}", limit: 100, after },
    });
    for (const row of answer.data ?? []) {
      const ig = row.instagram_business_account as Json | undefined;
      pages.push({
        id: String(row.id),
        name: text(row.name) ?? String(row.id),
        accessToken: text(row.access_token) ?? null,
        tasks: Array.isArray(row.tasks) ? row.tasks.map(String) : [],
        instagram: ig?.id ? { id: String(ig.id), username: text(ig.username) ?? null } : null,
      });
    }
    after = answer.paging?.next ? answer.paging.cursors?.after : undefined;
    if (!after) break;
  }
  return pages;
}

/** GET /me (Facebook user, or Instagram Login account). */
export async function readMe(
  endpoints: MetaEndpoints,
  login: MetaLogin,
  token: string,
): Promise<{ id: string; name: string; username: string | null }> {
  const fields = login === "facebook" ? "id,name" : "user_id,username,name";
  const me = await graphRequest<Json>(endpoints, { host: login, path: "/me", token, params: { fields } });
  const id = String(me.user_id ?? me.id ?? "");
  if (!id) throw new MetaApiError({ kind: "meta", status: 200 });
  const username = text(me.username) ?? null;
  return { id, name: text(me.name) ?? (username ? `@${username}` : id), username };
}

/** DELETE /me/permissions: tells Meta the person removed the app (its tokens stop working). */
export async function revokeLogin(endpoints: MetaEndpoints, login: MetaLogin, token: string): Promise<void> {
  await graphRequest(endpoints, { host: login, method: "DELETE", path: "/me/permissions", token });
}

/**
 * Checks an app id and secret against Meta: an app access token asked for with
 * `grant_type=client_credentials`, POSTed with the secret in the form body (never in a URL,
 * where proxies and logs keep it). A wrong id or secret is refused (code 101/1).
 */
export async function checkAppCredentials(endpoints: MetaEndpoints, app: MetaApp): Promise<void> {
  const answer = await graphRequest<{ access_token?: unknown }>(endpoints, {
    host: "facebook",
    method: "POST",
    path: "/oauth/access_token",
    params: { client_id: app.appId, client_secret: app.appSecret, grant_type: "client_credentials" },
  });
  if (typeof answer.access_token !== "string" || !answer.access_token) throw new MetaApiError({ kind: "meta", status: 200, code: 101 });
}
