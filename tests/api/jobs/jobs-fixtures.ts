/**
 * Test-only job definitions for the local runner and the Inngest adapter. Each step leaves a row
 * in `job_test_effects` (a table these tests create in their own database copy), so a count
 * survives a "restart" (a new database client and a new runner) and shows how often a step ran.
 */
import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "../../../db/client.ts";
import { defineJob, NonRetriableError } from "../../../jobs/define.ts";

export async function createEffectsTable(db: Database): Promise<void> {
  await db.run(sql`CREATE TABLE IF NOT EXISTS job_test_effects (key TEXT NOT NULL, what TEXT NOT NULL)`);
}

async function effect(db: Database, key: string, what: string): Promise<void> {
  await db.run(sql`INSERT INTO job_test_effects (key, what) VALUES (${key}, ${what})`);
}

/** How many times `what` happened for `key`. */
export async function effects(db: Database, key: string, what: string): Promise<number> {
  const rows = await db.all<{ n: number }>(sql`SELECT count(*) AS n FROM job_test_effects WHERE key = ${key} AND what = ${what}`);
  return rows[0]?.n ?? 0;
}

/**
 * Hooks a test sets to hold a step mid-flight (a promise that never settles is a process that
 * died there). Keyed by the payload's key, so tests in one file do not see each other's.
 */
export const holds = new Map<string, () => Promise<void>>();
const hold = (key: string) => holds.get(key)?.() ?? Promise.resolve();

/** Two steps; the second can be held (a crash between the steps). */
export const twoSteps = defineJob({
  id: "test-two-steps",
  event: "test/two-steps",
  payload: z.object({ key: z.string() }),
  retries: 2,
  async handler({ event, step, db }) {
    const first = await step.run("first", async () => {
      await effect(db, event.data.key, "first");
      return { at: new Date(0) };
    });
    const second = await step.run("second", async () => {
      await hold(event.data.key);
      await effect(db, event.data.key, "second");
      return "segundo";
    });
    return { first, second };
  },
});

/** A step, a sleep, a step; cancelled by `test/reminder.cancelled` with the same key. */
export const reminder = defineJob({
  id: "test-reminder",
  event: "test/reminder",
  payload: z.object({ key: z.string(), until: z.string().optional() }),
  retries: 1,
  cancelOn: [{ event: "test/reminder.cancelled", match: "data.key" }],
  async handler({ event, step, db }) {
    await step.run("before", () => effect(db, event.data.key, "before"));
    if (event.data.until) await step.sleepUntil("wait", event.data.until);
    else await step.sleep("wait", "1h");
    await step.run("after", async () => {
      await hold(event.data.key);
      await effect(db, event.data.key, "after");
    });
  },
});

/** Always fails (retriably, or not when `fatal`); its onFailure records the error once. */
export const flaky = defineJob({
  id: "test-flaky",
  event: "test/flaky",
  payload: z.object({ key: z.string(), fatal: z.boolean() }),
  retries: 2,
  async handler({ event, step, db }) {
    await step.run("boom", async () => {
      await effect(db, event.data.key, "attempt");
      if (event.data.fatal) throw new NonRetriableError("sem conserto");
      throw new Error("falha passageira");
    });
  },
  async onFailure({ event, error, step, db }) {
    await step.run("record", () => effect(db, event.data.key, `failure:${error.message}`));
  },
});

/** One run per account at a time. */
export const perAccount = defineJob({
  id: "test-per-account",
  event: "test/per-account",
  payload: z.object({ key: z.string(), accountId: z.string() }),
  retries: 0,
  concurrency: { key: "data.accountId", limit: 1 },
  async handler({ event, step, db }) {
    await step.run("work", async () => {
      await hold(event.data.key);
      await effect(db, event.data.key, "work");
    });
  },
});

export const TEST_JOBS = [twoSteps, reminder, flaky, perAccount] as const;
