/**
 * The art Worker (worker-art/, ADR 051) for local runs: built the way `wrangler deploy` bundles
 * it (`--dry-run --outdir`), then served in the same workerd as the main Worker, which reaches it
 * through its `ART` service binding exactly as in production. `npm start`, e2e, the workers tests
 * and the art bench use these.
 */
import { readdirSync, statSync } from "node:fs";
import path from "node:path";
import { BIN, childEnv, ROOT, runNode } from "./proc.ts";

export const ART_WORKER_NAME = "alicerce-art";
export const ART_BUILD_DIR = path.join(ROOT, "build/art");
const SOURCE_DIR = path.join(ROOT, "worker-art");
const COMPATIBILITY_DATE = "2026-10-01";

/** Newest change under a folder (files only), to skip a build that is already current. */
export function newest(dir: string): number {
  let latest = 0;
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true }) as import("node:fs").Dirent[]) {
    if (entry.isFile()) latest = Math.max(latest, statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
  }
  return latest;
}

/** Builds build/art/ (index.js, its wasm and fonts) unless it is newer than worker-art/ and shared/art/. */
export async function buildArtWorker(options: { force?: boolean } = {}): Promise<string> {
  const entry = path.join(ART_BUILD_DIR, "index.js");
  let built = 0;
  try {
    built = statSync(entry).mtimeMs;
  } catch {
    // not built yet
  }
  const sources = Math.max(newest(SOURCE_DIR), newest(path.join(ROOT, "shared/art")), newest(path.join(ROOT, "shared/brand")));
  if (!options.force && built > sources) return ART_BUILD_DIR;
  const code = await runNode(
    BIN.wrangler,
    ["deploy", "--dry-run", "--outdir", ART_BUILD_DIR, "-c", path.join(SOURCE_DIR, "wrangler.toml")],
    { env: childEnv({ WRANGLER_LOG: "warn" }), stdio: "inherit" },
  );
  if (code !== 0) throw new Error(`build do Worker de artes falhou (código ${code})`);
  return ART_BUILD_DIR;
}

type ModuleType = "ESModule" | "CompiledWasm" | "Data";

/** The built art Worker's modules, entry first, as Miniflare takes them. */
export function artWorkerModules(dir = ART_BUILD_DIR): { type: ModuleType; path: string }[] {
  const files = readdirSync(dir).filter((f) => !f.endsWith(".map") && !f.endsWith(".md"));
  const typeOf = (f: string): ModuleType => (f.endsWith(".wasm") ? "CompiledWasm" : f.endsWith(".woff") ? "Data" : "ESModule");
  const modules = files.map((f) => ({ type: typeOf(f), path: path.join(dir, f) }));
  return [...modules.filter((m) => m.path.endsWith("index.js")), ...modules.filter((m) => !m.path.endsWith("index.js"))];
}

/** The art Worker as an entry of Miniflare's `workers` (beside the main Worker, which binds it as `ART`). */
export function artWorkerOptions(dir = ART_BUILD_DIR) {
  return {
    name: ART_WORKER_NAME,
    modulesRoot: dir,
    modules: artWorkerModules(dir),
    compatibilityDate: COMPATIBILITY_DATE,
  };
}
