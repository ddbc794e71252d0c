import { createRequestHandler } from "react-router";
import { createApp } from "./app.ts";
import type { Bindings } from "./config/env.ts";
import { runScheduledSweep } from "./scheduled.ts";

const loadBuild = () => import("virtual:react-router/server-build");
const handler = createRequestHandler(loadBuild, import.meta.env.MODE);

const app = createApp({
  renderPage: (request, context) => handler(request, context),
  buildVersion: async () => (await loadBuild()).assets.version,
});

export default {
  fetch: app.fetch,
  scheduled(_controller, env, ctx) {
    ctx.waitUntil(runScheduledSweep(env as Record<string, unknown>));
  },
} satisfies ExportedHandler<Bindings>;
