import { Hono } from "hono";
import { can, FORBIDDEN_MESSAGE } from "../auth/permissions.ts";
import { edgeFunctions } from "../functions/index.ts";
import { apiError, toApiResponse } from "../http/errors.ts";
import type { AppEnv } from "../http/types.ts";

/**
 * `POST /functions/v1/{name}`. Errors of the relay itself (unknown function, unreadable body)
 * carry `x-relay-error: true` so the browser client can tell them from the function's own answer.
 */
export const functionsApi = new Hono<AppEnv>().post("/:name", async (c) => {
  const fn = edgeFunctions.get(c.req.param("name"));
  if (!fn) {
    c.header("x-relay-error", "true");
    return apiError(c, 404, "Função não encontrada.", "function_not_found");
  }
  const rc = c.get("rc");
  if (!rc.auth) return apiError(c, 401, "Entre para continuar.", "unauthenticated");
  // The permission table decides (worker/auth/permissions.ts), as for every other door.
  const { resource, action } = fn.permission;
  if (!rc.auth.org || !can(rc.auth.org.role, resource, action)) return apiError(c, 403, FORBIDDEN_MESSAGE, "forbidden");
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    c.header("x-relay-error", "true");
    return apiError(c, 400, "Corpo da requisição deve ser JSON.", "invalid_json");
  }
  const parsed = fn.input.safeParse(body);
  if (!parsed.success) return toApiResponse(c, parsed.error);
  try {
    return c.json({ data: await fn.handler(rc, parsed.data) });
  } catch (error) {
    return toApiResponse(c, error);
  }
});
