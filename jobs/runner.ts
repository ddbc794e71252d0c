import { and, asc, eq, inArray, lt, lte, ne, or, type SQL, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { z } from "zod";
import type { Database } from "../db/client.ts";
import { jobRuns, jobSteps } from "../db/schema/index.ts";
import type { Config } from "../worker/config/env.ts";
import {
  type AnyJob,
  checkEvent,
  durationMs,
  type EventInput,
  FAILURE_EVENT,
  FAILURE_SUFFIX,
  fieldValue,
  type JobEvent,
  type JobFailure,
  type JobStep,
  NonRetriableError,
} from "./define.ts";
import { JOBS } from "./registry.ts";

/**
 * The local runner (ADR 017): Inngest's semantics over the job_runs / job_steps tables, for when
 * Inngest is not configured (the local default and the tests). A run is claimed under a lease;
 * the handler replays from the top on every execution and finished steps return their stored
 * output; a sleep stores its wake-up time and ends the execution; the every-minute cron
 * (`tick`) picks up what is due: new runs, retries after their backoff, wake-ups, and runs whose
 * runner died (lease lapsed).
 */

/** How long a claim holds a run without news (renewed at each step). A dead runner's runs wait this long. */
export const LEASE_MS = 3 * 60_000;
/** Runs one cron tick may start: the tick must stay well inside a Worker's limits. */
export const TICK_BUDGET = 10;

/** Wait before retry n (0-based): 15 s, 1 min, 4 min, 16 min, then 1 h at most. */
export function backoffMs(failedAttempts: number): number {
  return Math.min(15_000 * 4 ** failedAttempts, 3_600_000);
}

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
}

export interface Runner {
  /** Records the runs these events start and cancels the runs they cancel, in one round trip. */
  enqueue(events: readonly EventInput[]): Promise<QueuedRun[]>;
  /** Claims these runs (those not running elsewhere, due, and within their concurrency) and runs them. */
  execute(runs: readonly QueuedRun[]): Promise<RunReport[]>;
  /** The cron's part: runs up to `budget` due runs. */
  tick(budget?: number): Promise<RunReport[]>;
}

/** Something the runner can execute: a job's handler, or its onFailure as a function of its own (as on Inngest). */
interface Executable {
  id: string;
  retries: number;
  job: AnyJob;
  failureHandler: boolean;
}

const ACTIVE = ["queued", "sleeping", "running"] as const;

/** The data of a failure run: Inngest's `inngest/function.failed` event. */
const failurePayload = z.object({
  function_id: z.string(),
  run_id: z.string(),
  error: z.object({ name: z.string(), message: z.string() }),
  event: z.object({ id: z.string(), name: z.string(), data: z.unknown(), ts: z.number() }),
});

type Interrupt = { kind: "sleeping" } | { kind: "stopped" } | { kind: "error"; error: unknown };
type Outcome = Interrupt | { kind: "completed"; value: unknown };

/** A promise that never settles: how a step ends an execution (as Inngest's SDK does). */
function never<T>(): Promise<T> {
  return new Promise<T>(() => {});
}

function failureOf(error: unknown): JobFailure {
  if (error instanceof Error) return { name: error.name, message: error.message };
  return { name: "Error", message: String(error) };
}

function batch(db: Database, statements: BatchItem<"sqlite">[]): Promise<unknown[]> {
  return db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]) as Promise<unknown[]>;
}

export function createRunner(options: RunnerOptions): Runner {
  const { db, config } = options;
  const jobs = options.jobs ?? JOBS;
  const now = options.now ?? (() => new Date());
  const executables = new Map<string, Executable>();
  for (const job of jobs) {
    executables.set(job.id, { id: job.id, retries: job.retries, job, failureHandler: false });
    // Inngest gives a failure handler one retry.
    if (job.onFailure) executables.set(job.id + FAILURE_SUFFIX, { id: job.id + FAILURE_SUFFIX, retries: 1, job, failureHandler: true });
  }

  /** The run's key in (function_id, event_id): the definition's idempotency field, or the event's id. */
  function runKey(job: AnyJob, event: JobEvent<Record<string, unknown>>): string {
    const value = job.idempotency ? fieldValue(event.data, job.idempotency) : undefined;
    return value === undefined || value === null ? event.id : String(value);
  }

  async function enqueue(inputs: readonly EventInput[]): Promise<QueuedRun[]> {
    const at = now();
    const statements: BatchItem<"sqlite">[] = [];
    const inserted: number[] = [];
    for (const input of inputs) {
      const event = checkEvent(jobs, input, at);
      // Cancellations first, so an event that both cancels and starts a job keeps its new run.
      for (const job of jobs) {
        for (const cancel of job.cancelOn ?? []) {
          const value = fieldValue(event.data, cancel.match);
          if (cancel.event !== event.name || (typeof value !== "string" && typeof value !== "number")) continue;
          statements.push(
            db
              .update(jobRuns)
              .set({ status: "cancelled", leaseUntil: null, finishedAt: at, updatedAt: at, lastError: `cancelado por ${event.name}` })
              .where(
                and(
                  eq(jobRuns.functionId, job.id),
                  inArray(jobRuns.status, ACTIVE),
                  sql`json_extract(${jobRuns.payload}, ${`$.${cancel.match.slice("data.".length)}`}) = ${value}`,
                  ne(jobRuns.eventId, runKey(job, event)),
                ),
              ),
          );
        }
      }
      for (const job of jobs) {
        if (job.event !== event.name) continue;
        const data = job.payload.parse(event.data);
        const key = job.concurrency ? fieldValue(data, job.concurrency.key) : undefined;
        inserted.push(statements.length);
        statements.push(
          db
            .insert(jobRuns)
            .values({
              id: crypto.randomUUID(),
              functionId: job.id,
              eventName: event.name,
              eventId: runKey(job, event),
              payload: JSON.stringify(data),
              status: "queued",
              concurrencyKey: key === undefined || key === null ? null : String(key),
              runAt: at,
              createdAt: at,
              updatedAt: at,
            })
            // The same event (or idempotency key) twice starts one run.
            .onConflictDoNothing({ target: [jobRuns.functionId, jobRuns.eventId] })
            .returning({ id: jobRuns.id, functionId: jobRuns.functionId }),
        );
      }
    }
    if (statements.length === 0) return [];
    const results = await batch(db, statements);
    return inserted.flatMap((i) => results[i] as QueuedRun[]);
  }

  /** Due now: queued or sleeping with run_at passed, or running under a lapsed lease (its runner died). */
  function claimable(at: Date): SQL {
    return or(
      and(inArray(jobRuns.status, ["queued", "sleeping"]), lte(jobRuns.runAt, at)),
      and(eq(jobRuns.status, "running"), lt(jobRuns.leaseUntil, at)),
    ) as SQL;
  }

  /** The run's concurrency key has fewer than `limit` live runs besides itself. */
  function underLimit(limit: number | SQL, at: Date): SQL {
    return sql`(job_runs.concurrency_key IS NULL OR (
      SELECT count(*) FROM job_runs AS busy
      WHERE busy.function_id = job_runs.function_id AND busy.concurrency_key = job_runs.concurrency_key
        AND busy.status = 'running' AND busy.lease_until >= ${at.getTime()} AND busy.id <> job_runs.id) < ${limit})`;
  }

  /** The concurrency limit of each run's job; undefined when no job has one. */
  function limitOf(exe: Executable): number | undefined {
    return exe.failureHandler ? undefined : exe.job.concurrency?.limit;
  }

  /**
   * Claims one run: a conditional UPDATE, so two runners never both win. With a concurrency
   * limit, the same statement counts the key's live runs (one statement per run, in one batch, so
   * each sees the claims before it).
   */
  function claim(exe: Executable, runId: string, at: Date, lease: Date) {
    const conditions = [eq(jobRuns.id, runId), eq(jobRuns.functionId, exe.id), claimable(at)];
    const limit = limitOf(exe);
    if (limit !== undefined) conditions.push(underLimit(limit, at));
    return db
      .update(jobRuns)
      .set({ status: "running", leaseUntil: lease, updatedAt: at })
      .where(and(...conditions))
      .returning();
  }

  async function execute(runs: readonly QueuedRun[]): Promise<RunReport[]> {
    const known = runs.filter((run) => executables.has(run.functionId));
    if (known.length === 0) return [];
    const at = now();
    const lease = new Date(at.getTime() + LEASE_MS);
    // One round trip: every claim, then the memoized steps of the runs (those not claimed are ignored).
    const results = await batch(db, [
      ...known.map((run) => claim(executables.get(run.functionId) as Executable, run.id, at, lease)),
      db
        .select()
        .from(jobSteps)
        .where(
          inArray(
            jobSteps.runId,
            known.map((run) => run.id),
          ),
        ),
    ]);
    const steps = results.at(-1) as (typeof jobSteps.$inferSelect)[];
    const claimed = results.slice(0, -1).flatMap((rows) => rows as (typeof jobRuns.$inferSelect)[]);
    const settled = await Promise.allSettled(
      claimed.map((row) =>
        runOne(
          row,
          steps.filter((s) => s.runId === row.id),
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

  async function tick(budget = TICK_BUDGET): Promise<RunReport[]> {
    const at = now();
    // Runs waiting on a busy concurrency key are left out, so they cannot take every slot of the tick.
    const limited = [...executables.values()].filter((exe) => limitOf(exe) !== undefined);
    const limits = limited.length
      ? sql.join(
          [sql`CASE job_runs.function_id`, ...limited.map((exe) => sql`WHEN ${exe.id} THEN ${limitOf(exe)}`), sql`ELSE 1e9 END`],
          sql` `,
        )
      : undefined;
    const due = await db
      .select({ id: jobRuns.id, functionId: jobRuns.functionId, key: jobRuns.concurrencyKey })
      .from(jobRuns)
      .where(and(inArray(jobRuns.functionId, [...executables.keys()]), claimable(at), limits && underLimit(limits, at)))
      .orderBy(asc(jobRuns.runAt))
      .limit(budget * 4);
    // At most `limit` runs of one key per tick: the claims would refuse the others anyway.
    const taken = new Map<string, number>();
    const chosen = due.filter((run) => {
      const limit = limitOf(executables.get(run.functionId) as Executable);
      if (limit === undefined || run.key === null) return true;
      const slot = `${run.functionId}\u0000${run.key}`;
      taken.set(slot, (taken.get(slot) ?? 0) + 1);
      return (taken.get(slot) as number) <= limit;
    });
    return execute(chosen.slice(0, budget));
  }

  /** One execution of a claimed run, from the top of its handler to its end or its next interruption. */
  async function runOne(row: typeof jobRuns.$inferSelect, stored: (typeof jobSteps.$inferSelect)[]): Promise<RunReport> {
    const exe = executables.get(row.functionId) as Executable;
    const memo = new Map(stored.map((s) => [s.stepId, s]));
    const report = (outcome: RunOutcome): RunReport => ({ id: row.id, functionId: row.functionId, outcome });
    /** The lease this execution holds: every write is conditional on it (a fencing token). */
    let lease = (row.leaseUntil as Date).getTime();
    let attempt = row.attempt;
    let stopped = false;
    let interrupt: (why: Interrupt) => void = () => {};
    const interrupted = new Promise<Interrupt>((resolve) => {
      interrupt = (why) => {
        stopped = true;
        resolve(why);
      };
    });
    // Writes of one run go one after the other (parallel steps), each with the lease the last one renewed.
    let writes: Promise<unknown> = Promise.resolve();
    const serial = <T>(write: () => Promise<T>): Promise<T> => {
      const next = writes.then(write);
      writes = next.catch(() => {});
      return next;
    };
    const held = () => and(eq(jobRuns.id, row.id), eq(jobRuns.status, "running"), eq(jobRuns.leaseUntil, new Date(lease)));

    /** Stores a finished step and renews the lease; false when the run was cancelled or taken over. */
    const saveStep = (stepId: string, output: string | null) =>
      serial(async () => {
        if (stopped) return false;
        const at = now();
        const renewed = at.getTime() + LEASE_MS;
        const [rows] = await batch(db, [
          db
            .update(jobRuns)
            .set({ leaseUntil: new Date(renewed), attempt: 0, updatedAt: at })
            .where(held())
            .returning({ id: jobRuns.id }),
          db.run(sql`INSERT INTO job_steps (run_id, step_id, output, completed_at)
            SELECT ${row.id}, ${stepId}, ${output}, ${at.getTime()}
            WHERE EXISTS (SELECT 1 FROM job_runs WHERE id = ${row.id} AND status = 'running' AND lease_until = ${renewed})
            ON CONFLICT DO NOTHING`),
        ]);
        if ((rows as unknown[]).length === 0) return false;
        lease = renewed;
        attempt = 0;
        return true;
      });

    /** Puts the run to sleep until `wake`; the step's row records when the sleep ends. */
    const saveSleep = (stepId: string, wake: Date) =>
      serial(async () => {
        if (stopped) return false;
        const at = now();
        const [rows] = await batch(db, [
          db
            .update(jobRuns)
            .set({ status: "sleeping", runAt: wake, leaseUntil: null, attempt: 0, updatedAt: at })
            .where(held())
            .returning({ id: jobRuns.id }),
          db.run(sql`INSERT INTO job_steps (run_id, step_id, output, completed_at)
            SELECT ${row.id}, ${stepId}, NULL, ${wake.getTime()}
            WHERE EXISTS (SELECT 1 FROM job_runs WHERE id = ${row.id} AND status = 'sleeping' AND run_at = ${wake.getTime()})
            ON CONFLICT DO NOTHING`),
        ]);
        return (rows as unknown[]).length > 0;
      });

    // Inngest numbers a repeated step id ("id", "id:1", …); so do we, so both store the same ids.
    const seen = new Map<string, number>();
    const stepIdOf = (id: string) => {
      const n = seen.get(id) ?? 0;
      seen.set(id, n + 1);
      return n === 0 ? id : `${id}:${n}`;
    };
    const decode = (output: string | null) => (output === null ? undefined : JSON.parse(output));

    const sleepUntil = async (id: string, until: Date): Promise<void> => {
      const stepId = stepIdOf(id);
      if (stopped) return never();
      if (Number.isNaN(until.getTime())) throw new NonRetriableError(`${id}: data inválida para sleepUntil`);
      const ends = memo.get(stepId)?.completedAt ?? until;
      if (ends.getTime() <= now().getTime()) {
        if (memo.has(stepId) || (await saveStep(stepId, null))) return;
        interrupt({ kind: "stopped" });
        return never();
      }
      interrupt((await saveSleep(stepId, ends)) ? { kind: "sleeping" } : { kind: "stopped" });
      return never();
    };

    const step: JobStep = {
      run: async (id, fn) => {
        const stepId = stepIdOf(id);
        if (stopped) return never();
        const done = memo.get(stepId);
        if (done) return decode(done.output);
        let output: string | null;
        try {
          const value = await fn();
          output = value === undefined ? null : JSON.stringify(value);
        } catch (error) {
          if (stopped) return never();
          // The last attempt's error reaches the handler (which may catch it), as on Inngest.
          if (error instanceof NonRetriableError || attempt >= exe.retries) throw error;
          interrupt({ kind: "error", error });
          return never();
        }
        if (!(await saveStep(stepId, output))) {
          interrupt({ kind: "stopped" });
          return never();
        }
        return decode(output);
      },
      sleep: (id, duration) => sleepUntil(id, new Date(now().getTime() + durationMs(duration))),
      sleepUntil: (id, until) => sleepUntil(id, until instanceof Date ? until : new Date(until)),
    };

    const outcome: Outcome = await Promise.race([
      invoke(exe, row, step).then(
        (value): Outcome => ({ kind: "completed", value }),
        (error: unknown): Outcome => ({ kind: "error", error }),
      ),
      interrupted,
    ]);
    stopped = true;
    await writes;
    if (outcome.kind === "sleeping") return report("sleeping");
    if (outcome.kind === "stopped") return report("stopped");
    const at = now();
    if (outcome.kind === "completed") {
      const rows = await db
        .update(jobRuns)
        .set({
          status: "completed",
          result: outcome.value === undefined ? null : JSON.stringify(outcome.value),
          lastError: null,
          leaseUntil: null,
          finishedAt: at,
          updatedAt: at,
        })
        .where(held())
        .returning({ id: jobRuns.id });
      return report(rows.length > 0 ? "completed" : "stopped");
    }
    const failure = failureOf(outcome.error);
    const lastError = `${failure.name}: ${failure.message}`.slice(0, 1000);
    if (!(outcome.error instanceof NonRetriableError) && attempt < exe.retries) {
      const rows = await db
        .update(jobRuns)
        .set({
          status: "queued",
          attempt: attempt + 1,
          runAt: new Date(at.getTime() + backoffMs(attempt)),
          leaseUntil: null,
          lastError,
          updatedAt: at,
        })
        .where(held())
        .returning({ id: jobRuns.id });
      if (rows.length > 0) console.warn(`[job] ${exe.id} (${row.id}) nova tentativa ${attempt + 1} de ${exe.retries}: ${lastError}`);
      return report(rows.length > 0 ? "retrying" : "stopped");
    }
    return fail(exe, row, held(), failure, lastError, at);
  }

  /** Fails the run for good and, in the same round trip, starts its onFailure run (once: keyed by the run's id). */
  async function fail(
    exe: Executable,
    row: typeof jobRuns.$inferSelect,
    held: SQL | undefined,
    failure: JobFailure,
    lastError: string,
    at: Date,
  ): Promise<RunReport> {
    const statements: BatchItem<"sqlite">[] = [
      db
        .update(jobRuns)
        .set({ status: "failed", lastError, leaseUntil: null, finishedAt: at, updatedAt: at })
        .where(held)
        .returning({ id: jobRuns.id }),
    ];
    const failureId = exe.id + FAILURE_SUFFIX;
    if (!exe.failureHandler && executables.has(failureId)) {
      const payload = JSON.stringify({
        function_id: exe.id,
        run_id: row.id,
        error: failure,
        event: { id: row.eventId, name: row.eventName, data: JSON.parse(row.payload), ts: row.createdAt.getTime() },
      });
      statements.push(
        db.all(sql`INSERT INTO job_runs (id, function_id, event_name, event_id, payload, status, attempt, run_at, created_at, updated_at)
          SELECT ${crypto.randomUUID()}, ${failureId}, ${FAILURE_EVENT}, ${row.id}, ${payload}, 'queued', 0, ${at.getTime()}, ${at.getTime()}, ${at.getTime()}
          WHERE EXISTS (SELECT 1 FROM job_runs WHERE id = ${row.id} AND status = 'failed')
          ON CONFLICT DO NOTHING
          RETURNING id, function_id AS functionId`),
      );
    }
    const [failed, started] = await batch(db, statements);
    if ((failed as unknown[]).length === 0) return { id: row.id, functionId: row.functionId, outcome: "stopped" };
    console.error(`[job] ${exe.id} falhou (${row.id}): ${lastError}`);
    if (started) await execute(started as QueuedRun[]);
    return { id: row.id, functionId: row.functionId, outcome: "failed" };
  }

  /** Calls the handler (or onFailure) with the run's event, its payload checked again by the definition. */
  async function invoke(exe: Executable, row: typeof jobRuns.$inferSelect, step: JobStep): Promise<unknown> {
    const deps = { db, config };
    const raw: unknown = JSON.parse(row.payload);
    if (!exe.failureHandler) {
      const data = exe.job.payload.safeParse(raw);
      if (!data.success) throw new NonRetriableError(`${exe.id}: payload inválido (${data.error.message})`);
      const event = { id: row.eventId, name: row.eventName, data: data.data, ts: row.createdAt.getTime() };
      return exe.job.handler({ ...deps, event, step, runId: row.id, attempt: row.attempt });
    }
    const failed = failurePayload.safeParse(raw);
    const data = failed.success ? exe.job.payload.safeParse(failed.data.event.data) : undefined;
    if (!failed.success || !data?.success) throw new NonRetriableError(`${exe.id}: evento de falha inválido`);
    const event = { ...failed.data.event, data: data.data };
    return exe.job.onFailure?.({ ...deps, event, error: failed.data.error, step, runId: failed.data.run_id });
  }

  return { enqueue, execute, tick };
}
