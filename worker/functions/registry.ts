import type { z } from "zod";
import type { Role } from "../../db/schema/organizations.ts";
import type { RequestContext } from "../context.ts";

/**
 * An edge function: `POST /functions/v1/{name}` with a JSON body validated by `input`,
 * callable by the listed roles of a signed-in organization member.
 */
export interface EdgeFunction<S extends z.ZodType = z.ZodType, R = unknown> {
  name: string;
  input: S;
  roles: readonly Role[];
  handler: (rc: RequestContext, input: z.infer<S>) => Promise<R>;
}

export function defineFunction<S extends z.ZodType, R>(fn: EdgeFunction<S, R>): EdgeFunction<S, R> {
  return fn;
}
