import { createDb } from "../db/client.ts";
import type { AnyJob } from "../jobs/define.ts";
import { createRunner, type RunReport } from "../jobs/runner.ts";
import { type Bindings, readConfig, usesInngest } from "./config/env.ts";

export interface SweepOptions {
  /** The job definitions the local runner knows (tests pass their own; the registry by default). */
  jobs?: readonly AnyJob[];
}

export interface SweepReport {
  /** What the local runner did with the due runs (nothing on Inngest, which runs its own). */
  runs: RunReport[];
}

/**
 * Every minute (wrangler.toml cron), without Inngest: records a run of each job whose cron fires
 * this minute (their definitions say when: the housekeeping purges, the lost e-mails' re-request),
 * then runs up to the tick's budget of due runs (those, new ones, retries, wake-ups, or runs left
 * by a dead runner), and waits for the runs they dispatched. On Inngest the same cron triggers
 * are Inngest's (jobs/functions.ts), so there is nothing to do here.
 */
export async function runScheduledSweep(env: Record<string, unknown>, now = new Date(), options: SweepOptions = {}): Promise<SweepReport> {
  const config = readConfig(env);
  if (usesInngest(config)) return { runs: [] };
  const db = createDb({ url: config.DATABASE_URL, authToken: config.DATABASE_AUTH_TOKEN });
  // A clock that starts at `now` (a test's chosen instant) and runs on.
  const started = Date.now();
  const clock = () => new Date(now.getTime() + (Date.now() - started));
  const dispatched: Promise<unknown>[] = [];
  const runner = createRunner({
    db,
    config,
    now: clock,
    waitUntil: (promise) => void dispatched.push(promise),
    bindings: { FILES: env.FILES as R2Bucket | undefined, LIVE: env.LIVE as Bindings["LIVE"], REPORTS: env.REPORTS as Fetcher | undefined },
    ...(options.jobs && { jobs: options.jobs }),
  });
  await runner.schedule();
  const runs = await runner.tick();
  await Promise.allSettled(dispatched);
  return { runs };
}
