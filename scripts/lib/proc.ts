import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:net";
import path from "node:path";

export const ROOT = path.resolve(import.meta.dirname, "../..");

/** Entry points of the project's CLIs, run with this very Node (22, from the `node` devDependency). */
export const BIN = {
  reactRouter: path.join(ROOT, "node_modules/@react-router/dev/bin.cjs"),
  wrangler: path.join(ROOT, "node_modules/wrangler/bin/wrangler.js"),
  vite: path.join(ROOT, "node_modules/vite/bin/vite.js"),
  vitest: path.join(ROOT, "node_modules/vitest/vitest.mjs"),
  tsc: path.join(ROOT, "node_modules/typescript/bin/tsc"),
  biome: path.join(ROOT, "node_modules/@biomejs/biome/bin/biome"),
} as const;

/** Env for children: our Node first on PATH, wrangler offline and quiet. */
export function childEnv(extra: Record<string, string | undefined> = {}): NodeJS.ProcessEnv {
  const nodeDir = path.dirname(process.execPath);
  const binDir = path.join(ROOT, "node_modules/.bin");
  return {
    ...process.env,
    PATH: [nodeDir, binDir, process.env.PATH ?? ""].join(path.delimiter),
    WRANGLER_SEND_METRICS: "false",
    CLOUDFLARE_CF_FETCH_ENABLED: "false",
    ...extra,
  };
}

/**
 * Environment of a production build (`react-router build`). NODE_ENV must say "production":
 * under a parent that set it otherwise (vitest sets "test"), Vite bundled React's development
 * server renderer into the Worker.
 */
export function buildEnv(extra: Record<string, string | undefined> = {}): NodeJS.ProcessEnv {
  return childEnv({ ...extra, NODE_ENV: "production" });
}

export interface Spawned {
  child: ChildProcess;
  /** Resolves with the exit code (or 1 when killed by a signal). */
  exited: Promise<number>;
  /** SIGTERM to the whole process group, SIGKILL after `graceMs`; resolves once it exited. */
  stop: (graceMs?: number) => Promise<void>;
}

const live = new Set<Spawned>();

export interface SpawnOptions {
  env?: NodeJS.ProcessEnv;
  cwd?: string;
  /** "inherit" shows output; "pipe" lets the caller read it (prefixing, waiting for a line). */
  stdio?: "inherit" | "pipe" | "ignore";
}

/**
 * Starts a command in its own process group (detached), so stopping it also stops everything
 * it started (wrangler → workerd, vite → workerd). Every group is killed when this process exits.
 */
export function spawnGroup(command: string, args: string[], options: SpawnOptions = {}): Spawned {
  const stdio = options.stdio ?? "inherit";
  const child = spawn(command, args, {
    cwd: options.cwd ?? ROOT,
    env: options.env ?? childEnv(),
    stdio: stdio === "inherit" ? ["ignore", "inherit", "inherit"] : stdio === "pipe" ? ["ignore", "pipe", "pipe"] : "ignore",
    detached: true,
  });
  const exited = new Promise<number>((resolve) => {
    child.once("exit", (code) => resolve(code ?? 1));
    child.once("error", () => resolve(1));
  });
  const killGroup = (signal: NodeJS.Signals) => {
    if (child.pid === undefined) return;
    try {
      process.kill(-child.pid, signal);
    } catch {
      // already gone
    }
  };
  const spawned: Spawned = {
    child,
    exited,
    stop: async (graceMs = 5000) => {
      if (child.exitCode === null && child.signalCode === null) {
        killGroup("SIGTERM");
        const timer = setTimeout(() => killGroup("SIGKILL"), graceMs);
        await exited;
        clearTimeout(timer);
      }
      // Grandchildren may outlive the leader: make sure the group is gone.
      killGroup("SIGKILL");
      live.delete(spawned);
    },
  };
  live.add(spawned);
  exited.then(() => {
    // keep in `live` until stop() so the group (grandchildren) is still killed on exit
  });
  return spawned;
}

/** Runs a node script (a CLI entry) to completion with this Node. Resolves with the exit code. */
export async function runNode(script: string, args: string[], options: SpawnOptions = {}): Promise<number> {
  const p = spawnGroup(process.execPath, [script, ...args], options);
  const code = await p.exited;
  await p.stop();
  return code;
}

/** Kills every process group this process started (synchronous: safe in an exit handler). */
export function killAllSync(): void {
  for (const s of live) {
    if (s.child.pid !== undefined) {
      try {
        process.kill(-s.child.pid, "SIGKILL");
      } catch {
        // gone
      }
    }
  }
  live.clear();
}
process.once("exit", killAllSync);

export async function stopAll(): Promise<void> {
  await Promise.all([...live].map((s) => s.stop()));
}

/** A free TCP port on 127.0.0.1 (or `preferred` when it is free). */
export async function freePort(preferred?: number): Promise<number> {
  const tryPort = (port: number) =>
    new Promise<number | null>((resolve) => {
      const server = createServer();
      server.unref();
      server.once("error", () => resolve(null));
      server.listen(port, "127.0.0.1", () => {
        const address = server.address();
        const got = typeof address === "object" && address ? address.port : null;
        server.close(() => resolve(got));
      });
    });
  if (preferred) {
    const got = await tryPort(preferred);
    if (got) return got;
  }
  const got = await tryPort(0);
  if (!got) throw new Error("no free port");
  return got;
}

/** Polls `url` until it answers 2xx, the process exits, or the timeout passes. */
export async function waitForHttp(url: string, options: { timeoutMs?: number; exited?: Promise<number> } = {}): Promise<void> {
  const deadline = Date.now() + (options.timeoutMs ?? 60_000);
  let exitCode: number | undefined;
  options.exited?.then((c) => {
    exitCode = c;
  });
  let lastError = "";
  while (Date.now() < deadline) {
    if (exitCode !== undefined) throw new Error(`process exited (code ${exitCode}) before ${url} answered`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (res.ok) {
        await res.body?.cancel();
        return;
      }
      lastError = `status ${res.status}`;
      await res.body?.cancel();
    } catch (error) {
      lastError = (error as Error).message;
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`timed out waiting for ${url} (${lastError})`);
}
