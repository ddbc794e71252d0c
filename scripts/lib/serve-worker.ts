import { mkdirSync } from "node:fs";
import path from "node:path";
import { BIN, childEnv, freePort, ROOT, spawnGroup, waitForHttp } from "./proc.ts";

export interface ServeWorkerOptions {
  /** Port to listen on; 0 or undefined picks a free one. */
  port?: number;
  ip?: string;
  /** Worker vars/secrets (DATABASE_URL, JWT_PRIVATE_JWK, APP_ENV, EMAIL_API_URL, ...). */
  vars: Record<string, string | undefined>;
  /** Wrangler config of the built worker. */
  configPath?: string;
  /** Where local R2 etc. persist; defaults to `.wrangler/state` next to the config. */
  persistTo?: string;
  /** "inherit" prints wrangler's output; "capture" keeps it in `logs()` (and tees it when `echo`). */
  output?: "inherit" | "capture";
  echo?: boolean;
  timeoutMs?: number;
}

export interface ServedWorker {
  url: string;
  port: number;
  /** Captured stdout+stderr (output: "capture"). */
  logs: () => string;
  exited: Promise<number>;
  stop: () => Promise<void>;
}

/**
 * Serves the production build (`react-router build` output) inside workerd with `wrangler dev`
 * and resolves once `/api/health` answers. Vars go on the command line (`--var`), so several
 * instances (npm start, e2e) can run side by side without sharing a `.dev.vars` file.
 */
export async function serveWorker(options: ServeWorkerOptions): Promise<ServedWorker> {
  const configPath = path.resolve(ROOT, options.configPath ?? "build/server/wrangler.json");
  const port = options.port ? options.port : await freePort();
  const ip = options.ip ?? "127.0.0.1";
  const inspectorPort = await freePort();
  const args = [
    BIN.wrangler,
    "dev",
    "-c",
    configPath,
    "--port",
    String(port),
    "--ip",
    ip,
    "--inspector-port",
    String(inspectorPort),
    "--show-interactive-dev-session=false",
  ];
  if (options.persistTo) {
    mkdirSync(options.persistTo, { recursive: true });
    args.push("--persist-to", options.persistTo);
  }
  for (const [key, value] of Object.entries(options.vars)) {
    if (value !== undefined && value !== "") args.push("--var", `${key}:${value}`);
  }
  const capture = options.output === "capture";
  const proc = spawnGroup(process.execPath, args, { env: childEnv({ FORCE_COLOR: "0" }), stdio: capture ? "pipe" : "inherit" });
  let buffer = "";
  if (capture) {
    const onData = (chunk: Buffer) => {
      const text = chunk.toString();
      buffer += text;
      if (buffer.length > 2_000_000) buffer = buffer.slice(-1_000_000);
      if (options.echo) process.stderr.write(text);
    };
    proc.child.stdout?.on("data", onData);
    proc.child.stderr?.on("data", onData);
  }
  const host = ip === "0.0.0.0" ? "127.0.0.1" : ip;
  const url = `http://${host}:${port}`;
  try {
    await waitForHttp(`${url}/api/health`, { timeoutMs: options.timeoutMs ?? 90_000, exited: proc.exited });
  } catch (error) {
    await proc.stop();
    throw new Error(`${(error as Error).message}${capture ? `\n--- wrangler output ---\n${buffer.slice(-4000)}` : ""}`);
  }
  return { url, port, logs: () => buffer, exited: proc.exited, stop: () => proc.stop() };
}
