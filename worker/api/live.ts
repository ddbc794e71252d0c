import { Hono } from "hono";
import { apiError } from "../http/errors.ts";
import type { Bindings } from "../config/env.ts";
import type { AppEnv } from "../http/types.ts";
import { LIVE_REPLAY_PARAM, readReplayMs } from "../../shared/live-connection.ts";
import { LIVE_REPLAY_HEADER, LIVE_SESSION_HEADER, LIVE_USER_HEADER, liveRoom } from "../live/publish.ts";

/**
 * GET /api/live: the live connection (ADR 043). Authorised here, like every API call (session
 * cookie or bearer, already resolved; no session is the API's 401 before any upgrade), then
 * forwarded to the caller's organização's room only: the room's id comes from the session's
 * organização, never from the request.
 */
export const liveApi = new Hono<AppEnv>().get("/", async (c) => {
  const rc = c.get("rc");
  // A session known from an earlier request is only a hint until the database confirms it
  // (ADR 011): confirm it now, since an open socket outlives the answer it rode on.
  await rc.db.settlePrelude();
  const auth = rc.auth;
  if (!auth) return apiError(c, 401, "Entre para continuar.", "unauthenticated");
  if (!auth.org) return apiError(c, 403, "Conclua o cadastro do negócio para continuar.", "no_organization");
  // Browsers send cookies with a cross-site WebSocket handshake and no CORS guards it: a cookie
  // session connects only from our own pages.
  if (auth.via === "cookie" && c.req.header("origin") !== rc.origin) {
    return apiError(c, 403, "Origem da requisição não permitida.", "bad_origin");
  }
  if (c.req.header("upgrade")?.toLowerCase() !== "websocket") {
    c.header("upgrade", "websocket");
    return apiError(c, 426, "Esta rota aceita apenas WebSocket.", "upgrade_required");
  }
  const live = (rc.env as Bindings | undefined)?.LIVE;
  if (!live) return apiError(c, 503, "Atualização ao vivo indisponível.", "live_unavailable");
  const answer = await liveRoom(live, auth.org.id).fetch("https://live.internal/connect", {
    headers: {
      upgrade: "websocket",
      [LIVE_USER_HEADER]: auth.user.id,
      [LIVE_SESSION_HEADER]: auth.sessionId,
      // A first connection's "what did I miss while loading": capped, so no one replays more.
      [LIVE_REPLAY_HEADER]: String(readReplayMs(c.req.query(LIVE_REPLAY_PARAM))),
    },
  });
  if (!answer.webSocket) return apiError(c, 502, "Atualização ao vivo indisponível.", "live_unavailable");
  // A fresh answer: the room's has immutable headers, and the middleware adds its own.
  return new Response(null, { status: 101, webSocket: answer.webSocket });
});
