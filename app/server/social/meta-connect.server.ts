import { data, redirect, type RouterContextProvider } from "react-router";
import type { MetaLogin } from "../../../worker/integrations/meta/login.ts";
import { serviceContext } from "../../../worker/context.ts";
import { DomainError } from "../../../worker/services/context.ts";
import { disconnectConnection } from "../../../worker/services/social/connections.ts";
import { loginStateCookie, loginStateCookieName } from "../../../worker/services/social/login-state.ts";
import { completeMetaLogin, startMetaLogin } from "../../../worker/services/social/meta-login.ts";
import { readForm, unknownIntent } from "../forms.server.ts";
import { readCookie, requirePermission } from "../guards.server.ts";

/**
 * The connection screens' server side: "Conectar" (a POST: the state and PKCE verifier go in a
 * sealed cookie and the browser goes to Meta's dialog), the two callbacks, and "Desconectar".
 */

export type ConnectActionResult = { error: string; disconnected?: undefined } | { disconnected: string; error?: undefined };

/** A connection screen's action: intents "facebook" / "instagram" (connect or reconnect) and "desconectar". */
export async function metaConnectAction(
  context: Readonly<RouterContextProvider>,
  request: Request,
): Promise<ConnectActionResult | ReturnType<typeof unknownIntent>> {
  const form = await readForm(request);
  const intent = form.get("intent");
  if (intent === "facebook" || intent === "instagram") {
    const { rc, actor, auth } = requirePermission(context, request, "social-settings", "create");
    const next = String(form.get("next") ?? "");
    try {
      const started = await startMetaLogin(serviceContext(rc), actor, auth.sessionId, intent, next || null);
      throw redirect(started.url, {
        headers: { "set-cookie": loginStateCookie(intent, started.sealedState, rc.secureCookies, started.maxAgeSeconds) },
      });
    } catch (error) {
      if (error instanceof DomainError) return { error: error.message };
      throw error;
    }
  }
  if (intent === "desconectar") {
    const { rc, actor } = requirePermission(context, request, "social-settings", "delete");
    if (form.get("confirmar") !== "1") return { error: "Marque a confirmação para desconectar." };
    try {
      const result = await disconnectConnection(serviceContext(rc), actor, String(form.get("conexao") ?? ""));
      const told = result.metaTold
        ? " A Meta foi avisada e o acesso do Alicerce foi removido."
        : " Não conseguimos avisar a Meta agora: remova o app também em Configurações › Integrações comerciais, no Facebook.";
      return { disconnected: `Desconectado. Os tokens foram apagados; posts e histórico continuam.${told}` };
    } catch (error) {
      if (error instanceof DomainError) return { error: error.message };
      throw error;
    }
  }
  return unknownIntent();
}

export interface CallbackData {
  error: string;
  next: string;
}

/**
 * A login's callback (no layout): checks the state, exchanges the code server side and goes on to
 * the next screen with what happened in its address (`?conexao=…`), or shows the pt-BR error. The
 * state cookie is cleared whatever the outcome (a state is good for one callback).
 */
export async function metaCallbackLoader(context: Readonly<RouterContextProvider>, request: Request, login: MetaLogin) {
  const { rc, actor, auth } = requirePermission(context, request, "social-settings", "create");
  const url = new URL(request.url);
  const name = loginStateCookieName(login, rc.secureCookies);
  const clear = loginStateCookie(login, "", rc.secureCookies, 0);
  const outcome = await completeMetaLogin(
    serviceContext(rc),
    actor,
    auth.sessionId,
    login,
    {
      code: url.searchParams.get("code"),
      state: url.searchParams.get("state"),
      error: url.searchParams.get("error"),
      errorReason: url.searchParams.get("error_reason"),
    },
    readCookie(request, name),
  );
  if (!outcome.ok) return data<CallbackData>({ error: outcome.message, next: outcome.next }, { headers: { "set-cookie": clear } });
  const notice = new URLSearchParams({ conexao: login });
  if (outcome.kept) {
    notice.set("mantida", "1");
    if (outcome.lostScopes.length) notice.set("faltariam", outcome.lostScopes.join(","));
    if (outcome.shorter) notice.set("curta", "1");
  }
  throw redirect(`${outcome.next}?${notice}`, { headers: { "set-cookie": clear } });
}
