/**
 * References for `npm run bench`: what this machine's workerd costs before the app does anything.
 * Issue 3 sets its targets as shares of the floor and puts one loopback fetch per request at
 * ≈45% of it; these measure that here, in the same run, on the same workerd binary as the app:
 * - `bare_worker`: a Worker that answers a constant JSON (no router, no middleware, no session);
 * - `one_fetch`: the same Worker fetching once from a server on 127.0.0.1 (in the bench process,
 *   like the libSQL server) before answering: the least a request that reads the database costs.
 * They run in their own workerd, so the app's isolate and caches are untouched.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { Log, LogLevel, Miniflare } from "miniflare";
import { freePort } from "./proc.ts";

export interface Calibration {
  /** Name → URL of each reference. */
  targets: { name: "bare_worker" | "one_fetch"; url: string }[];
  stop(): Promise<void>;
}

const WORKER = `
export default {
  async fetch(request, env) {
    if (new URL(request.url).pathname === "/one-fetch") {
      const upstream = await fetch(env.UPSTREAM);
      return new Response(await upstream.text(), { headers: { "content-type": "application/json" } });
    }
    return new Response('{"status":"ok"}', { headers: { "content-type": "application/json" } });
  },
};
`;

/**
 * Starts the reference Worker on `compatibilityDate` (the build's; the workerd binary is the one
 * `serveBuiltWorker` chose, through MINIFLARE_WORKERD_PATH) and the upstream it fetches from.
 */
export async function startCalibration(compatibilityDate: string): Promise<Calibration> {
  const upstream = createServer((_req, res) => {
    res.setHeader("content-type", "application/json");
    res.end('{"status":"ok"}');
  });
  await new Promise<void>((resolve) => upstream.listen(0, "127.0.0.1", resolve));
  const upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}/`;
  const mf = new Miniflare({
    host: "127.0.0.1",
    port: await freePort(),
    log: new Log(LogLevel.WARN),
    cf: false,
    logRequests: false,
    modules: true,
    script: WORKER,
    compatibilityDate,
    bindings: { UPSTREAM: upstreamUrl },
  });
  const closeUpstream = () => new Promise<void>((resolve) => upstream.close(() => resolve()));
  let origin: string;
  try {
    origin = (await mf.ready).origin;
  } catch (error) {
    await closeUpstream();
    throw error;
  }
  return {
    targets: [
      { name: "bare_worker", url: `${origin}/` },
      { name: "one_fetch", url: `${origin}/one-fetch` },
    ],
    stop: async () => {
      await mf.dispose().catch(() => {});
      upstream.closeAllConnections();
      await closeUpstream();
    },
  };
}
