/**
 * `npm start`: local libSQL server + migrations + demo seed + production build served inside
 * workerd through Miniflare (no wrangler dev proxy), its cron fired every minute as Cloudflare
 * does, and, without Meta settings in the environment, the local stand-in of Meta ("modo
 * demonstração", ADR 050). `npm run dev`: the same with `vite dev` (HMR) instead of the build. Ctrl-C / SIGTERM
 * stops everything it started. See ADR 028.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { DEMO_LOGIN } from "../shared/demo-accounts.ts";
import type { Database } from "../db/client.ts";
import {
  DEMO_ORGANIZATION,
  isEmpty,
  seedDemo,
  seedMissingDemoAgendaOf,
  seedMissingDemoSalesOf,
  seedMissingDemoSaleDocumentsOf,
  seedMissingDemoExpenseDocumentsOf,
  seedMissingDemoFinanceOf,
  seedMissingDemoAiContentOf,
  seedMissingDemoArtPostsOf,
  seedMissingDemoBrandOf,
  seedMissingDemoDocumentsOf,
  seedMissingDemoReportFilesOf,
  seedMissingDemoSocial,
} from "./seed/demo.ts";
import { demoOrganizationId, putDemoArtFiles } from "./seed/demo-art-files.ts";
import { putDemoDocumentFiles } from "./seed/demo-documents.ts";
import { putDemoReportFiles } from "./seed/demo-report-files.ts";
import { type Config, readConfig } from "../worker/config/env.ts";
import { demoMetaTokens } from "./seed/demo-meta.ts";
import type { DemoSocialOptions, DemoSocialResult } from "./seed/demo-social.ts";
import { type LibsqlServer, startLibsql } from "./lib/libsql.ts";
import { migrateDatabase } from "./lib/migrate.ts";
import { BIN, buildEnv, childEnv, freePort, ROOT, runNode, type Spawned, spawnGroup, stopAll, waitForHttp } from "./lib/proc.ts";
import { type Cron, startCron } from "./lib/cron.ts";
import { META_STANDIN_PORT, type MetaDemo, realMetaSettings, startMetaDemo } from "./lib/meta-demo.ts";
import { DATA_DIR, ensureDevSecrets, passThroughVars, writeDevVars } from "./lib/secrets.ts";
import { ART_WORKER_NAME } from "./lib/art-worker.ts";
import { type MiniflareWorker, serveBuiltWorker } from "./lib/serve-miniflare.ts";

const started = performance.now();
const dev = process.argv.includes("--dev");
const elapsed = () => `${((performance.now() - started) / 1000).toFixed(1)} s`;
const log = (msg: string) => console.log(`[alicerce] ${msg}`);

let libsql: LibsqlServer | undefined;
let metaDemo: MetaDemo | undefined;
let worker: MiniflareWorker | undefined;
let viteProc: Spawned | undefined;
let cron: Cron | undefined;
let stopping = false;

async function shutdown(code: number): Promise<never> {
  if (!stopping) {
    stopping = true;
    log("encerrando…");
    cron?.stop();
    await Promise.allSettled([worker?.stop(), viteProc?.stop(), stopAll()]);
    await libsql?.close().catch(() => {});
    await metaDemo?.close().catch(() => {});
  }
  process.exit(code);
}
process.on("SIGINT", () => void shutdown(130));
process.on("SIGTERM", () => void shutdown(143));

async function build(): Promise<void> {
  const t = performance.now();
  const code = await runNode(BIN.reactRouter, ["build"], { env: buildEnv(), stdio: "inherit" });
  if (code !== 0) throw new Error(`react-router build falhou (código ${code})`);
  log(`build pronto em ${((performance.now() - t) / 1000).toFixed(1)} s`);
}

/** The demo's social side, seeded with the database (or added to a demo seeded before it existed). */
async function prepareDatabase(social: DemoSocialOptions): Promise<{ url: string; authToken?: string | undefined; db: Database }> {
  const external = process.env.DATABASE_URL;
  if (external) {
    log(`usando DATABASE_URL do ambiente (${external.replace(/\/\/[^@]*@/, "//***@")})`);
  } else {
    const file = path.join(DATA_DIR, "alicerce.db");
    const preferred = Number(process.env.LIBSQL_PORT ?? 8080);
    libsql = await startLibsql(file, preferred);
    if (libsql.port !== preferred) log(`porta ${preferred} ocupada; libSQL na porta ${libsql.port}`);
    log(`libSQL local em ${libsql.url} (${path.relative(ROOT, file)})`);
  }
  const url = external ?? (libsql as LibsqlServer).url;
  const authToken = process.env.DATABASE_AUTH_TOKEN;
  const db = await migrateDatabase(url, authToken);
  log("migrações aplicadas");
  let seeded: DemoSocialResult | null | undefined;
  if (await isEmpty(db)) {
    seeded = (await seedDemo(db, new Date(), { social })).social;
    log("banco vazio: dados de demonstração criados (Imobiliária Horizonte)");
  } else {
    seeded = await seedMissingDemoSocial(db, social);
    if (seeded) log("demonstração: Página e Instagram de demonstração com seus posts adicionados");
    if (await seedMissingDemoBrandOf(db)) log("demonstração: marca, contas de referência e limite de IA adicionados");
    if (await seedMissingDemoAiContentOf(db)) log("demonstração: gerações de conteúdo e um mês de ideias em rascunhos adicionados");
    if (await seedMissingDemoAgendaOf(db)) log("demonstração: agenda (horários, profissionais, serviços e agendamentos) adicionada");
    if (await seedMissingDemoDocumentsOf(db)) log("demonstração: documentos de clientes e imóveis adicionados");
    if (await seedMissingDemoSalesOf(db)) log("demonstração: três meses de vendas adicionados");
    if (await seedMissingDemoSaleDocumentsOf(db)) log("demonstração: notas fiscais das vendas mais recentes adicionadas");
    if (await seedMissingDemoFinanceOf(db)) log("demonstração: despesas, receitas e movimentações de caixa adicionadas");
    if (await seedMissingDemoExpenseDocumentsOf(db)) log("demonstração: boleto do aluguel e conta de luz anexados às despesas");
    if (await seedMissingDemoReportFilesOf(db)) log("demonstração: arquivos de relatórios gerados adicionados");
    const art = await seedMissingDemoArtPostsOf(db, social);
    if (art) log("demonstração: posts gerados com arte (carrosséis) adicionados");
    if (art && metaDemo) metaDemo.standin.adopt(art);
  }
  // The stand-in learns the demo's published posts (permalinks, feed, insights); its state file keeps them.
  if (seeded && metaDemo) metaDemo.standin.adopt(seeded.adoption);
  return { url, authToken, db };
}

/** The cron triggers of wrangler.toml (`crons = ["* * * * *"]`), for the dev server. */
function declaredCrons(): string[] {
  const toml = readFileSync(path.join(ROOT, "wrangler.toml"), "utf8");
  const list = /^crons\s*=\s*\[([^\]]*)\]/m.exec(toml)?.[1] ?? "";
  return [...list.matchAll(/"([^"]+)"/g)].map((m) => m[1] as string);
}

/** Prints what the Worker prints (the dev e-mail lines among it). */
function printWorkerLine(line: string, stream: "stdout" | "stderr"): void {
  (stream === "stderr" ? process.stderr : process.stdout).write(`${line}\n`);
}

/** Meta: the person's own settings pass through; without any, the local stand-in ("modo demonstração"). */
async function prepareMeta(secret: string): Promise<Record<string, string>> {
  const real = realMetaSettings();
  if (real.length) {
    log(`Meta: usando as configurações do ambiente (${real.join(", ")}); sem modo demonstração`);
    return {};
  }
  metaDemo = await startMetaDemo({ dataDir: DATA_DIR, tokenSecret: secret });
  const port = metaDemo.standin.port;
  if (port !== META_STANDIN_PORT) log(`porta ${META_STANDIN_PORT} ocupada; simulador da Meta na porta ${port}`);
  log(`Meta: modo demonstração — simulador local em ${metaDemo.standin.url} (não é a Meta; nada sai daqui)`);
  return metaDemo.env;
}

/**
 * The demo's generated carousels into the bucket (the seed names their keys; ADR 056 amendment),
 * drawn by the art Worker just started; what is there already is skipped; the scheduled ones are
 * approved once their files exist (none is due within minutes of a seed, so the cron may already run).
 */
async function putDemoArt(served: MiniflareWorker, db: Database, appUrl: string): Promise<void> {
  const t = performance.now();
  const orgId = await demoOrganizationId(db, DEMO_ORGANIZATION.document);
  if (!orgId) return;
  const [worker, bucket] = await Promise.all([served.mf.getWorker(ART_WORKER_NAME), served.mf.getR2Bucket("FILES")]);
  // Miniflare's fetch has its own undici: hand it bytes (Node's FormData loses its content type) and take bytes back.
  const art = {
    fetch: async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = new Request(input, init);
      const body = new Uint8Array(await request.arrayBuffer());
      const answer = await worker.fetch(request.url, { method: request.method, headers: [...request.headers], body });
      return new Response(await answer.arrayBuffer(), { status: answer.status, headers: [...answer.headers] });
    },
  };
  const deps = { art: art as unknown as Fetcher, bucket: bucket as unknown as R2Bucket };
  const done = await putDemoArtFiles(db, orgId, deps, { appUrl, workerUrl: served.url });
  if (done.stored)
    log(`demonstração: ${done.stored} artes dos posts gerados desenhadas em ${((performance.now() - t) / 1000).toFixed(1)} s`);
}

/** The demo's report files built into the local R2 by the report job's code (ADR 086); what is there already is skipped. */
async function putDemoReports(served: MiniflareWorker, db: Database, config: Config): Promise<void> {
  const t = performance.now();
  const orgId = await demoOrganizationId(db, DEMO_ORGANIZATION.document);
  if (!orgId) return;
  const bucket = (await served.mf.getR2Bucket("FILES")) as unknown as R2Bucket;
  const built = await putDemoReportFiles(db, orgId, bucket, config);
  if (built) log(`demonstração: ${built} arquivos de relatórios gerados em ${((performance.now() - t) / 1000).toFixed(1)} s`);
}

/** The demo documents' files into the local R2 (the seed named their keys; ADR 074); what is there already is skipped. */
async function putDemoDocuments(served: MiniflareWorker, db: Database): Promise<void> {
  const orgId = await demoOrganizationId(db, DEMO_ORGANIZATION.document);
  if (!orgId) return;
  const bucket = (await served.mf.getR2Bucket("FILES")) as unknown as R2Bucket;
  const stored = await putDemoDocumentFiles(db, orgId, bucket);
  if (stored) log(`demonstração: ${stored} arquivos de documentos guardados`);
}

async function main(): Promise<void> {
  const secrets = await ensureDevSecrets();
  const wanted = Number(process.env.PORT ?? 8787);
  const port = await freePort(wanted);
  if (port !== wanted) log(`porta ${wanted} ocupada; usando ${port}`);
  // The jobs (no request to take an origin from) hand Meta the images at this address.
  const appUrl = process.env.APP_URL || `http://localhost:${port}`;
  const metaEnv = await prepareMeta(secrets.META_DEMO_SECRET);
  const tokenKeys = process.env.TOKEN_ENCRYPTION_KEYS || secrets.TOKEN_ENCRYPTION_KEYS;
  const social: DemoSocialOptions = {
    tokenKeys,
    tokens: demoMetaTokens(secrets.META_DEMO_SECRET),
    standinUrl: metaDemo?.standin.url ?? `http://127.0.0.1:${META_STANDIN_PORT}`,
    appUrl,
  };
  // The build (a child process) runs while the database starts, migrates and seeds.
  // START_SKIP_BUILD=1 serves the build already in build/ (the e2e test of npm start).
  const skipBuild = dev || process.env.START_SKIP_BUILD === "1";
  const [database] = await Promise.all([prepareDatabase(social), skipBuild ? Promise.resolve() : build()]);

  const vars = {
    // "test" only for the e2e test of npm start (its test-only jobs); never "production" locally.
    APP_ENV: process.env.APP_ENV === "test" ? "test" : "development",
    ...passThroughVars(),
    ...metaEnv,
    APP_URL: appUrl,
    DATABASE_URL: database.url,
    DATABASE_AUTH_TOKEN: database.authToken,
    JWT_PRIVATE_JWK: secrets.JWT_PRIVATE_JWK,
    TOKEN_ENCRYPTION_KEYS: tokenKeys,
    MEDIA_SIGNING_KEY: process.env.MEDIA_SIGNING_KEY || secrets.MEDIA_SIGNING_KEY,
  };

  let url: string;
  if (dev) {
    writeDevVars(path.join(ROOT, ".dev.vars"), vars);
    viteProc = spawnGroup(process.execPath, [BIN.vite, "dev", "--host", "127.0.0.1", "--port", String(port), "--strictPort"], {
      env: childEnv(),
    });
    url = `http://localhost:${port}`;
    await waitForHttp(`http://127.0.0.1:${port}/api/health`, { timeoutMs: 120_000, exited: viteProc.exited });
    viteProc.exited.then((code) => {
      if (!stopping) {
        log(`vite terminou (código ${code})`);
        void shutdown(code || 1);
      }
    });
    // Vite's Cloudflare plugin runs the scheduled handler on a request to this path.
    cron = startCron({
      crons: declaredCrons(),
      fire: async (expression, at) => {
        const query = new URLSearchParams({ cron: expression, time: String(at.getTime()) });
        const response = await fetch(`http://127.0.0.1:${port}/cdn-cgi/local/scheduled?${query}`);
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
      },
      log,
    });
  } else {
    const bindings = Object.fromEntries(Object.entries(vars).filter((e): e is [string, string] => e[1] !== undefined && e[1] !== ""));
    worker = await serveBuiltWorker({
      port,
      bindings,
      persistTo: path.join(DATA_DIR, "wrangler-state"),
      onLine: printWorkerLine,
    });
    url = `http://localhost:${port}`;
    cron = startCron({ crons: worker.crons, fire: worker.scheduled, log });
    await putDemoDocuments(worker, database.db).catch((error: unknown) => {
      // The list shows them; opening one says the link is invalid until the next start stores the file.
      log(`demonstração: arquivos dos documentos não guardados (${error instanceof Error ? error.message : String(error)})`);
    });
    await putDemoReports(worker, database.db, readConfig(bindings)).catch((error: unknown) => {
      // /relatorios lists them as na fila; the next start builds them.
      log(`demonstração: arquivos de relatórios não gerados (${error instanceof Error ? error.message : String(error)})`);
    });
    await putDemoArt(worker, database.db, appUrl).catch((error: unknown) => {
      // The app works without them (the posts say an image is missing); the next start tries again.
      log(`demonstração: artes dos posts gerados não desenhadas (${error instanceof Error ? error.message : String(error)})`);
    });
  }
  log("cron disparado a cada minuto, como na Cloudflare");
  console.log("");
  console.log(`  Login de demonstração: ${DEMO_LOGIN.email} / ${DEMO_LOGIN.password}`);
  console.log(
    `  Alicerce pronto em ${url}  (${dev ? "dev com HMR" : "build de produção no workerd, via Miniflare"}; iniciado em ${elapsed()})`,
  );
  console.log("  Ctrl-C encerra tudo.");
  console.log("");
}

main().catch(async (error: unknown) => {
  console.error(`[alicerce] falhou: ${error instanceof Error ? error.message : String(error)}`);
  await shutdown(1);
});
