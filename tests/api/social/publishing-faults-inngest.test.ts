/**
 * The same proof as publishing-faults.test.ts, through the Inngest functions (ADR 047): the app sends
 * its events to Inngest (a recorder stands in for the dev server), and each run is executed by
 * @inngest/test's engine. Inngest's retries are modelled by executing the run again from the top
 * with the same run id (a harsher replay than Inngest's, which memoizes finished steps); after the
 * last one, the job's onFailure runs (the engine cannot execute a failure handler itself). The
 * every-minute sweep is the Inngest cron function, executed between rounds: it takes over the runs
 * that died between container and publish (their claims gone stale).
 */
import { InngestTestEngine, mockCtx } from "@inngest/test";
import { inArray } from "drizzle-orm";
import type { InngestFunction } from "inngest";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { postAttempts } from "../../../db/schema/index.ts";
import { createInngest } from "../../../jobs/client.ts";
import { publishPost } from "../../../jobs/contracts/publish-post.ts";
import { sweepPublications } from "../../../jobs/contracts/sweep-publications.ts";
import { createFunctions } from "../../../jobs/functions.ts";
import handlers from "../../../jobs/handlers/publish-post.ts";
import { JOBS } from "../../../jobs/registry.ts";
import { readConfig } from "../../../worker/config/env.ts";
import { allowConsoleError } from "../../support/console-guard.ts";
import { type FakeInngest, startFakeInngest } from "../jobs/jobs-fake-inngest.ts";
import { createWorld, liveCopies, openTargets, targetsOf, type World } from "./publishing-fixtures.ts";
import { schedulePosts, seedCrashes, WAVE } from "./publishing-faults-plan.ts";

interface SentEvent {
  id?: string;
  name: string;
  data: Record<string, unknown>;
  ts?: number;
}

/**
 * Sleeps are Inngest's to keep: marked done, as Inngest would once their time came. New objects for
 * every execution: the engine keeps a mocked step's answer on the object it was given.
 */
const sleeps = () =>
  ["agendado", "cedo", "aguardar-container"].flatMap((id) =>
    Array.from({ length: 31 }, (_, n) => ({ id: n === 0 ? id : `${id}:${n}`, handler: () => null })),
  );

let w: World;
let inngest: FakeInngest;

beforeAll(async () => {
  inngest = await startFakeInngest();
  w = await createWorld({ containerPolls: 0, inngestUrl: inngest.url });
  // Inngest's own logger reports the step errors it was given.
});

// Retries and failures are logged by the runner (and Inngest): expected here.
beforeEach(() => allowConsoleError(/\[job\]|\[publicação\]|Inngest|RetryPublishError/));

afterAll(async () => {
  vi.useRealTimers();
  await w?.close();
  inngest?.close();
});

/** The events the app sent to Inngest since `from` (a request index). */
function sentSince(from: number): SentEvent[] {
  return inngest.requests
    .slice(from)
    .filter((r) => r.method === "POST" && r.url.startsWith("/e/"))
    .flatMap((r) => (Array.isArray(r.body) ? (r.body as SentEvent[]) : [r.body as SentEvent]));
}

describe("exactly once under Meta's faults, through the Inngest functions", () => {
  it("publishes 200 scheduled posts across 3 accounts once on each network, none lost, none duplicated, every failure explained", async () => {
    const started = Date.now();
    const postIds = await schedulePosts(w, started);
    const crashed = await seedCrashes(w, postIds);
    const config = readConfig(w.h.env);
    const functions = await createFunctions(createInngest(config), config, JOBS, { FILES: w.bucket as unknown as R2Bucket });
    const byId = (id: string) => functions[JOBS.findIndex((job) => job.id === id)] as InngestFunction.Any;
    const bindings = { FILES: w.bucket as unknown as R2Bucket };
    const publishJobs = JOBS.filter((job) => job.id === publishPost.id);
    const sweep = byId(sweepPublications.id);
    // Inngest's idempotency: one run per key, however often the event is sent.
    const keys = new Set<string>();
    let read = 0;
    let executions = 0;
    let wave = 0;
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(started);

    /** One run of publish-post: executed, re-executed on a retriable error, then onFailure. */
    async function runPublication(event: SentEvent): Promise<void> {
      const runId = crypto.randomUUID();
      const at = Date.parse(String(event.data.at));
      if (at > Date.now()) vi.setSystemTime(at);
      for (let attempt = 0; attempt <= publishPost.retries; attempt++) {
        executions++;
        const t = new InngestTestEngine({
          // A fresh function object per execution: the engine keeps step state on the one it is given.
          function: (await createFunctions(createInngest(config), config, publishJobs, bindings))[0] as never,
          events: [{ name: event.name, data: event.data, id: event.id ?? runId, ts: event.ts ?? Date.now() }],
          steps: sleeps(),
          transformCtx: (ctx) => ({ ...mockCtx(ctx), runId, attempt }) as never,
        });
        const output = await t.execute();
        const error = (output as { error?: { name?: string } }).error;
        if (!error) return;
        if (error.name === "NonRetriableError") break;
        // Inngest's backoff before the next attempt.
        vi.setSystemTime(Date.now() + 60_000 * 2 ** attempt);
      }
      await handlers.onFailure?.({
        db: w.h.fresh.db,
        config,
        waitUntil: () => {},
        send: async () => {},
        bindings: { FILES: w.bucket as unknown as R2Bucket },
        event: { id: event.id ?? runId, name: event.name, data: publishPost.payload.parse(event.data), ts: Date.now() },
        error: { name: "Error", message: "tentativas esgotadas" },
        step: {
          run: async (_id, fn) => JSON.parse(JSON.stringify((await fn()) ?? null)),
          sleep: async () => {},
          sleepUntil: async () => {},
        },
        runId,
      });
    }

    for (let round = 0; round < 60 && (await openTargets(w, postIds)) > 0; round++) {
      const events = sentSince(read)
        .filter((e) => e.name === publishPost.event)
        .sort((a, b) => String(a.data.at).localeCompare(String(b.data.at)));
      read = inngest.requests.length;
      for (const event of events) {
        const key = String(event.data.key);
        if (keys.has(key)) continue;
        keys.add(key);
        if (wave++ % 25 === 0 && wave < 150) for (const fault of WAVE) w.meta.faults.add({ ...fault });
        await runPublication(event);
      }
      // The cron's minute: the sweep (an Inngest cron function) sends what no run holds.
      vi.setSystemTime(Date.now() + 60_000);
      const out = await new InngestTestEngine({
        function: sweep as never,
        events: [{ name: "inngest/scheduled.timer", data: { cron: "* * * * *" } }],
      }).execute();
      expect((out as { error?: unknown }).error).toBeUndefined();
    }

    vi.useRealTimers();
    const targets = await targetsOf(w, postIds);
    const open = targets.filter((t) => t.status !== "publicado" && t.status !== "falhou");
    expect(
      open.map((t) => `${t.rede} ${t.status} ${t.reivindicadoPor} ${t.reivindicadoEm?.toISOString()} ${t.erroMensagem}`),
      "publications left behind",
    ).toEqual([]);
    for (const target of targets) {
      expect(await liveCopies(w, target), `${target.rede} ${target.id} ${target.status}`).toBe(target.status === "publicado" ? 1 : 0);
    }
    const failed = targets.filter((t) => t.status === "falhou");
    const attempts = await w.h.fresh.db
      .select()
      .from(postAttempts)
      .where(
        inArray(
          postAttempts.alvoId,
          targets.map((t) => t.id),
        ),
      );
    for (const target of failed) {
      expect(target.erroMensagem).toMatch(/[a-zà-ú]{4,}.*\.$/is);
      expect(target.erroCodigo).toBeTruthy();
      expect(attempts.some((a) => a.alvoId === target.id && a.resultado === "falhou")).toBe(true);
    }
    for (const attempt of attempts.filter((a) => a.resultado !== "publicado")) {
      expect(attempt.mensagem, JSON.stringify(attempt)).toBeTruthy();
      if (attempt.resultado !== "recuperado") expect(attempt.erroCodigo, JSON.stringify(attempt)).toBeTruthy();
    }
    expect([...new Set(attempts.map((a) => a.resultado))]).toEqual(
      expect.arrayContaining(["falhou", "publicado", "recuperado", "repetir"]),
    );
    expect(failed.length).toBeLessThan(targets.length / 10);
    for (const id of crashed) expect(targets.find((t) => t.id === id)?.status).toBe("publicado");
    console.info(
      `[publicação] Inngest: ${targets.length} publicações, ${targets.length - failed.length} publicadas, ${failed.length} falharam, ${attempts.length} tentativas, ${executions} execuções, ${Date.now() - started} ms (relógio real)`,
    );
  }, 300_000);
});
