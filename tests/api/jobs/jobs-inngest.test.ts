/**
 * The same job definitions as Inngest functions (ADR 017): what the Worker registers at
 * /api/inngest (captured by a fake Inngest dev server), and executions through @inngest/test's
 * engine against the test database.
 */
import { InngestTestEngine } from "@inngest/test";
import { eq } from "drizzle-orm";
import { Hono } from "hono";
import { serve } from "inngest/hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailOutbox } from "../../../db/schema/index.ts";
import { createInngest } from "../../../jobs/client.ts";
import { FAILURE_SUFFIX } from "../../../jobs/define.ts";
import { createFunctions } from "../../../jobs/functions.ts";
import { JOBS } from "../../../jobs/registry.ts";
import { readConfig } from "../../../worker/config/env.ts";
import { allowConsoleError } from "../../support/console-guard.ts";
import { createHarness, type Harness } from "../harness.ts";
import { type FakeInngest, startFakeInngest } from "./jobs-fake-inngest.ts";
import { createEffectsTable, effects, TEST_JOBS } from "./jobs-fixtures.ts";

interface RegisteredFunction {
  id: string;
  triggers: { event?: string; cron?: string; expression?: string }[];
  steps: { step: { retries?: { attempts: number } } };
  idempotency?: string;
  concurrency?: unknown;
  cancel?: unknown;
}

let h: Harness;
let inngestServer: FakeInngest;

beforeAll(async () => {
  h = await createHarness();
  inngestServer = await startFakeInngest();
  h.env.INNGEST_DEV = "1";
  h.env.INNGEST_BASE_URL = inngestServer.url;
  await createEffectsTable(h.fresh.db);
});

afterAll(() => {
  inngestServer.close();
});

const byId = (functions: RegisteredFunction[], id: string) => functions.find((f) => f.id === `alicerce-${id}`);

/** The functions of the last registration the app sent. */
function registered(): RegisteredFunction[] {
  const last = inngestServer.requests.filter((r) => r.method === "POST" && r.url === "/fn/register").at(-1);
  return (last?.body as { functions: RegisteredFunction[] } | undefined)?.functions ?? [];
}

describe("job definitions on Inngest", () => {
  it("the Worker registers every job of the registry at /api/inngest, with its trigger, retries and idempotency", async () => {
    const res = await h.request("/api/inngest", { method: "PUT" });
    expect(res.status).toBe(200);
    const functions = registered();
    for (const job of JOBS) {
      const fn = byId(functions, job.id);
      expect(fn, job.id).toBeDefined();
      expect(fn?.triggers).toEqual([...(job.event ? [{ event: job.event }] : []), ...(job.cron ? [{ cron: job.cron }] : [])]);
      expect(fn?.steps.step.retries).toEqual({ attempts: job.retries });
      expect(fn?.idempotency).toBe(job.idempotency ? `event.${job.idempotency}` : undefined);
      // onFailure is a function of its own on Inngest, triggered by the failure event.
      const failure = byId(functions, job.id + FAILURE_SUFFIX);
      expect(Boolean(failure)).toBe(Boolean((await job.load()).onFailure));
    }
    expect(byId(functions, "send-email")?.idempotency).toBe("event.data.outboxId");
    // Scheduled work is Inngest's cron there, declared by the same definitions the local runner schedules.
    expect(byId(functions, "purge-expired")?.triggers).toEqual([{ cron: "* * * * *" }]);
    expect(byId(functions, "requeue-lost-emails")?.triggers).toEqual([{ cron: "* * * * *" }]);
    expect(byId(functions, `send-email${FAILURE_SUFFIX}`)?.triggers).toEqual([
      { event: "inngest/function.failed", expression: "event.data.function_id == 'alicerce-send-email'" },
    ]);
  });

  it("maps concurrency keys and cancelOn to Inngest's expressions", async () => {
    const config = readConfig(h.env);
    const inngest = createInngest(config);
    const testFunctions = await createFunctions(inngest, config, TEST_JOBS);
    const app = new Hono().on(["GET", "PUT", "POST"], "/api/inngest", (c) => serve({ client: inngest, functions: testFunctions })(c));
    expect((await app.request("http://localhost/api/inngest", { method: "PUT" })).status).toBe(200);
    const functions = registered();
    expect(byId(functions, "test-per-account")?.concurrency).toEqual({ key: "event.data.accountId", limit: 1 });
    expect(byId(functions, "test-reminder")?.cancel).toEqual([
      { event: "test/reminder.cancelled", if: "event.data.key == async.data.key" },
    ]);
    expect(byId(functions, "test-flaky")?.steps.step.retries).toEqual({ attempts: 2 });
    expect(byId(functions, `test-flaky${FAILURE_SUFFIX}`)).toBeDefined();
  });

  it("runs the e-mail job's deliver step against the database", async () => {
    const config = readConfig(h.env);
    const [sendEmail] = await createFunctions(createInngest(config), config);
    const outboxId = crypto.randomUUID();
    await h.fresh.db.insert(emailOutbox).values({ id: outboxId, to: "inngest@exemplo.com.br", subject: "Olá", text: "t", html: "h" });
    const t = new InngestTestEngine({ function: sendEmail as never });
    const { result, ctx } = await t.execute({ events: [{ name: "email/send.requested", data: { outboxId } }] });
    expect(ctx.step.run).toHaveBeenCalledWith("deliver", expect.any(Function));
    // Handed to the harness's e-mail API, or logged without one: either way the row says so.
    const [row] = await h.fresh.db.select().from(emailOutbox).where(eq(emailOutbox.id, outboxId));
    expect(["sent", "logged"]).toContain(row?.status);
    expect(result).toBe(row?.status);
  });

  it("gives steps' results back as JSON, as the local runner does", async () => {
    const config = readConfig(h.env);
    const [twoSteps] = await createFunctions(createInngest(config), config, TEST_JOBS);
    const t = new InngestTestEngine({ function: twoSteps as never });
    const { result } = await t.execute({ events: [{ name: "test/two-steps", data: { key: "inngest" } }] });
    expect(result).toEqual({ first: { at: "1970-01-01T00:00:00.000Z" }, second: "segundo" });
    expect(await effects(h.fresh.db, "inngest", "first")).toBe(1);
  });

  it("stops Inngest's retries on our NonRetriableError and on a refused payload", async () => {
    // Inngest's own logger reports the errors it was given.
    allowConsoleError(/Inngest (step|function) error|NonRetriableError|falha passageira/);
    const config = readConfig(h.env);
    const flaky = (await createFunctions(createInngest(config), config, TEST_JOBS))[2];
    const t = new InngestTestEngine({ function: flaky as never });
    // A step's error reaches Inngest as an op: StepFailed (no retry) rather than StepError.
    const fatal = await t.executeStep("boom", { events: [{ name: "test/flaky", data: { key: "inngest-fatal", fatal: true } }] });
    expect(fatal.step).toMatchObject({ op: "StepFailed", error: { message: "sem conserto" } });
    const passing = await t.executeStep("boom", { events: [{ name: "test/flaky", data: { key: "inngest-passing", fatal: false } }] });
    expect(passing.step).toMatchObject({ op: "StepError", error: { message: "falha passageira" } });
    const refused = await t.execute({ events: [{ name: "test/flaky", data: { key: 1 } }] });
    expect(refused.error).toMatchObject({ name: "NonRetriableError", message: expect.stringContaining("payload inválido") });
  });
});
