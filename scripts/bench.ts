/**
 * `npm run bench`: seeds one organization with 50,000 clients, 5,000 companies, 20,000 products,
 * 200,000 stock movements, 100,000 sales and 300,000 cash movements (and the issues' other sizes), builds, serves the built Worker through Miniflare's API directly
 * (no `wrangler dev` proxy) over the local libSQL server, signs in, and loads each route with
 * autocannon from another process on 127.0.0.1 — `/api/health` first as the floor, everything
 * in the same run. Measures, per route, the CPU per request of workerd and of the database
 * server, checks the budgets (`BUDGETS`) and prints them with ✓/✗, and writes
 * `bench/results.json` (shape fixed so versions can be compared; `budgets` holds every check).
 *
 *   BENCH_SKIP_BUILD=1    reuse build/ as it is
 *   BENCH_DURATION=8      seconds per route (after a 1 s warm-up)
 *   BENCH_ONLY=name,name  measure only these routes (the floor always runs)
 *   BENCH_REUSE_DB=1      keep the seeded database in node_modules/.cache and reuse it (iterating;
 *                         seeds again when migrations or seeding code change)
 *   BENCH_PROFILE=name    instead of the load: a CPU profile of the Worker serving that route
 *                         (600 requests, 4 at a time), its self time by function and file printed
 *                         and the profile written to node_modules/.cache/bench-<name>.cpuprofile
 *                         (opens in Chrome DevTools' Performance panel)
 *   BENCH_SCALE=0.02      seed the big lists (clients, companies, products, movements, imóveis,
 *                         interesses) at that fraction: for measuring a route that does not read
 *                         them (the agenda, a settings page) on a busy machine; their own rows'
 *                         numbers then mean nothing
 *   BENCH_ASSETS=1        put Miniflare's static-assets router in front, as `wrangler dev` does
 *                         (off by default: locally it costs ≈3× on every request, a cost
 *                         production pays outside the Worker; no measured route is a static file)
 */
import { execFileSync, spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { seedDemo } from "./seed/demo.ts";
import { generateSigningJwk } from "../worker/auth/jwt.ts";
import { localDay } from "../shared/format.ts";
import { sql } from "drizzle-orm";
import { seedRealEstate } from "./lib/bench-real-estate.ts";
import { seedSocial } from "./lib/bench-social.ts";
import { seedAgenda } from "./lib/bench-agenda.ts";
import { type FinanceSeed, seedFinance } from "./lib/bench-finance.ts";
import { saleApiTarget, saleApiConsistency, type SaleApiTarget } from "./lib/bench-sale-api.ts";
import { addDays, weekStart } from "../shared/social/calendar.ts";
import { DEFAULT_TIME_ZONE, dayIn, instantIn } from "../shared/time-zone.ts";
import { type SeedResult, seedResources } from "./lib/bench-seed.ts";
import type { LoadRequest, LoadResult } from "./lib/bench-load.ts";
import { startCalibration } from "./lib/bench-calibration.ts";
import { profileWhile, summarizeProfile } from "./lib/cpu-profile.ts";
import { CLIENT_JS_BUDGET_KB, clientJsForPath, readClientManifest } from "./lib/client-js.ts";
import { startLibsql } from "./lib/libsql.ts";
import { migrateDatabase } from "./lib/migrate.ts";
import { BIN, buildEnv, childEnv, freePort, ROOT, runNode } from "./lib/proc.ts";
import { builtModules, serveBuiltWorker } from "./lib/serve-miniflare.ts";
import { createDb } from "../db/client.ts";

const ROWS = { clients: 50_000, companies: 5_000, products: 20_000, movements: 200_000 } as const;
/** Issue 12's matching size: imóveis and interesses (the interests go to seeded clients). */
const REAL_ESTATE = { properties: 20_000, interests: 50_000 } as const;
/** Issue 22's money: sales over the last year and the organização's cash ledger (its sales' movements included). */
const FINANCE = { sales: 100_000, movements: 300_000 } as const;
/** BENCH_SCALE: the big lists at a fraction (1: the sizes above). */
const SCALE = Math.min(1, Math.max(0.001, Number(process.env.BENCH_SCALE ?? 1) || 1));
const scaled = <T extends Record<string, number>>(sizes: T): T =>
  Object.fromEntries(Object.entries(sizes).map(([k, v]) => [k, Math.max(1, Math.round(v * SCALE))])) as T;
/** Issue 19's calendar: one month (this one) of posts. */
const POSTS_IN_MONTH = 2_000;
/** Issue 21's agenda: this week's appointments over 5 professionals. */
const APPOINTMENTS_IN_WEEK = 2_000;
const CONNECTIONS = 32;
/** 8 s a route keeps the whole run near eight minutes on two CPUs (37 loads, seeding, build). */
const DURATION_S = Number(process.env.BENCH_DURATION ?? 8);
const WARMUP_S = 1;
/**
 * The whole run is bounded: past this, everything stops and the bench fails. 14 min since issue
 * 22 added 11 routes (≈ 100 s of load) and the money seed (≈ 25 s on a quiet machine, 70 s on a
 * busy one) to a run that already took about 7.
 */
const DEADLINE_MS = 14 * 60_000;
const FLOOR_PATH = "/api/health";
const CPUS = availableParallelism();

/**
 * What is measured, by name (names are the keys compared across versions). `auth` says how
 * the request signs in; `{clientId}` is an existing client of the seeded organization,
 * `{productId}` a product with a typical (median-length) ledger, `{thisMonth}` the current
 * month in São Paulo as a date range. A route that answers 404 (not built yet) or whose
 * placeholder has no value is skipped and reported as such.
 */
interface BenchRoute {
  name: string;
  path: string;
  auth: "cookie" | "bearer" | "none";
  /** Page routes: their client JavaScript is measured, and their Worker CPU held to the page budget. */
  page?: boolean;
  /** A deep page, search or filter of a list: its Worker+DB CPU is held to 1.5× this route's (the list's first page). */
  variantOf?: string;
  /** Its Worker CPU is held to 2× this reference instead of its kind's (when its issue names another). */
  cpuRef?: string;
  /** A write: POSTs `body` (every `{uuid}` a fresh one per request), expects 201 and that many round trips. */
  write?: { bodyVar: string; roundTrips: number };
}

const ROUTES: readonly BenchRoute[] = [
  { name: "clients_first_page", path: "/clients", auth: "cookie", page: true },
  { name: "clients_deep_page", path: "/clients?page=900", auth: "cookie", page: true, variantOf: "clients_first_page" },
  { name: "clients_search", path: "/clients?q=joao", auth: "cookie", page: true, variantOf: "clients_first_page" },
  { name: "clients_filter", path: "/clients?f.origem=instagram", auth: "cookie", page: true, variantOf: "clients_first_page" },
  { name: "client_detail", path: "/clients/{clientId}", auth: "cookie", page: true },
  { name: "produtos_first_page", path: "/produtos", auth: "cookie", page: true },
  { name: "produtos_deep_page", path: "/produtos?page=400", auth: "cookie", page: true, variantOf: "produtos_first_page" },
  { name: "produtos_search", path: "/produtos?q=placa", auth: "cookie", page: true, variantOf: "produtos_first_page" },
  // The product with its newest 50 ledger lines and the running balance.
  { name: "produto_detail", path: "/produtos/{productId}", auth: "cookie", page: true },
  { name: "movimentacoes_first_page", path: "/movimentacao-produtos", auth: "cookie", page: true },
  {
    name: "movimentacoes_deep_page",
    path: "/movimentacao-produtos?page=4000",
    auth: "cookie",
    page: true,
    variantOf: "movimentacoes_first_page",
  },
  {
    name: "movimentacoes_filter",
    path: "/movimentacao-produtos?f.tipo=saida&f.ocorridoEm={thisMonth}",
    auth: "cookie",
    page: true,
    variantOf: "movimentacoes_first_page",
  },
  { name: "api_clients", path: "/api/clients", auth: "bearer" },
  { name: "api_clients_search", path: "/api/clients?q=joao", auth: "bearer", variantOf: "api_clients" },
  { name: "api_produtos", path: "/api/produtos", auth: "bearer" },
  { name: "api_movimentacoes", path: "/api/movimentacoes-produtos", auth: "bearer" },
  // Issue 12: a property's Interesses tab (its matching interests among 50,000, in SQL) and the same over the API.
  { name: "property_interests_tab", path: "/properties/{propertyId}/interesses", auth: "cookie", page: true },
  { name: "api_property_matches", path: "/api/property_clients/por-imovel/{propertyId}/matches", auth: "bearer" },
  // Issue 19: this month's calendar with 2,000 posts (the first posts of each day and its count, one round trip) and the posts API list.
  { name: "content_calendar", path: "/content-calendar", auth: "cookie", page: true },
  { name: "api_posts", path: "/api/posts", auth: "bearer" },
  // Issue 21: this week's agenda, 5 professionals side by side with 2,000 appointments (one round trip).
  { name: "agenda_week", path: "/agenda?vista=semana", auth: "cookie", page: true },
  // The same week's free slots for a service with "qualquer um" (the five columns, 2,000 bookings): the slot search's size.
  {
    name: "api_agenda_free_slots",
    path: "/api/agendamentos/horarios-livres?servicoIds={agendaServiceId}&de={weekFrom}&ate={weekTo}",
    auth: "bearer",
    // Issue 21 holds the slot search to the page reference: a computation, not a session check.
    cpuRef: "settings_page",
  },
  // Issue 22: 100,000 sales (25 a page), the cash ledger's 300,000 movements (50 a page), the
  // period balance read from the ledger (held to 1.5× the ledger's deep page), and a sale made
  // through the API (the one transaction, ADR 071).
  { name: "sales_first_page", path: "/sales", auth: "cookie", page: true },
  { name: "sales_deep_page", path: "/sales?page=3600", auth: "cookie", page: true, variantOf: "sales_first_page" },
  { name: "sales_filter", path: "/sales?f.forma=pix&f.vendidaEm={last90Days}", auth: "cookie", page: true, variantOf: "sales_first_page" },
  { name: "sales_search", path: "/sales?q=silva", auth: "cookie", page: true, variantOf: "sales_first_page" },
  { name: "api_sales", path: "/api/sales", auth: "bearer" },
  { name: "caixa_first_page", path: "/movimentacoes", auth: "cookie", page: true },
  { name: "caixa_deep_page", path: "/movimentacoes?page=5400", auth: "cookie", page: true, variantOf: "caixa_first_page" },
  {
    name: "caixa_filter",
    path: "/movimentacoes?f.conta={bankAccountId}&f.ocorridoEm={thisMonth}",
    auth: "cookie",
    page: true,
    variantOf: "caixa_first_page",
  },
  { name: "saldos_this_month", path: "/movimentacoes/saldos", auth: "cookie", page: true, variantOf: "caixa_deep_page" },
  {
    name: "saldos_90_days",
    path: "/movimentacoes/saldos?de={days90From}&ate={today}",
    auth: "cookie",
    page: true,
    variantOf: "caixa_deep_page",
  },
  // A sale with a product, a service with its professional, Pix + dinheiro: a new draft each request.
  { name: "api_sale_complete", path: "/api/sales", auth: "bearer", cpuRef: "settings_page", write: { bodyVar: "saleBody", roundTrips: 2 } },
  // Issue 23 (ADR 084): the dashboard over a year of the data above — today's agenda, sales today,
  // this month and 30 days, the cash balance from the 300,000-movement ledger, bills, interests,
  // posts — in one round trip, held to the balance page's budget (1.5× the ledger's deep page).
  { name: "dashboard", path: "/", auth: "cookie", page: true, variantOf: "caixa_deep_page" },
  // Issue 23 (ADR 083): /relatorio over the last 365 days of the same data (aggregates in SQL, one
  // batch), held to the same budget as the dashboard and the balance page.
  {
    name: "relatorio_vendas_year",
    path: "/relatorio?r=vendas&de={yearFrom}&ate={today}",
    auth: "cookie",
    page: true,
    variantOf: "caixa_deep_page",
  },
  {
    name: "relatorio_fluxo_year",
    path: "/relatorio?r=fluxo-de-caixa&de={yearFrom}&ate={today}",
    auth: "cookie",
    page: true,
    variantOf: "caixa_deep_page",
  },
  {
    name: "relatorio_dre_year",
    path: "/relatorio?r=dre&de={yearFrom}&ate={today}",
    auth: "cookie",
    page: true,
    variantOf: "caixa_deep_page",
  },
  // References that exist since the platform issue: a signed-in page, a public page, an API read.
  // The least a signed-in page renders (the layout and a small form): the page budget's reference.
  { name: "settings_page", path: "/settings/preferences", auth: "cookie", page: true },
  { name: "login_page", path: "/login", auth: "none", page: true },
  // A session check and one read: the API budget's reference.
  { name: "api_me", path: "/api/me", auth: "bearer" },
];

/**
 * The budgets, each checked on this run's own measurements (references measured in the same
 * run, so the machine's speed cancels out). Reported, not enforced: the bench fails only on
 * non-2xx answers, errors or timeouts.
 */
const BUDGETS = {
  /** Every signed-in read (page or API): exactly this many database round trips (a write route names its own). */
  roundTrips: 1,
  /** Worker CPU per request of every page ≤ factor × that of `ref`. */
  pageWorkerCpu: { ref: "settings_page", factor: 2 },
  /** Worker CPU per request of every API read ≤ factor × that of `ref`. */
  apiWorkerCpu: { ref: "api_me", factor: 2 },
  /** Worker+DB CPU per request of a deep page, search or filter ≤ factor × the list's first page's. */
  variantCpuFactor: 1.5,
  /** Client JavaScript (gzip) of every page route loaded (tests/e2e/build-output.test.ts holds every route of the build to it). */
  clientJsKb: CLIENT_JS_BUDGET_KB,
  /** All the Worker's modules (gzip). */
  workerKb: 1536,
};

interface Budget {
  name: string;
  value: number | null;
  limit: number | null;
  ok: boolean;
}

/** What the reference rows show in the path and round-trip columns. */
const REFERENCE_ROW: Record<string, { label: string; trips: string }> = {
  bare_worker: { label: "(referência) Worker vazio", trips: "-" },
  one_fetch: { label: "(referência) Worker + 1 fetch local", trips: "(1)" },
};

/** The compatibility date the build was made for (the reference Worker runs on the same). */
function builtCompatibilityDate(buildDir: string): string {
  const config = JSON.parse(readFileSync(path.join(buildDir, "server/wrangler.json"), "utf8")) as { compatibility_date?: string };
  if (!config.compatibility_date) throw new Error(`${buildDir}/server/wrangler.json has no compatibility_date`);
  return config.compatibility_date;
}

const log = (msg: string) => console.log(`[bench] ${msg}`);
const t0 = performance.now();
const elapsed = () => `${((performance.now() - t0) / 1000).toFixed(1)} s`;

interface RouteRow {
  name: string;
  path: string;
  rps: number;
  p50_ms: number;
  p99_ms: number;
  rps_ratio: number;
  p99_ratio: number;
  db_round_trips: number | null;
  /** CPU milliseconds per request of workerd and of the local libSQL server (null without /proc). */
  worker_cpu_ms: number | null;
  db_cpu_ms: number | null;
}

interface Results {
  when: string;
  commit: string;
  /** One entry per budget and route (`BUDGETS`), so runs can be compared and checked by a script. */
  budgets: Budget[];
  rows: SeedResult["rows"];
  floor: { path: string; rps: number; p50_ms: number; p99_ms: number; worker_cpu_ms: number | null };
  routes: RouteRow[];
  client_js_gzip_kb: Record<string, number>;
  worker_gzip_kb: number;
  /** Not the app: a constant-answer Worker and one that fetches once (scripts/lib/bench-calibration.ts). */
  calibration: Record<string, { rps: number; p99_ms: number; rps_ratio: number; worker_cpu_ms: number | null }>;
  /** Issue 22's money rows as seeded (the organização's, the demo's included). */
  finance_rows: FinanceSeed["rows"] | null;
  /** The sale API's check after its load: sales made, and what did not add up (empty: consistent). */
  sale_api: { made: number; ok: number; sent: number; problems: string[] } | null;
  /** How long seeding took, by part (those of the run that seeded it when BENCH_REUSE_DB reused a database). */
  seed: { reused: boolean; seconds: Record<string, number> };
}

function commitId(): string {
  try {
    const sha = execFileSync("git", ["rev-parse", "--short=12", "HEAD"], { cwd: ROOT, encoding: "utf8" }).trim();
    const dirty = execFileSync("git", ["status", "--porcelain", "--untracked-files=no"], { cwd: ROOT, encoding: "utf8" }).trim();
    return dirty ? `${sha}+dirty` : sha;
  } catch {
    return "unknown";
  }
}

const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;
const gz = (file: string) => gzipSync(readFileSync(file), { level: 9 }).length;

// ---------------------------------------------------------------------------------------------

async function signIn(base: string, email: string, password: string): Promise<{ cookie: string; bearer: string }> {
  const res = await fetch(`${base}/login`, {
    method: "POST",
    redirect: "manual",
    headers: { origin: base, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ email, senha: password }),
  });
  const cookie = res.headers
    .getSetCookie()
    .find((c) => c.startsWith("alicerce_session="))
    ?.split(";")[0];
  if (!cookie) throw new Error(`login failed: ${res.status} ${(await res.text()).slice(0, 300)}`);
  const token = await fetch(`${base}/api/auth/token`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, senha: password }),
  });
  const { access_token: bearer } = (await token.json()) as { access_token?: string };
  if (!bearer) throw new Error(`/api/auth/token failed: ${token.status}`);
  return { cookie, bearer };
}

// ---------------------------------------------------------------------------------------------
// CPU per request of the two servers (Linux /proc): which one limits a route's throughput.

const CLK_TCK = (() => {
  try {
    return Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/** The workerd processes Miniflare started for this process (its direct children). */
function workerdPids(): number[] {
  const pids: number[] = [];
  try {
    for (const entry of readdirSync("/proc")) {
      if (!/^\d+$/.test(entry)) continue;
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      if (stat.includes("(workerd)") && Number(fields[1]) === process.pid) pids.push(Number(entry));
    }
  } catch {
    // no /proc: CPU columns stay empty
  }
  return pids;
}

/** CPU milliseconds used so far by `pid` (user + system). */
function cpuMsOf(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLK_TCK;
  } catch {
    return undefined;
  }
}

const selfCpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

/** Busy CPU milliseconds of the whole machine (all processes), from /proc/stat. */
function machineBusyMs(): number | undefined {
  try {
    const cpuLine = readFileSync("/proc/stat", "utf8").split("\n")[0] as string;
    const [user, nice, system, , , irq, softirq, steal] = cpuLine.trim().split(/\s+/).slice(1).map(Number) as number[];
    return (((user ?? 0) + (nice ?? 0) + (system ?? 0) + (irq ?? 0) + (softirq ?? 0) + (steal ?? 0)) * 1000) / CLK_TCK;
  } catch {
    return undefined;
  }
}

interface CpuSample {
  at: number;
  worker?: number;
  db: number;
  load?: number;
  machine?: number;
}

/** Per measured route: CPU ms per request of workerd and of the libSQL server, and how busy other processes kept the machine. */
interface CpuUse {
  worker?: number;
  db: number;
  /** Share of one CPU used by processes outside the bench during the run (noise). */
  others?: number;
}

function cpuBetween(a: CpuSample, b: CpuSample, requests: number): CpuUse {
  const d = (x: number | undefined, y: number | undefined) => (x !== undefined && y !== undefined ? y - x : undefined);
  const worker = d(a.worker, b.worker);
  const db = b.db - a.db;
  const load = d(a.load, b.load);
  const machine = d(a.machine, b.machine);
  const others =
    machine !== undefined && worker !== undefined && load !== undefined
      ? Math.max(0, machine - worker - db - load) / (b.at - a.at)
      : undefined;
  return { worker: worker !== undefined ? worker / requests : undefined, db: db / requests, others };
}

/**
 * Waits until workerd and the database server are idle (under 6% of a CPU over 250 ms), so the
 * backlog of a slow route never spills into the next one's measurement. Gives up after 60 s.
 */
async function settle(workerd: number | undefined): Promise<void> {
  const busy = () => (workerd ? (cpuMsOf(workerd) ?? 0) : 0) + selfCpuMs();
  const started = performance.now();
  while (performance.now() - started < 60_000) {
    const a = busy();
    await new Promise((r) => setTimeout(r, 250));
    if (busy() - a < 15) break;
  }
  const waited = (performance.now() - started) / 1000;
  if (waited > 1) log(`  (fila do servidor esvaziada em ${waited.toFixed(1)} s)`);
}

/** Runs the load generator; `workerdOf` says which workerd serves each target (for its CPU). */
function runLoad(
  request: LoadRequest,
  workerdOf: (name: string) => number | undefined,
): Promise<{ results: LoadResult[]; cpu: Record<string, CpuSample[]> }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(ROOT, "scripts/lib/bench-load.ts")], {
      cwd: ROOT,
      env: childEnv(),
      stdio: ["pipe", "pipe", "inherit", "ipc"],
    });
    const samples: Record<string, CpuSample[]> = {};
    const sample = (workerd: number | undefined): CpuSample => ({
      at: performance.now(),
      worker: workerd ? cpuMsOf(workerd) : undefined,
      db: selfCpuMs(),
      load: child.pid ? cpuMsOf(child.pid) : undefined,
      machine: machineBusyMs(),
    });
    child.on("message", (m: { phase: "start" | "end"; name: string }) => {
      const list = samples[m.name] ?? [];
      const workerd = workerdOf(m.name);
      list.push(sample(workerd));
      samples[m.name] = list;
      if (m.phase === "end") void settle(workerd).then(() => child.connected && child.send({ go: true }));
    });
    let out = "";
    child.stdout?.setEncoding("utf8");
    child.stdout?.on("data", (c: string) => {
      out += c;
    });
    child.once("error", reject);
    child.once("exit", (code) => {
      if (code !== 0) return reject(new Error(`load generator exited with code ${code}`));
      try {
        resolve({ results: JSON.parse(out.trim().split("\n").at(-1) ?? "[]") as LoadResult[], cpu: samples });
      } catch (error) {
        reject(error);
      }
    });
    child.stdin?.end(JSON.stringify(request));
  });
}

/**
 * With BENCH_REUSE_DB=1 (for iterating on speed, never in a reported run), where the seeded
 * database is kept between runs: keyed by the migrations and the seeding code, so a schema or
 * seed change seeds again.
 */
function seededCopy(): { file: string; meta: string } | undefined {
  if (process.env.BENCH_REUSE_DB !== "1") return undefined;
  const hash = createHash("sha256");
  const migrations = path.join(ROOT, "migrations");
  for (const name of readdirSync(migrations, { recursive: true }).map(String).sort()) {
    const full = path.join(migrations, name);
    if (name.endsWith(".sql")) hash.update(name).update(readFileSync(full));
  }
  for (const seed of [
    "scripts/lib/bench-seed.ts",
    "scripts/lib/bench-data.ts",
    "scripts/lib/bench-stock.ts",
    "scripts/lib/bench-real-estate.ts",
    "scripts/lib/bench-social.ts",
    "scripts/lib/bench-agenda.ts",
    "scripts/lib/bench-finance.ts",
    "scripts/lib/bench-sale-api.ts",
    "scripts/seed/demo.ts",
    "scripts/seed/demo-data.ts",
    "shared/demo-accounts.ts",
  ])
    hash.update(readFileSync(path.join(ROOT, seed)));
  hash.update(`scale:${SCALE}`);
  const key = hash.digest("hex").slice(0, 16);
  const dir = path.join(ROOT, "node_modules/.cache/alicerce-bench");
  return { file: path.join(dir, `seeded-${key}.db`), meta: path.join(dir, `seeded-${key}.json`) };
}

/** The current month in São Paulo as a list's date-range filter value ("2026-11-01..2026-11-30"). */
/** BENCH_PROFILE: where one route's Worker CPU goes (no load test, no budgets). */
async function profileRoute(
  route: (BenchRoute & { url: string }) | undefined,
  inspectorPort: number,
  headersFor: (r: BenchRoute) => Record<string, string>,
): Promise<void> {
  if (!route) throw new Error(`BENCH_PROFILE: no runnable route named ${process.env.BENCH_PROFILE}`);
  const requests = 600;
  const one = async () => {
    const res = await fetch(route.url, { headers: headersFor(route), redirect: "manual" });
    await res.arrayBuffer();
  };
  for (let i = 0; i < 50; i++) await one(); // warm the isolate (JIT) first
  const file = path.join(ROOT, `node_modules/.cache/bench-${route.name}.cpuprofile`);
  mkdirSync(path.dirname(file), { recursive: true });
  const html = await (await fetch(route.url, { headers: headersFor(route), redirect: "manual" })).text();
  const scripts = [...html.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)].reduce((n, m) => n + (m[1]?.length ?? 0), 0);
  writeFileSync(file.replace(/\.cpuprofile$/, ".html"), html);
  console.log(
    `resposta: ${(html.length / 1024).toFixed(1)} kB, dos quais ${(scripts / 1024).toFixed(1)} kB em <script> inline (dados dos loaders)`,
  );
  let left = requests;
  const profile = await profileWhile(inspectorPort, async () => {
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        while (left-- > 0) await one();
      }),
    );
  });
  writeFileSync(file, JSON.stringify(profile));
  console.log(summarizeProfile(profile, requests));
  console.log(`perfil completo: ${path.relative(ROOT, file)}`);
}

/** This week in São Paulo (the agenda seed's week) as UTC instants, for the slot search's window. */
function agendaWeek(now = new Date()): { weekFrom: string; weekTo: string } {
  const first = weekStart(dayIn(now, DEFAULT_TIME_ZONE));
  return {
    weekFrom: new Date(instantIn(first, "00:00", DEFAULT_TIME_ZONE)).toISOString(),
    weekTo: new Date(instantIn(addDays(first, 7), "00:00", DEFAULT_TIME_ZONE)).toISOString(),
  };
}

/** The last `n` days to today in São Paulo: a list's date-range filter value, and the balance page's `de`/`ate`. */
function lastDays(n: number, now = new Date()): { last90Days: string; days90From: string; today: string } {
  const today = dayIn(now, DEFAULT_TIME_ZONE);
  const from = addDays(today, -(n - 1));
  return { last90Days: `${from}..${today}`, days90From: from, today };
}

function thisMonth(now = new Date()): string {
  const [y, m] = localDay(now).split("-").map(Number) as [number, number];
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  const mm = String(m).padStart(2, "0");
  return `${y}-${mm}-01..${y}-${mm}-${String(last).padStart(2, "0")}`;
}

const round2 = (v: number | undefined) => (v === undefined ? null : Math.round(v * 100) / 100);

/** The Worker CPU budget a route is held to: its own reference, else its kind's. */
function cpuBudgetOf(route: BenchRoute | undefined): { ref: string; factor: number } {
  const kind = route?.page ? BUDGETS.pageWorkerCpu : BUDGETS.apiWorkerCpu;
  return route?.cpuRef ? { ref: route.cpuRef, factor: kind.factor } : kind;
}

/**
 * Every budget of `BUDGETS` on this run's measurements, one entry per budget and route. A
 * budget whose measurement is missing (no /proc, a route skipped) is listed with `value: null`
 * and `ok: false`, never silently dropped.
 */
function checkBudgets(rows: readonly RouteRow[], clientJs: Record<string, number>, workerKb: number): Budget[] {
  const byName = new Map(rows.map((r) => [r.name, r]));
  const route = (name: string) => ROUTES.find((r) => r.name === name);
  const out: Budget[] = [];
  const push = (name: string, value: number | null, limit: number | null, ok: (v: number, l: number) => boolean) =>
    out.push({ name, value, limit, ok: value !== null && limit !== null && ok(value, limit) });
  const atMost = (v: number, l: number) => v <= l;
  // 1 round trip for every signed-in read.
  for (const r of rows)
    if (route(r.name)?.auth !== "none")
      push(`db_round_trips:${r.name}`, r.db_round_trips, route(r.name)?.write?.roundTrips ?? BUDGETS.roundTrips, (v, l) => v === l);
  // Worker CPU of pages and API reads against their references.
  const cpuBudget = (kind: "page" | "api", budget: { ref: string; factor: number }) => {
    for (const r of rows) {
      const def = route(r.name);
      const isApi = r.path.startsWith("/api/");
      if (r.name === budget.ref || (kind === "page" ? !def?.page : !isApi)) continue;
      const { ref, factor } = cpuBudgetOf(def);
      const base = byName.get(ref)?.worker_cpu_ms ?? null;
      const limit = base === null ? null : Math.round(base * factor * 100) / 100;
      push(`worker_cpu_ms:${r.name}`, r.worker_cpu_ms, limit, atMost);
    }
  };
  cpuBudget("page", BUDGETS.pageWorkerCpu);
  cpuBudget("api", BUDGETS.apiWorkerCpu);
  // Deep pages, searches and filters against their list's first page (Worker + database).
  const both = (r: RouteRow | undefined) =>
    r?.worker_cpu_ms == null || r.db_cpu_ms == null ? null : Math.round((r.worker_cpu_ms + r.db_cpu_ms) * 100) / 100;
  for (const r of rows) {
    const first = route(r.name)?.variantOf;
    if (!first) continue;
    const base = both(byName.get(first));
    push(`worker_db_cpu_ms:${r.name}`, both(r), base === null ? null : Math.round(base * BUDGETS.variantCpuFactor * 100) / 100, atMost);
  }
  for (const [key, kb] of Object.entries(clientJs)) push(`client_js_gzip_kb:${key}`, kb, BUDGETS.clientJsKb, atMost);
  push("worker_gzip_kb", workerKb, BUDGETS.workerKb, atMost);
  return out;
}

/** How a budget is read in the printed list. */
function describeBudget(b: Budget, rows: readonly RouteRow[]): string {
  const [kind, name = ""] = b.name.split(":");
  const route = ROUTES.find((r) => r.name === name);
  const value = b.value === null ? "sem medida" : String(b.value);
  const mark = b.ok ? "✓" : "✗";
  switch (kind) {
    case "consistent_after_writes":
      return `${mark} vendas pela API: uma venda por 201, estoque e caixa fecham com as vendas (${b.value ?? "?"} problema(s))`;
    case "db_round_trips":
      return `${mark} ${name}: ${value} ida(s) ao banco (exatamente ${b.limit})`;
    case "worker_cpu_ms": {
      const { ref, factor } = cpuBudgetOf(route);
      const base = rows.find((r) => r.name === ref)?.worker_cpu_ms;
      const ratio = b.value !== null && base ? ` = ${(b.value / base).toFixed(2)}×` : "";
      return `${mark} ${name}: CPU do Worker ${value} ms${ratio} ${ref} (máx. ${factor}× = ${b.limit ?? "?"} ms)`;
    }
    case "worker_db_cpu_ms": {
      const first = route?.variantOf ?? "";
      const base = b.limit !== null ? b.limit / BUDGETS.variantCpuFactor : null;
      const ratio = b.value !== null && base ? ` = ${(b.value / base).toFixed(2)}×` : "";
      return `${mark} ${name}: CPU Worker+banco ${value} ms${ratio} ${first} (máx. ${BUDGETS.variantCpuFactor}× = ${b.limit ?? "?"} ms)`;
    }
    case "client_js_gzip_kb":
      return `${mark} JS do cliente em ${name}: ${value} kB gzip (máx. ${b.limit})`;
    case "worker_gzip_kb":
      return `${mark} Worker: ${value} kB gzip (máx. ${b.limit})`;
    default:
      return `${mark} ${b.name}: ${value} (limite ${b.limit})`;
  }
}

function pad(text: string | number, n: number, right = false): string {
  const s = String(text);
  return right ? s.padStart(n) : s.padEnd(n);
}

async function main(): Promise<void> {
  const deadline = setTimeout(() => {
    console.error(`[bench] passou de ${DEADLINE_MS / 60_000} min: abortando`);
    process.exit(1);
  }, DEADLINE_MS);
  deadline.unref();

  const work = mkdtempSync(path.join(tmpdir(), "alicerce-bench-"));
  const cleanups: (() => Promise<void> | void)[] = [() => rmSync(work, { recursive: true, force: true })];
  const cleanup = async () => {
    for (const fn of cleanups.reverse()) await Promise.resolve(fn()).catch(() => {});
  };
  process.once("SIGINT", () => void cleanup().then(() => process.exit(130)));

  try {
    // 1. Build (skippable) and take a private copy: a rebuild by anyone else mid-run must not
    //    swap modules under the running Worker.
    if (process.env.BENCH_SKIP_BUILD === "1") {
      log("BENCH_SKIP_BUILD=1: usando build/ como está");
    } else {
      log("react-router build…");
      const code = await runNode(BIN.reactRouter, ["build"], { env: buildEnv({ FORCE_COLOR: "0" }), stdio: "ignore" });
      if (code !== 0) throw new Error(`react-router build failed (code ${code}); run \`npx react-router build\` to see why`);
      log(`build pronto (${elapsed()})`);
    }
    if (!existsSync(path.join(ROOT, "build/server/wrangler.json"))) throw new Error("no build/: run without BENCH_SKIP_BUILD");
    const buildDir = path.join(work, "build");
    cpSync(path.join(ROOT, "build"), buildDir, { recursive: true, filter: (src) => !src.endsWith(".dev.vars") });

    // 2. Database: migrated, demo organization, then the volume — straight into the file.
    const file = path.join(work, "bench.db");
    const cached = seededCopy();
    let login: { email: string; password: string };
    let seeded: SeedResult;
    let propertyId: string | undefined;
    let agendaServiceId: string | undefined;
    let finance: { orgId: string; rows: FinanceSeed["rows"]; bankAccountId?: string; saleApi?: SaleApiTarget } | undefined;
    const reused = Boolean(cached && existsSync(cached.file));
    if (cached && reused) {
      cpSync(cached.file, file);
      ({ login, seeded, propertyId, agendaServiceId, finance } = JSON.parse(readFileSync(cached.meta, "utf8")) as {
        login: typeof login;
        seeded: SeedResult;
        propertyId?: string;
        agendaServiceId?: string;
        finance?: typeof finance;
      });
      log(`BENCH_REUSE_DB=1: banco semeado reaproveitado (${path.relative(ROOT, cached.file)})`);
    } else {
      const db = await migrateDatabase(`file:${file}`);
      const demo = await seedDemo(db);
      login = demo.login;
      seeded = await seedResources(db, demo.orgId, scaled(ROWS), log);
      // Money before real estate: its ANALYZE then sees the ledger at its size.
      const money = await seedFinance(db, demo.orgId, scaled(FINANCE));
      seeded.seconds.finance = money.seconds;
      log(
        `dinheiro em ${money.seconds} s: ${money.rows.sales} vendas (${money.rows.saleItems} itens, ${money.rows.salePayments} pagamentos), ${money.rows.receivables} recebíveis, ${money.rows.expenses} despesas, ${money.rows.movements} lançamentos no caixa`,
      );
      const [bank] = await db.all<{ id: string }>(
        sql`SELECT id FROM finance_accounts WHERE org_id = ${demo.orgId} AND kind = 'banco' AND deleted_at IS NULL ORDER BY created_at LIMIT 1`,
      );
      const [owner] = await db.all<{ id: string }>(sql`SELECT user_id AS id FROM memberships WHERE org_id = ${demo.orgId} LIMIT 1`);
      finance = {
        orgId: demo.orgId,
        rows: money.rows,
        bankAccountId: bank?.id,
        saleApi: await saleApiTarget(db, demo.orgId, owner?.id ?? null),
      };
      // Real estate at issue 12's size, its interests spread over the seeded clients.
      const started = performance.now();
      const someClients = await db.all<{ id: string }>(sql`SELECT id FROM clients WHERE org_id = ${demo.orgId} LIMIT 5000`);
      const realEstate = await seedRealEstate(
        db,
        demo.orgId,
        { clients: 0, ...scaled(REAL_ESTATE) },
        "b",
        someClients.map((c) => c.id),
      );
      propertyId = realEstate.busyPropertyId;
      seeded.seconds.realEstate = (performance.now() - started) / 1000;
      const socialStarted = performance.now();
      await seedSocial(db, demo.orgId, POSTS_IN_MONTH);
      seeded.seconds.social = (performance.now() - socialStarted) / 1000;
      const agendaStarted = performance.now();
      ({ serviceId: agendaServiceId } = await seedAgenda(
        db,
        demo.orgId,
        someClients.slice(0, 1000).map((c) => c.id),
        APPOINTMENTS_IN_WEEK,
      ));
      seeded.seconds.agenda = (performance.now() - agendaStarted) / 1000;
      db.$client.close();
      if (cached) {
        mkdirSync(path.dirname(cached.file), { recursive: true });
        cpSync(file, cached.file);
        writeFileSync(cached.meta, JSON.stringify({ login, seeded, propertyId, agendaServiceId, finance }));
      }
      const seedS = Object.values(seeded.seconds).reduce((a, b) => a + b, 0);
      log(
        `banco semeado em ${seedS.toFixed(1)} s: ${seeded.rows.clients} clientes, ${seeded.rows.companies} empresas, ${seeded.rows.products} produtos, ${seeded.rows.movements} movimentações (${elapsed()})`,
      );
    }

    // 3. libSQL server + the built Worker in Miniflare.
    const libsql = await startLibsql(file);
    cleanups.push(() => libsql.close());
    // workerd's own notices at start-up are not errors of the app.
    const benign = /compatibility flag .* became the default|does not need to be specified/;
    const workerErrors: string[] = [];
    const profiled = process.env.BENCH_PROFILE;
    const inspectorPort = profiled ? await freePort() : undefined;
    const worker = await serveBuiltWorker({
      buildDir,
      inspectorPort,
      assets: process.env.BENCH_ASSETS === "1",
      bindings: {
        APP_ENV: "production",
        APP_URL: "http://127.0.0.1",
        REPORT_DB_ROUND_TRIPS: "1",
        DATABASE_URL: libsql.url,
        JWT_PRIVATE_JWK: await generateSigningJwk(),
      },
      onLine: (line, stream) => {
        if (stream === "stderr" && line.trim() && !benign.test(line)) workerErrors.push(line);
      },
    });
    cleanups.push(() => worker.stop());
    log(`Worker no Miniflare em ${worker.url} — ${worker.runtime}`);
    const auth = await signIn(worker.url, login.email, login.password);

    // 4. Which routes can run, and what each costs in database round trips.
    const only = process.env.BENCH_ONLY?.split(",").map((s) => s.trim());
    const vars: Record<string, string | undefined> = {
      clientId: seeded.clientId,
      productId: seeded.productId,
      propertyId,
      thisMonth: thisMonth(),
      agendaServiceId,
      ...agendaWeek(),
      ...lastDays(90),
      // The first of the last 365 days (São Paulo): a year of the bench's data.
      yearFrom: addDays(dayIn(new Date(), DEFAULT_TIME_ZONE), -364),
      bankAccountId: finance?.bankAccountId,
      saleBody: finance?.saleApi?.body,
    };
    const headersFor = (r: BenchRoute): Record<string, string> =>
      r.auth === "cookie" ? { cookie: auth.cookie } : r.auth === "bearer" ? { authorization: `Bearer ${auth.bearer}` } : {};
    const runnable: (BenchRoute & { url: string; body?: string; trips: number | null; aloneMs: number })[] = [];
    // The sale API's writes are checked after the load against the database as it was before them.
    let saleCheck: Awaited<ReturnType<typeof saleApiConsistency>> | undefined;
    let preflightWrites = 0;
    let preflightSent = 0;
    let checker: ReturnType<typeof createDb> | undefined;
    const checkDb = () => {
      checker ??= createDb({ url: libsql.url });
      return checker;
    };
    cleanups.push(() => checker?.$client.close());
    const orgOf = () => finance?.orgId ?? "";
    const skipped: { name: string; path: string; why: string }[] = [];
    for (const r of ROUTES) {
      if (only && !only.includes(r.name)) continue;
      const missing = [...r.path.matchAll(/\{(\w+)\}/g), ...(r.write ? [["", r.write.bodyVar]] : [])]
        .map((m) => m[1] as string)
        .filter((k) => !vars[k]);
      if (missing.length) {
        skipped.push({ name: r.name, path: r.path, why: `no ${missing.join(", ")} (nothing seeded)` });
        continue;
      }
      const p = r.path.replace(/\{(\w+)\}/g, (_, k: string) => vars[k] as string);
      const body = r.write ? (vars[r.write.bodyVar] as string) : undefined;
      const expected = r.write ? 201 : 200;
      if (r.write && finance?.saleApi) saleCheck ??= await saleApiConsistency(checkDb(), orgOf(), finance.saleApi);
      const send = () => {
        if (r.write) preflightSent++;
        return fetch(`${worker.url}${p}`, {
          method: r.write ? "POST" : "GET",
          headers: { ...headersFor(r), ...(body ? { "content-type": "application/json" } : {}) },
          body: body?.replaceAll("{uuid}", () => crypto.randomUUID()),
          redirect: "manual",
        });
      };
      const res = await send();
      if (res.status === expected && r.write) preflightWrites++;
      await res.arrayBuffer();
      if (res.status === 404) {
        skipped.push({ name: r.name, path: p, why: "404: route not built yet" });
        continue;
      }
      if (res.status !== expected) {
        skipped.push({ name: r.name, path: p, why: `answered ${res.status} (expected ${expected}): NOT measured` });
        continue;
      }
      // Round trips in steady state (the last of the requests below): the very first request
      // of a session this isolate has not seen yet costs one more (ADR 011).
      let trips = res.headers.get("x-db-round-trips");
      // Alone (no load): tells a slow query from contention under load.
      const alone: number[] = [];
      for (let i = 0; i < 3; i++) {
        const t = performance.now();
        const again = await send();
        await again.arrayBuffer();
        if (r.write && again.status === expected) preflightWrites++;
        alone.push(performance.now() - t);
        trips = again.headers.get("x-db-round-trips") ?? trips;
      }
      const aloneMs = alone.sort((a, b) => a - b)[1] as number;
      runnable.push({ ...r, path: p, url: `${worker.url}${p}`, body, trips: trips === null ? null : Number(trips), aloneMs });
    }
    for (const s of skipped) log(`pulada: ${s.name} (${s.path}) — ${s.why}`);
    if (profiled && inspectorPort) {
      await profileRoute(
        runnable.find((r) => r.name === profiled),
        inspectorPort,
        headersFor,
      );
      return;
    }

    // 5. Load, from another process, one route after the other.
    const total = (runnable.length + 3) * (DURATION_S + WARMUP_S);
    log(`carga: ${runnable.length + 1} rotas e 2 referências × ${DURATION_S} s a ${CONNECTIONS} conexões (≈ ${total} s)…`);
    const workerd = workerdPids()[0];
    // The references right after the floor, nearest to it in time, in their own workerd.
    const calibration = await startCalibration(builtCompatibilityDate(buildDir));
    cleanups.push(() => calibration.stop());
    const calibrationWorkerd = workerdPids().find((pid) => pid !== workerd);
    const isReference = (name: string) => calibration.targets.some((t) => t.name === name);
    const load = await runLoad(
      {
        connections: CONNECTIONS,
        durationS: DURATION_S,
        warmupS: WARMUP_S,
        targets: [
          { name: "floor", url: `${worker.url}${FLOOR_PATH}` },
          ...calibration.targets,
          ...runnable.map((r) => ({
            name: r.name,
            url: r.url,
            headers: r.body ? { ...headersFor(r), "content-type": "application/json" } : headersFor(r),
            ...(r.body ? { method: "POST" as const, body: r.body } : {}),
          })),
        ],
      },
      (name) => (isReference(name) ? calibrationWorkerd : workerd),
    );
    const measured = load.results;
    const cpu: Record<string, CpuUse> = {};
    for (const m of measured) {
      const [a, b] = load.cpu[m.name] ?? [];
      if (a && b && m.requests > 0) cpu[m.name] = cpuBetween(a, b, m.requests);
    }
    const saleLoad = measured.find((m) => runnable.some((r) => r.name === m.name && r.write));
    const saleApi =
      saleCheck && saleLoad
        ? await saleCheck.check(preflightWrites + saleLoad.ok_with_warmup, preflightSent + saleLoad.sent_with_warmup)
        : null;
    const floorRun = measured.find((m) => m.name === "floor");
    if (!floorRun || floorRun.rps === 0) throw new Error("the floor answered nothing");

    // 6. Sizes.
    const manifest = readClientManifest(path.join(buildDir, "client"));
    const clientJs: Record<string, number> = {};
    for (const r of runnable.filter((x) => x.page)) {
      // Keyed by the route's pattern ("/clients", "/clients/{clientId}"): the query changes no JS.
      const routeKey = (ROUTES.find((x) => x.name === r.name)?.path ?? r.path).split("?")[0] as string;
      if (routeKey in clientJs) continue;
      const size = clientJsForPath(manifest, path.join(buildDir, "client"), new URL(r.url).pathname);
      if (size) clientJs[routeKey] = kb(size.bytes);
    }
    const serverDir = path.join(buildDir, "server");
    const workerBytes = builtModules(serverDir, "index.js", [{ type: "ESModule", globs: ["**/*.js", "**/*.mjs"] }]).reduce(
      (sum, m) => sum + gz(m.path),
      0,
    );

    // 7. Report.
    const floor = { path: FLOOR_PATH, rps: floorRun.rps, p50_ms: floorRun.p50_ms, p99_ms: floorRun.p99_ms };
    const rpsRatio = (m: LoadResult) => Math.round((m.rps / floor.rps) * 1000) / 1000;
    const p99Ratio = (m: LoadResult) => Math.round((m.p99_ms / Math.max(floor.p99_ms, 1)) * 100) / 100;
    const rows: RouteRow[] = runnable.map((r) => {
      const m = measured.find((x) => x.name === r.name) as LoadResult;
      return {
        name: r.name,
        path: r.path,
        rps: m.rps,
        p50_ms: m.p50_ms,
        p99_ms: m.p99_ms,
        rps_ratio: rpsRatio(m),
        p99_ratio: p99Ratio(m),
        db_round_trips: r.trips,
        worker_cpu_ms: round2(cpu[r.name]?.worker),
        db_cpu_ms: round2(cpu[r.name]?.db),
      };
    });
    const references: Results["calibration"] = {};
    for (const t of calibration.targets) {
      const m = measured.find((x) => x.name === t.name);
      if (m) references[t.name] = { rps: m.rps, p99_ms: m.p99_ms, rps_ratio: rpsRatio(m), worker_cpu_ms: round2(cpu[t.name]?.worker) };
    }
    const workerKb = kb(workerBytes);
    const budgets = checkBudgets(rows, clientJs, workerKb);
    if (saleApi)
      budgets.push({ name: "consistent_after_writes", value: saleApi.problems.length, limit: 0, ok: saleApi.problems.length === 0 });
    const results: Results = {
      when: new Date().toISOString(),
      commit: commitId(),
      budgets,
      rows: seeded.rows,
      floor: { ...floor, worker_cpu_ms: round2(cpu.floor?.worker) },
      routes: rows,
      client_js_gzip_kb: clientJs,
      worker_gzip_kb: workerKb,
      calibration: references,
      finance_rows: finance?.rows ?? null,
      sale_api: saleApi,
      seed: { reused, seconds: seeded.seconds },
    };
    mkdirSync(path.join(ROOT, "bench"), { recursive: true });
    writeFileSync(path.join(ROOT, "bench/results.json"), `${JSON.stringify(results, null, 2)}\n`);

    console.log("");
    console.log(
      `${pad("rota", 24)} ${pad("caminho", 44)} ${pad("req/s", 6, true)} ${pad("p50 ms", 7, true)} ${pad("p99 ms", 7, true)} ${pad("×piso", 6, true)} ${pad("db", 3, true)} ${pad("cpu W", 6, true)} ${pad("cpu DB", 6, true)} ${pad("W+DB", 6, true)} ${pad("só ms", 6, true)}  não-2xx`,
    );
    const ms = (v: number | undefined) => (v === undefined ? "?" : v.toFixed(2));
    const line = (name: string, p: string, m: LoadResult, rr: string, db: string, alone = "-") => {
      const c = cpu[name === "piso (floor)" ? "floor" : name];
      const sum = c?.worker !== undefined ? c.worker + c.db : undefined;
      console.log(
        `${pad(name, 24)} ${pad(p.length > 44 ? `${p.slice(0, 41)}…` : p, 44)} ${pad(m.rps, 6, true)} ${pad(m.p50_ms, 7, true)} ${pad(m.p99_ms, 7, true)} ${pad(rr, 6, true)} ${pad(db, 3, true)} ${pad(ms(c?.worker), 6, true)} ${pad(ms(c?.db), 6, true)} ${pad(ms(sum), 6, true)} ${pad(alone, 6, true)}  ${m.non2xx}`,
      );
    };
    line("piso (floor)", floor.path, floorRun, "1", "-");
    for (const [name, ref] of Object.entries(references)) {
      const m = measured.find((x) => x.name === name) as LoadResult;
      const row = REFERENCE_ROW[name];
      line(name, row?.label ?? "", m, ref.rps_ratio.toFixed(3), row?.trips ?? "-");
    }
    for (const r of rows) {
      const m = measured.find((x) => x.name === r.name) as LoadResult;
      const alone = runnable.find((x) => x.name === r.name)?.aloneMs;
      line(r.name, r.path, m, r.rps_ratio.toFixed(3), String(r.db_round_trips ?? "?"), alone === undefined ? "-" : alone.toFixed(0));
    }
    console.log(
      `(cpu W / cpu DB: milissegundos de CPU por requisição do workerd e do servidor libSQL local${workerd ? "" : " — workerd não encontrado em /proc"}; W+DB, a soma; ${CPUS} CPUs nesta máquina, compartilhadas com o autocannon. só ms: uma requisição sozinha, sem carga, mediana de 3. req/s, p99 e ×piso são informação: não são metas)`,
    );
    console.log(
      "(bare_worker e one_fetch não são o app: um Worker que só responde, e o mesmo com um fetch a um servidor em 127.0.0.1 — o mínimo de uma requisição que lê o banco nesta máquina)",
    );
    const noisy = Object.entries(cpu).filter(([, c]) => (c.others ?? 0) > 0.15);
    if (noisy.length)
      console.log(
        `⚠ outros processos usaram CPU durante a medição (${noisy.map(([n, c]) => `${n}: ${Math.round((c.others ?? 0) * 100)}% de uma CPU`).join(", ")}): números menos confiáveis; rode de novo com a máquina quieta.`,
      );
    console.log("");
    console.log(
      `Banco: ${seeded.rows.clients} clientes, ${seeded.rows.companies} empresas, ${seeded.rows.products} produtos, ${seeded.rows.movements} movimentações; semeado em ${Object.values(
        seeded.seconds,
      )
        .reduce((a, b) => a + b, 0)
        .toFixed(1)} s${reused ? " (numa execução anterior: BENCH_REUSE_DB=1)" : ""} (${Object.entries(seeded.seconds)
        .map(([k, v]) => `${k} ${v}`)
        .join(", ")})${seeded.productLedger ? `; produto da página de produto: ${seeded.productLedger} movimentações (a mediana)` : ""}`,
    );
    console.log(
      `JS do cliente (gzip): ${
        Object.entries(clientJs)
          .map(([k, v]) => `${k} ${v} kB`)
          .join(", ") || "—"
      }`,
    );
    console.log(`Worker (gzip, todos os módulos de build/server): ${results.worker_gzip_kb} kB`);
    if (finance)
      console.log(
        `Dinheiro: ${finance.rows.sales} vendas, ${finance.rows.saleItems} itens, ${finance.rows.salePayments} pagamentos, ${finance.rows.receivables} recebíveis, ${finance.rows.expenses} despesas, ${finance.rows.movements} lançamentos no caixa`,
      );
    if (saleApi)
      console.log(
        `Vendas pela API: ${saleApi.made} feitas (${saleApi.ok} respostas 201 de ${saleApi.sent} requisições; as sem resposta ficaram em voo no fim da carga)${saleApi.problems.length ? `; NÃO fecha: ${saleApi.problems.join("; ")}` : "; estoque e caixa fecham com as vendas"}`,
      );
    if (skipped.length) {
      console.log("");
      console.log("Rotas puladas:");
      for (const s of skipped) console.log(`  - ${s.name} (${s.path}): ${s.why}`);
    }

    const badStatus = measured.filter((m) => m.non2xx > 0 || m.errors > 0 || m.timeouts > 0);
    console.log("");
    console.log(`Orçamentos (${budgets.filter((b) => b.ok).length} de ${budgets.length} cumpridos):`);
    for (const b of budgets) console.log(`  ${describeBudget(b, rows)}`);
    for (const m of badStatus)
      console.log(
        `  ✗ ${m.name}: ${m.non2xx} respostas não-2xx, ${m.errors} erros, ${m.timeouts} timeouts (${JSON.stringify(m.statuses)})`,
      );
    if (workerErrors.length)
      console.log(`  ✗ o Worker escreveu ${workerErrors.length} linhas em stderr (últimas: ${workerErrors.slice(-3).join(" | ")})`);
    const bare = references.bare_worker?.worker_cpu_ms;
    const oneFetch = references.one_fetch?.worker_cpu_ms;
    if (bare != null && oneFetch != null)
      console.log(
        `  (referência, CPU do workerd por requisição: um Worker que só responde ${bare} ms; com um fetch local ${oneFetch} ms; /api/health ${results.floor.worker_cpu_ms ?? "?"} ms)`,
      );
    console.log("");
    log(`resultado em bench/results.json (${elapsed()})`);
    if (badStatus.length) process.exitCode = 1;
  } finally {
    await cleanup();
    clearTimeout(deadline);
  }
}

main().catch((error: unknown) => {
  console.error(`[bench] falhou: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  process.exit(1);
});
