/**
 * The every-minute cron's part in durable jobs (worker/scheduled.ts, ADR 017 and 026): the jobs
 * whose cron fires are recorded once a minute and run, e-mails whose run was lost are requested
 * again (once), due runs are run, finished runs are purged; on Inngest the same cron jobs are
 * Inngest's (their handler sends the lost e-mails to Inngest) and nothing runs locally.
 */
import { InngestTestEngine } from "@inngest/test";
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailOutbox, jobRuns, jobSteps } from "../../../db/schema/index.ts";
import { createInngest } from "../../../jobs/client.ts";
import { CRON_EVENT, defineJob } from "../../../jobs/define.ts";
import { createFunctions } from "../../../jobs/functions.ts";
import { JOBS } from "../../../jobs/registry.ts";
import { createRunner } from "../../../jobs/runner.ts";
import { readConfig } from "../../../worker/config/env.ts";
import { runScheduledSweep } from "../../../worker/scheduled.ts";
import { freshDatabase } from "../../support/db.ts";
import { type FakeInngest, startFakeInngest } from "./jobs-fake-inngest.ts";
import { createEffectsTable, effects, TEST_JOBS } from "./jobs-fixtures.ts";

const fresh = freshDatabase();
const env = { APP_ENV: "test", DATABASE_URL: fresh.url, JWT_PRIVATE_JWK: "{}" };
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const now = new Date();
const ago = (ms: number) => new Date(now.getTime() - ms);

async function queuedEmail(createdAt: Date): Promise<string> {
  const id = crypto.randomUUID();
  await fresh.db.insert(emailOutbox).values({ id, to: "cron@exemplo.com.br", subject: "Olá", text: "t", html: "h", createdAt });
  return id;
}

/** What the lost e-mails' run of the minute of `at` reported. */
async function requeuedAt(at: Date): Promise<unknown> {
  const minute = new Date(Math.floor(at.getTime() / MINUTE) * MINUTE).toISOString();
  const [run] = await fresh.db
    .select({ status: jobRuns.status, result: jobRuns.result })
    .from(jobRuns)
    .where(and(eq(jobRuns.functionId, "requeue-lost-emails"), eq(jobRuns.eventId, `cron:${minute}`)));
  return run && { status: run.status, result: run.result === null ? null : JSON.parse(run.result) };
}

async function statusOf(id: string) {
  const [row] = await fresh.db.select({ status: emailOutbox.status }).from(emailOutbox).where(eq(emailOutbox.id, id));
  return row?.status;
}

beforeAll(async () => {
  await createEffectsTable(fresh.db);
});

describe("the cron and durable jobs", () => {
  it("requests again, once, the e-mails still queued a few minutes later that no run knows", async () => {
    const lost = await queuedEmail(ago(10 * MINUTE));
    const recent = await queuedEmail(ago(1 * MINUTE));
    const expired = await queuedEmail(ago(2 * DAY));
    const running = await queuedEmail(ago(10 * MINUTE));
    // A run for this one exists (queued for later: say, backing off).
    const runner = createRunner({ db: fresh.db, config: readConfig(env), now: () => new Date(now.getTime() + DAY) });
    await runner.enqueue([{ name: "email/send.requested", data: { outboxId: running } }]);

    const first = await runScheduledSweep(env, now);
    // The every-minute jobs (a daily one, such as social-insights, fires too when `now` is its minute).
    const everyMinute = first.runs.filter((r) => r.functionId === "purge-expired" || r.functionId === "requeue-lost-emails");
    expect(everyMinute.map((r) => [r.functionId, r.outcome]).sort()).toEqual([
      ["purge-expired", "completed"],
      ["requeue-lost-emails", "completed"],
    ]);
    expect(await requeuedAt(now)).toEqual({ status: "completed", result: { requeued: 1 } });
    // The re-requested e-mail's run is waited for before the cron's work ends.
    expect(await statusOf(lost)).toBe("logged");
    expect([await statusOf(recent), await statusOf(expired), await statusOf(running)]).toEqual(["queued", "queued", "queued"]);

    // Called again in the same minute, the scheduled jobs do not run twice.
    expect(await runScheduledSweep(env, now)).toEqual({ runs: [] });
    const later = new Date(now.getTime() + MINUTE);
    await runScheduledSweep(env, later);
    expect(await requeuedAt(later)).toEqual({ status: "completed", result: { requeued: 0 } });
    expect(await fresh.db.select().from(jobRuns).where(eq(jobRuns.eventId, lost))).toHaveLength(1);
  });

  it("runs the due runs: a sleeping run wakes on the tick after its time", async () => {
    const jobs = [...JOBS, ...TEST_JOBS];
    const runner = createRunner({ db: fresh.db, config: readConfig(env), jobs, now: () => now });
    const queued = await runner.enqueue([{ name: "test/reminder", data: { key: "cron" } }]);
    await runner.execute(queued);
    // (The earlier test's recent e-mail becomes "lost" on these later ticks: only the reminder counts here.)
    const reminders = (report: { runs: { functionId: string }[] }) => report.runs.filter((r) => r.functionId === "test-reminder");
    expect(reminders(await runScheduledSweep(env, new Date(now.getTime() + 59 * MINUTE), { jobs }))).toEqual([]);
    const woken = await runScheduledSweep(env, new Date(now.getTime() + 61 * MINUTE), { jobs });
    expect(reminders(woken)).toEqual([expect.objectContaining({ functionId: "test-reminder", outcome: "completed" })]);
    expect(await effects(fresh.db, "cron", "after")).toBe(1);
  });

  it("purges finished runs after a week (failed ones after a month), their steps with them", async () => {
    const run = (status: "completed" | "cancelled" | "failed", finishedAt: Date) => ({
      id: crypto.randomUUID(),
      functionId: "test-two-steps",
      eventName: "test/two-steps",
      eventId: crypto.randomUUID(),
      payload: "{}",
      status,
      runAt: finishedAt,
      finishedAt,
    });
    const rows = [
      run("completed", ago(8 * DAY)),
      run("cancelled", ago(8 * DAY)),
      run("completed", ago(1 * DAY)),
      run("failed", ago(8 * DAY)),
      run("failed", ago(31 * DAY)),
    ];
    await fresh.db.insert(jobRuns).values(rows);
    await fresh.db.insert(jobSteps).values(rows.map((r) => ({ runId: r.id, stepId: "first", output: null, completedAt: r.finishedAt })));
    // A minute of its own: the purge runs once a minute, and earlier tests had theirs.
    await runScheduledSweep(env, new Date(now.getTime() + 2 * MINUTE));
    const ids = rows.map((r) => r.id);
    const left = await fresh.db.select({ id: jobRuns.id }).from(jobRuns).where(inArray(jobRuns.id, ids));
    expect(left.map((r) => r.id).sort()).toEqual([rows[2]?.id, rows[3]?.id].sort());
    const steps = await fresh.db.select({ runId: jobSteps.runId }).from(jobSteps).where(inArray(jobSteps.runId, ids));
    expect(steps.map((s) => s.runId).sort()).toEqual([rows[2]?.id, rows[3]?.id].sort());
  });
});

describe("scheduled jobs on the local runner", () => {
  const nightly = defineJob({
    id: "test-nightly",
    cron: "TZ=America/Sao_Paulo 0 3 * * *",
    retries: 0,
    async handler({ event }) {
      return event.data.cron;
    },
  });

  it("records a run when the job's cron fires, once in that minute, and runs it", async () => {
    let clock = new Date("2026-11-20T05:59:30.000Z");
    const runner = createRunner({ db: fresh.db, config: readConfig(env), jobs: [nightly], now: () => clock });
    // 02:59 in São Paulo (UTC−3): not yet.
    expect(await runner.schedule()).toEqual([]);
    clock = new Date("2026-11-20T06:00:20.000Z");
    const [run] = await runner.schedule();
    expect(run).toMatchObject({ functionId: "test-nightly" });
    clock = new Date("2026-11-20T06:00:50.000Z");
    expect(await runner.schedule()).toEqual([]);
    expect(await runner.tick()).toEqual([{ id: run?.id, functionId: "test-nightly", outcome: "completed" }]);
    const [row] = await fresh.db
      .select()
      .from(jobRuns)
      .where(eq(jobRuns.id, run?.id ?? ""));
    expect(row).toMatchObject({
      eventName: CRON_EVENT,
      eventId: "cron:2026-11-20T06:00:00.000Z",
      result: '"TZ=America/Sao_Paulo 0 3 * * *"',
    });
  });
});

describe("the cron with Inngest configured", () => {
  let inngest: FakeInngest;
  let inngestEnv: Record<string, unknown>;

  beforeAll(async () => {
    inngest = await startFakeInngest();
    inngestEnv = { ...env, INNGEST_DEV: "1", INNGEST_BASE_URL: inngest.url };
  });

  afterAll(() => {
    inngest.close();
  });

  it("runs nothing locally; Inngest's cron runs the lost e-mails' job, which sends them to Inngest", async () => {
    const lost = await queuedEmail(ago(10 * MINUTE));
    expect(await runScheduledSweep(inngestEnv, now)).toEqual({ runs: [] });
    expect(inngest.requests).toEqual([]);
    const config = readConfig(inngestEnv);
    const functions = await createFunctions(createInngest(config), config);
    const requeue = functions[JOBS.findIndex((job) => job.id === "requeue-lost-emails")];
    const t = new InngestTestEngine({ function: requeue as never });
    const { result } = await t.execute({ events: [{ name: CRON_EVENT, data: { cron: "* * * * *" } }] });
    expect(result).toEqual({ requeued: 1 });
    const events = inngest.requests.flatMap((r) => r.body as { name: string; data: unknown }[]);
    expect(events).toEqual([expect.objectContaining({ name: "email/send.requested", data: { outboxId: lost } })]);
    expect(await statusOf(lost)).toBe("queued");
    expect(await fresh.db.select().from(jobRuns).where(eq(jobRuns.eventId, lost))).toEqual([]);
  });
});
