import { Hono } from "hono";
import { z } from "zod";
import { publicJwks } from "../auth/jwt.ts";
import { serviceContext } from "../context.ts";
import { revokeSession } from "../auth/sessions.ts";
import { issueTokens, rotateRefreshToken } from "../services/api-tokens.ts";
import { apiError, toApiResponse } from "../http/errors.ts";
import type { AppEnv } from "../http/types.ts";

const tokenInput = z.object({ email: z.string().trim().min(1).max(254), senha: z.string().min(1).max(200) });
const refreshInput = z.object({ refresh_token: z.string().min(10).max(200) });

async function jsonBody(request: Request): Promise<unknown> {
  try {
    return await request.json();
  } catch {
    return undefined;
  }
}

/** `/api/auth/*`: the only API paths that need no bearer token. */
export const authApi = new Hono<AppEnv>()
  .post("/token", async (c) => {
    const parsed = tokenInput.safeParse(await jsonBody(c.req.raw));
    if (!parsed.success) return apiError(c, 400, "Informe e-mail e senha.", "validation_error");
    try {
      return c.json(await issueTokens(serviceContext(c.get("rc")), parsed.data.email, parsed.data.senha));
    } catch (error) {
      return toApiResponse(c, error);
    }
  })
  .post("/refresh", async (c) => {
    const parsed = refreshInput.safeParse(await jsonBody(c.req.raw));
    if (!parsed.success) return apiError(c, 400, "Informe o refresh_token.", "validation_error");
    try {
      return c.json(await rotateRefreshToken(serviceContext(c.get("rc")), parsed.data.refresh_token));
    } catch (error) {
      return toApiResponse(c, error);
    }
  })
  .post("/logout", async (c) => {
    const rc = c.get("rc");
    if (rc.auth) await revokeSession(rc.db, rc.auth.sessionId, rc.auth.user.id);
    // Wipes what a browser kept for this origin, as the page logout does.
    c.header("clear-site-data", '"cache", "cookies", "storage"');
    return c.json({ ok: true });
  });

export const wellKnown = new Hono<AppEnv>().get("/jwks.json", async (c) => {
  c.header("cache-control", "public, max-age=300");
  return c.json(await publicJwks(c.get("rc").config.JWT_PRIVATE_JWK));
});
