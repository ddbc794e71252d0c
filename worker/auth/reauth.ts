import { eq } from "drizzle-orm";
import { users } from "../../db/schema/index.ts";
import { enforceKeyedLimit } from "../security/rate-limit.ts";
import { DomainError, type ServiceContext } from "../services/context.ts";
import { verifyPassword } from "./password.ts";
import { type AuthState, stampAuthentication } from "./sessions.ts";

/**
 * Re-authentication ("sudo mode", ADR 019): actions that hand out or take away access (team
 * changes) or destroy personal data for good (LGPD erase) need the password typed within the
 * last 10 minutes in this browser session. API clients (bearer tokens) send it with every such
 * request. Generic: callers name what they protect, this module never does.
 */

export const REAUTH_WINDOW_MS = 10 * 60_000;

export const REAUTH_REQUIRED = "Confirme sua senha para continuar.";
export const REAUTH_WRONG = "Senha incorreta. Nada foi alterado.";
/** The form field (and API body key) that carries the password. */
export const REAUTH_FIELD = "senha";

/** A recent authentication, as proof for the services that demand one (`requireRecentAuth` makes it). */
export interface RecentAuth {
  readonly userId: string;
  readonly at: Date;
  readonly __recentAuth: true;
}

/**
 * Whether the caller must type the password before a protected action: always for API clients,
 * otherwise when the session's last password check is older than the window. Loaders use it to
 * show the "Confirme sua senha" field; actions enforce it with `requireRecentAuth`.
 */
export function needsReauth(auth: AuthState, now: Date): boolean {
  if (auth.via === "bearer") return true;
  return now.getTime() - auth.authenticatedAt.getTime() > REAUTH_WINDOW_MS;
}

/**
 * A refusal names the field, so a form shows it and an API client learns the key. Not a 401:
 * clients read that as an expired token and refresh or sign out (spec §4).
 */
function refuse(message: string, status: 400 | 403): never {
  throw new DomainError(message, status, REAUTH_FIELD);
}

/**
 * Passes when the caller authenticated recently, or when `password` is theirs (then the session
 * is stamped, so the next protected action within the window asks nothing). A wrong password
 * changes nothing and counts against the `reauth` limit (per user and per IP), counted before the
 * check so parallel guesses cannot slip past it.
 */
export async function requireRecentAuth(ctx: ServiceContext, auth: AuthState, password?: string | null): Promise<RecentAuth> {
  const typed = typeof password === "string" && password.length > 0 ? password : null;
  if (!typed) {
    if (needsReauth(auth, ctx.now)) refuse(REAUTH_REQUIRED, 403);
    return { userId: auth.user.id, at: auth.authenticatedAt, __recentAuth: true };
  }
  // Long strings are refused before hashing: the cost of a check stays bounded.
  if (typed.length > 200) refuse(REAUTH_WRONG, 400);
  await enforceKeyedLimit(ctx.db, "reauth", { user: auth.user.id, ip: ctx.ip }, ctx.now.getTime());
  const [user] = await ctx.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, auth.user.id)).limit(1);
  if (!user || !verifyPassword(typed, user.hash)) refuse(REAUTH_WRONG, 400);
  if (auth.via === "cookie") {
    await stampAuthentication(ctx.db, auth.sessionId, ctx.now);
    auth.authenticatedAt = ctx.now;
  }
  return { userId: auth.user.id, at: ctx.now, __recentAuth: true };
}

/**
 * The password an API request sent as `{ "senha": "…" }` in its JSON body; null when the body is
 * empty, not JSON or has none (then only a recent browser session passes `requireRecentAuth`).
 */
export async function bodyPassword(request: Request): Promise<string | null> {
  try {
    const body: unknown = await request.json();
    const value = typeof body === "object" && body !== null ? (body as Record<string, unknown>)[REAUTH_FIELD] : undefined;
    return typeof value === "string" ? value : null;
  } catch {
    return null;
  }
}
