import { and, eq, inArray, isNotNull, isNull, lt, or } from "drizzle-orm";
import type { Database } from "../../../db/client.ts";
import { businessSettings, memberships, socialAccounts, socialConnections, users } from "../../../db/schema/index.ts";
import { orgScope } from "../../../db/tenant.ts";
import { dueForRefresh, dueForWarning, EXPIRY_WARNING_MS } from "../../../shared/social/meta-tokens.ts";
import { formatDateIn, timeZoneOf } from "../../../shared/time-zone.ts";
import type { Config } from "../../config/env.ts";
import { outboxInsert } from "../../email/provider.ts";
import { metaTokenExpiringEmail } from "../../email/templates.ts";
import { graphRequest, MetaApiError, metaEndpoints } from "../../integrations/meta/graph.ts";
import { refreshInstagramToken } from "../../integrations/meta/login.ts";
import { isSealedWithOldKey, openToken } from "../../security/token-cipher.ts";
import { ACCOUNT_TOKEN_PURPOSE, sealFor, tokenKeyring, USER_TOKEN_PURPOSE } from "./account-credentials.ts";
import { markConnectionReconnect } from "./connections.ts";

/**
 * The daily token health check (job `social-token-health`): Instagram Login tokens refreshed
 * before they lapse (ig_refresh_token); a Facebook login, which Meta lets no one refresh without
 * the person, warned to the owners by e-mail 7 days ahead (once per expiry; the dashboard shows it
 * while it lasts); a token Meta calls invalid (190) flips its connection or account to
 * "reconectar" at once; tokens sealed under an old key are sealed again under the current one.
 */

export interface HealthContext {
  db: Database;
  config: Config;
  now: Date;
  /** Hands queued outbox rows to the e-mail job. */
  sendEmails: (outboxIds: string[]) => Promise<void>;
}

export interface HealthWork {
  connections: { orgId: string; id: string }[];
  accounts: { orgId: string; id: string }[];
}

/** At most this many of each per run; the next day takes the rest (a run must stay short). */
const BATCH = 500;

/** Every connection and account holding a token, across organizações (the job's own sweep). */
export async function tokenHealthWork(db: Database): Promise<HealthWork> {
  const [connections, accounts] = await db.batch([
    // tenant-exempt: the daily token sweep reads which rows hold a token in every organização; each is then handled org-scoped.
    db
      .select({ orgId: socialConnections.orgId, id: socialConnections.id })
      .from(socialConnections)
      .where(and(isNotNull(socialConnections.tokenSelado), inArray(socialConnections.status, ["ativa", "reconectar"])))
      .limit(BATCH),
    // tenant-exempt: as above, for the accounts' own tokens (Page tokens).
    db
      .select({ orgId: socialAccounts.orgId, id: socialAccounts.id })
      .from(socialAccounts)
      .where(and(isNotNull(socialAccounts.tokenSelado), eq(socialAccounts.status, "ativa")))
      .limit(BATCH),
  ]);
  return { connections, accounts };
}

export type ConnectionOutcome = "ok" | "renovado" | "avisado" | "reconectar" | "ignorado" | "falhou";

/** One connection: re-seal, refresh (Instagram) or check (Facebook), warn, or flip to "reconectar". */
export async function checkConnectionToken(ctx: HealthContext, orgId: string, id: string): Promise<ConnectionOutcome> {
  const scope = orgScope(ctx.db, orgId);
  const [row] = await ctx.db
    .select({
      tipo: socialConnections.tipo,
      nome: socialConnections.nome,
      status: socialConnections.status,
      token: socialConnections.tokenSelado,
      expiresAt: socialConnections.tokenExpiraEm,
      refreshedAt: socialConnections.tokenRenovadoEm,
      warnedAt: socialConnections.avisoExpiracaoEm,
    })
    .from(socialConnections)
    .where(scope.where(socialConnections, eq(socialConnections.id, id)));
  if (!row?.token) return "ignorado";
  const ring = await tokenKeyring(ctx.config);
  const opened = await openToken(ring, row.token, { organizationId: orgId, purpose: USER_TOKEN_PURPOSE });
  if (opened.resealed) {
    await ctx.db
      .update(socialConnections)
      .set({ tokenSelado: opened.resealed })
      .where(scope.where(socialConnections, eq(socialConnections.id, id), eq(socialConnections.tokenSelado, row.token)));
  }
  if (row.status !== "ativa") return "ignorado";
  const endpoints = metaEndpoints(ctx.config);
  const expiresAt = row.expiresAt;
  try {
    if (row.tipo === "instagram_login") {
      if (dueForRefresh({ expiresAt, refreshedAt: row.refreshedAt }, ctx.now)) {
        const fresh = await refreshInstagramToken(endpoints, opened.value, ctx.now);
        await saveRefreshed(ctx, orgId, id, fresh.accessToken, fresh.expiresAt);
        return "renovado";
      }
      await graphRequest(endpoints, { host: "instagram", path: "/me", token: opened.value, params: { fields: "user_id" } });
    } else {
      await graphRequest(endpoints, { host: "facebook", path: "/me", token: opened.value, params: { fields: "id" } });
    }
  } catch (error) {
    if (error instanceof MetaApiError && error.fields.code === 190) {
      await markConnectionReconnect(ctx, orgId, id, reconnectReason(row.tipo === "instagram_login" ? "Instagram" : "Facebook"));
      return "reconectar";
    }
    // Meta out of reach or refusing for another reason: tomorrow's run tries again; the warning still goes.
    if (!dueForWarning({ expiresAt, warnedAt: row.warnedAt }, ctx.now)) return "falhou";
  }
  if (dueForWarning({ expiresAt, warnedAt: row.warnedAt }, ctx.now) && expiresAt) {
    return (await warnOwners(ctx, orgId, id, row.tipo === "instagram_login" ? "Instagram" : "Facebook", row.nome, expiresAt))
      ? "avisado"
      : "ok";
  }
  return "ok";
}

export function reconnectReason(network: string): string {
  return `A Meta não aceita mais o acesso do ${network} (token revogado ou expirado): reconecte em Conexão ${network}. Os posts agendados ficam retidos até lá.`;
}

/** The refreshed Instagram Login token, on the connection and on the account it publishes with. */
async function saveRefreshed(ctx: HealthContext, orgId: string, id: string, token: string, expiresAt: Date | null): Promise<void> {
  const scope = orgScope(ctx.db, orgId);
  await ctx.db.batch([
    ctx.db
      .update(socialConnections)
      .set({
        tokenSelado: await sealFor(ctx.config, orgId, USER_TOKEN_PURPOSE, token),
        tokenExpiraEm: expiresAt,
        tokenRenovadoEm: ctx.now,
        avisoExpiracaoEm: null,
        atualizadoEm: ctx.now,
      })
      .where(scope.where(socialConnections, eq(socialConnections.id, id))),
    ctx.db
      .update(socialAccounts)
      .set({ tokenSelado: await sealFor(ctx.config, orgId, ACCOUNT_TOKEN_PURPOSE, token), tokenExpiraEm: expiresAt, verificadoEm: ctx.now })
      .where(
        scope.where(
          socialAccounts,
          eq(socialAccounts.conexaoId, id),
          eq(socialAccounts.rede, "instagram"),
          isNotNull(socialAccounts.tokenSelado),
        ),
      ),
  ]);
}

/**
 * E-mails the organização's active owners once: the claim (a conditional update of the warning's
 * time) and the outbox rows go in one batch, so two runs cannot both send it.
 */
async function warnOwners(ctx: HealthContext, orgId: string, id: string, network: string, name: string, expiresAt: Date): Promise<boolean> {
  const scope = orgScope(ctx.db, orgId);
  const [owners, settings] = await ctx.db.batch([
    ctx.db
      .select({ email: users.email })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(scope.where(memberships, eq(memberships.role, "owner"), isNull(memberships.deactivatedAt))),
    ctx.db.select({ zone: businessSettings.fusoHorario }).from(businessSettings).where(scope.where(businessSettings)).limit(1),
  ]);
  const expiresOn = formatDateIn(expiresAt, timeZoneOf(settings[0]?.zone));
  const link = ctx.config.APP_URL
    ? `${ctx.config.APP_URL.replace(/\/+$/, "")}/${network === "Facebook" ? "facebook" : "instagram"}-connection`
    : null;
  const mails = owners.map((o) => outboxInsert(ctx.db, metaTokenExpiringEmail(o.email, network, name, expiresOn, link)));
  const windowStart = new Date(expiresAt.getTime() - EXPIRY_WARNING_MS);
  const claim = ctx.db
    .update(socialConnections)
    .set({ avisoExpiracaoEm: ctx.now })
    .where(
      scope.where(
        socialConnections,
        eq(socialConnections.id, id),
        or(isNull(socialConnections.avisoExpiracaoEm), lt(socialConnections.avisoExpiracaoEm, windowStart)),
      ),
    )
    .returning({ id: socialConnections.id });
  const [claimed] = await ctx.db.batch([claim]);
  if (claimed.length === 0) return false;
  const [first, ...rest] = mails.map((m) => m.query);
  if (first) {
    await ctx.db.batch([first, ...rest]);
    await ctx.sendEmails(mails.map((m) => m.id));
  }
  return true;
}

export type AccountOutcome = "ok" | "reconectar" | "ignorado" | "falhou";

/** One account's own token (a Page token does not expire, but it can be revoked): re-seal and check. */
export async function checkAccountToken(ctx: HealthContext, orgId: string, id: string): Promise<AccountOutcome> {
  const scope = orgScope(ctx.db, orgId);
  const [row] = await ctx.db
    .select({
      rede: socialAccounts.rede,
      status: socialAccounts.status,
      token: socialAccounts.tokenSelado,
      tipo: socialConnections.tipo,
    })
    .from(socialAccounts)
    .leftJoin(socialConnections, scope.where(socialConnections, eq(socialConnections.id, socialAccounts.conexaoId)))
    .where(scope.where(socialAccounts, eq(socialAccounts.id, id)));
  if (!row?.token) return "ignorado";
  const ring = await tokenKeyring(ctx.config);
  const opened = await openToken(ring, row.token, { organizationId: orgId, purpose: ACCOUNT_TOKEN_PURPOSE });
  if (opened.resealed && isSealedWithOldKey(ring, row.token)) {
    await ctx.db
      .update(socialAccounts)
      .set({ tokenSelado: opened.resealed })
      .where(scope.where(socialAccounts, eq(socialAccounts.id, id), eq(socialAccounts.tokenSelado, row.token)));
  }
  if (row.status !== "ativa") return "ignorado";
  const host = row.tipo === "instagram_login" ? "instagram" : "facebook";
  try {
    await graphRequest(metaEndpoints(ctx.config), {
      host,
      path: "/me",
      token: opened.value,
      params: { fields: host === "instagram" ? "user_id" : "id" },
    });
    await ctx.db
      .update(socialAccounts)
      .set({ verificadoEm: ctx.now })
      .where(scope.where(socialAccounts, eq(socialAccounts.id, id)));
    return "ok";
  } catch (error) {
    if (error instanceof MetaApiError && error.fields.code === 190) {
      await ctx.db
        .update(socialAccounts)
        .set({
          status: "reconectar",
          motivoStatus: reconnectReason(row.rede === "instagram" ? "Instagram" : "Facebook"),
          atualizadoEm: ctx.now,
        })
        .where(scope.where(socialAccounts, eq(socialAccounts.id, id), eq(socialAccounts.status, "ativa")));
      return "reconectar";
    }
    return "falhou";
  }
}
