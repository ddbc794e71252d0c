/**
 * Rules about Meta tokens, pure so the services, the daily job and the unit tests share them:
 * which of two tokens to keep when someone reconnects, and how healthy a token is.
 */

export const DAY_MS = 86_400_000;
/** The owner is warned this long before a token that cannot be refreshed expires (once). */
export const EXPIRY_WARNING_MS = 7 * DAY_MS;
/** Instagram long-lived tokens are refreshed when they have less than this left (they live 60 days). */
export const REFRESH_WINDOW_MS = 15 * DAY_MS;
/** Meta refreshes an Instagram token only once it is at least 24 hours old. */
export const MIN_REFRESH_AGE_MS = DAY_MS;

export interface HeldToken {
  /** The token works as far as we know (the connection is "ativa" and has a token). */
  working: boolean;
  /** null: does not expire. */
  expiresAt: Date | null;
  granted: readonly string[];
}

export interface IncomingToken {
  expiresAt: Date | null;
  granted: readonly string[];
}

export type TokenChoice =
  | { keep: "new" }
  /** The held token stays: the new one lacks permissions the held one has, or lapses sooner. */
  | { keep: "held"; lostScopes: string[]; shorter: boolean };

const lapse = (d: Date | null) => (d === null ? Number.POSITIVE_INFINITY : d.getTime());

/**
 * Reconnecting never replaces a working token with a worse one: fewer permissions (any the held
 * one has and the new one lacks) or a shorter life. A held token that no longer works (revoked,
 * expired, disconnected) is always replaced.
 */
export function chooseToken(held: HeldToken | null, incoming: IncomingToken, now: Date): TokenChoice {
  if (!held?.working || lapse(held.expiresAt) <= now.getTime()) return { keep: "new" };
  const have = new Set(incoming.granted);
  const lostScopes = held.granted.filter((s) => !have.has(s));
  const shorter = lapse(incoming.expiresAt) < lapse(held.expiresAt);
  return lostScopes.length || shorter ? { keep: "held", lostScopes, shorter } : { keep: "new" };
}

export type TokenHealth = "sem_expiracao" | "ok" | "expira_em_breve" | "expirado";

export function tokenHealth(expiresAt: Date | null, now: Date): TokenHealth {
  if (expiresAt === null) return "sem_expiracao";
  const left = expiresAt.getTime() - now.getTime();
  if (left <= 0) return "expirado";
  return left <= EXPIRY_WARNING_MS ? "expira_em_breve" : "ok";
}

/** Whole days left (rounded down; 0 on the last day). */
export function daysLeft(expiresAt: Date, now: Date): number {
  return Math.max(0, Math.floor((expiresAt.getTime() - now.getTime()) / DAY_MS));
}

/** An Instagram Login token due for ig_refresh_token: less than REFRESH_WINDOW_MS left, at least a day old. */
export function dueForRefresh(token: { expiresAt: Date | null; refreshedAt: Date | null }, now: Date): boolean {
  if (token.expiresAt === null || token.expiresAt.getTime() <= now.getTime()) return false;
  if (token.expiresAt.getTime() - now.getTime() > REFRESH_WINDOW_MS) return false;
  return token.refreshedAt === null || now.getTime() - token.refreshedAt.getTime() >= MIN_REFRESH_AGE_MS;
}

/** A token that cannot be refreshed (Facebook user token) and lapses within 7 days, not warned yet for this expiry. */
export function dueForWarning(token: { expiresAt: Date | null; warnedAt: Date | null }, now: Date): boolean {
  if (token.expiresAt === null || token.expiresAt.getTime() <= now.getTime()) return false;
  if (token.expiresAt.getTime() - now.getTime() > EXPIRY_WARNING_MS) return false;
  // Warned once per expiry: a warning older than this expiry's window belongs to an earlier token.
  return token.warnedAt === null || token.warnedAt.getTime() < token.expiresAt.getTime() - EXPIRY_WARNING_MS;
}
