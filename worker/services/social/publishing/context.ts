import type { Database } from "../../../../db/client.ts";
import type { Config } from "../../../config/env.ts";
import { type GraphRequest, graphRequest, metaEndpoints } from "../../../integrations/meta/graph.ts";
import type { LiveNamespace } from "../../../live/publish.ts";

/**
 * What the publishing steps need (ADR 047): the database, the config, a clock, the run that holds
 * the claim (every write is fenced on it), the origin Meta downloads images from, and the
 * bindings (bucket, live rooms) the job was given.
 */
export interface PublishingContext {
  db: Database;
  config: Config;
  now: () => Date;
  /** The job run: its id is the claim's fencing token. */
  runId: string;
  /** Our public origin: signed image URLs are on it (APP_URL, or the request's that dispatched). */
  origin: string;
  files?: R2Bucket | undefined;
  live?: LiveNamespace | undefined;
  waitUntil: (promise: Promise<unknown>) => void;
}

/** One Graph call with the configured hosts and timeout. */
export function meta<T>(ctx: PublishingContext, request: GraphRequest): Promise<T> {
  return graphRequest<T>(metaEndpoints(ctx.config), { timeoutMs: ctx.config.META_TIMEOUT_MS, ...request });
}
