import { eq } from "drizzle-orm";
import { META_CALLBACK_PATHS } from "../../../shared/social/meta-doors.ts";
import { socialAccounts, socialConnections } from "../../../db/schema/index.ts";
import { orgScope } from "../../../db/tenant.ts";
import { scopesFor } from "../../../shared/social/meta-permissions.ts";
import { chooseToken } from "../../../shared/social/meta-tokens.ts";
import type { SocialConnectionKind } from "../../../shared/enums.ts";
import { authorize } from "../../auth/permissions.ts";
import { metaEndpoints } from "../../integrations/meta/graph.ts";
import {
  exchangeCode,
  exchangeForLongLived,
  loginDialogUrl,
  type MetaLogin,
  metaDemoMode,
  readMe,
  readPermissions,
} from "../../integrations/meta/login.ts";
import { type Actor, DomainError, type ServiceContext } from "../context.ts";
import { ACCOUNT_TOKEN_PURPOSE, openFor, sealFor, tokenKeyring, USER_TOKEN_PURPOSE } from "./account-credentials.ts";
import { metaAppCredentials } from "./app-credentials.ts";
import { explainConnectionError } from "./connection-errors.ts";
import { checkLoginState, LOGIN_STATE_TTL_MS, sealLoginState } from "./login-state.ts";

/**
 * Connecting a Meta login (Facebook Login for Business or Instagram Login): "Conectar" starts it
 * (a POST: state + PKCE verifier sealed in a cookie), Meta's callback completes it here — state
 * checked, code exchanged server side, the short token traded for the long-lived one, the person
 * and their permissions read — and the connection row is updated in place (same Meta user: the
 * accounts and their history stay), never swapping a working token for a worse one.
 */

export const KIND_OF: Record<MetaLogin, SocialConnectionKind> = { facebook: "facebook_login", instagram: "instagram_login" };

/** Where a login returns when it was not started from elsewhere. */
const DEFAULT_NEXT: Record<MetaLogin, string> = { facebook: "/facebook-pages", instagram: "/instagram-connection" };
const NEXT_ALLOWED = ["/social-connect-simple", "/facebook-connection", "/instagram-connection", "/facebook-pages", "/setup-instagram"];

export interface LoginStarted {
  url: string;
  /** The sealed state for the cookie (loginStateCookie). */
  sealedState: string;
  maxAgeSeconds: number;
}

export async function startMetaLogin(
  ctx: ServiceContext,
  actor: Actor,
  sessionId: string,
  login: MetaLogin,
  next: string | null,
): Promise<LoginStarted> {
  authorize(actor, "social-settings", "create");
  // Tokens are never stored in clear: without the key there is nothing to connect to.
  try {
    await tokenKeyring(ctx.config);
  } catch {
    throw new DomainError("A conexão com a Meta não está disponível: falta a chave de cifragem dos tokens (TOKEN_ENCRYPTION_KEYS).", 409);
  }
  const app = await metaAppCredentials(ctx.db, ctx.config, actor.orgId);
  if (!app) {
    throw new DomainError("Nenhum app da Meta configurado: informe o ID e a chave secreta do app em Credenciais Sociais.", 409);
  }
  const redirectUri = `${ctx.origin}${META_CALLBACK_PATHS[login]}`;
  const started = loginDialogUrl(ctx.config, login, app, redirectUri, scopesFor(KIND_OF[login]));
  const sealedState = await sealLoginState(ctx.config, actor.orgId, {
    login,
    state: started.state,
    codeVerifier: started.codeVerifier,
    sessionId,
    userId: actor.userId,
    redirectUri,
    next: next && NEXT_ALLOWED.includes(next) ? next : DEFAULT_NEXT[login],
    expiresAt: ctx.now.getTime() + LOGIN_STATE_TTL_MS,
  });
  return { url: started.url, sealedState, maxAgeSeconds: LOGIN_STATE_TTL_MS / 1000 };
}

export interface CallbackParams {
  code: string | null;
  state: string | null;
  error: string | null;
  errorReason: string | null;
}

export type LoginOutcome =
  /** `kept`: the held token was better and stays; `lostScopes` says what the new one lacked. */
  | { ok: true; next: string; connectionId: string; kept: false }
  | { ok: true; next: string; connectionId: string; kept: true; lostScopes: string[]; shorter: boolean }
  | { ok: false; message: string; next: string };

/** Completes a login from Meta's callback. Nothing is stored unless every check passes. */
export async function completeMetaLogin(
  ctx: ServiceContext,
  actor: Actor,
  sessionId: string,
  login: MetaLogin,
  params: CallbackParams,
  sealedState: string | null,
): Promise<LoginOutcome> {
  authorize(actor, "social-settings", "create");
  const check = await checkLoginState(
    ctx.config,
    { orgId: actor.orgId, sessionId, userId: actor.userId, login, now: ctx.now.getTime() },
    sealedState,
    params.state,
  );
  if (!check.ok) return { ok: false, message: check.reason, next: "/social-connect-simple" };
  const { state } = check;
  const network = login === "facebook" ? "Facebook" : "Instagram";
  if (params.error) {
    const message =
      params.errorReason === "user_denied" || params.error === "access_denied"
        ? `Você cancelou a conexão com o ${network}: nada foi alterado. Quando quiser, conecte de novo e clique em Continuar na janela da Meta.`
        : `A Meta não concluiu a conexão com o ${network}: nada foi alterado. Tente de novo.`;
    return { ok: false, message, next: state.next };
  }
  if (!params.code) return { ok: false, message: "A Meta voltou sem o código de autorização: tente conectar de novo.", next: state.next };
  const app = await metaAppCredentials(ctx.db, ctx.config, actor.orgId);
  if (!app) return { ok: false, message: "Nenhum app da Meta configurado: confira Credenciais Sociais.", next: state.next };
  const endpoints = metaEndpoints(ctx.config);
  try {
    const short = await exchangeCode(endpoints, ctx.config, login, app, state.redirectUri, params.code, state.codeVerifier);
    const long = await exchangeForLongLived(endpoints, login, app, short.accessToken, ctx.now);
    const me = await readMe(endpoints, login, long.accessToken);
    const requested = scopesFor(KIND_OF[login]);
    const permissions =
      login === "facebook"
        ? await readPermissions(endpoints, long.accessToken)
        : { granted: short.permissions ?? [], declined: requested.filter((s) => !(short.permissions ?? []).includes(s)) };
    const demo = metaDemoMode(ctx.config) || short.demo;
    const saved = await saveConnection(ctx, actor, {
      kind: KIND_OF[login],
      metaUserId: login === "instagram" && short.userId ? short.userId : me.id,
      name: me.name,
      token: long.accessToken,
      expiresAt: long.expiresAt,
      granted: permissions.granted,
      declined: permissions.declined,
      demo,
    });
    if (login === "instagram") await saveInstagramLoginAccount(ctx, actor, saved.connectionId, me, demo);
    return saved.kept
      ? { ok: true, next: state.next, connectionId: saved.connectionId, kept: true, lostScopes: saved.lostScopes, shorter: saved.shorter }
      : { ok: true, next: state.next, connectionId: saved.connectionId, kept: false };
  } catch (error) {
    if (error instanceof DomainError) throw error;
    return { ok: false, message: explainConnectionError(error).message, next: state.next };
  }
}

interface NewConnection {
  kind: SocialConnectionKind;
  metaUserId: string;
  name: string;
  token: string;
  expiresAt: Date | null;
  granted: string[];
  declined: string[];
  demo: boolean;
}

type Saved = { connectionId: string; kept: false } | { connectionId: string; kept: true; lostScopes: string[]; shorter: boolean };

/** The connection row of this Meta user, updated in place; a worse token never replaces a working one. */
async function saveConnection(ctx: ServiceContext, actor: Actor, input: NewConnection): Promise<Saved> {
  const scope = orgScope(ctx.db, actor.orgId);
  const [held] = await ctx.db
    .select({
      id: socialConnections.id,
      status: socialConnections.status,
      token: socialConnections.tokenSelado,
      expiresAt: socialConnections.tokenExpiraEm,
      granted: socialConnections.escoposConcedidos,
    })
    .from(socialConnections)
    .where(scope.where(socialConnections, eq(socialConnections.tipo, input.kind), eq(socialConnections.usuarioMetaId, input.metaUserId)))
    .limit(1);
  const choice = chooseToken(
    held ? { working: held.status === "ativa" && held.token !== null, expiresAt: held.expiresAt, granted: held.granted } : null,
    { expiresAt: input.expiresAt, granted: input.granted },
    ctx.now,
  );
  if (held && choice.keep === "held") {
    await ctx.db
      .update(socialConnections)
      .set({ nome: input.name, atualizadoEm: ctx.now })
      .where(scope.where(socialConnections, eq(socialConnections.id, held.id)));
    return { connectionId: held.id, kept: true, lostScopes: choice.lostScopes, shorter: choice.shorter };
  }
  const fresh = {
    nome: input.name,
    tokenSelado: await sealFor(ctx.config, actor.orgId, USER_TOKEN_PURPOSE, input.token),
    tokenExpiraEm: input.expiresAt,
    tokenRenovadoEm: ctx.now,
    escoposConcedidos: input.granted,
    escoposRecusados: input.declined,
    status: "ativa" as const,
    motivoStatus: null,
    demo: input.demo,
    avisoExpiracaoEm: null,
    conectadoPor: actor.userId,
    atualizadoEm: ctx.now,
  };
  if (held) {
    await ctx.db
      .update(socialConnections)
      .set(fresh)
      .where(scope.where(socialConnections, eq(socialConnections.id, held.id)));
    return { connectionId: held.id, kept: false };
  }
  const id = crypto.randomUUID();
  await ctx.db
    .insert(socialConnections)
    .values(scope.values({ id, tipo: input.kind, usuarioMetaId: input.metaUserId, criadoEm: ctx.now, ...fresh }));
  return { connectionId: id, kept: false };
}

/**
 * Instagram Login reaches one account, the person's own: it becomes (or stays) the organização's
 * Instagram account with the connection's token. An account already publishing through a
 * Facebook Page keeps that way (a Page token does not expire).
 */
async function saveInstagramLoginAccount(
  ctx: ServiceContext,
  actor: Actor,
  connectionId: string,
  me: { id: string; name: string; username: string | null },
  demo: boolean,
): Promise<void> {
  const scope = orgScope(ctx.db, actor.orgId);
  const [connection] = await ctx.db
    .select({ token: socialConnections.tokenSelado, expiresAt: socialConnections.tokenExpiraEm, status: socialConnections.status })
    .from(socialConnections)
    .where(scope.where(socialConnections, eq(socialConnections.id, connectionId)));
  const [account] = await ctx.db
    .select({
      id: socialAccounts.id,
      status: socialAccounts.status,
      conexaoId: socialAccounts.conexaoId,
      token: socialAccounts.tokenSelado,
    })
    .from(socialAccounts)
    .where(scope.where(socialAccounts, eq(socialAccounts.rede, "instagram"), eq(socialAccounts.idExterno, me.id)));
  if (account && account.conexaoId !== connectionId && account.status === "ativa" && account.token) return;
  if (!connection?.token) return;
  const plain = await openFor(ctx.config, actor.orgId, USER_TOKEN_PURPOSE, connection.token);
  const values = {
    nome: me.username ? `@${me.username}` : me.name,
    usuario: me.username,
    status: "ativa" as const,
    motivoStatus: null,
    conexaoId: connectionId,
    tokenSelado: await sealFor(ctx.config, actor.orgId, ACCOUNT_TOKEN_PURPOSE, plain),
    tokenExpiraEm: connection.expiresAt,
    vinculoExternoId: null,
    demo,
    verificadoEm: ctx.now,
    atualizadoEm: ctx.now,
  };
  if (account) {
    await ctx.db
      .update(socialAccounts)
      .set(values)
      .where(scope.where(socialAccounts, eq(socialAccounts.id, account.id)));
  } else {
    await ctx.db
      .insert(socialAccounts)
      .values(scope.values({ rede: "instagram" as const, idExterno: me.id, criadoEm: ctx.now, ...values }))
      .onConflictDoNothing();
  }
}
