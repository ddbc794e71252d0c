/**
 * Serves the production build (`react-router build` output) through Miniflare's API directly:
 * one workerd, no `wrangler dev` proxy in front (which costs ≈2.5× throughput and drops the
 * connection of an upload the Worker refused before the answer arrives). The bench measures the
 * Worker this way, and `npm start` and e2e serve it this way (ADR 028). Reads compatibility
 * date/flags, the cron triggers, the R2 and Durable Object bindings from the build's
 * `build/server/wrangler.json`; static assets come from `build/client` through Miniflare's
 * assets router, as in production — unless `assets: false`: locally that router is a chain of
 * JavaScript workers in the same workerd, and on this machine it cuts a hello-world Worker from
 * ≈2,100 to ≈720 req/s, a cost production pays outside the Worker. Load tests that request no
 * static file turn it off.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Readable } from "node:stream";
import { createRequire } from "node:module";
import { Log, LogLevel, Miniflare, supportedCompatibilityDate } from "miniflare";
import { ART_WORKER_NAME, artWorkerOptions, buildArtWorker } from "./art-worker.ts";
import { buildReportsWorker, REPORTS_WORKER_NAME, reportsWorkerOptions } from "./reports-worker.ts";
import { freePort, ROOT } from "./proc.ts";

interface BuiltWranglerConfig {
  main?: string;
  compatibility_date?: string;
  compatibility_flags?: string[];
  assets?: { directory?: string; binding?: string; run_worker_first?: boolean };
  r2_buckets?: { binding: string; bucket_name?: string }[];
  durable_objects?: { bindings?: { name: string; class_name: string; script_name?: string }[] };
  migrations?: { new_sqlite_classes?: string[] }[];
  rules?: { type: string; globs: string[] }[];
  triggers?: { crons?: string[] };
  services?: { binding: string; service: string }[];
}

export interface MiniflareWorkerOptions {
  /** Directory holding `server/` and `client/` (default: `build/`). */
  buildDir?: string;
  /** Worker vars/secrets (DATABASE_URL, JWT_PRIVATE_JWK, APP_ENV…). */
  bindings: Record<string, string>;
  port?: number;
  /** Serve `build/client` through Miniflare's assets router (default true). */
  assets?: boolean;
  /** Opens workerd's inspector on this port (CPU profiles: scripts/lib/cpu-profile.ts). */
  inspectorPort?: number;
  /**
   * Keeps R2 (and any other local storage) under this directory, laid out as `wrangler dev
   * --persist-to` lays it out (`<dir>/v3/r2`); in memory when unset.
   */
  persistTo?: string;
  /** Called with every line the Worker prints (console.log/error inside workerd). */
  onLine?: (line: string, stream: "stdout" | "stderr") => void;
}

export interface MiniflareWorker {
  url: string;
  mf: Miniflare;
  /** The last lines the Worker printed (for diagnostics when something answers 5xx). */
  tail: () => string[];
  /** Which workerd runs it ("miniflare", "wrangler's workerd"…) and the newest date it supports. */
  runtime: string;
  /** Lines printed so far (request logs included). */
  lines: () => number;
  /** The build's cron triggers (`[triggers] crons` in wrangler.toml). */
  crons: string[];
  /** Runs the Worker's scheduled handler as Cloudflare does for `cron` (scripts/lib/cron.ts fires it each minute). */
  scheduled: (cron: string, scheduledTime: Date) => Promise<void>;
  stop: () => Promise<void>;
}

/** A `Log` that only reports Miniflare's own warnings and errors (never per-request lines). */
class QuietLog extends Log {
  constructor() {
    super(LogLevel.WARN);
  }
}

function drain(stream: Readable, name: "stdout" | "stderr", onLine: (line: string, s: "stdout" | "stderr") => void): void {
  let partial = "";
  stream.setEncoding("utf8");
  stream.on("data", (chunk: string) => {
    const parts = (partial + chunk).split("\n");
    partial = parts.pop() ?? "";
    for (const line of parts) onLine(line, name);
  });
}

type ModuleType = "ESModule" | "CommonJS" | "Text" | "Data" | "CompiledWasm";

/** Globs such as "**\/*.js" (what wrangler's `rules` hold) as a regular expression. */
function globToRegExp(glob: string): RegExp {
  let re = "";
  for (let i = 0; i < glob.length; i++) {
    const ch = glob[i] as string;
    if (glob.startsWith("**/", i)) {
      re += "(?:.*/)?";
      i += 2;
    } else if (ch === "*") re += "[^/]*";
    else if (ch === "?") re += "[^/]";
    else re += ch.replace(/[.+^${}()|[\]\\]/g, "\\$&");
  }
  return new RegExp(`^${re}$`);
}

/**
 * Every module of the build, entry first, typed by the config's rules. Listed explicitly:
 * Miniflare's own module walker refuses the build's computed `import()` specifiers.
 */
export function builtModules(serverDir: string, main: string, rules: { type: string; globs: string[] }[]) {
  const compiled = rules.map((r) => ({ type: r.type as ModuleType, res: r.globs.map(globToRegExp) }));
  const files = (readdirSync(serverDir, { recursive: true, withFileTypes: true }) as import("node:fs").Dirent[])
    .filter((d) => d.isFile())
    .map((d) => path.relative(serverDir, path.join(d.parentPath, d.name)).split(path.sep).join("/"));
  const modules: { type: ModuleType; path: string }[] = [];
  for (const rel of files) {
    const rule = compiled.find((r) => r.res.some((re) => re.test(rel)));
    if (rule) modules.push({ type: rule.type, path: path.join(serverDir, rel) });
  }
  const entry = path.join(serverDir, main);
  if (!modules.some((m) => m.path === entry)) throw new Error(`${entry} is not in the build`);
  return [...modules.filter((m) => m.path === entry), ...modules.filter((m) => m.path !== entry)];
}

/**
 * The workerd binary to run. Miniflare 4's own binary may be older than the build's
 * compatibility date (workerd refuses a date newer than itself); then use the newest workerd
 * installed with the project's other Cloudflare tools (wrangler's first: what `npm start` and
 * e2e run on). `MINIFLARE_WORKERD_PATH` set by the caller always wins.
 */
export function pickWorkerd(compatibilityDate: string): { path: string | undefined; date: string; source: string } {
  if (process.env.MINIFLARE_WORKERD_PATH) return { path: process.env.MINIFLARE_WORKERD_PATH, date: "?", source: "MINIFLARE_WORKERD_PATH" };
  if (supportedCompatibilityDate >= compatibilityDate) return { path: undefined, date: supportedCompatibilityDate, source: "miniflare" };
  const candidates: { from: string; source: string }[] = [
    { from: path.join(ROOT, "node_modules/wrangler/package.json"), source: "wrangler's workerd" },
    { from: path.join(ROOT, "package.json"), source: "workerd" },
  ];
  for (const c of candidates) {
    try {
      const workerd = createRequire(c.from)("workerd") as { default: string; compatibilityDate: string };
      if (workerd.compatibilityDate >= compatibilityDate)
        return { path: workerd.default, date: workerd.compatibilityDate, source: c.source };
    } catch {
      // not installed there
    }
  }
  throw new Error(
    `the build needs compatibility date ${compatibilityDate}; miniflare's workerd supports up to ${supportedCompatibilityDate} and no newer workerd is installed`,
  );
}

/** The build's Durable Object bindings as Miniflare takes them (SQLite-backed when a migration says so). */
export function durableObjectsOf(config: BuiltWranglerConfig): Record<string, { className: string; useSQLite: boolean }> {
  const sqlite = new Set((config.migrations ?? []).flatMap((m) => m.new_sqlite_classes ?? []));
  return Object.fromEntries(
    (config.durable_objects?.bindings ?? []).map((b) => [b.name, { className: b.class_name, useSQLite: sqlite.has(b.class_name) }]),
  );
}

export async function serveBuiltWorker(options: MiniflareWorkerOptions): Promise<MiniflareWorker> {
  const buildDir = path.resolve(ROOT, options.buildDir ?? "build");
  const serverDir = path.join(buildDir, "server");
  const config = JSON.parse(readFileSync(path.join(serverDir, "wrangler.json"), "utf8")) as BuiltWranglerConfig;
  if (!config.compatibility_date) throw new Error(`${serverDir}/wrangler.json has no compatibility_date`);
  const assetsDir = config.assets?.directory ? path.resolve(serverDir, config.assets.directory) : path.join(buildDir, "client");
  const port = options.port ?? (await freePort());
  const workerd = pickWorkerd(config.compatibility_date);
  if (workerd.path) process.env.MINIFLARE_WORKERD_PATH = workerd.path;

  // The art Worker (ADR 051) beside the main one, bound as in production (`[[services]]`): built
  // here when serving build/ (skipped when current); a copy of build/ (e2e) brings its own art/;
  // a build elsewhere without one (the bench's) uses build/art/, built if needed.
  const services = config.services ?? [];
  let artDir = path.join(buildDir, "art");
  const wantsArt = services.some((s) => s.service === ART_WORKER_NAME);
  if (wantsArt && (buildDir === path.join(ROOT, "build") || !existsSync(artDir))) artDir = await buildArtWorker();
  const auxiliary: (ReturnType<typeof artWorkerOptions> | ReturnType<typeof reportsWorkerOptions>)[] = wantsArt
    ? [artWorkerOptions(artDir)]
    : [];
  // The reports Worker (ADR 081), the same way: build/reports/ beside build/art/.
  let reportsDir = path.join(buildDir, "reports");
  if (services.some((s) => s.service === REPORTS_WORKER_NAME)) {
    if (buildDir === path.join(ROOT, "build") || !existsSync(reportsDir)) reportsDir = await buildReportsWorker();
    auxiliary.push(reportsWorkerOptions(reportsDir));
  }

  const tailLines: string[] = [];
  let count = 0;
  const onLine = (line: string, stream: "stdout" | "stderr") => {
    count++;
    tailLines.push(line);
    if (tailLines.length > 200) tailLines.shift();
    options.onLine?.(line, stream);
  };

  const mf = new Miniflare({
    host: "127.0.0.1",
    port,
    log: new QuietLog(),
    // No request.cf fetch from Cloudflare (offline): a fixed placeholder.
    cf: false,
    // Miniflare's own per-request log line costs a call back into Node for every request.
    logRequests: false,
    ...(options.inspectorPort ? { inspectorPort: options.inspectorPort } : {}),
    handleRuntimeStdio(stdout: Readable, stderr: Readable) {
      drain(stdout, "stdout", onLine);
      drain(stderr, "stderr", onLine);
    },
    // Storage (R2) in memory unless `persistTo` says where it stays between runs.
    ...(options.persistTo ? { defaultPersistRoot: path.join(options.persistTo, "v3") } : {}),
    workers: [
      {
        name: "alicerce",
        modulesRoot: serverDir,
        modules: builtModules(serverDir, config.main ?? "index.js", config.rules ?? [{ type: "ESModule", globs: ["**/*.js", "**/*.mjs"] }]),
        compatibilityDate: config.compatibility_date,
        compatibilityFlags: config.compatibility_flags ?? [],
        bindings: options.bindings,
        r2Buckets: Object.fromEntries((config.r2_buckets ?? []).map((b) => [b.binding, b.bucket_name ?? b.binding])),
        durableObjects: durableObjectsOf(config),
        serviceBindings: Object.fromEntries(services.map((s) => [s.binding, s.service])),
        ...(options.assets === false
          ? {}
          : {
              assets: {
                directory: assetsDir,
                ...(config.assets?.binding ? { binding: config.assets.binding } : {}),
                routerConfig: {
                  has_user_worker: true,
                  ...(config.assets?.run_worker_first !== undefined
                    ? { invoke_user_worker_ahead_of_assets: config.assets.run_worker_first }
                    : {}),
                },
              },
            }),
      },
      ...auxiliary,
    ],
  });
  let url: URL;
  try {
    url = await mf.ready;
  } catch (error) {
    await mf.dispose().catch(() => {});
    throw error;
  }
  return {
    url: url.origin,
    mf,
    runtime: `${workerd.source} (compat ≤ ${workerd.date})`,
    tail: () => [...tailLines],
    lines: () => count,
    crons: config.triggers?.crons ?? [],
    scheduled: async (cron, scheduledTime) => {
      const worker = await mf.getWorker();
      const result = await worker.scheduled({ cron, scheduledTime });
      if (result.outcome !== "ok") throw new Error(`scheduled handler: ${result.outcome}`);
    },
    stop: () => mf.dispose(),
  };
}
