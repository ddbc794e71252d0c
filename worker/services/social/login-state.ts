import type { Config } from "../../config/env.ts";
import type { MetaLogin } from "../../integrations/meta/login.ts";
import { openFor, sealFor } from "./account-credentials.ts";

/**
 * The OAuth state and PKCE verifier between "Conectar" (a POST) and Meta's callback, kept in a
 * short-lived cookie sealed with the token cipher (AES-GCM, ADR 040) bound to the organização and
 * this purpose; inside, the session and member it was started for. A callback from another
 * browser, session, member or organização, a changed or replayed state, or one after 10 minutes
 * is refused. The cookie is cleared at the callback, whatever its outcome, so a state is used once.
 */

export const LOGIN_STATE_PURPOSE = "meta-oauth-state";
export const LOGIN_STATE_TTL_MS = 10 * 60_000;

export interface LoginState {
  login: MetaLogin;
  state: string;
  codeVerifier: string;
  sessionId: string;
  userId: string;
  redirectUri: string;
  /** Where to go after the callback ("/facebook-pages", "/instagram-connection", "/setup-instagram"…). */
  next: string;
  expiresAt: number;
}

/** Cookie names: one per login, so starting one does not void the other. */
export function loginStateCookieName(login: MetaLogin, secure: boolean): string {
  return `${secure ? "__Host-" : ""}alicerce_meta_${login}`;
}

/** SameSite=Lax: Meta's redirect back is a top-level GET from another site, which Lax lets through. */
export function loginStateCookie(login: MetaLogin, value: string, secure: boolean, maxAgeSeconds: number): string {
  return `${loginStateCookieName(login, secure)}=${value}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${maxAgeSeconds}${secure ? "; Secure" : ""}`;
}

export async function sealLoginState(config: Pick<Config, "TOKEN_ENCRYPTION_KEYS">, orgId: string, state: LoginState): Promise<string> {
  return sealFor(config, orgId, LOGIN_STATE_PURPOSE, JSON.stringify(state));
}

export type LoginStateCheck = { ok: true; state: LoginState } | { ok: false; reason: string };

const EXPIRED = "O pedido de conexão expirou ou não foi iniciado neste navegador. Comece de novo em Conectar Redes.";

/**
 * Opens the cookie and checks it against the callback: same login, same session and member, not
 * expired, and the `state` Meta sent back equal to ours.
 */
export async function checkLoginState(
  config: Pick<Config, "TOKEN_ENCRYPTION_KEYS">,
  expected: { orgId: string; sessionId: string; userId: string; login: MetaLogin; now: number },
  sealed: string | null,
  returnedState: string | null,
): Promise<LoginStateCheck> {
  if (!sealed) return { ok: false, reason: EXPIRED };
  let state: LoginState;
  try {
    state = JSON.parse(await openFor(config, expected.orgId, LOGIN_STATE_PURPOSE, sealed)) as LoginState;
  } catch {
    // Another organização's (or a tampered) cookie does not open.
    return { ok: false, reason: EXPIRED };
  }
  if (state.login !== expected.login || state.expiresAt < expected.now) return { ok: false, reason: EXPIRED };
  if (state.sessionId !== expected.sessionId || state.userId !== expected.userId) {
    return { ok: false, reason: "Este pedido de conexão foi iniciado por outra sessão. Comece de novo em Conectar Redes." };
  }
  if (!returnedState || !sameText(returnedState, state.state)) {
    return {
      ok: false,
      reason: "A resposta da Meta não confere com o pedido feito (state diferente). Por segurança, nada foi conectado: comece de novo.",
    };
  }
  return { ok: true, state };
}

/** Compares without stopping at the first difference. */
function sameText(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}
