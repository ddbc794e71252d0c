import type { AppSecretCandidate } from "../../security/meta-signature.ts";
import type { ServiceContext } from "../context.ts";

/**
 * Whose Meta app signed a request: `orgId: null` is the platform's app (META_APP_SECRET), whose
 * callbacks may touch every organização connected through it; an organização's own app
 * (/admin/social-credentials) may touch only that organização's connections.
 */
export interface MetaAppOwner {
  orgId: string | null;
}

export type MetaSecretCandidate = AppSecretCandidate<MetaAppOwner>;

/**
 * The secrets a Meta request may be signed with, the platform's first. The organizações' own
 * apps join this list when their credentials exist (each candidate carrying its `orgId`, so what
 * a request signed with it changes stays inside that organização); nothing else changes.
 */
export async function metaAppSecrets(ctx: Pick<ServiceContext, "config">): Promise<MetaSecretCandidate[]> {
  const candidates: MetaSecretCandidate[] = [];
  if (ctx.config.META_APP_SECRET) candidates.push({ secret: ctx.config.META_APP_SECRET, owner: { orgId: null } });
  return candidates;
}

/** The key of the per-app counter of signed deliveries (rate-limit.ts `metaWebhook`). */
export function metaAppKey(owner: MetaAppOwner): string {
  return owner.orgId ? `org:${owner.orgId}` : "platform";
}
