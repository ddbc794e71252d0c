/**
 * `npm start` runs like production (issue 17 §6, ADR 028): the real scripts/start.ts, on free
 * ports with a temporary database, serving the build e2e just made. Its cron fires every minute
 * (a job that sleeps a minute wakes, a job that fails once is retried) and a 20 MB upload gets
 * the Worker's 413 (no dev proxy drops the connection first). Without Meta settings it runs the local
 * stand-in of Meta beside the app (modo demonstração, ADR 050), and the demo is connected to it.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDb, type Database } from "../../db/client.ts";
import { jobRuns, jobSteps, socialAccounts } from "../../db/schema/index.ts";
import { createRunner } from "../../jobs/runner.ts";
import { TEST_PROBES } from "../../jobs/test-probes.ts";
import { type LibsqlServer, startLibsql } from "../../scripts/lib/libsql.ts";
import { childEnv, freePort, ROOT, type Spawned, spawnGroup, waitForHttp } from "../../scripts/lib/proc.ts";
import { generateSigningJwk } from "../../worker/auth/jwt.ts";
import { readConfig } from "../../worker/config/env.ts";

const MB = 1024 * 1024;
/** What a cron tick may take beyond its minute on a slow, loaded machine. */
const CRON_SLACK = 25_000;
let dir: string;
let libsql: LibsqlServer;
let app: Spawned;
let output = "";
let baseURL: string;
let db: Database;
let enqueuedAt: number;
const runIds: { sleep: string; failOnce: string } = { sleep: "", failOnce: "" };

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "alicerce-start-"));
  libsql = await startLibsql(path.join(dir, "start.db"));
  const port = await freePort();
  app = spawnGroup(process.execPath, [path.join(ROOT, "scripts/start.ts")], {
    env: childEnv({
      PORT: String(port),
      DATABASE_URL: libsql.url,
      APP_ENV: "test",
      START_SKIP_BUILD: "1",
      ALICERCE_DATA_DIR: path.join(dir, "data"),
      FORCE_COLOR: "0",
    }),
    stdio: "pipe",
  });
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
  };
  app.child.stdout?.on("data", collect);
  app.child.stderr?.on("data", collect);
  baseURL = `http://127.0.0.1:${port}`;
  try {
    await waitForHttp(`${baseURL}/api/health`, { timeoutMs: 120_000, exited: app.exited });
  } catch (error) {
    throw new Error(`${(error as Error).message}\n--- npm start ---\n${output.slice(-4000)}`);
  }
  // What a request's dispatch does: record the runs and execute them once, here. From then on
  // only the started app's cron can move them (this process never ticks).
  db = createDb({ url: libsql.url });
  const config = readConfig({ APP_ENV: "test", DATABASE_URL: libsql.url, JWT_PRIVATE_JWK: await generateSigningJwk() });
  const runner = createRunner({ db, config, jobs: TEST_PROBES });
  enqueuedAt = Date.now();
  const queued = await runner.enqueue([
    { name: "test/probe.sleep", data: { probe: "sleep" } },
    { name: "test/probe.fail-once", data: { probe: "fail-once" } },
  ]);
  const reports = await runner.execute(queued);
  const outcome = (functionId: string) => reports.find((r) => r.functionId === functionId);
  expect(outcome("test-probe-sleep")?.outcome).toBe("sleeping");
  expect(outcome("test-probe-fail-once")?.outcome).toBe("retrying");
  runIds.sleep = outcome("test-probe-sleep")?.id ?? "";
  runIds.failOnce = outcome("test-probe-fail-once")?.id ?? "";
}, 180_000);

afterAll(async () => {
  await app?.stop();
  db?.$client.close();
  await libsql?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/**
 * A 20 MB chunked POST over a raw socket: writes 64 kB chunks until the server answers (or the
 * body is all sent) and returns the status line and how much had been sent by then.
 */
function chunkedUpload(url: string, target: string, total: number): Promise<{ head: string; sentBytes: number }> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    let sentBytes = 0;
    let answer = "";
    let settled = false;
    const chunk = Buffer.alloc(64 * 1024, 0x61);
    const finish = (error?: Error) => {
      if (settled) return;
      settled = true;
      socket.destroy();
      if (answer) resolve({ head: answer.split("\r\n")[0] ?? "", sentBytes });
      else reject(error ?? new Error(`no answer after ${sentBytes} bytes`));
    };
    // One chunk per turn of the event loop: the answer is read between writes, so the client
    // stops as soon as the server has answered (not after filling the socket's buffer blindly).
    const pump = () => {
      if (settled || answer) return;
      if (sentBytes >= total) return void socket.write("0\r\n\r\n");
      const frame = Buffer.concat([Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from("\r\n")]);
      sentBytes += chunk.length;
      if (socket.write(frame)) setImmediate(pump);
      else socket.once("drain", pump);
    };
    socket.on("connect", () => {
      socket.write(
        `POST ${target} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n`,
      );
      pump();
    });
    socket.on("data", (data: Buffer) => {
      answer += data.toString("latin1");
      if (answer.includes("\r\n\r\n")) finish();
    });
    // A server that answered may close while the rest of the body is still being written.
    socket.on("error", (error) => finish(error));
    socket.on("close", () => finish());
    setTimeout(() => finish(new Error("timeout")), 60_000).unref();
  });
}

describe("npm start", () => {
  it("runs the Meta stand-in (modo demonstração) and connects the demo to it", async () => {
    const standin = /modo demonstração — simulador local em (http:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1];
    expect(standin, output.slice(-2000)).toBeTruthy();
    const control = (await (await fetch(`${standin}/_control`)).json()) as { notMeta: boolean; env: Record<string, string> };
    expect(control.notMeta).toBe(true);
    // The demo's published posts were handed to it (their permalinks answer).
    const state = (await (await fetch(`${standin}/_control/state`)).json()) as { media: { permalink: string }[] };
    expect(state.media.length).toBeGreaterThan(0);
    expect((await fetch(state.media[0]?.permalink as string)).status).toBe(200);
    const accounts = await db.select({ demo: socialAccounts.demo, status: socialAccounts.status }).from(socialAccounts);
    expect(accounts).toEqual([
      { demo: true, status: "ativa" },
      { demo: true, status: "ativa" },
    ]);
  });

  it("answers 413 to a 20 MB chunked POST /api/auth/token before the body is sent", async () => {
    // The server closes as soon as it has answered; under load the reset can reach the client
    // before the 413 does (EPIPE/ECONNRESET, the answer lost with the socket): try again then.
    let result: { head: string; sentBytes: number } | undefined;
    for (let attempt = 1; !result; attempt++) {
      try {
        result = await chunkedUpload(baseURL, "/api/auth/token", 20 * MB);
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (attempt === 5 || (code !== "EPIPE" && code !== "ECONNRESET")) throw error;
      }
    }
    const { head, sentBytes } = result;
    console.log(`[start] ${head} após ${(sentBytes / MB).toFixed(2)} MB enviados`);
    expect(head).toMatch(/^HTTP\/1\.1 413 /);
    expect(sentBytes).toBeLessThan(20 * MB);
  });

  it("fires the cron every minute: a job asleep for a minute wakes, a failed one is retried", async () => {
    const deadline = enqueuedAt + 165_000;
    let runs: (typeof jobRuns.$inferSelect)[] = [];
    while (Date.now() < deadline) {
      runs = await db
        .select()
        .from(jobRuns)
        .where(inArray(jobRuns.id, [runIds.sleep, runIds.failOnce]));
      if (runs.length === 2 && runs.every((r) => r.status === "completed")) break;
      await new Promise((resolve) => setTimeout(resolve, 2_000));
    }
    const byId = new Map(runs.map((r) => [r.id, r]));
    const sleep = byId.get(runIds.sleep);
    const failOnce = byId.get(runIds.failOnce);
    expect(sleep?.status, output.slice(-2000)).toBe("completed");
    expect(failOnce?.status, output.slice(-2000)).toBe("completed");
    const woke = (sleep?.finishedAt?.getTime() ?? 0) - enqueuedAt;
    const retried = (failOnce?.finishedAt?.getTime() ?? 0) - enqueuedAt;
    console.log(`[start] acordou após ${(woke / 1000).toFixed(1)} s; repetido após ${(retried / 1000).toFixed(1)} s`);
    // Due after its minute, woken by the next cron (at most a minute later; CRON_SLACK for a tick
    // on a slow, loaded machine).
    expect(woke).toBeGreaterThanOrEqual(60_000);
    expect(woke).toBeLessThanOrEqual(60_000 + 60_000 + CRON_SLACK);
    // Due after its 15 s backoff, retried by the next cron.
    expect(retried).toBeGreaterThanOrEqual(15_000);
    expect(retried).toBeLessThanOrEqual(15_000 + 60_000 + CRON_SLACK);
    const [flaky] = await db.select().from(jobSteps).where(eq(jobSteps.runId, runIds.failOnce));
    // The step succeeded on its second attempt (attempt 1).
    expect(flaky?.output).toBe("1");
  }, 190_000);
});
