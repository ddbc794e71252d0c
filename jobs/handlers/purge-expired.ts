import { and, eq, inArray, isNull, lt, ne, notExists, or } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Database } from "../../db/client.ts";
import { authTokens, jobRuns, memberships, rateLimits, sessions, users } from "../../db/schema/index.ts";
import { outboxSweep } from "../../worker/email/provider.ts";
import { UNCONFIRMED_ACCOUNT_TTL_MS } from "../../worker/services/account/lifetimes.ts";
import { purgeExpired } from "../contracts/purge-expired.ts";
import { jobHandlers } from "../define.ts";

const DAY = 24 * 3600_000;
/** Finished job runs stay this long for a look at what happened (failed ones longer). */
const JOB_RUNS_KEPT_MS = 7 * DAY;
const FAILED_JOB_RUNS_KEPT_MS = 30 * DAY;
const EXPIRED_INVITES_KEPT_MS = 30 * DAY;

/** The housekeeping deletes, sent together in one round trip. A new sweep is one line here. */
function sweeps(db: Database, now: Date): [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]] {
  const ago = (ms: number) => new Date(now.getTime() - ms);
  return [
    db.delete(sessions).where(lt(sessions.expiresAt, ago(DAY))),
    // An expired invite is kept a month so its link can still say "expirou" and offer to ask again.
    db
      .delete(authTokens)
      .where(
        or(
          and(ne(authTokens.purpose, "invite"), lt(authTokens.expiresAt, ago(DAY))),
          lt(authTokens.expiresAt, ago(EXPIRED_INVITES_KEPT_MS)),
        ),
      ),
    db.delete(rateLimits).where(lt(rateLimits.windowStart, now.getTime() - DAY)),
    // Bodies (and their links) of e-mails undelivered for a day; rows older than 30 days.
    ...outboxSweep(db, now),
    // Accounts never confirmed within UNCONFIRMED_ACCOUNT_TTL_MS of their last sign-up that belong to no
    // organization (their tokens and sessions go with them, by cascade).
    db.delete(users).where(
      and(
        isNull(users.emailVerifiedAt),
        lt(users.createdAt, ago(UNCONFIRMED_ACCOUNT_TTL_MS)),
        lt(users.updatedAt, ago(UNCONFIRMED_ACCOUNT_TTL_MS)),
        // tenant-exempt: an account with any membership is never purged.
        notExists(db.select({ id: memberships.id }).from(memberships).where(eq(memberships.userId, users.id))),
      ),
    ),
    // Finished runs of the local job runner (their steps go by cascade).
    db
      .delete(jobRuns)
      .where(
        or(
          and(inArray(jobRuns.status, ["completed", "cancelled"]), lt(jobRuns.finishedAt, ago(JOB_RUNS_KEPT_MS))),
          and(eq(jobRuns.status, "failed"), lt(jobRuns.finishedAt, ago(FAILED_JOB_RUNS_KEPT_MS))),
        ),
      ),
  ];
}

export default jobHandlers(purgeExpired, {
  async handler({ event, step, db }) {
    await step.run("purge", async () => {
      await db.batch(sweeps(db, new Date(event.ts)));
    });
  },
});
