import { and, eq, inArray, isNull, lt, ne, notExists, or } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { createDb, type Database } from "../db/client.ts";
import { authTokens, jobRuns, memberships, rateLimits, sessions, users } from "../db/schema/index.ts";
import type { AnyJob } from "../jobs/define.ts";
import { lostEmails, sendEmail } from "../jobs/definitions/send-email.ts";
import { sendEvents } from "../jobs/dispatch.ts";
import { createRunner, type RunReport } from "../jobs/runner.ts";
import { readConfig, usesInngest } from "./config/env.ts";
import { outboxSweep } from "./email/provider.ts";
import { UNCONFIRMED_ACCOUNT_TTL_MS } from "./services/accounts.ts";

const DAY = 24 * 3600_000;
/** Finished job runs stay this long for a look at what happened (failed ones longer). */
const JOB_RUNS_KEPT_MS = 7 * DAY;
const FAILED_JOB_RUNS_KEPT_MS = 30 * DAY;
const EXPIRED_INVITES_KEPT_MS = 30 * DAY;

/**
 * The housekeeping deletes, sent together in one round trip every minute. A new sweep is one
 * line here.
 */
function sweeps(db: Database, now: Date): BatchItem<"sqlite">[] {
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

export interface SweepOptions {
  /** The job definitions the local runner knows (tests pass their own; the registry by default). */
  jobs?: readonly AnyJob[];
}

export interface SweepReport {
  /** Queued e-mails whose run was lost, requested again. */
  requeued: number;
  /** What the local runner did with the due runs (nothing on Inngest, which runs its own). */
  runs: RunReport[];
}

/**
 * Every minute (wrangler.toml cron): the housekeeping deletes, the e-mails whose job was lost,
 * and, without Inngest, the due job runs (new, retrying, waking up, or left by a dead runner).
 * Later features add their sweeps (due scheduled posts) here.
 */
export async function runScheduledSweep(env: Record<string, unknown>, now = new Date(), options: SweepOptions = {}): Promise<SweepReport> {
  const config = readConfig(env);
  const db = createDb({ url: config.DATABASE_URL, authToken: config.DATABASE_AUTH_TOKEN });
  // A clock that starts at `now` (a test's chosen instant) and runs on.
  const started = Date.now();
  const clock = () => new Date(now.getTime() + (Date.now() - started));
  const [lost] = (await db.batch([lostEmails(db, now), ...sweeps(db, now)] as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]])) as [
    { outboxId: string }[],
  ];
  const requeue = lost.map((row) => ({ name: sendEmail.event, data: { outboxId: row.outboxId } }));
  if (usesInngest(config)) {
    await sendEvents({ config, db, waitUntil: () => {} }, requeue);
    return { requeued: requeue.length, runs: [] };
  }
  const runner = createRunner({ db, config, now: clock, ...(options.jobs && { jobs: options.jobs }) });
  await runner.enqueue(requeue);
  return { requeued: requeue.length, runs: await runner.tick() };
}
