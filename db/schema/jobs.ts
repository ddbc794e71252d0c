import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt, id, timestamp, updatedAt } from "./columns.ts";

export const JOB_RUN_STATUSES = ["queued", "running", "sleeping", "completed", "failed", "cancelled"] as const;
export type JobRunStatus = (typeof JOB_RUN_STATUSES)[number];

/**
 * One run of a durable job on the local runner (jobs/runner.ts; Inngest keeps its own state
 * when configured). Jobs are infrastructure, not tenant records: a payload carries its orgId.
 */
export const jobRuns = sqliteTable(
  "job_runs",
  {
    id: id(),
    /** The job's id (jobs/contracts/<id>.ts). */
    functionId: text("function_id").notNull(),
    eventName: text("event_name").notNull(),
    /** The triggering event's id: sending the same event twice starts one run. */
    eventId: text("event_id").notNull(),
    /** The event's data as JSON. */
    payload: text("payload").notNull(),
    status: text("status", { enum: JOB_RUN_STATUSES }).notNull().default("queued"),
    /** Failed attempts of the step now running (reset when a step completes). */
    attempt: integer("attempt").notNull().default(0),
    concurrencyKey: text("concurrency_key"),
    /** When the run may next be picked up: now, after a backoff, or when a sleep ends. */
    runAt: timestamp("run_at").notNull(),
    /** A runner holding the run until then; a crashed holder's lease simply lapses. */
    leaseUntil: timestamp("lease_until"),
    lastError: text("last_error"),
    /** The handler's return value as JSON. */
    result: text("result"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    finishedAt: timestamp("finished_at"),
  },
  (t) => [
    uniqueIndex("job_runs_event_unique").on(t.functionId, t.eventId),
    index("job_runs_due_idx").on(t.status, t.runAt),
    index("job_runs_concurrency_idx").on(t.functionId, t.concurrencyKey, t.status),
  ],
);

/** A finished `step.run` (its output, memoized) or a sleep that already ended. */
export const jobSteps = sqliteTable(
  "job_steps",
  {
    runId: text("run_id")
      .notNull()
      .references(() => jobRuns.id, { onDelete: "cascade" }),
    stepId: text("step_id").notNull(),
    /** JSON of the step's return value (null for sleeps and undefined results). */
    output: text("output"),
    completedAt: timestamp("completed_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.runId, t.stepId] })],
);
