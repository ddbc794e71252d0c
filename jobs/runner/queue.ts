import { and, eq, inArray, ne, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { jobRuns } from "../../db/schema/index.ts";
import { cronMatches, parseCron } from "../cron.ts";
import { type AnyJob, CRON_EVENT, checkEvent, type EventInput, fieldValue, type JobEvent } from "../define.ts";
import { batch } from "./batch.ts";
import { ACTIVE, type QueuedRun, type RunnerContext } from "./types.ts";

/** The run's key in (function_id, event_id): the definition's idempotency field, or the event's id. */
function runKey(job: AnyJob, event: JobEvent<Record<string, unknown>>): string {
  const value = job.idempotency ? fieldValue(event.data, job.idempotency) : undefined;
  return value === undefined || value === null ? event.id : String(value);
}

/** Marks the active runs this event cancels (keeping the run it starts itself). */
function cancellations(ctx: RunnerContext, event: JobEvent<Record<string, unknown>>, at: Date): BatchItem<"sqlite">[] {
  return ctx.jobs.flatMap((job) =>
    (job.cancelOn ?? []).flatMap((cancel) => {
      const value = fieldValue(event.data, cancel.match);
      if (cancel.event !== event.name || (typeof value !== "string" && typeof value !== "number")) return [];
      return [
        ctx.db
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
      ];
    }),
  );
}

/** A new queued run of `job`; the same (job, key) twice starts one run. */
function insertRun(ctx: RunnerContext, job: AnyJob, eventName: string, eventId: string, data: Record<string, unknown>, at: Date) {
  const key = job.concurrency ? fieldValue(data, job.concurrency.key) : undefined;
  return ctx.db
    .insert(jobRuns)
    .values({
      id: crypto.randomUUID(),
      functionId: job.id,
      eventName,
      eventId,
      payload: JSON.stringify(data),
      status: "queued",
      concurrencyKey: key === undefined || key === null ? null : String(key),
      runAt: at,
      createdAt: at,
      updatedAt: at,
    })
    .onConflictDoNothing({ target: [jobRuns.functionId, jobRuns.eventId] })
    .returning({ id: jobRuns.id, functionId: jobRuns.functionId });
}

/** Runs the inserts and gives back the runs they created (not those that already existed). */
async function insertAll(ctx: RunnerContext, statements: BatchItem<"sqlite">[], inserts: readonly number[]): Promise<QueuedRun[]> {
  if (statements.length === 0) return [];
  const results = await batch(ctx.db, statements);
  return inserts.flatMap((i) => results[i] as QueuedRun[]);
}

/** Records the runs these events start and cancels the runs they cancel, in one round trip. */
export async function enqueue(ctx: RunnerContext, inputs: readonly EventInput[]): Promise<QueuedRun[]> {
  const at = ctx.now();
  const statements: BatchItem<"sqlite">[] = [];
  const inserts: number[] = [];
  for (const input of inputs) {
    const event = checkEvent(ctx.jobs, input, at);
    // Cancellations first, so an event that both cancels and starts a job keeps its new run.
    statements.push(...cancellations(ctx, event, at));
    for (const job of ctx.jobs) {
      if (job.event !== event.name) continue;
      inserts.push(statements.length);
      statements.push(insertRun(ctx, job, event.name, runKey(job, event), job.payload.parse(event.data), at));
    }
  }
  return insertAll(ctx, statements, inserts);
}

/** A run of each job whose cron fires this minute, keyed by the minute: a second call in it starts nothing. */
export async function schedule(ctx: RunnerContext): Promise<QueuedRun[]> {
  const at = ctx.now();
  const minute = new Date(Math.floor(at.getTime() / 60_000) * 60_000).toISOString();
  const due = ctx.jobs.filter((job) => {
    const cron = job.cron === undefined ? undefined : parseCron(job.cron);
    return cron !== undefined && cronMatches(cron, at);
  });
  const statements = due.map((job) => insertRun(ctx, job, CRON_EVENT, `cron:${minute}`, { cron: job.cron }, at));
  return insertAll(
    ctx,
    statements,
    statements.map((_, i) => i),
  );
}
