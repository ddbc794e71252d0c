import { eq } from "drizzle-orm";
import type { Database } from "../../../db/client.ts";
import { portalSettings, users } from "../../../db/schema/index.ts";
import { orgScope } from "../../../db/tenant.ts";
import { authorize } from "../../auth/permissions.ts";
import { digest, randomToken } from "../../auth/tokens.ts";
import type { Actor, ServiceContext } from "../context.ts";
import { sql } from "drizzle-orm";

/**
 * The organização's portal secrets (Portais screen): the VRSync feed's URL token and the lead
 * webhook's Basic-auth user and secret. Only SHA-256 digests are stored; the secret itself is
 * returned once, when made or rotated, and a rotation makes the old one fail at once (the
 * lookup is by digest). Managers only (the permission table's "organization" area).
 */

export interface PortalSettingsView {
  /** The feed token's last characters, to recognise which URL the portal has; null: none yet. */
  feedTokenHint: string | null;
  leadUser: string | null;
  leadSecretHint: string | null;
  atualizadoEm: string | null;
  atualizadoPorNome: string | null;
}

export const FEED_PATH = "/feeds/vrsync/";
export const LEAD_WEBHOOK_PATH = "/api/portal/leads";

/** `/feeds/vrsync/<token>.xml`: the feed's secret URL. */
export function feedUrl(origin: string, token: string): string {
  return `${origin}${FEED_PATH}${token}.xml`;
}

function hint(secret: string): string {
  return `…${secret.slice(-4)}`;
}

export async function portalSettingsView(ctx: ServiceContext, actor: Actor): Promise<PortalSettingsView> {
  authorize(actor, "organization", "read");
  const [row] = await ctx.db
    .select({
      feedTokenHint: portalSettings.feedTokenHint,
      leadUser: portalSettings.leadUser,
      leadSecretHint: portalSettings.leadSecretHint,
      atualizadoEm: portalSettings.atualizadoEm,
      atualizadoPorNome: sql<string | null>`(select ${users.name} from ${users} where ${users.id} = ${portalSettings.atualizadoPor})`,
    })
    .from(portalSettings)
    .where(orgScope(ctx.db, actor.orgId).where(portalSettings))
    .limit(1);
  return {
    feedTokenHint: row?.feedTokenHint ?? null,
    leadUser: row?.leadUser ?? null,
    leadSecretHint: row?.leadSecretHint ?? null,
    atualizadoEm: row?.atualizadoEm?.toISOString() ?? null,
    atualizadoPorNome: row?.atualizadoPorNome ?? null,
  };
}

async function upsert(ctx: ServiceContext, actor: Actor, set: Partial<typeof portalSettings.$inferInsert>): Promise<void> {
  const values = { ...set, atualizadoEm: ctx.now, atualizadoPor: actor.userId };
  await ctx.db
    .insert(portalSettings)
    .values(orgScope(ctx.db, actor.orgId).values(values))
    .onConflictDoUpdate({ target: portalSettings.orgId, set: values });
}

/** A new feed URL (shown once); the previous URL stops working with this statement. */
export async function rotateFeedToken(ctx: ServiceContext, actor: Actor): Promise<{ url: string }> {
  authorize(actor, "organization", "update");
  const token = randomToken(32);
  await upsert(ctx, actor, { feedTokenHash: await digest(token), feedTokenHint: hint(token) });
  return { url: feedUrl(ctx.origin, token) };
}

/**
 * A new webhook secret (shown once) with the organização's webhook user (made on the first
 * rotation, then kept: the portal's form keeps its user field).
 */
export async function rotateLeadSecret(ctx: ServiceContext, actor: Actor): Promise<{ user: string; secret: string; url: string }> {
  authorize(actor, "organization", "update");
  const current = await portalSettingsView(ctx, actor);
  const user =
    current.leadUser ??
    `alicerce-${randomToken(9)
      .toLowerCase()
      .replace(/[^a-z0-9]/g, "x")}`;
  const secret = randomToken(32);
  await upsert(ctx, actor, { leadUser: user, leadSecretHash: await digest(secret), leadSecretHint: hint(secret) });
  return { user, secret, url: `${ctx.origin}${LEAD_WEBHOOK_PATH}` };
}

/** The organização whose feed token this is; null for any unknown or rotated token. */
export async function orgForFeedToken(db: Database, token: string): Promise<string | null> {
  const hash = await digest(token);
  // tenant-exempt: the token is the credential that names the organização (by its digest).
  const [row] = await db
    .select({ orgId: portalSettings.orgId })
    .from(portalSettings)
    .where(eq(portalSettings.feedTokenHash, hash))
    .limit(1);
  return row?.orgId ?? null;
}

/** Compares two equal-length hex digests without stopping at the first difference. */
function sameDigest(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

/** A digest no secret has: an unknown user is compared against it, so both cost the same. */
const NO_SECRET = "0".repeat(64);

/**
 * The organização of a webhook user whose secret matches; null for an unknown user or a wrong
 * secret alike (the caller answers the same 401 for both).
 */
export async function orgForLeadCredentials(db: Database, user: string, secret: string): Promise<string | null> {
  const hash = await digest(secret);
  // tenant-exempt: the webhook user and secret are the credential that names the organização.
  const [row] = await db
    .select({ orgId: portalSettings.orgId, hash: portalSettings.leadSecretHash })
    .from(portalSettings)
    .where(eq(portalSettings.leadUser, user))
    .limit(1);
  const ok = sameDigest(hash, row?.hash ?? NO_SECRET);
  return ok && row ? row.orgId : null;
}
