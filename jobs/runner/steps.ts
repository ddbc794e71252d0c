import { and, eq, type SQL, sql } from "drizzle-orm";
import { jobRuns } from "../../db/schema/index.ts";
import { durationMs, type JobStep, NonRetriableError } from "../define.ts";
import { batch } from "./batch.ts";
import { type Executable, LEASE_MS, type RunnerContext, type RunRow, type StepRow } from "./types.ts";

/** Why an execution stopped before its handler returned. */
export type Interrupt = { kind: "sleeping" } | { kind: "stopped" } | { kind: "error"; error: unknown };

/** One execution's step tools and what the execution needs to settle the run afterwards. */
export interface Execution {
  step: JobStep;
  /** Settles when a step ends the execution (a sleep, a retriable error, a lost lease). */
  interrupted: Promise<Interrupt>;
  /** Stops the step tools and waits for their last write. */
  stop(): Promise<void>;
  /** The step's attempt (0 after a step succeeded). */
  attempt(): number;
  /** "This execution still holds the run": every write is conditional on it (a fencing token). */
  held(): SQL | undefined;
}

/** A promise that never settles: how a step ends an execution (as Inngest's SDK does). */
function never<T>(): Promise<T> {
  return new Promise<T>(() => {});
}

const decode = (output: string | null) => (output === null ? undefined : JSON.parse(output));

/**
 * The step tools of one execution of a claimed run: stored steps return their output, a new
 * step's output is stored with the lease renewal, a sleep stores its wake-up and ends the execution.
 */
export function createExecution(ctx: RunnerContext, exe: Executable, row: RunRow, stored: readonly StepRow[]): Execution {
  const { db, now } = ctx;
  const memo = new Map(stored.map((s) => [s.stepId, s]));
  /** The lease this execution holds. */
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

  return {
    step,
    interrupted,
    stop: async () => {
      stopped = true;
      await writes;
    },
    attempt: () => attempt,
    held,
  };
}
