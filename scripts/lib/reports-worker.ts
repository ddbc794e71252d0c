/**
 * The reports Worker (worker-reports/, ADR 081) for local runs, as scripts/lib/art-worker.ts does
 * for the art one: built the way `wrangler deploy` bundles it (`--dry-run --outdir`), then served
 * in the same workerd as the main Worker, which reaches it through its `REPORTS` service binding
 * exactly as in production. `npm start`, e2e and the workers tests use these.
 */
import { readdirSync, statSync } from "node:fs";
import path from "node:path";
import { newest } from "./art-worker.ts";
import { BIN, childEnv, ROOT, runNode } from "./proc.ts";

export const REPORTS_WORKER_NAME = "alicerce-reports";
export const REPORTS_BUILD_DIR = path.join(ROOT, "build/reports");
const SOURCE_DIR = path.join(ROOT, "worker-reports");
const COMPATIBILITY_DATE = "2026-10-01";

/** What the reports Worker bundles besides its own folder. */
const SHARED_SOURCES = ["shared/reports", "shared/format.ts", "shared/time-zone.ts"];

function changedAt(file: string): number {
  const stat = statSync(file);
  return stat.isDirectory() ? newest(file) : stat.mtimeMs;
}

/** Builds build/reports/ (index.js and its fonts) unless it is newer than its sources. */
export async function buildReportsWorker(options: { force?: boolean } = {}): Promise<string> {
  const entry = path.join(REPORTS_BUILD_DIR, "index.js");
  let built = 0;
  try {
    built = statSync(entry).mtimeMs;
  } catch {
    // not built yet
  }
  const sources = Math.max(newest(SOURCE_DIR), ...SHARED_SOURCES.map((s) => changedAt(path.join(ROOT, s))));
  if (!options.force && built > sources) return REPORTS_BUILD_DIR;
  const code = await runNode(
    BIN.wrangler,
    ["deploy", "--dry-run", "--outdir", REPORTS_BUILD_DIR, "-c", path.join(SOURCE_DIR, "wrangler.toml")],
    { env: childEnv({ WRANGLER_LOG: "warn" }), stdio: "inherit" },
  );
  if (code !== 0) throw new Error(`build do Worker de relatórios falhou (código ${code})`);
  return REPORTS_BUILD_DIR;
}

type ModuleType = "ESModule" | "Data";

/** The built reports Worker's modules, entry first, as Miniflare takes them. */
export function reportsWorkerModules(dir = REPORTS_BUILD_DIR): { type: ModuleType; path: string }[] {
  const files = readdirSync(dir).filter((f) => f.endsWith(".js") || f.endsWith(".ttf"));
  const modules = files.map((f) => ({ type: (f.endsWith(".ttf") ? "Data" : "ESModule") as ModuleType, path: path.join(dir, f) }));
  return [...modules.filter((m) => m.path.endsWith("index.js")), ...modules.filter((m) => !m.path.endsWith("index.js"))];
}

/** The reports Worker as an entry of Miniflare's `workers` (beside the main Worker, which binds it as `REPORTS`). */
export function reportsWorkerOptions(dir = REPORTS_BUILD_DIR) {
  return {
    name: REPORTS_WORKER_NAME,
    modulesRoot: dir,
    modules: reportsWorkerModules(dir),
    compatibilityDate: COMPATIBILITY_DATE,
  };
}
