/** Small helpers the stand-in's tests share: Graph calls and going through both logins. */
import { createHash, randomBytes } from "node:crypto";
import type { MetaStandin } from "../../../tools/meta-standin/server.ts";

export interface GraphAnswer {
  status: number;
  body: Record<string, unknown> & { error?: { code: number; error_subcode?: number; message: string; fbtrace_id?: string } };
}

export async function graph(
  standin: MetaStandin,
  method: string,
  path: string,
  params: Record<string, string> = {},
  host: "facebook" | "instagram" = "facebook",
  signal?: AbortSignal,
): Promise<GraphAnswer> {
  const base = host === "facebook" ? standin.env.META_GRAPH_URL : standin.env.INSTAGRAM_GRAPH_URL;
  const url = new URL(`${base}/${standin.env.META_GRAPH_VERSION}${path}`);
  const init: RequestInit = { method, ...(signal ? { signal } : {}) };
  if (method === "GET" || method === "DELETE") for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  else init.body = new URLSearchParams(params);
  const response = await fetch(url, init);
  return { status: response.status, body: (await response.json()) as GraphAnswer["body"] };
}

export function pkce(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString("base64url");
  return { verifier, challenge: createHash("sha256").update(verifier).digest("base64url") };
}

export const REDIRECT = "http://127.0.0.1:1/auth/facebook/callback";
export const FB_SCOPES = ["pages_show_list", "pages_read_engagement", "pages_manage_posts", "instagram_basic", "instagram_content_publish"];

/** Facebook Login for Business through to a long-lived user token. */
export async function facebookLogin(standin: MetaStandin, decline: string[] = []): Promise<{ userToken: string; longToken: string }> {
  const { verifier, challenge } = pkce();
  const dialog = new URL(standin.env.META_OAUTH_URL);
  dialog.search = new URLSearchParams({
    client_id: standin.env.META_APP_ID,
    redirect_uri: REDIRECT,
    state: "s1",
    scope: FB_SCOPES.join(","),
    response_type: "code",
    code_challenge: challenge,
    code_challenge_method: "S256",
  }).toString();
  const back = new URL(await standin.authorize(dialog.toString(), { decline }));
  const short = await graph(standin, "GET", "/oauth/access_token", {
    client_id: standin.env.META_APP_ID,
    client_secret: standin.env.META_APP_SECRET,
    redirect_uri: REDIRECT,
    code: back.searchParams.get("code") ?? "",
    code_verifier: verifier,
  });
  const userToken = String(short.body.access_token);
  const long = await graph(standin, "GET", "/oauth/access_token", {
    grant_type: "fb_exchange_token",
    client_id: standin.env.META_APP_ID,
    client_secret: standin.env.META_APP_SECRET,
    fb_exchange_token: userToken,
  });
  return { userToken, longToken: String(long.body.access_token) };
}

/** The Page tokens read with a user token, by Page id. */
export async function pageTokens(standin: MetaStandin, userToken: string): Promise<Record<string, string>> {
  const accounts = await graph(standin, "GET", "/me/accounts", { access_token: userToken, fields: "id,name,access_token" });
  const data = accounts.body.data as { id: string; access_token: string }[];
  return Object.fromEntries(data.map((p) => [p.id, p.access_token]));
}
