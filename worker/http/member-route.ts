import type { Context } from "hono";
import { serviceContext } from "../context.ts";
import type { Actor, ServiceContext } from "../services/context.ts";
import { apiError, toApiResponse } from "./errors.ts";
import type { AppEnv } from "./types.ts";

type Ctx = Context<AppEnv>;

/** The signed-in member of an organização as the services see them, or the API's 401/403 answer. */
export function memberActor(c: Ctx): Actor | Response {
  const auth = c.get("rc").auth;
  if (!auth) return apiError(c, 401, "Entre para continuar.", "unauthenticated");
  if (!auth.org) return apiError(c, 403, "Complete o cadastro do negócio para continuar.", "no_organization");
  const { id: orgId, role, ownOnly, timeZone, professionalId } = auth.org;
  return { userId: auth.user.id, orgId, role, ownOnly, timeZone, ...(professionalId ? { professionalId } : {}) };
}

/**
 * Runs an API handler for a signed-in member: the service context and actor in, every error out as
 * pt-BR JSON (`toApiResponse`). `answerError` lets a route answer its own errors first (a 429 with
 * Retry-After, a field list); returning undefined leaves the error to the common answer.
 */
export async function runAsMember(
  c: Ctx,
  handler: (ctx: ServiceContext, actor: Actor) => Promise<Response>,
  answerError?: (error: unknown) => Response | undefined,
): Promise<Response> {
  const actor = memberActor(c);
  if (actor instanceof Response) return actor;
  try {
    return await handler(serviceContext(c.get("rc")), actor);
  } catch (error) {
    return answerError?.(error) ?? toApiResponse(c, error);
  }
}
