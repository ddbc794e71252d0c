/**
 * `npm start`: local libSQL server + migrations + demo seed + production build served inside
 * workerd (wrangler dev). `npm run dev`: the same with `vite dev` (HMR) instead of the build.
 * Ctrl-C / SIGTERM stops everything it started.
 */
import path from "node:path";
import { DEMO_LOGIN } from "../shared/demo-accounts.ts";
import { isEmpty, seedDemo } from "./seed/demo.ts";
import { type LibsqlServer, startLibsql } from "./lib/libsql.ts";
import { migrateDatabase } from "./lib/migrate.ts";
import { BIN, buildEnv, childEnv, freePort, ROOT, runNode, type Spawned, spawnGroup, stopAll, waitForHttp } from "./lib/proc.ts";
import { DATA_DIR, ensureDevSecrets, passThroughVars, writeDevVars } from "./lib/secrets.ts";
import { type ServedWorker, serveWorker } from "./lib/serve-worker.ts";

const started = performance.now();
const dev = process.argv.includes("--dev");
const elapsed = () => `${((performance.now() - started) / 1000).toFixed(1)} s`;
const log = (msg: string) => console.log(`[alicerce] ${msg}`);

let libsql: LibsqlServer | undefined;
let worker: ServedWorker | undefined;
let viteProc: Spawned | undefined;
let stopping = false;

async function shutdown(code: number): Promise<never> {
  if (!stopping) {
    stopping = true;
    log("encerrando…");
    await Promise.allSettled([worker?.stop(), viteProc?.stop(), stopAll()]);
    await libsql?.close().catch(() => {});
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

async function prepareDatabase(): Promise<{ url: string; authToken?: string | undefined }> {
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
  if (await isEmpty(db)) {
    await seedDemo(db);
    log("banco vazio: dados de demonstração criados (Imobiliária Horizonte)");
  }
  return { url, authToken };
}

async function main(): Promise<void> {
  const secrets = await ensureDevSecrets();
  // The build (a child process) runs while the database starts, migrates and seeds.
  const [database] = await Promise.all([prepareDatabase(), dev ? Promise.resolve() : build()]);

  const vars = {
    APP_ENV: "development",
    ...passThroughVars(),
    DATABASE_URL: database.url,
    DATABASE_AUTH_TOKEN: database.authToken,
    JWT_PRIVATE_JWK: secrets.JWT_PRIVATE_JWK,
  };
  const wanted = Number(process.env.PORT ?? 8787);
  const port = await freePort(wanted);
  if (port !== wanted) log(`porta ${wanted} ocupada; usando ${port}`);

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
  } else {
    writeDevVars(path.join(ROOT, "build/server/.dev.vars"), vars);
    worker = await serveWorker({ port, ip: "127.0.0.1", vars, persistTo: path.join(DATA_DIR, "wrangler-state"), output: "inherit" });
    url = `http://localhost:${port}`;
    worker.exited.then((code) => {
      if (!stopping) {
        log(`wrangler terminou (código ${code})`);
        void shutdown(code || 1);
      }
    });
  }
  console.log("");
  console.log(`  Login de demonstração: ${DEMO_LOGIN.email} / ${DEMO_LOGIN.password}`);
  console.log(`  Alicerce pronto em ${url}  (${dev ? "dev com HMR" : "build de produção no workerd"}; iniciado em ${elapsed()})`);
  console.log("  Ctrl-C encerra tudo.");
  console.log("");
}

main().catch(async (error: unknown) => {
  console.error(`[alicerce] falhou: ${error instanceof Error ? error.message : String(error)}`);
  await shutdown(1);
});
