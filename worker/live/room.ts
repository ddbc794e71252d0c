import { DurableObject } from "cloudflare:workers";
import { LIVE_PING, LIVE_PONG, LIVE_TIMING, readReplayMs } from "../../shared/live-connection.ts";
import type { LiveEvent } from "../../shared/live-events.ts";
import { LIVE_REPLAY_HEADER, LIVE_SESSION_HEADER, LIVE_USER_HEADER, liveSessionTag } from "./publish.ts";

/** What each socket remembers across hibernation (serializeAttachment): who opened it, and when. */
export interface LiveAttachment {
  userId: string;
  connectedAt: number;
}

/** An event the room sent lately, for a page that connects just after (see `fetch`). */
interface SentEvent {
  at: number;
  text: string;
  userId: string | undefined;
}

/** The close code of a socket whose access ended (an application code: 4000–4999). */
export const LIVE_ACCESS_ENDED = 4001;

/** Enough for a burst (an import); older ones go sooner by age anyway. */
const MAX_REMEMBERED = 200;

/**
 * One per organização (its id from the org id): holds that organização's open pages' sockets and
 * relays what `publishLive` sends (ADR 043). Hibernatable: the sockets are accepted by the
 * runtime (`ctx.acceptWebSocket`), so an idle room is evicted from memory and costs nothing,
 * and the heartbeat is answered by the runtime's auto-response without waking it.
 *
 * It remembers, in memory only, what it sent in the last `LIVE_TIMING.replayMs`: a page that
 * read its data and then connected would otherwise miss what happened in between, so a first
 * connection asks for the events since its page began loading. An evicted room has sent nothing
 * lately, so losing the memory with it loses nothing that matters.
 */
export class LiveRoom extends DurableObject<unknown> {
  #sent: SentEvent[] = [];

  constructor(ctx: DurableObjectState, env: unknown) {
    super(ctx, env);
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair(LIVE_PING, LIVE_PONG));
  }

  /** A socket the Worker already authorised for this organização. */
  override async fetch(request: Request): Promise<Response> {
    const userId = request.headers.get(LIVE_USER_HEADER);
    if (request.headers.get("upgrade")?.toLowerCase() !== "websocket" || !userId) {
      return new Response("Conexão ao vivo inválida.", { status: 400 });
    }
    const sessionId = request.headers.get(LIVE_SESSION_HEADER);
    const { 0: client, 1: server } = new WebSocketPair();
    // Tagged by user (an event meant for one person reaches only their pages; their access ending
    // closes them) and by session (signing out closes that session's pages).
    this.ctx.acceptWebSocket(server, sessionId ? [userId, liveSessionTag(sessionId)] : [userId]);
    server.serializeAttachment({ userId, connectedAt: Date.now() } satisfies LiveAttachment);
    const replayMs = readReplayMs(request.headers.get(LIVE_REPLAY_HEADER));
    if (replayMs > 0) {
      const since = Date.now() - replayMs;
      for (const sent of this.#recent()) {
        // Queued until the page's side opens; one meant for another person stays theirs.
        if (sent.at >= since && (sent.userId === undefined || sent.userId === userId)) server.send(sent.text);
      }
    }
    return new Response(null, { status: 101, webSocket: client });
  }

  /** Sends an already validated event to every open socket (or only `userId`'s); returns how many. */
  async publish(event: LiveEvent, userId?: string): Promise<number> {
    const text = JSON.stringify(event);
    this.#recent().push({ at: Date.now(), text, userId });
    if (this.#sent.length > MAX_REMEMBERED) this.#sent.shift();
    let sent = 0;
    for (const ws of this.ctx.getWebSockets(userId)) {
      try {
        ws.send(text);
        sent++;
      } catch {
        // Closing meanwhile: its page reconnects and revalidates.
      }
    }
    return sent;
  }

  /**
   * Closes the sockets tagged `tag` (a user id, or `liveSessionTag`): their access to this
   * organização ended (signed out, removed, deactivated). A page that reconnects is authorised
   * again, and a session that ended is refused. Returns how many were closed.
   */
  async disconnect(tag: string): Promise<number> {
    let closed = 0;
    for (const ws of this.ctx.getWebSockets(tag)) {
      try {
        ws.close(LIVE_ACCESS_ENDED, "acesso encerrado");
        closed++;
      } catch {
        // Already closed.
      }
    }
    return closed;
  }

  /** The remembered events, the too-old ones dropped. */
  #recent(): SentEvent[] {
    const since = Date.now() - LIVE_TIMING.replayMs;
    while (this.#sent[0] && this.#sent[0].at < since) this.#sent.shift();
    return this.#sent;
  }

  /** Pages only ping (answered without waking the room); anything else is ignored. */
  override async webSocketMessage(_ws: WebSocket, _message: string | ArrayBuffer): Promise<void> {}

  override async webSocketClose(ws: WebSocket, code: number, reason: string): Promise<void> {
    try {
      // Completes the closing handshake (1005/1006 are not codes one may send).
      ws.close(code === 1005 || code === 1006 ? 1000 : code, reason);
    } catch {
      // Already closed.
    }
  }

  override async webSocketError(ws: WebSocket): Promise<void> {
    try {
      ws.close(1011, "erro");
    } catch {
      // Already closed.
    }
  }
}
