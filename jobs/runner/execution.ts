import { type SQL, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { z } from "zod";
import { jobRuns } from "../../db/schema/index.ts";
import { FAILURE_EVENT, FAILURE_SUFFIX, type JobFailure, type JobStep, NonRetriableError } from "../define.ts";
import { batch } from "./batch.ts";
import { createExecution, type Interrupt } from "./steps.ts";
import type { Executable, QueuedRun, RunnerContext, RunOutcome, RunReport, RunRow, StepRow } from "./types.ts";

/** Wait before retry n (0-based): 15 s, 1 min, 4 min, 16 min, then 1 h at most. */
export function backoffMs(failedAttempts: number): number {
  return Math.min(15_000 * 4 ** failedAttempts, 3_600_000);
}

/** The data of a failure run: Inngest's `inngest/function.failed` event. */
const failurePayload = z.object({
  function_id: z.string(),
  run_id: z.string(),
  error: z.object({ name: z.string(), message: z.string() }),
  event: z.object({ id: z.string(), name: z.string(), data: z.unknown(), ts: z.number() }),
});

type Outcome = Interrupt | { kind: "completed"; value: unknown };

/** Runs that an execution started and that should execute now (a failure's onFailure run). */
export type Execute = (runs: readonly QueuedRun[]) => Promise<RunReport[]>;

function failureOf(error: unknown): JobFailure {
  if (error instanceof Error) return { name: error.name, message: error.message };
  return { name: "Error", message: String(error) };
}

/** Calls the handler (or onFailure), loaded on first use, with the run's event, its payload checked again by the definition. */
async function invoke(ctx: RunnerContext, exe: Executable, row: RunRow, step: JobStep): Promise<unknown> {
  const deps = { db: ctx.db, config: ctx.config, waitUntil: ctx.waitUntil, bindings: ctx.bindings, now: ctx.now, send: ctx.send };
  const handlers = await exe.job.load();
  const raw: unknown = JSON.parse(row.payload);
  if (!exe.failureHandler) {
    const data = exe.job.payload.safeParse(raw);
    if (!data.success) throw new NonRetriableError(`${exe.id}: payload inválido (${data.error.message})`);
    const event = { id: row.eventId, name: row.eventName, data: data.data, ts: row.createdAt.getTime() };
    return handlers.handler({ ...deps, event, step, runId: row.id, attempt: row.attempt });
  }
  const failed = failurePayload.safeParse(raw);
  const data = failed.success ? exe.job.payload.safeParse(failed.data.event.data) : undefined;
  if (!failed.success || !data?.success) throw new NonRetriableError(`${exe.id}: evento de falha inválido`);
  const event = { ...failed.data.event, data: data.data };
  return handlers.onFailure?.({ ...deps, event, error: failed.data.error, step, runId: failed.data.run_id });
}

/** Fails the run for good and, in the same round trip, starts its onFailure run (once: keyed by the run's id). */
async function fail(
  ctx: RunnerContext,
  exe: Executable,
  row: RunRow,
  held: SQL | undefined,
  failure: JobFailure,
  at: Date,
  execute: Execute,
): Promise<RunOutcome> {
  const lastError = `${failure.name}: ${failure.message}`.slice(0, 1000);
  const statements: BatchItem<"sqlite">[] = [
    ctx.db
      .update(jobRuns)
      .set({ status: "failed", lastError, leaseUntil: null, finishedAt: at, updatedAt: at })
      .where(held)
      .returning({ id: jobRuns.id }),
  ];
  const failureId = exe.id + FAILURE_SUFFIX;
  const handlers = exe.failureHandler ? undefined : await exe.job.load().catch(() => undefined);
  if (handlers?.onFailure && ctx.executables.has(failureId)) {
    const payload = JSON.stringify({
      function_id: exe.id,
      run_id: row.id,
      error: failure,
      event: { id: row.eventId, name: row.eventName, data: JSON.parse(row.payload), ts: row.createdAt.getTime() },
    });
    statements.push(
      ctx.db.all(sql`INSERT INTO job_runs (id, function_id, event_name, event_id, payload, status, attempt, run_at, created_at, updated_at)
        SELECT ${crypto.randomUUID()}, ${failureId}, ${FAILURE_EVENT}, ${row.id}, ${payload}, 'queued', 0, ${at.getTime()}, ${at.getTime()}, ${at.getTime()}
        WHERE EXISTS (SELECT 1 FROM job_runs WHERE id = ${row.id} AND status = 'failed')
        ON CONFLICT DO NOTHING
        RETURNING id, function_id AS functionId`),
    );
  }
  const [failed, started] = await batch(ctx.db, statements);
  if ((failed as unknown[]).length === 0) return "stopped";
  console.error(`[job] ${exe.id} falhou (${row.id}): ${lastError}`);
  if (started) await execute(started as QueuedRun[]);
  return "failed";
}

/** Settles the run after its handler returned, or threw past its retries, or a retriable step failed. */
async function settle(
  ctx: RunnerContext,
  exe: Executable,
  row: RunRow,
  outcome: Exclude<Outcome, { kind: "sleeping" | "stopped" }>,
  attempt: number,
  held: SQL | undefined,
  execute: Execute,
): Promise<RunOutcome> {
  const at = ctx.now();
  if (outcome.kind === "completed") {
    const rows = await ctx.db
      .update(jobRuns)
      .set({
        status: "completed",
        result: outcome.value === undefined ? null : JSON.stringify(outcome.value),
        lastError: null,
        leaseUntil: null,
        finishedAt: at,
        updatedAt: at,
      })
      .where(held)
      .returning({ id: jobRuns.id });
    return rows.length > 0 ? "completed" : "stopped";
  }
  const failure = failureOf(outcome.error);
  if (outcome.error instanceof NonRetriableError || attempt >= exe.retries) return fail(ctx, exe, row, held, failure, at, execute);
  const lastError = `${failure.name}: ${failure.message}`.slice(0, 1000);
  const rows = await ctx.db
    .update(jobRuns)
    .set({
      status: "queued",
      attempt: attempt + 1,
      runAt: new Date(at.getTime() + backoffMs(attempt)),
      leaseUntil: null,
      lastError,
      updatedAt: at,
    })
    .where(held)
    .returning({ id: jobRuns.id });
  if (rows.length > 0) console.warn(`[job] ${exe.id} (${row.id}) nova tentativa ${attempt + 1} de ${exe.retries}: ${lastError}`);
  return rows.length > 0 ? "retrying" : "stopped";
}

/** One execution of a claimed run, from the top of its handler to its end or its next interruption. */
export async function runOne(ctx: RunnerContext, row: RunRow, stored: readonly StepRow[], execute: Execute): Promise<RunReport> {
  const exe = ctx.executables.get(row.functionId) as Executable;
  const execution = createExecution(ctx, exe, row, stored);
  const outcome: Outcome = await Promise.race([
    invoke(ctx, exe, row, execution.step).then(
      (value): Outcome => ({ kind: "completed", value }),
      (error: unknown): Outcome => ({ kind: "error", error }),
    ),
    execution.interrupted,
  ]);
  await execution.stop();
  const report = (result: RunOutcome): RunReport => ({ id: row.id, functionId: row.functionId, outcome: result });
  if (outcome.kind === "sleeping" || outcome.kind === "stopped") return report(outcome.kind);
  return report(await settle(ctx, exe, row, outcome, execution.attempt(), execution.held(), execute));
}
