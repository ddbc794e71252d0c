import { eq, sql } from "drizzle-orm";
import type { Database } from "../../../db/client.ts";
import { socialAppCredentials, users } from "../../../db/schema/index.ts";
import { orgScope } from "../../../db/tenant.ts";
import { authorize } from "../../auth/permissions.ts";
import type { Config } from "../../config/env.ts";
import { metaEndpoints } from "../../integrations/meta/graph.ts";
import { checkAppCredentials, type MetaApp } from "../../integrations/meta/login.ts";
import { failuresUnder } from "../../security/rate-limit.ts";
import { type Actor, DomainError, type ServiceContext } from "../context.ts";
import { APP_SECRET_PURPOSE, openFor, sealFor } from "./account-credentials.ts";
import { explainConnectionError } from "./connection-errors.ts";
import { metaCheckLimited } from "./meta-check-limit.ts";

/**
 * The Meta app an organização uses (Credenciais Sociais): its own app id, secret and webhook
 * verify token, sealed at rest, or the platform's (META_APP_ID / META_APP_SECRET /
 * META_WEBHOOK_VERIFY_TOKEN) when it set none. The secret and the verify token are never shown
 * back. Managers only ("social-settings").
 */

export const VERIFY_TOKEN_PURPOSE = "meta-verify-token";

export interface OrgMetaApp extends MetaApp {
  /** The webhook's verify token (null: none configured). */
  verifyToken: string | null;
  /** Whose app it is: the organização's own, or the platform's. */
  source: "organizacao" | "plataforma";
}

/**
 * The Meta app credentials for an organização: its own when it saved an id and a secret, else the
 * platform's; null when neither exists (nothing can connect). The OAuth flows use it, and the
 * webhooks verify an organização's signatures with its secret.
 */
export async function metaAppCredentials(
  db: Database,
  config: Pick<Config, "TOKEN_ENCRYPTION_KEYS" | "META_APP_ID" | "META_APP_SECRET" | "META_WEBHOOK_VERIFY_TOKEN">,
  orgId: string,
): Promise<OrgMetaApp | null> {
  const [row] = await db
    .select({
      appId: socialAppCredentials.appId,
      secret: socialAppCredentials.segredoSelado,
      verify: socialAppCredentials.tokenVerificacaoSelado,
    })
    .from(socialAppCredentials)
    .where(orgScope(db, orgId).where(socialAppCredentials))
    .limit(1);
  if (row?.appId && row.secret) {
    return {
      appId: row.appId,
      appSecret: await openFor(config, orgId, APP_SECRET_PURPOSE, row.secret),
      // Its own verify token only: the platform's would let anyone who knows it subscribe this door.
      verifyToken: row.verify ? await openFor(config, orgId, VERIFY_TOKEN_PURPOSE, row.verify) : null,
      source: "organizacao",
    };
  }
  if (!config.META_APP_ID || !config.META_APP_SECRET) return null;
  return {
    appId: config.META_APP_ID,
    appSecret: config.META_APP_SECRET,
    verifyToken: config.META_WEBHOOK_VERIFY_TOKEN ?? null,
    source: "plataforma",
  };
}

export interface AppCredentialsView {
  /** What the flows use now. */
  source: "organizacao" | "plataforma" | "nenhuma";
  /** The organização's own app id (not a secret), when saved. */
  appId: string | null;
  secretSet: boolean;
  verifyTokenSet: boolean;
  /** The platform offers an app of its own to fall back to. */
  platformApp: boolean;
  platformAppId: string | null;
  testadoEm: string | null;
  testeOk: boolean | null;
  testeMensagem: string | null;
  atualizadoEm: string | null;
  atualizadoPorNome: string | null;
  /** Requests refused at this organização's own webhook doors this hour (wrong signature or verify token). */
  webhookRecusasNaHora: number;
}

export async function appCredentialsView(ctx: ServiceContext, actor: Actor): Promise<AppCredentialsView> {
  authorize(actor, "social-settings", "read");
  const [row] = await ctx.db
    .select({
      appId: socialAppCredentials.appId,
      secretSet: sql<number>`${socialAppCredentials.segredoSelado} is not null`,
      verifySet: sql<number>`${socialAppCredentials.tokenVerificacaoSelado} is not null`,
      testadoEm: socialAppCredentials.testadoEm,
      testeOk: socialAppCredentials.testeOk,
      testeMensagem: socialAppCredentials.testeMensagem,
      atualizadoEm: socialAppCredentials.atualizadoEm,
      atualizadoPorNome: sql<string | null>`(select ${users.name} from ${users} where ${users.id} = ${socialAppCredentials.atualizadoPor})`,
    })
    .from(socialAppCredentials)
    .where(orgScope(ctx.db, actor.orgId).where(socialAppCredentials))
    .limit(1);
  const platformApp = Boolean(ctx.config.META_APP_ID && ctx.config.META_APP_SECRET);
  const own = Boolean(row?.appId && row.secretSet);
  const refused = own ? await failuresUnder(ctx.db, "metaWebhookFailure", "door", `org:${actor.orgId}:`, ctx.now.getTime()) : 0;
  return {
    source: own ? "organizacao" : platformApp ? "plataforma" : "nenhuma",
    appId: row?.appId ?? null,
    secretSet: Boolean(row?.secretSet),
    verifyTokenSet: Boolean(row?.verifySet),
    platformApp,
    platformAppId: platformApp ? (ctx.config.META_APP_ID ?? null) : null,
    testadoEm: row?.testadoEm?.toISOString() ?? null,
    testeOk: row?.testeOk ?? null,
    testeMensagem: row?.testeMensagem ?? null,
    atualizadoEm: row?.atualizadoEm?.toISOString() ?? null,
    atualizadoPorNome: row?.atualizadoPorNome ?? null,
    webhookRecusasNaHora: refused,
  };
}

export interface AppCredentialsInput {
  appId: string;
  /** Empty: keep the one saved. */
  appSecret: string;
  /** Empty: keep the one saved (or none). */
  verifyToken: string;
}

const APP_ID = /^\d{5,20}$|^demo_[\w-]{1,40}$/;

/** Saves the organização's own app; the secret is required the first time, then optional (kept). */
export async function saveAppCredentials(ctx: ServiceContext, actor: Actor, input: AppCredentialsInput): Promise<void> {
  authorize(actor, "social-settings", "update");
  const appId = input.appId.trim();
  const secret = input.appSecret.trim();
  const verify = input.verifyToken.trim();
  if (!APP_ID.test(appId))
    throw new DomainError("Informe o ID do app da Meta: só números, como aparece no painel de apps da Meta.", 400, "appId");
  if (secret && !/^[\w-]{8,128}$/.test(secret))
    throw new DomainError(
      "A chave secreta do app não parece certa: copie-a de Configurações do app › Básico, no painel da Meta.",
      400,
      "appSecret",
    );
  if (verify && (verify.length < 8 || verify.length > 200 || /\s/.test(verify)))
    throw new DomainError("O token de verificação do webhook precisa ter de 8 a 200 caracteres, sem espaços.", 400, "verifyToken");
  const scope = orgScope(ctx.db, actor.orgId);
  const [current] = await ctx.db
    .select({ secret: socialAppCredentials.segredoSelado })
    .from(socialAppCredentials)
    .where(scope.where(socialAppCredentials))
    .limit(1);
  if (!secret && !current?.secret) throw new DomainError("Informe a chave secreta do app.", 400, "appSecret");
  const set = {
    appId,
    ...(secret ? { segredoSelado: await sealFor(ctx.config, actor.orgId, APP_SECRET_PURPOSE, secret) } : {}),
    ...(verify ? { tokenVerificacaoSelado: await sealFor(ctx.config, actor.orgId, VERIFY_TOKEN_PURPOSE, verify) } : {}),
    // New credentials have not been tested.
    testadoEm: null,
    testeOk: null,
    testeMensagem: null,
    atualizadoPor: actor.userId,
    atualizadoEm: ctx.now,
  };
  await ctx.db.insert(socialAppCredentials).values(scope.values(set)).onConflictDoUpdate({ target: socialAppCredentials.orgId, set });
}

/** Forgets the organização's own app: the platform's is used again. */
export async function clearAppCredentials(ctx: ServiceContext, actor: Actor): Promise<void> {
  authorize(actor, "social-settings", "delete");
  await ctx.db.delete(socialAppCredentials).where(orgScope(ctx.db, actor.orgId).where(socialAppCredentials));
}

export interface AppTestResult {
  ok: boolean;
  message: string;
}

/** "Testar": asks Meta whether the app id and secret in use are valid; the outcome is kept for the screen. */
export async function testAppCredentials(ctx: ServiceContext, actor: Actor): Promise<AppTestResult> {
  authorize(actor, "social-settings", "update");
  const app = await metaAppCredentials(ctx.db, ctx.config, actor.orgId);
  if (!app) return { ok: false, message: "Nenhum app da Meta configurado: informe o ID e a chave secreta do app." };
  const limited = await metaCheckLimited(ctx, actor.orgId);
  if (limited) return { ok: false, message: limited };
  const whose = app.source === "organizacao" ? "do seu app" : "do app da plataforma";
  let result: AppTestResult;
  try {
    await checkAppCredentials(metaEndpoints(ctx.config), app);
    result = { ok: true, message: `A Meta aceitou o ID e a chave secreta ${whose} (${app.appId}).` };
  } catch (error) {
    const explained = explainConnectionError(error);
    result = {
      ok: false,
      message:
        explained.kind === "credenciais" || explained.kind === "token"
          ? `A Meta recusou o ID ou a chave secreta ${whose}: confira os dois em Configurações do app › Básico, no painel da Meta.`
          : explained.message,
    };
  }
  if (app.source === "organizacao") {
    await ctx.db
      .update(socialAppCredentials)
      .set({ testadoEm: ctx.now, testeOk: result.ok, testeMensagem: result.message })
      .where(orgScope(ctx.db, actor.orgId).where(socialAppCredentials, eq(socialAppCredentials.appId, app.appId)));
  }
  return result;
}
