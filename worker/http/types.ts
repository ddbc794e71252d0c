import type { RequestContext } from "../context.ts";
import type { Bindings } from "../config/env.ts";

export type AppEnv = {
  Bindings: Bindings;
  Variables: { rc: RequestContext; requestId: string; nonce: string };
};
