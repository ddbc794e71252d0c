/**
 * e2e globalSetup: build once (skip with E2E_SKIP_BUILD=1), then a temp database behind the
 * local libSQL server, the fake e-mail API and the fake ViaCEP, and the built Worker served as
 * `npm start` serves it (Miniflare, its cron fired every minute; ADR 028) on a free port with
 * EMAIL_API_URL and VIACEP_BASE_URL pointing at the fakes. Provides `baseURL` and friends.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { generateSigningJwk } from "../../../worker/auth/jwt.ts";
import { startLibsql } from "../../../scripts/lib/libsql.ts";
import { generateMediaSigningKey } from "../../../scripts/lib/secrets.ts";
import { migrateDatabase } from "../../../scripts/lib/migrate.ts";
import { ROOT } from "../../../scripts/lib/proc.ts";
import { buildApp } from "../../../scripts/lib/build-app.ts";
import { startCron } from "../../../scripts/lib/cron.ts";
import { serveBuiltWorker } from "../../../scripts/lib/serve-miniflare.ts";
import { startFakeEmailServer } from "../../fakes/email-server.ts";
import { startFakeViaCep } from "../../fakes/viacep-server.ts";
import { startFakeOpenAi } from "../../fakes/openai/server.ts";
import { startMetaStandin } from "../../../tools/meta-standin/server.ts";
import { generateTokenKeyEntry } from "../../../worker/security/token-cipher.ts";
import { E2E_CEPS } from "./viacep.ts";

declare module "vitest" {
  export interface ProvidedContext {
    baseURL: string;
    /** Origin of the fake e-mail API (GET /messages lists what the app sent). */
    emailApiBase: string;
    /** The e2e database over HTTP (tests may seed users directly). */
    e2eDatabaseUrl: string;
    /** The Worker's MEDIA_SIGNING_KEY: a test signs a media URL as the publisher would (ADR 042). */
    mediaSigningKey: string;
    /** The local Meta stand-in the Worker's Meta URLs point at (its control API under /_control). */
    metaStandinUrl: string;
    /**
     * The fake OpenAI the Worker's OPENAI_BASE_URL points at (".../v1"); its control API is
     * `<origin>/_control` (queue answers, slow the stream). With no answer queued it answers a
     * value made from the schema asked (placeholder texts).
     */
    openaiFakeUrl: string;
    /**
     * POST fires the Worker's cron now, as the next minute's tick would (loopback, test only): a
     * test whose job sleeps a few seconds (a container's status poll) need not wait the minute.
     */
    cronTriggerUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const t0 = performance.now();
  await buildApp();
  const dir = mkdtempSync(path.join(tmpdir(), "alicerce-e2e-"));
  // Serve a private copy of the build: a rebuild of build/ by anyone (npm start, another
  // engineer) would otherwise remove assets mid-run.
  const buildCopy = path.join(dir, "build");
  cpSync(path.join(ROOT, "build"), buildCopy, {
    recursive: true,
    filter: (src) => !src.endsWith(".dev.vars") && !src.includes(`${path.sep}.wrangler`),
  });
  const file = path.join(dir, "e2e.db");
  const db = await migrateDatabase(`file:${file}`);
  db.$client.close();
  const libsql = await startLibsql(file);
  const email = await startFakeEmailServer();
  // A slow CEP answers after a minute: the app's 2 s timeout must fire long before, on any machine.
  const viacep = await startFakeViaCep({ delayMs: 60_000, slowCeps: [E2E_CEPS.slow], failingCeps: [E2E_CEPS.failing] });
  // Meta's URLs point at the local stand-in (tools/meta-standin), as `npm start`'s demo mode.
  const meta = await startMetaStandin();
  // AI captions go to the fake OpenAI (ADR 052), as a configured deployment would reach OpenAI; a
  // test queues the answers it wants over /_control/answers. The template path is an organização
  // with the AI off (limit 0 in Configurações do Negócio), as tests/e2e/social/ai-content.test.ts.
  const openai = await startFakeOpenAi();
  let worker: Awaited<ReturnType<typeof serveBuiltWorker>>;
  const logs: string[] = [];
  const mediaSigningKey = generateMediaSigningKey();
  try {
    worker = await serveBuiltWorker({
      buildDir: buildCopy,
      bindings: {
        APP_ENV: "test",
        DATABASE_URL: libsql.url,
        JWT_PRIVATE_JWK: await generateSigningJwk(),
        MEDIA_SIGNING_KEY: mediaSigningKey,
        // Seals Meta tokens at rest (ADR 040), as npm start's does.
        TOKEN_ENCRYPTION_KEYS: generateTokenKeyEntry("e2e1"),
        EMAIL_API_URL: email.url,
        EMAIL_API_KEY: "e2e-key",
        VIACEP_BASE_URL: viacep.url,
        ...meta.env,
        OPENAI_BASE_URL: openai.url,
        OPENAI_API_KEY: "sk-e2e-fake",
      },
      persistTo: path.join(dir, "worker-state"),
      onLine: (line) => {
        logs.push(line);
        if (process.env.E2E_WORKER_LOGS === "1") process.stderr.write(`${line}\n`);
      },
    });
  } catch (error) {
    await openai.close();
    await meta.close();
    await viacep.close();
    await email.close();
    await libsql.close();
    throw error;
  }
  const cron = startCron({ crons: worker.crons, fire: worker.scheduled, log: (line) => logs.push(`[cron] ${line}`) });
  // POST / fires the cron now; POST /hold and /release hold its ticks around a whole-database comparison (support/cron-hold.ts).
  const trigger = createServer((req, res) => {
    if (req.method !== "POST") return void res.writeHead(405).end();
    const action = req.url === "/hold" ? cron.hold : req.url === "/release" ? cron.release : req.url === "/" ? cron.fireNow : null;
    if (!action) return void res.writeHead(404).end();
    void action().then(() => res.writeHead(204).end());
  });
  await new Promise<void>((resolve) => trigger.listen(0, "127.0.0.1", resolve));
  const origin = new URL(email.url).origin;
  project.provide("baseURL", worker.url);
  project.provide("emailApiBase", origin);
  project.provide("e2eDatabaseUrl", libsql.url);
  project.provide("mediaSigningKey", mediaSigningKey);
  project.provide("metaStandinUrl", meta.url);
  project.provide("openaiFakeUrl", openai.url);
  project.provide("cronTriggerUrl", `http://127.0.0.1:${(trigger.address() as AddressInfo).port}/`);
  console.log(`[e2e] app em ${worker.url} (setup ${((performance.now() - t0) / 1000).toFixed(1)} s)`);

  return async () => {
    cron.stop();
    await new Promise((resolve) => trigger.close(resolve));
    await worker.stop();
    const logDir = path.join(ROOT, "test-results");
    mkdirSync(logDir, { recursive: true });
    writeFileSync(path.join(logDir, "e2e-worker.log"), `${logs.join("\n")}\n`);
    await openai.close();
    await meta.close();
    await viacep.close();
    await email.close();
    await libsql.close();
    rmSync(dir, { recursive: true, force: true });
  };
}
