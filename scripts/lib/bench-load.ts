/**
 * The load generator of `npm run bench`, in its own process so it never shares an event loop
 * with the Worker's database server: reads targets as JSON on stdin, runs autocannon on each in
 * turn (a short warm-up, then the measured run) and prints one JSON line with the results.
 */
import { randomUUID } from "node:crypto";
import autocannon from "autocannon";

export interface LoadTarget {
  name: string;
  url: string;
  headers?: Record<string, string>;
  /** A write: its method and body; every `{uuid}` in the body is a fresh UUID per request. */
  method?: "POST";
  body?: string;
}

export interface LoadRequest {
  targets: LoadTarget[];
  connections: number;
  durationS: number;
  warmupS: number;
}

export interface LoadResult {
  name: string;
  rps: number;
  p50_ms: number;
  p99_ms: number;
  requests: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  statuses: Record<string, number>;
  /** 2xx answers of the warm-up and the measured run together (what a write target changed). */
  ok_with_warmup: number;
  /** Requests sent in both (a request still in flight when a run ends is sent but never answered). */
  sent_with_warmup: number;
}

/** Tells the parent (over IPC, when there is a channel) where a measured run starts and ends. */
function notify(message: { phase: "start" | "end"; name: string }): Promise<void> {
  return new Promise((resolve) => {
    if (!process.send) return resolve();
    process.send(message, undefined, {}, () => resolve());
  });
}

function settled(): Promise<void> {
  if (!process.send) return Promise.resolve();
  return new Promise((resolve) => process.once("message", () => resolve()));
}

async function readStdin(): Promise<string> {
  let text = "";
  for await (const chunk of process.stdin) text += chunk;
  return text;
}

async function main(): Promise<void> {
  const request = JSON.parse(await readStdin()) as LoadRequest;
  const results: LoadResult[] = [];
  for (const target of request.targets) {
    const template = target.body;
    const write = target.method
      ? {
          method: target.method,
          requests: [
            {
              method: target.method,
              setupRequest: (req: Record<string, unknown>) => ({ ...req, body: template?.replaceAll("{uuid}", () => randomUUID()) }),
            },
          ],
        }
      : {};
    const common = { url: target.url, connections: request.connections, headers: target.headers ?? {}, timeout: 10, ...write };
    const warm = request.warmupS > 0 ? await autocannon({ ...common, duration: request.warmupS }) : undefined;
    // The parent samples CPU per process between these two messages.
    await notify({ phase: "start", name: target.name });
    const r = await autocannon({ ...common, duration: request.durationS });
    // Requests still in flight when a slow route's run ends would land on the next route: the
    // parent answers once the servers are idle again (listen before telling it we ended).
    const idle = settled();
    await notify({ phase: "end", name: target.name });
    const result: LoadResult = {
      name: target.name,
      rps: Math.round(r.requests.average),
      p50_ms: r.latency.p50,
      p99_ms: r.latency.p99,
      requests: r.requests.total,
      non2xx: r.non2xx,
      errors: r.errors,
      timeouts: r.timeouts,
      statuses: Object.fromEntries(Object.entries(r.statusCodeStats).map(([code, s]) => [code, s.count])),
      ok_with_warmup: r["2xx"] + (warm?.["2xx"] ?? 0),
      sent_with_warmup: r.requests.sent + (warm?.requests.sent ?? 0),
    };
    process.stderr.write(
      `  ${target.name.padEnd(22)} ${String(result.rps).padStart(6)} req/s  p50 ${result.p50_ms} ms  p99 ${result.p99_ms} ms\n`,
    );
    results.push(result);
    await idle;
  }
  process.stdout.write(`${JSON.stringify(results)}\n`);
  process.disconnect?.();
}

main().catch((error: unknown) => {
  process.stderr.write(`bench-load failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
