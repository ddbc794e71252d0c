import { Inngest } from "inngest";
import type { Config } from "../worker/config/env.ts";

export function createInngest(config: Config): Inngest {
  return new Inngest({
    id: "alicerce",
    eventKey: config.INNGEST_EVENT_KEY,
    signingKey: config.INNGEST_SIGNING_KEY,
    baseUrl: config.INNGEST_BASE_URL,
    isDev: Boolean(config.INNGEST_DEV) && !config.INNGEST_EVENT_KEY,
  });
}
