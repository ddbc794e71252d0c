import { and, asc, eq, inArray, lt, lte, or, type SQL, sql } from "drizzle-orm";
import { jobRuns } from "../../db/schema/index.ts";
import type { Executable, QueuedRun, RunnerContext } from "./types.ts";

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

/** The concurrency limit of an executable; undefined when it has none (failure handlers never do). */
function limitOf(exe: Executable): number | undefined {
  return exe.failureHandler ? undefined : exe.job.concurrency?.limit;
}

/**
 * Claims one run: a conditional UPDATE, so two runners never both win. With a concurrency
 * limit, the same statement counts the key's live runs (one statement per run, in one batch, so
 * each sees the claims before it).
 */
export function claim(ctx: RunnerContext, exe: Executable, runId: string, at: Date, lease: Date) {
  const conditions = [eq(jobRuns.id, runId), eq(jobRuns.functionId, exe.id), claimable(at)];
  const limit = limitOf(exe);
  if (limit !== undefined) conditions.push(underLimit(limit, at));
  return ctx.db
    .update(jobRuns)
    .set({ status: "running", leaseUntil: lease, updatedAt: at })
    .where(and(...conditions))
    .returning();
}

/** Up to `budget` due runs, oldest first, leaving out runs waiting on a busy concurrency key. */
export async function dueRuns(ctx: RunnerContext, budget: number): Promise<QueuedRun[]> {
  const at = ctx.now();
  const executables = [...ctx.executables.values()];
  // Runs waiting on a busy concurrency key are left out, so they cannot take every slot of the tick.
  const limited = executables.filter((exe) => limitOf(exe) !== undefined);
  const limits = limited.length
    ? sql.join(
        [sql`CASE job_runs.function_id`, ...limited.map((exe) => sql`WHEN ${exe.id} THEN ${limitOf(exe)}`), sql`ELSE 1e9 END`],
        sql` `,
      )
    : undefined;
  const due = await ctx.db
    .select({ id: jobRuns.id, functionId: jobRuns.functionId, key: jobRuns.concurrencyKey })
    .from(jobRuns)
    .where(and(inArray(jobRuns.functionId, [...ctx.executables.keys()]), claimable(at), limits && underLimit(limits, at)))
    .orderBy(asc(jobRuns.runAt))
    .limit(budget * 4);
  // At most `limit` runs of one key per tick: the claims would refuse the others anyway.
  const taken = new Map<string, number>();
  const chosen = due.filter((run) => {
    const limit = limitOf(ctx.executables.get(run.functionId) as Executable);
    if (limit === undefined || run.key === null) return true;
    const slot = `${run.functionId}\u0000${run.key}`;
    taken.set(slot, (taken.get(slot) ?? 0) + 1);
    return (taken.get(slot) as number) <= limit;
  });
  return chosen.slice(0, budget).map(({ id, functionId }) => ({ id, functionId }));
}
