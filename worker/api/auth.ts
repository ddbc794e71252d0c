import { Hono } from "hono";
import { z } from "zod";
import { ACCESS_TOKEN_TTL_S, publicJwks } from "../auth/jwt.ts";
import { serviceContext } from "../context.ts";
import { revokeSession } from "../auth/sessions.ts";
import { endLiveAccess } from "../live/publish.ts";
import { issueTokens, REFRESH_TTL_MS, rotateRefreshToken } from "../services/account/api-tokens.ts";
import { apiError, toApiResponse } from "../http/errors.ts";
import type { AppEnv } from "../http/types.ts";
import { type DocumentedRouter, documented, json, ref, type RouteDoc } from "./route-doc.ts";

const tokenInput = z.object({ email: z.string().trim().min(1).max(254), senha: z.string().min(1).max(200) });
const refreshInput = z.object({ refresh_token: z.string().min(10).max(200) });

async function jsonBody(request: Request): Promise<unknown> {
  try {
    return await request.json();
  } catch {
    return undefined;
  }
}

const TOKEN_PAIR = {
  TokenPair: {
    type: "object",
    title: "Tokens",
    required: ["access_token", "token_type", "expires_in", "refresh_token"],
    properties: {
      access_token: { type: "string", description: "JWT para o cabeçalho Authorization: Bearer." },
      token_type: { type: "string", const: "bearer" },
      expires_in: { type: "integer", description: "Segundos até o access_token expirar." },
      refresh_token: { type: "string", description: "Uso único: troque por um par novo em POST /api/auth/refresh." },
    },
  },
} as const satisfies RouteDoc["schemas"];

const TOKEN_DOC: RouteDoc = {
  operationId: "authToken",
  access: "public",
  summary: "Entrar: trocar e-mail e senha por tokens",
  description: `Abre uma sessão de API (listada e revogável como as do navegador) e devolve o access_token (JWT, ${ACCESS_TOKEN_TTL_S / 60} minutos) e o refresh_token (${Math.round(REFRESH_TTL_MS / 86_400_000)} dias, uso único).`,
  body: {
    type: "object",
    required: ["email", "senha"],
    additionalProperties: false,
    properties: {
      email: { type: "string", format: "email", maxLength: 254 },
      senha: { type: "string", minLength: 1, maxLength: 200 },
    },
  },
  bodyExample: { email: "voce@exemplo.com.br", senha: "sua senha" },
  response: { description: "Os tokens.", content: json(ref("TokenPair")) },
  errors: ["400", "401", "403", "429"],
  schemas: TOKEN_PAIR,
};

const REFRESH_DOC: RouteDoc = {
  operationId: "authRefresh",
  access: "public",
  summary: "Renovar os tokens",
  description:
    "Troca um refresh_token por um par novo. Cada refresh_token vale uma vez: usar de novo um que já foi trocado encerra a sessão inteira (sinal de vazamento).",
  body: {
    type: "object",
    required: ["refresh_token"],
    additionalProperties: false,
    properties: { refresh_token: { type: "string", minLength: 10, maxLength: 200 } },
  },
  bodyExample: { refresh_token: "<refresh_token>" },
  response: { description: "O par novo.", content: json(ref("TokenPair")) },
  errors: ["400", "401"],
  schemas: TOKEN_PAIR,
};

const LOGOUT_DOC: RouteDoc = {
  operationId: "authLogout",
  access: "bearer",
  summary: "Sair: encerrar a sessão",
  description: "Encerra a sessão do token (ou do cookie): o access_token e o refresh_token dela deixam de valer.",
  response: {
    description: "Sessão encerrada (sem sessão, nada a encerrar).",
    content: json({ type: "object", required: ["ok"], properties: { ok: { type: "boolean", const: true } } }),
  },
  errors: ["401"],
};

/** `/api/auth/*`: the only API paths that need no bearer token. */
export const authApi = new Hono<AppEnv>()
  .post(
    "/token",
    documented(TOKEN_DOC, async (c) => {
      const parsed = tokenInput.safeParse(await jsonBody(c.req.raw));
      if (!parsed.success) return apiError(c, 400, "Informe e-mail e senha.", "validation_error");
      try {
        return c.json(await issueTokens(serviceContext(c.get("rc")), parsed.data.email, parsed.data.senha));
      } catch (error) {
        return toApiResponse(c, error);
      }
    }),
  )
  .post(
    "/refresh",
    documented(REFRESH_DOC, async (c) => {
      const parsed = refreshInput.safeParse(await jsonBody(c.req.raw));
      if (!parsed.success) return apiError(c, 400, "Informe o refresh_token.", "validation_error");
      try {
        return c.json(await rotateRefreshToken(serviceContext(c.get("rc")), parsed.data.refresh_token));
      } catch (error) {
        return toApiResponse(c, error);
      }
    }),
  )
  .post(
    "/logout",
    documented(LOGOUT_DOC, async (c) => {
      const rc = c.get("rc");
      if (rc.auth) {
        await revokeSession(rc.db, rc.auth.sessionId, rc.auth.user.id);
        // An open live socket of this session would otherwise keep hearing the organização's events.
        endLiveAccess(serviceContext(rc), rc.auth.memberOf?.id, { sessionId: rc.auth.sessionId });
      }
      // Wipes what a browser kept for this origin, as the page logout does.
      c.header("clear-site-data", '"cache", "cookies", "storage"');
      return c.json({ ok: true });
    }),
  );

/** The reference lists these routes under their own tag. */
export const authReference: DocumentedRouter = {
  prefix: "/api/auth",
  app: authApi,
  tag: { name: "Autenticação", description: "Tokens para integrações: entrar, renovar, sair." },
};

export const wellKnown = new Hono<AppEnv>().get("/jwks.json", async (c) => {
  c.header("cache-control", "public, max-age=300");
  return c.json(await publicJwks(c.get("rc").config.JWT_PRIVATE_JWK));
});
