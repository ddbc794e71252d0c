import { createRequestHandler } from "react-router";
import { scheduledJobs } from "../jobs/test-probes.ts";
import { createApp } from "./app.ts";
import type { Bindings } from "./config/env.ts";
import { runScheduledSweep } from "./scheduled.ts";

// The live connection's Durable Object: exported from the entry, as the runtime requires (ADR 043).
export { LiveRoom } from "./live/room.ts";

const loadBuild = () => import("virtual:react-router/server-build");

/**
 * React Router's handler. Given a function, it loads the build and derives its route tables
 * (routes, static handler, ranking) again on every request, which dev's hot reload needs; in a
 * built Worker the build never changes, so it gets the build itself, once per isolate (that
 * derivation was ≈10% of a list page's CPU).
 */
let handler: ReturnType<typeof createRequestHandler> | undefined;
async function pageHandler(): Promise<ReturnType<typeof createRequestHandler>> {
  if (import.meta.env.DEV) return createRequestHandler(loadBuild, import.meta.env.MODE);
  handler ??= createRequestHandler(await loadBuild(), import.meta.env.MODE);
  return handler;
}

const app = createApp({
  renderPage: async (request, context) => (await pageHandler())(request, context),
  buildVersion: async () => (await loadBuild()).assets.version,
});

export default {
  fetch: app.fetch,
  scheduled(_controller, env, ctx) {
    const jobs = scheduledJobs(env.APP_ENV);
    ctx.waitUntil(runScheduledSweep(env as Record<string, unknown>, new Date(), jobs ? { jobs } : {}));
  },
} satisfies ExportedHandler<Bindings>;
