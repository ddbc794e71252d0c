/**
 * Durable jobs inside workerd (ADR 017): the Worker's own cron handler delivers an e-mail whose
 * run was lost, and the local runner keeps a sleeping run across a new database client, all over
 * the libSQL HTTP protocol that production uses (Turso).
 */
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createDb } from "../../db/client.ts";
import { emailOutbox, jobRuns } from "../../db/schema/index.ts";
import { createRunner } from "../../jobs/runner.ts";
import { readConfig } from "../../worker/config/env.ts";
import worker from "../../worker/index.ts";
import { createEffectsTable, effects, TEST_JOBS } from "../api/jobs/jobs-fixtures.ts";

const bindings = env as unknown as Record<string, unknown>;
const config = readConfig(bindings);
const open = () => createDb({ url: config.DATABASE_URL });

describe("durable jobs in workerd", () => {
  it("the Worker's cron re-requests an e-mail whose run was lost, and the runner delivers it", async () => {
    const db = open();
    const outboxId = crypto.randomUUID();
    const tenMinutesAgo = new Date(Date.now() - 10 * 60_000);
    await db
      .insert(emailOutbox)
      .values({ id: outboxId, to: "perdido@exemplo.com.br", subject: "Olá", text: "t", html: "h", createdAt: tenMinutesAgo });

    // The entry's own scheduled handler, as the cron trigger calls it.
    const pending: Promise<unknown>[] = [];
    const ctx = { waitUntil: (p: Promise<unknown>) => void pending.push(p), passThroughOnException: () => {} };
    worker.scheduled({ scheduledTime: Date.now(), cron: "* * * * *", noRetry: () => {} }, bindings, ctx as unknown as ExecutionContext);
    expect(pending).toHaveLength(1);
    await Promise.all(pending);

    const [row] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, outboxId));
    expect(row?.status).toBe("logged");
    const runs = await db.select().from(jobRuns).where(eq(jobRuns.eventId, outboxId));
    expect(runs.map((r) => [r.functionId, r.status])).toEqual([["send-email", "completed"]]);
  });

  it("wakes a sleeping run with a new client, without repeating the step before the sleep", async () => {
    let clock = new Date("2026-11-20T12:00:00.000Z");
    const runner = () => createRunner({ db: open(), config, jobs: TEST_JOBS, now: () => clock });
    await createEffectsTable(open());
    const [queued] = await runner().enqueue([{ name: "test/reminder", data: { key: "workerd" } }]);
    expect(queued).toBeDefined();
    expect((await runner().execute(queued ? [queued] : [])).map((r) => r.outcome)).toEqual(["sleeping"]);
    clock = new Date(clock.getTime() + 3_600_000);
    expect((await runner().tick()).map((r) => r.outcome)).toEqual(["completed"]);
    expect(await effects(open(), "workerd", "before")).toBe(1);
    expect(await effects(open(), "workerd", "after")).toBe(1);
  });
});
