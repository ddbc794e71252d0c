import { and, eq, gt, isNull, lt, notExists, or } from "drizzle-orm";
import { createDb } from "../db/client.ts";
import { authTokens, emailOutbox, memberships, rateLimits, sessions, users } from "../db/schema/index.ts";
import { deliverOutboxEmail } from "./email/provider.ts";
import { readConfig } from "./config/env.ts";
import { UNCONFIRMED_ACCOUNT_TTL_MS } from "./services/accounts.ts";

const DAY = 24 * 3600_000;

/**
 * Every minute (wrangler.toml cron): retries e-mails still queued after a minute (a job that
 * was lost or failed; older than a day they are dropped, their links expired) and purges expired sessions, tokens and rate-limit windows,
 * and accounts never confirmed within UNCONFIRMED_ACCOUNT_TTL_MS of their last sign-up that
 * belong to no organization (their tokens and sessions go with them, by cascade).
 * Later features add their sweeps (due scheduled posts) here.
 */
export async function runScheduledSweep(env: Record<string, unknown>, now = new Date()): Promise<{ retried: number }> {
  const config = readConfig(env);
  const db = createDb({ url: config.DATABASE_URL, authToken: config.DATABASE_AUTH_TOKEN });
  const stale = await db
    .select({ id: emailOutbox.id })
    .from(emailOutbox)
    .where(
      and(
        or(eq(emailOutbox.status, "queued"), eq(emailOutbox.status, "failed")),
        lt(emailOutbox.createdAt, new Date(now.getTime() - 60_000)),
        gt(emailOutbox.createdAt, new Date(now.getTime() - DAY)),
      ),
    )
    .limit(20);
  let retried = 0;
  for (const row of stale) {
    try {
      await deliverOutboxEmail({ db, config }, row.id);
      retried++;
    } catch (error) {
      console.error("[cron] e-mail ainda falhando", row.id, error);
    }
  }
  await db.batch([
    db.delete(sessions).where(lt(sessions.expiresAt, new Date(now.getTime() - DAY))),
    db.delete(authTokens).where(lt(authTokens.expiresAt, new Date(now.getTime() - DAY))),
    db.delete(rateLimits).where(lt(rateLimits.windowStart, now.getTime() - DAY)),
    db.delete(users).where(
      and(
        isNull(users.emailVerifiedAt),
        lt(users.createdAt, new Date(now.getTime() - UNCONFIRMED_ACCOUNT_TTL_MS)),
        lt(users.updatedAt, new Date(now.getTime() - UNCONFIRMED_ACCOUNT_TTL_MS)),
        // tenant-exempt: an account with any membership is never purged.
        notExists(db.select({ id: memberships.id }).from(memberships).where(eq(memberships.userId, users.id))),
      ),
    ),
  ]);
  return { retried };
}
