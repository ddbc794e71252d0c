import { Hono } from "hono";
import { serve } from "inngest/hono";
import { createInngest } from "../../jobs/client.ts";
import { createFunctions } from "../../jobs/functions.ts";
import type { AppEnv } from "../http/types.ts";

/** Inngest calls this endpoint (signed with INNGEST_SIGNING_KEY) to run our functions. */
export const inngestApi = new Hono<AppEnv>().on(["GET", "POST", "PUT"], "/", (c) => {
  const { config } = c.get("rc");
  const inngest = createInngest(config);
  return serve({ client: inngest, functions: createFunctions(inngest, config) })(c);
});
