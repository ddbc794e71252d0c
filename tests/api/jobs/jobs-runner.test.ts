/**
 * The local job runner (ADR 017) over a real migrated database: crash recovery, sleeps across a
 * restart, retries with backoff and onFailure, cancellation, concurrency, idempotent events.
 * Time is a variable the tests move; a "restart" is a new database client and a new runner.
 */
import { createServer } from "node:net";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createDb, type Database } from "../../../db/client.ts";
import { emailOutbox, jobRuns, jobSteps } from "../../../db/schema/index.ts";
import { dispatch } from "../../../jobs/dispatch.ts";
import { createRunner, LEASE_MS, type QueuedRun } from "../../../jobs/runner.ts";
import { readConfig } from "../../../worker/config/env.ts";
import { allowConsoleError } from "../../support/console-guard.ts";
import { freshDatabase } from "../../support/db.ts";
import { createEffectsTable, effects, holds, TEST_JOBS } from "./jobs-fixtures.ts";

const fresh = freshDatabase();
const env = { APP_ENV: "test", DATABASE_URL: fresh.url, JWT_PRIVATE_JWK: "{}" };
const config = readConfig(env);
let clock = new Date("2026-11-20T12:00:00.000Z");
const later = (ms: number) => {
  clock = new Date(clock.getTime() + ms);
};
const clients: Database[] = [];

/** A new database client: what a restarted Worker would open. */
function reopen(): Database {
  const db = createDb({ url: fresh.url });
  clients.push(db);
  return db;
}

function runner(db: Database = fresh.db) {
  return createRunner({ db, config, jobs: TEST_JOBS, now: () => clock });
}

function deferred() {
  let release: () => void = () => {};
  const promise = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { promise, release };
}

async function run(id: string) {
  const [row] = await fresh.db.select().from(jobRuns).where(eq(jobRuns.id, id));
  if (!row) throw new Error(`no run ${id}`);
  return row;
}

async function stepIds(runId: string): Promise<string[]> {
  const rows = await fresh.db.select({ stepId: jobSteps.stepId }).from(jobSteps).where(eq(jobSteps.runId, runId));
  return rows.map((r) => r.stepId).sort();
}

function only(runs: QueuedRun[]): QueuedRun {
  expect(runs).toHaveLength(1);
  return runs[0] as QueuedRun;
}

beforeAll(async () => {
  await createEffectsTable(fresh.db);
});

afterAll(() => {
  for (const db of clients) db.$client.close();
});

describe("local job runner", () => {
  it("resumes a run killed between two steps without repeating the finished step", async () => {
    const key = "killed";
    // The second step never returns: the process died there, after the first step was stored.
    holds.set(key, () => new Promise<void>(() => {}));
    const first = runner();
    const queued = only(await first.enqueue([{ name: "test/two-steps", data: { key } }]));
    void first.execute([queued]);
    await vi.waitUntil(async () => (await stepIds(queued.id)).includes("first"), { timeout: 5_000 });
    holds.delete(key);

    // Restart. While the dead runner's lease lasts nobody takes the run over.
    const restarted = runner(reopen());
    later(LEASE_MS - 1_000);
    expect(await restarted.tick()).toEqual([]);
    later(2_000);
    expect(await restarted.tick()).toEqual([{ ...queued, outcome: "completed" }]);

    expect(await effects(fresh.db, key, "first")).toBe(1);
    expect(await effects(fresh.db, key, "second")).toBe(1);
    const row = await run(queued.id);
    expect(row.status).toBe("completed");
    // Step results travel as JSON on every execution (the Date came back as text), as on Inngest.
    expect(JSON.parse(row.result ?? "null")).toEqual({ first: { at: "1970-01-01T00:00:00.000Z" }, second: "segundo" });
    expect(row.leaseUntil).toBeNull();
  });

  it("keeps a runner that lost its lease from writing when it wakes up late", async () => {
    const key = "late";
    const stuck = deferred();
    let calls = 0;
    // Only the first execution of the second step hangs (a runner frozen, not dead).
    holds.set(key, () => (++calls === 1 ? stuck.promise : Promise.resolve()));
    const first = runner();
    const queued = only(await first.enqueue([{ name: "test/two-steps", data: { key } }]));
    const frozen = first.execute([queued]);
    await vi.waitUntil(() => calls === 1, { timeout: 5_000 });

    later(LEASE_MS + 1_000);
    expect(await runner(reopen()).tick()).toEqual([{ ...queued, outcome: "completed" }]);
    const finished = await run(queued.id);
    const stored = await fresh.db.select().from(jobSteps).where(eq(jobSteps.runId, queued.id));
    later(1_000);
    stuck.release();
    // The frozen runner's step ran again (steps are at-least-once), but it could store nothing.
    expect(await frozen).toEqual([{ ...queued, outcome: "stopped" }]);
    holds.delete(key);
    expect(await effects(fresh.db, key, "first")).toBe(1);
    expect(await effects(fresh.db, key, "second")).toBe(2);
    expect(await run(queued.id)).toEqual(finished);
    expect(await fresh.db.select().from(jobSteps).where(eq(jobSteps.runId, queued.id))).toEqual(stored);
  });

  it("lets only one of two runners claim the same run", async () => {
    const key = "race";
    const queued = only(await runner().enqueue([{ name: "test/two-steps", data: { key } }]));
    const [a, b] = await Promise.all([runner().execute([queued]), runner(reopen()).execute([queued])]);
    expect([...(a ?? []), ...(b ?? [])]).toEqual([{ ...queued, outcome: "completed" }]);
    expect(await effects(fresh.db, key, "first")).toBe(1);
  });

  it("wakes a sleeping run after a restart, without repeating the step before the sleep", async () => {
    const key = "sleeper";
    const queued = only(await runner().enqueue([{ name: "test/reminder", data: { key } }]));
    expect(await runner().execute([queued])).toEqual([{ ...queued, outcome: "sleeping" }]);
    const asleep = await run(queued.id);
    expect(asleep.status).toBe("sleeping");
    expect(asleep.runAt.getTime()).toBe(clock.getTime() + 3_600_000);
    expect(asleep.leaseUntil).toBeNull();

    // Nothing of the first runner survives: a new client, a new runner.
    const restarted = runner(reopen());
    later(30 * 60_000);
    expect(await restarted.tick()).toEqual([]);
    later(31 * 60_000);
    expect(await restarted.tick()).toEqual([{ ...queued, outcome: "completed" }]);
    expect(await effects(fresh.db, key, "before")).toBe(1);
    expect(await effects(fresh.db, key, "after")).toBe(1);
    expect(await stepIds(queued.id)).toEqual(["after", "before", "wait"]);
  });

  it("sleeps until a given instant", async () => {
    const key = "until";
    const until = new Date(clock.getTime() + 2 * 86_400_000);
    const queued = only(await runner().enqueue([{ name: "test/reminder", data: { key, until: until.toISOString() } }]));
    expect(await runner().execute([queued])).toEqual([{ ...queued, outcome: "sleeping" }]);
    expect((await run(queued.id)).runAt.toISOString()).toBe(until.toISOString());
    later(2 * 86_400_000 - 1_000);
    expect(await runner(reopen()).tick()).toEqual([]);
    later(1_000);
    expect(await runner(reopen()).tick()).toEqual([{ ...queued, outcome: "completed" }]);
    expect(await effects(fresh.db, key, "after")).toBe(1);
  });

  it("retries a failing step with a growing wait, then fails and runs onFailure once", async () => {
    allowConsoleError(/test-flaky falhou/);
    const key = "retry";
    const queued = only(await runner().enqueue([{ name: "test/flaky", data: { key, fatal: false } }]));
    expect(await runner().execute([queued])).toEqual([{ ...queued, outcome: "retrying" }]);
    let row = await run(queued.id);
    expect(row).toMatchObject({ status: "queued", attempt: 1, lastError: "Error: falha passageira" });
    expect(row.runAt.getTime() - clock.getTime()).toBe(15_000);

    later(14_000);
    expect(await runner().tick()).toEqual([]);
    later(1_000);
    expect(await runner().tick()).toEqual([{ ...queued, outcome: "retrying" }]);
    row = await run(queued.id);
    expect(row.attempt).toBe(2);
    expect(row.runAt.getTime() - clock.getTime()).toBe(60_000);

    later(60_000);
    expect(await runner().tick()).toEqual([{ ...queued, outcome: "failed" }]);
    expect(await effects(fresh.db, key, "attempt")).toBe(3);
    expect((await run(queued.id)).status).toBe("failed");
    expect(await effects(fresh.db, key, "failure:falha passageira")).toBe(1);
    const [failure] = await fresh.db.select().from(jobRuns).where(eq(jobRuns.eventId, queued.id));
    expect(failure).toMatchObject({ functionId: "test-flaky-failure", eventName: "inngest/function.failed", status: "completed" });

    later(3_600_000);
    expect(await runner().tick()).toEqual([]);
    expect(await effects(fresh.db, key, "attempt")).toBe(3);
    expect(await effects(fresh.db, key, "failure:falha passageira")).toBe(1);
  });

  it("does not retry a NonRetriableError", async () => {
    allowConsoleError(/test-flaky falhou/);
    const key = "fatal";
    const queued = only(await runner().enqueue([{ name: "test/flaky", data: { key, fatal: true } }]));
    expect(await runner().execute([queued])).toEqual([{ ...queued, outcome: "failed" }]);
    expect(await effects(fresh.db, key, "attempt")).toBe(1);
    expect(await effects(fresh.db, key, "failure:sem conserto")).toBe(1);
  });

  it("cancels the sleeping runs an event matches, and only those", async () => {
    const r = runner();
    const queued = await r.enqueue([
      { name: "test/reminder", data: { key: "cancel-a" } },
      { name: "test/reminder", data: { key: "cancel-b" } },
    ]);
    expect((await r.execute(queued)).map((x) => x.outcome)).toEqual(["sleeping", "sleeping"]);
    const [a, b] = queued as [QueuedRun, QueuedRun];

    expect(await r.enqueue([{ name: "test/reminder.cancelled", data: { key: "cancel-a" } }])).toEqual([]);
    expect((await run(a.id)).status).toBe("cancelled");
    later(2 * 3_600_000);
    expect(await runner(reopen()).tick()).toEqual([{ ...b, outcome: "completed" }]);
    expect((await run(a.id)).status).toBe("cancelled");
    expect(await effects(fresh.db, "cancel-a", "after")).toBe(0);
    expect(await effects(fresh.db, "cancel-b", "after")).toBe(1);
  });

  it("stops a running run that is cancelled at its next step boundary", async () => {
    const key = "cancel-running";
    const r = runner();
    const queued = only(await r.enqueue([{ name: "test/reminder", data: { key } }]));
    await r.execute([queued]);
    const stuck = deferred();
    let entered = false;
    holds.set(key, () => {
      entered = true;
      return stuck.promise;
    });
    later(2 * 3_600_000);
    const running = r.tick();
    await vi.waitUntil(() => entered, { timeout: 5_000 });
    await r.enqueue([{ name: "test/reminder.cancelled", data: { key } }]);
    stuck.release();
    expect(await running).toEqual([{ ...queued, outcome: "stopped" }]);
    holds.delete(key);
    expect((await run(queued.id)).status).toBe("cancelled");
    expect(await stepIds(queued.id)).toEqual(["before", "wait"]);
  });

  it("leaves a second run of the same concurrency key queued until the first ends", async () => {
    const r = runner();
    const stuck = deferred();
    let entered = false;
    holds.set("acc-1-first", () => {
      entered = true;
      return stuck.promise;
    });
    const queued = await r.enqueue([
      { name: "test/per-account", data: { key: "acc-1-first", accountId: "acc-1" } },
      { name: "test/per-account", data: { key: "acc-1-second", accountId: "acc-1" } },
      { name: "test/per-account", data: { key: "acc-2-only", accountId: "acc-2" } },
    ]);
    const [first, second, other] = queued as [QueuedRun, QueuedRun, QueuedRun];
    const running = r.execute(queued);
    await vi.waitUntil(async () => entered && (await effects(fresh.db, "acc-2-only", "work")) === 1, { timeout: 5_000 });
    expect((await run(second.id)).status).toBe("queued");
    expect(await runner(reopen()).tick()).toEqual([]);

    stuck.release();
    expect(await running).toEqual([
      { ...first, outcome: "completed" },
      { ...other, outcome: "completed" },
    ]);
    holds.delete("acc-1-first");
    expect(await runner().tick()).toEqual([{ ...second, outcome: "completed" }]);
  });

  it("does not let runs waiting on one busy key take the whole tick", async () => {
    const r = runner();
    const waiting = await r.enqueue(
      [1, 2, 3, 4, 5].map((n) => ({ name: "test/per-account", data: { key: `busy-${n}`, accountId: "acc-busy" } })),
    );
    later(1_000);
    const other = only(await r.enqueue([{ name: "test/two-steps", data: { key: "not-starved" } }]));
    const reports = await runner().tick(2);
    expect(reports).toEqual([
      { ...waiting[0], outcome: "completed" },
      { ...other, outcome: "completed" },
    ]);
    // The rest follow, one per tick-slot of their key.
    for (let i = 0; i < 4; i++) await runner().tick(2);
    for (let n = 1; n <= 5; n++) expect(await effects(fresh.db, `busy-${n}`, "work")).toBe(1);
  });

  it("starts one run for the same event sent twice", async () => {
    const r = runner();
    const event = { name: "test/two-steps", data: { key: "twice" }, id: "evento-1" };
    expect(await r.enqueue([event])).toHaveLength(1);
    expect(await r.enqueue([event])).toEqual([]);
    const rows = await fresh.db
      .select()
      .from(jobRuns)
      .where(and(eq(jobRuns.functionId, "test-two-steps"), eq(jobRuns.eventId, "evento-1")));
    expect(rows).toHaveLength(1);
  });

  it("refuses an event no job knows and a payload its job refuses, writing nothing", async () => {
    const before = await fresh.db.select().from(jobRuns);
    await expect(runner().enqueue([{ name: "test/desconhecido", data: {} }])).rejects.toThrow("evento desconhecido");
    await expect(runner().enqueue([{ name: "test/two-steps", data: { key: 1 } }])).rejects.toThrow();
    expect(await fresh.db.select().from(jobRuns)).toEqual(before);
  });
});

describe("the e-mail job on the local runner", () => {
  it("dispatch records the run and delivers after the response; the same outbox row twice is one run", async () => {
    const outboxId = crypto.randomUUID();
    await fresh.db.insert(emailOutbox).values({ id: outboxId, to: "a@exemplo.com.br", subject: "Olá", text: "t", html: "h" });
    const pending: Promise<unknown>[] = [];
    const ctx = { config, waitUntil: (p: Promise<unknown>) => void pending.push(p) };
    await dispatch(ctx, "email/send.requested", { outboxId });
    await dispatch(ctx, "email/send.requested", { outboxId });
    expect(pending).toHaveLength(1);
    await Promise.all(pending);
    const [row] = await fresh.db.select().from(emailOutbox).where(eq(emailOutbox.id, outboxId));
    expect(row?.status).toBe("logged");
    const runs = await fresh.db.select().from(jobRuns).where(eq(jobRuns.eventId, outboxId));
    expect(runs.map((r) => [r.functionId, r.status])).toEqual([["send-email", "completed"]]);
  });

  it("refuses a bad payload before writing anything", async () => {
    const ctx = { config, waitUntil: () => {} };
    const before = await fresh.db.select().from(jobRuns);
    // The schema asks for a non-empty id.
    await expect(dispatch(ctx, "email/send.requested", { outboxId: "" })).rejects.toThrow();
    // Types come from the definitions: a wrong field type or an unknown event does not compile.
    // @ts-expect-error: outboxId is a string
    await expect(dispatch(ctx, "email/send.requested", { outboxId: 1 })).rejects.toThrow();
    // @ts-expect-error: no job listens to this event
    await expect(dispatch(ctx, "email/nao-existe", {})).rejects.toThrow("evento desconhecido");
    expect(await fresh.db.select().from(jobRuns)).toEqual(before);
  });

  it("retries an unreachable provider four times, then marks the e-mail failed", async () => {
    allowConsoleError(/send-email falhou/);
    const port = await closedPort();
    const offline = readConfig({ ...env, EMAIL_API_URL: `http://127.0.0.1:${port}/send` });
    const r = () => createRunner({ db: fresh.db, config: offline, now: () => clock });
    const outboxId = crypto.randomUUID();
    await fresh.db.insert(emailOutbox).values({ id: outboxId, to: "b@exemplo.com.br", subject: "Olá", text: "t", html: "h" });
    const queued = only(await r().enqueue([{ name: "email/send.requested", data: { outboxId } }]));
    const outcomes = [...(await r().execute([queued]))];
    for (let i = 0; i < 6; i++) {
      later(2 * 3_600_000);
      outcomes.push(...(await r().tick()));
    }
    expect(outcomes.map((o) => o.outcome)).toEqual(["retrying", "retrying", "retrying", "retrying", "failed"]);
    const [row] = await fresh.db.select().from(emailOutbox).where(eq(emailOutbox.id, outboxId));
    expect(row?.status).toBe("failed");
    expect(row?.error).toBeTruthy();
  });
});

/** A port nothing listens on (taken, then released). */
function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}
