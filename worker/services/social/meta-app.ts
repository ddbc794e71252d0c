import { isId } from "../../../shared/id.ts";
import type { AppSecretCandidate } from "../../security/meta-signature.ts";
import type { ServiceContext } from "../context.ts";
import { metaAppCredentials } from "./app-credentials.ts";

/**
 * Whose Meta app signed a request: `orgId: null` is the platform's app (META_APP_SECRET), whose
 * callbacks may touch every organização connected through it; an organização's own app
 * (/admin/social-credentials) may touch only that organização's connections.
 */
export interface MetaAppOwner {
  orgId: string | null;
}

export type MetaSecretCandidate = AppSecretCandidate<MetaAppOwner>;

/** A door's app: its secrets (to verify signatures) and the verify token of its subscription check. */
export interface MetaDoorApp {
  secrets: MetaSecretCandidate[];
  verifyToken: string | null;
}

/**
 * The app behind a door. The platform's door (`orgId` undefined) takes the platform's app. An
 * organização's own door (`/api/webhooks/meta?org=<orgId>`, and its callbacks) takes only that organização's own app,
 * saved in Credenciais Sociais: an organização on the platform's app has no door of its own
 * (nothing verifies there), and whatever a request signed with its secret changes stays inside it.
 */
export async function metaDoorApp(ctx: Pick<ServiceContext, "config" | "db">, orgId?: string): Promise<MetaDoorApp> {
  if (orgId === undefined) {
    const secret = ctx.config.META_APP_SECRET;
    return { secrets: secret ? [{ secret, owner: { orgId: null } }] : [], verifyToken: ctx.config.META_WEBHOOK_VERIFY_TOKEN ?? null };
  }
  if (!isId(orgId)) return { secrets: [], verifyToken: null };
  const own = await metaAppCredentials(ctx.db, ctx.config, orgId);
  if (own?.source !== "organizacao") return { secrets: [], verifyToken: null };
  return { secrets: [{ secret: own.appSecret, owner: { orgId } }], verifyToken: own.verifyToken };
}

/** The key of the per-app counter of signed deliveries (rate-limit.ts `metaWebhook`). */
export function metaAppKey(owner: MetaAppOwner): string {
  return owner.orgId ? `org:${owner.orgId}` : "platform";
}
