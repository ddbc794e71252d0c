import { Hono } from "hono";
import { RouterContextProvider } from "react-router";
import { authApi, wellKnown } from "./api/auth.ts";
import { docsApi } from "./api/docs.ts";
import { functionsApi } from "./api/functions.ts";
import { inngestApi } from "./api/inngest.ts";
import { liveApi } from "./api/live.ts";
import { documentFilesApi } from "./api/document-files.ts";
import { reportFilesApi } from "./api/report-files.ts";
import { mediaApi } from "./api/media.ts";
import { aiGenerationsApi } from "./api/ai-generations.ts";
import { dataDeletionPage } from "./api/data-deletion-page.ts";
import { meApi } from "./api/me.ts";
import { metaWebhooksApi } from "./api/meta-webhooks.ts";
import { portalApi } from "./api/portal.ts";
import { signedMediaApi } from "./api/signed-media.ts";
import { mountResourceApis } from "./api/resources.ts";
import { requestContext } from "./context.ts";
import { bodyLimit, limitBody } from "./http/body-limit.ts";
import { apiError, INTERNAL_ERROR } from "./http/errors.ts";
import {
  keepsBodyForRecheck,
  logger,
  originCheck,
  requestContextMiddleware,
  requestId,
  SESSION_RECHECK_HEADER,
  securityHeaders,
} from "./http/middleware.ts";
import type { AppEnv } from "./http/types.ts";

export interface AppDeps {
  /** React Router's request handler (the built app); tests may pass a stub. */
  renderPage: (request: Request, context: RouterContextProvider) => Promise<Response>;
  /** Identifies the deployed build; the browser polls it to offer a reload. */
  buildVersion: () => Promise<string>;
}

/**
 * The Worker's HTTP surface: middleware (request id → log → security headers → body size
 * limit → context and session → CSRF), then the API, edge functions and Inngest, then every
 * other method and path to React Router.
 */
export function createApp(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.use("*", requestId, logger, securityHeaders, bodyLimit);

  // Needs no database: the floor for benchmarks and the load balancer's probe.
  app.get("/api/health", (c) => c.json({ ok: true }));
  app.route("/api", docsApi); // GET /api/openapi.json and /api/docs: public, no database (ADR 015)
  app.route("/", portalApi); // the VRSync feed and the portal lead webhook: their own secrets, no session nor Origin (ADR 020)
  app.route("/", metaWebhooksApi); // Meta's webhooks and callbacks: Meta's signatures, no session nor Origin (ADR 046)
  app.route("/", dataDeletionPage); // GET /exclusao-de-dados/:code: a data-deletion request's status, public (ADR 046)
  app.route("/", signedMediaApi); // GET /media/signed/*: files Meta downloads, by signature alone (ADR 042)
  app.get("/latest.json", async (c) => {
    c.header("cache-control", "no-store");
    return c.json({ id: await deps.buildVersion(), timestamp: Date.now() });
  });

  app.use("*", requestContextMiddleware, originCheck);
  app.route("/.well-known", wellKnown);
  app.route("/api/auth", authApi);
  app.route("/api/inngest", inngestApi);
  app.use("/api/*", async (c, next) => {
    if (!c.get("rc").auth) return apiError(c, 401, "Entre para continuar.", "unauthenticated");
    return next();
  });
  app.route("/api/me", meApi);
  app.route("/api/live", liveApi); // the live connection's WebSocket (ADR 043)
  app.route("/api/ai-generations", aiGenerationsApi); // AI generations: ask, read while it streams, cancel (ADR 055)
  mountResourceApis(app);
  app.route("/", mediaApi); // GET /media/* (property photos, public or members) and /api/property-photos/*
  app.route("/", documentFilesApi); // GET /documents/file/<id>: a document for the member its 5-minute link names (ADR 074)
  app.route("/", reportFilesApi); // GET /reports/file/<id>: a report file for the member its 5-minute link names (ADR 086)
  app.all("/api/*", (c) => apiError(c, 404, "Rota da API não encontrada.", "not_found"));
  app.route("/functions/v1", functionsApi);
  // Nothing under the functions' prefix is a page: an empty or nested name is an unknown function.
  app.all("/functions/v1/*", (c) => {
    c.header("x-relay-error", "true");
    return apiError(c, 404, "Função não encontrada.", "function_not_found");
  });

  app.all("*", async (c) => {
    const context = new RouterContextProvider();
    context.set(requestContext, c.get("rc"));
    return deps.renderPage(c.req.raw, context);
  });

  // An answer made under a session that changed or ended meanwhile is served again, once
  // (see SESSION_RECHECK_HEADER): reads, and the few writes allowed there, whose body is kept.
  const serve = app.fetch;
  app.fetch = async (request, env, executionCtx) => {
    const keep = keepsBodyForRecheck(request);
    // Capped before it is copied, so that neither copy reads the source past the limit.
    if (keep) request = limitBody(request) as typeof request;
    const spare: typeof request = keep ? (request.clone() as typeof request) : request;
    const first = await serve(request, env, executionCtx);
    if (!first.headers.has(SESSION_RECHECK_HEADER)) return first;
    const again = await serve(spare, env, executionCtx);
    if (!again.headers.has(SESSION_RECHECK_HEADER)) return again;
    return new Response("Sua sessão mudou durante o acesso. Recarregue a página.", {
      status: 503,
      headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store", "retry-after": "1" },
    });
  };

  app.onError((error, c) => {
    console.error(`[${c.get("requestId") ?? "-"}] erro não tratado`, error);
    const path = new URL(c.req.url).pathname;
    if (path.startsWith("/api/") || path.startsWith("/functions/")) return apiError(c, 500, INTERNAL_ERROR, "internal_error");
    return c.html(errorPage(), 500);
  });
  return app;
}

/** Last-resort page when the app itself cannot render (e.g. database unreachable). */
function errorPage(): string {
  return `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Erro interno | Alicerce</title></head><body style="font-family:system-ui,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem"><h1>Erro interno</h1><p>Algo deu errado do nosso lado. Tente novamente em instantes.</p><p><a href="/">Voltar ao início</a></p></body></html>`;
}
