import type { z } from "zod";
import type { Action } from "../../shared/permissions.ts";
import type { Area } from "../auth/permissions.ts";
import type { RequestContext } from "../context.ts";
import type { ResourceName } from "../resources/registry.ts";

/**
 * What a function needs from the permission table: its caller's role must be allowed `action`
 * on `resource` (a record of the registry or an area), as `can(role, resource, action)` answers.
 */
export interface FunctionPermission {
  resource: ResourceName | Area;
  action: Action;
}

/**
 * An edge function: `POST /functions/v1/{name}` with a JSON body validated by `input`, callable
 * by a signed-in organization member whose role the permission table allows `permission`.
 */
export interface EdgeFunction<S extends z.ZodType = z.ZodType, R = unknown> {
  name: string;
  input: S;
  permission: FunctionPermission;
  /** A valid body (the API reference and the role matrix call the function with it). */
  example: z.input<S>;
  handler: (rc: RequestContext, input: z.infer<S>) => Promise<R>;
}

export function defineFunction<S extends z.ZodType, R>(fn: EdgeFunction<S, R>): EdgeFunction<S, R> {
  return fn;
}
