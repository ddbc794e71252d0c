import { Hono } from "hono";
import { type Bindings, usesInngest } from "../config/env.ts";
import { apiError } from "../http/errors.ts";
import type { AppEnv } from "../http/types.ts";

/**
 * Inngest calls this endpoint (signed with INNGEST_SIGNING_KEY) to run our functions: every job
 * definition of jobs/registry.ts (ADR 017). The SDK is large, so it loads on first use instead
 * of at Worker start-up.
 */
export const inngestApi = new Hono<AppEnv>().on(["GET", "POST", "PUT"], "/", async (c) => {
  const { config } = c.get("rc");
  // Without Inngest configured, the local runner (jobs/runner.ts) runs the jobs: nothing to serve.
  if (!usesInngest(config)) return apiError(c, 404, "Inngest não configurado: os jobs rodam no próprio Worker.", "inngest_disabled");
  const [{ serve }, { createInngest }, { createFunctions }] = await Promise.all([
    import("inngest/hono"),
    import("../../jobs/client.ts"),
    import("../../jobs/functions.ts"),
  ]);
  const inngest = createInngest(config);
  const { FILES, LIVE, REPORTS } = (c.env ?? {}) as Bindings;
  return serve({
    client: inngest,
    functions: await createFunctions(inngest, config, undefined, { FILES, LIVE, REPORTS: REPORTS as Fetcher | undefined }),
  })(c);
});
