import type { Database } from "../../db/client.ts";
import type { jobRuns, jobSteps } from "../../db/schema/index.ts";
import type { Config } from "../../worker/config/env.ts";
import type { AnyJob, EventInput, JobBindings } from "../define.ts";

/** How long a claim holds a run without news (renewed at each step). A dead runner's runs wait this long. */
export const LEASE_MS = 3 * 60_000;
/** Runs one cron tick may start: the tick must stay well inside a Worker's limits. */
export const TICK_BUDGET = 10;
/** The statuses of a run that is not over. */
export const ACTIVE = ["queued", "sleeping", "running"] as const;

export interface QueuedRun {
  id: string;
  functionId: string;
}

export type RunOutcome = "completed" | "sleeping" | "retrying" | "failed" | "stopped";

export interface RunReport extends QueuedRun {
  outcome: RunOutcome;
}

export interface RunnerOptions {
  db: Database;
  config: Config;
  /** The definitions this runner knows; the registry by default (tests pass their own). */
  jobs?: readonly AnyJob[];
  now?: () => Date;
  /** Where a job's after-the-response work goes (its dispatches' runs); unawaited by default. */
  waitUntil?: (promise: Promise<unknown>) => void;
  /** The bindings handed to the jobs (bucket, live rooms). */
  bindings?: JobBindings | undefined;
}

export interface Runner {
  /** Records the runs these events start and cancels the runs they cancel, in one round trip. */
  enqueue(events: readonly EventInput[]): Promise<QueuedRun[]>;
  /** Records a run of every scheduled job whose cron fires in the current minute (once per minute, however often called). */
  schedule(): Promise<QueuedRun[]>;
  /** Claims these runs (those not running elsewhere, due, and within their concurrency) and runs them. */
  execute(runs: readonly QueuedRun[]): Promise<RunReport[]>;
  /** The cron's part: runs up to `budget` due runs. */
  tick(budget?: number): Promise<RunReport[]>;
}

/** Something the runner can execute: a job's handler, or its onFailure as a function of its own (as on Inngest). */
export interface Executable {
  id: string;
  retries: number;
  job: AnyJob;
  failureHandler: boolean;
}

export type RunRow = typeof jobRuns.$inferSelect;
export type StepRow = typeof jobSteps.$inferSelect;

/** What every part of one runner shares. */
export interface RunnerContext {
  db: Database;
  config: Config;
  jobs: readonly AnyJob[];
  now: () => Date;
  waitUntil: (promise: Promise<unknown>) => void;
  bindings: JobBindings | undefined;
  /** By function id: every job, and every job's failure function. */
  executables: ReadonlyMap<string, Executable>;
  /** A run's follow-up events: recorded now, run after it (JobDeps.send). */
  send: (events: readonly EventInput[]) => Promise<void>;
}
