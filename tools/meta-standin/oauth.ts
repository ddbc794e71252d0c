/**
 * The two login dialogs (Facebook Login for Business, Business Login for Instagram) and their token
 * endpoints: code → short-lived token (PKCE verified when the dialog got a code_challenge),
 * short → long-lived (fb_exchange_token, ig_exchange_token) and ig_refresh_token.
 */
import { createHash } from "node:crypto";
import { escapeHtml, json, metaError, type Reply } from "./http.ts";
import { issueToken, type OAuthCode, randomToken, type StandinState } from "./state.ts";

export type Login = "facebook" | "instagram";

const DAY = 86_400_000;
export const SHORT_FB_SECONDS = 3600;
export const SHORT_IG_SECONDS = 3600;
export const LONG_SECONDS = 60 * 86_400;

const TITLE = "Modo demonstração — não é a Meta";

/** GET: the consent page. Bad client_id or redirect_uri get an error page, never a redirect (as Meta). */
export function dialogPage(state: StandinState, login: Login, params: Record<string, string>, action: string): Reply {
  const problem = dialogProblem(state, params);
  if (problem) return { status: 400, html: page(`<p role="alert">${escapeHtml(problem)}</p>`) };
  const scopes = splitScopes(params.scope);
  const who = login === "facebook" ? state.user.name : `@${state.instagram.find((i) => i.id === state.instagramLoginAccount)?.username}`;
  const hidden = Object.entries(params)
    .filter(([k]) => k !== "grant" && k !== "decision")
    .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`)
    .join("");
  const boxes = scopes
    .map((s) => `<li><label><input type="checkbox" name="grant" value="${escapeHtml(s)}" checked> ${escapeHtml(s)}</label></li>`)
    .join("");
  const network = login === "facebook" ? "Facebook (demonstração)" : "Instagram (demonstração)";
  return {
    status: 200,
    html: page(`
<p><strong>Este é o simulador local do Alicerce.</strong> Nada aqui fala com a Meta; contas, Páginas e posts são de demonstração.</p>
<h2>${escapeHtml(network)}: entrar como ${escapeHtml(who)}</h2>
<form method="post" action="${escapeHtml(action)}">${hidden}
<fieldset><legend>Permissões pedidas pelo app</legend><ul>${boxes}</ul></fieldset>
<button type="submit" name="decision" value="allow">Continuar</button>
<button type="submit" name="decision" value="deny">Cancelar</button>
</form>`),
  };
}

/** POST from the consent page: back to redirect_uri with code and state (or the denial). */
export function dialogDecision(state: StandinState, login: Login, params: Record<string, string>, granted: string[], now: number): Reply {
  const problem = dialogProblem(state, params);
  if (problem) return { status: 400, html: page(`<p role="alert">${escapeHtml(problem)}</p>`) };
  const target = new URL(params.redirect_uri as string);
  // Meta appends a fragment to the redirect ("#_=_" for Facebook, "#_" for Instagram); apps must ignore it.
  const fragment = login === "facebook" ? "#_=_" : "#_";
  if (params.decision !== "allow") {
    target.searchParams.set("error", "access_denied");
    target.searchParams.set("error_reason", "user_denied");
    target.searchParams.set("error_description", "Permissions error");
    if (params.state !== undefined) target.searchParams.set("state", params.state);
    return { status: 302, redirect: `${target}${fragment}` };
  }
  const requested = splitScopes(params.scope);
  const grantedSet = new Set(granted.filter((s) => requested.includes(s)));
  const method = params.code_challenge ? (params.code_challenge_method ?? "plain") : undefined;
  const code: OAuthCode = {
    code: randomToken("DEMOCODE"),
    login,
    clientId: params.client_id as string,
    redirectUri: params.redirect_uri as string,
    granted: [...grantedSet],
    declined: requested.filter((s) => !grantedSet.has(s)),
    expiresAt: now + 10 * 60_000,
    used: false,
    ...(params.code_challenge ? { challenge: params.code_challenge } : {}),
    ...(method === "S256" || method === "plain" ? { challengeMethod: method } : {}),
  };
  state.codes.set(code.code, code);
  target.searchParams.set("code", code.code);
  if (params.state !== undefined) target.searchParams.set("state", params.state);
  return { status: 302, redirect: `${target}${fragment}` };
}

function dialogProblem(state: StandinState, params: Record<string, string>): string | null {
  if (params.client_id !== state.appId) return "App ID inválido (client_id não confere com o app de demonstração).";
  if (params.response_type !== undefined && params.response_type !== "code") return "response_type deve ser code.";
  try {
    const target = new URL(params.redirect_uri ?? "");
    if (target.protocol !== "http:" && target.protocol !== "https:") return "redirect_uri inválido.";
  } catch {
    return "redirect_uri ausente ou inválido.";
  }
  const method = params.code_challenge_method;
  if (method !== undefined && method !== "S256" && method !== "plain") return "code_challenge_method deve ser S256 ou plain.";
  return null;
}

function splitScopes(scope: string | undefined): string[] {
  return [...new Set((scope ?? "").split(/[\s,]+/).filter(Boolean))];
}

type CodeCheck = { ok: true; code: OAuthCode } | { ok: false; message: string; subcode: number };

function redeem(state: StandinState, login: Login, params: Record<string, string>, now: number): CodeCheck {
  const code = state.codes.get(params.code ?? "");
  if (!code || code.login !== login) return { ok: false, message: "Invalid verification code format.", subcode: 36007 };
  if (code.used) return { ok: false, message: "This authorization code has been used.", subcode: 36009 };
  if (code.expiresAt < now) return { ok: false, message: "This authorization code has expired.", subcode: 36007 };
  if (code.redirectUri !== params.redirect_uri) {
    return {
      ok: false,
      message:
        "Error validating verification code. Please make sure your redirect_uri is identical to the one you used in the OAuth dialog request",
      subcode: 36008,
    };
  }
  if (code.challenge) {
    const verifier = params.code_verifier ?? "";
    const expected = code.challengeMethod === "S256" ? createHash("sha256").update(verifier).digest("base64url") : verifier;
    if (!verifier || expected !== code.challenge) return { ok: false, message: "Invalid code verifier.", subcode: 36008 };
  }
  code.used = true;
  return { ok: true, code };
}

/** GET /oauth/access_token on the Facebook Graph host: the code, or fb_exchange_token. */
export function facebookToken(state: StandinState, params: Record<string, string>, now: number): Reply {
  if (params.client_id !== state.appId)
    return metaError(400, { code: 101, message: "Error validating application. Invalid application ID." });
  if (params.client_secret !== state.appSecret) return metaError(400, { code: 1, message: "Error validating client secret." });
  // The app token Meta gives for the app's own id and secret (what "Testar" in Credenciais Sociais asks for).
  if (params.grant_type === "client_credentials") return json({ access_token: `${state.appId}|${state.appSecret}`, token_type: "bearer" });
  if (params.grant_type === "fb_exchange_token") {
    const short = state.tokens.get(params.fb_exchange_token ?? "");
    if (!short || short.revoked || !short.kind.startsWith("fb-user") || (short.expiresAt ?? Number.POSITIVE_INFINITY) < now) {
      return metaError(400, { code: 190, message: "Invalid OAuth access token - Cannot parse access token" });
    }
    const long = issueToken(state, { ...short, kind: "fb-user-long", expiresAt: now + LONG_SECONDS * 1000 });
    return json({ access_token: long.token, token_type: "bearer", expires_in: LONG_SECONDS });
  }
  const check = redeem(state, "facebook", params, now);
  if (!check.ok) return metaError(400, { code: 100, error_subcode: check.subcode, message: check.message });
  const token = issueToken(state, {
    kind: "fb-user-short",
    subject: state.user.id,
    granted: check.code.granted,
    declined: check.code.declined,
    expiresAt: now + SHORT_FB_SECONDS * 1000,
  });
  return json({ access_token: token.token, token_type: "bearer", expires_in: SHORT_FB_SECONDS });
}

/** Instagram's own error shape on api.instagram.com. */
function instagramOAuthError(message: string): Reply {
  return { status: 400, body: { error_type: "OAuthException", code: 400, error_message: message } };
}

/** POST api.instagram.com/oauth/access_token: the code → a short-lived Instagram token. */
export function instagramCodeToken(state: StandinState, params: Record<string, string>, now: number): Reply {
  if (params.client_id !== state.appId) return instagramOAuthError("Invalid platform app");
  if (params.client_secret !== state.appSecret) return instagramOAuthError("Error validating client secret.");
  if (params.grant_type !== "authorization_code") return instagramOAuthError("Invalid grant_type");
  const check = redeem(state, "instagram", params, now);
  if (!check.ok) return instagramOAuthError(check.message);
  const token = issueToken(state, {
    kind: "ig-user-short",
    subject: state.instagramLoginAccount,
    granted: check.code.granted,
    declined: check.code.declined,
    expiresAt: now + SHORT_IG_SECONDS * 1000,
  });
  return json({ data: [{ access_token: token.token, user_id: state.instagramLoginAccount, permissions: check.code.granted.join(",") }] });
}

/** GET graph.instagram.com/access_token (ig_exchange_token) and /refresh_access_token (ig_refresh_token). */
export function instagramLongToken(state: StandinState, params: Record<string, string>, now: number, refresh: boolean): Reply {
  const current = state.tokens.get(params.access_token ?? "");
  const valid = current && !current.revoked && (current.expiresAt ?? Number.POSITIVE_INFINITY) >= now;
  if (refresh) {
    if (params.grant_type !== "ig_refresh_token") return metaError(400, { code: 100, message: "Unsupported grant_type" });
    if (!valid || current.kind !== "ig-user-long") return metaError(400, { code: 190, message: "Invalid OAuth access token." });
  } else {
    if (params.grant_type !== "ig_exchange_token") return metaError(400, { code: 100, message: "Unsupported grant_type" });
    if (params.client_secret !== state.appSecret) return metaError(400, { code: 1, message: "Error validating client secret." });
    if (!valid || current.kind !== "ig-user-short") return metaError(400, { code: 190, message: "Invalid OAuth access token." });
  }
  const long = issueToken(state, { ...current, kind: "ig-user-long", expiresAt: now + LONG_SECONDS * 1000 });
  return json({
    access_token: long.token,
    token_type: "bearer",
    expires_in: LONG_SECONDS,
    ...(refresh ? { permissions: long.granted.join(",") } : {}),
  });
}

/** The user's Pages with Page tokens that never expire when read with a long-lived user token. */
export function pageTokenExpiry(userExpiresAt: number | null, longLived: boolean, now: number): number | null {
  return longLived ? null : (userExpiresAt ?? now + DAY);
}

function page(body: string): string {
  return `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${TITLE}</title><style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:1rem auto;padding:0 1rem}
.banner{background:#fff3cd;border:1px solid #c9a227;padding:.5rem;border-radius:.25rem}ul{list-style:none;padding:0}
button{font-size:1rem;padding:.5rem 1rem;margin:.25rem .5rem .25rem 0}</style></head>
<body><h1 class="banner">${TITLE}</h1>${body}</body></html>`;
}
