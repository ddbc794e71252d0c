import { inArray } from "drizzle-orm";
import { jobSteps } from "../db/schema/index.ts";
import { type EventInput, FAILURE_SUFFIX } from "./define.ts";
import { JOBS } from "./registry.ts";
import { batch } from "./runner/batch.ts";
import { claim, dueRuns } from "./runner/claims.ts";
import { runOne } from "./runner/execution.ts";
import { enqueue, schedule } from "./runner/queue.ts";
import {
  type Executable,
  LEASE_MS,
  type QueuedRun,
  type Runner,
  type RunnerContext,
  type RunnerOptions,
  type RunReport,
  type RunRow,
  type StepRow,
  TICK_BUDGET,
} from "./runner/types.ts";

/**
 * The local runner (ADR 017): Inngest's semantics over the job_runs / job_steps tables, for when
 * Inngest is not configured (the local default and the tests). A run is claimed under a lease
 * (runner/claims.ts); the handler replays from the top on every execution and finished steps
 * return their stored output (runner/steps.ts); a sleep stores its wake-up time and ends the
 * execution; the every-minute cron (`schedule`, then `tick`) records the scheduled jobs' runs
 * (runner/queue.ts) and picks up what is due: new runs, retries after their backoff, wake-ups,
 * and runs whose runner died (lease lapsed).
 */

export { backoffMs } from "./runner/execution.ts";
export { LEASE_MS, TICK_BUDGET };
export type { QueuedRun, Runner, RunnerOptions, RunReport };
export type { RunOutcome } from "./runner/types.ts";

/** Every job as an executable, and (as on Inngest) its onFailure as a function of its own with one retry. */
function executablesOf(jobs: RunnerOptions["jobs"] & {}): Map<string, Executable> {
  const executables = new Map<string, Executable>();
  for (const job of jobs) {
    executables.set(job.id, { id: job.id, retries: job.retries, job, failureHandler: false });
    executables.set(job.id + FAILURE_SUFFIX, { id: job.id + FAILURE_SUFFIX, retries: 1, job, failureHandler: true });
  }
  return executables;
}

/** The runs stay in job_runs: the cron picks them up once their lease lapses. */
function startFailed(error: unknown): void {
  console.error("[job] falha ao iniciar", error);
}

export function createRunner(options: RunnerOptions): Runner {
  const jobs = options.jobs ?? JOBS;
  const ctx: RunnerContext = {
    db: options.db,
    config: options.config,
    jobs,
    now: options.now ?? (() => new Date()),
    waitUntil: options.waitUntil ?? (() => {}),
    bindings: options.bindings,
    executables: executablesOf(jobs),
    send: (events) => sendFollowUps(events),
  };

  /**
   * A run's follow-ups: recorded in one round trip, run after it (as jobs/dispatch.ts does for a
   * request). They may start any job (a test's one-job runner sends e-mails): a runner of the
   * whole registry records those.
   */
  let registryRunner: Runner | undefined;
  async function sendFollowUps(events: readonly EventInput[]): Promise<void> {
    if (options.jobs && options.jobs !== JOBS) {
      const { jobs: _own, ...rest } = options;
      registryRunner ??= createRunner(rest);
      const queued = await registryRunner.enqueue(events);
      if (queued.length) ctx.waitUntil(registryRunner.execute(queued).catch(startFailed));
      return;
    }
    const queued = await enqueue(ctx, events);
    if (queued.length) ctx.waitUntil(execute(queued).catch(startFailed));
  }

  async function execute(runs: readonly QueuedRun[]): Promise<RunReport[]> {
    const known = runs.filter((run) => ctx.executables.has(run.functionId));
    if (known.length === 0) return [];
    const at = ctx.now();
    const lease = new Date(at.getTime() + LEASE_MS);
    // One round trip: every claim, then the memoized steps of the runs (those not claimed are ignored).
    const results = await batch(ctx.db, [
      ...known.map((run) => claim(ctx, ctx.executables.get(run.functionId) as Executable, run.id, at, lease)),
      ctx.db
        .select()
        .from(jobSteps)
        .where(
          inArray(
            jobSteps.runId,
            known.map((run) => run.id),
          ),
        ),
    ]);
    const steps = results.at(-1) as StepRow[];
    const claimed = results.slice(0, -1).flatMap((rows) => rows as RunRow[]);
    const settled = await Promise.allSettled(
      claimed.map((row) =>
        runOne(
          ctx,
          row,
          steps.filter((s) => s.runId === row.id),
          execute,
        ),
      ),
    );
    return settled.flatMap((result, i) => {
      if (result.status === "fulfilled") return [result.value];
      // A database error mid-run: the lease lapses and a later tick resumes the run.
      console.error(`[job] execução interrompida (${claimed[i]?.functionId} ${claimed[i]?.id})`, result.reason);
      return [];
    });
  }

  return {
    enqueue: (events) => enqueue(ctx, events),
    schedule: () => schedule(ctx),
    execute,
    tick: async (budget = TICK_BUDGET) => execute(await dueRuns(ctx, budget)),
  };
}
