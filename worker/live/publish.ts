import { type LiveEvent, liveEventSchema, MAX_LIVE_EVENT_BYTES } from "../../shared/live-events.ts";
import type { LiveRoom } from "./room.ts";

/**
 * The header the Worker sets when it forwards an authorised upgrade to the room. Only the Worker
 * reaches the room (a binding, not a route), so it cannot come from a browser.
 */
export const LIVE_USER_HEADER = "x-alicerce-live-user";

/** The session the socket rides on (its id, a digest: never the cookie's token), so signing out closes it. */
export const LIVE_SESSION_HEADER = "x-alicerce-live-session";

/** A socket's tag for its session (user ids are tags too; the prefix keeps the two apart). */
export function liveSessionTag(sessionId: string): string {
  return `sessao:${sessionId}`;
}

/** How many ms back the room repeats its events to a new socket (already read and capped). */
export const LIVE_REPLAY_HEADER = "x-alicerce-live-replay";

/** The `LIVE` Durable Object binding (wrangler.toml), one room per organização. */
export type LiveNamespace = DurableObjectNamespace<LiveRoom>;

/** What publishing needs from a request or a job: the binding (absent: nobody listens) and waitUntil. */
export interface LiveContext {
  live?: LiveNamespace | undefined;
  waitUntil: (promise: Promise<unknown>) => void;
}

/** The organização's room: the same id for the same organização, in every Worker and job. */
export function liveRoom(live: LiveNamespace, orgId: string): DurableObjectStub<LiveRoom> {
  return live.get(live.idFromName(`org:${orgId}`));
}

/**
 * Tells every open page of `orgId` what changed (ADR 043), after the answer: the request never
 * waits for it and costs no database round trip. Without the binding (Node tests, scripts) it
 * does nothing. An event that breaks the schema or the size limit is a programming error and
 * throws here, where it was made; a delivery failure is only logged (pages catch up when they
 * reconnect, and the data itself is already saved).
 */
export function publishLive(ctx: LiveContext, orgId: string, event: LiveEvent, options: { userId?: string } = {}): void {
  const live = ctx.live;
  if (!live) return;
  const parsed = liveEventSchema.parse(event);
  if (JSON.stringify(parsed).length > MAX_LIVE_EVENT_BYTES) throw new Error(`evento ao vivo grande demais: ${parsed.type}`);
  ctx.waitUntil(
    liveRoom(live, orgId)
      .publish(parsed, options.userId)
      .catch((error: unknown) => console.error(`[live] não entregue (${parsed.type})`, error)),
  );
}

/**
 * Closes the open pages of `orgId` whose access just ended (ADR 043 amendment): a user's (removed
 * or deactivated, every password session ended) or one session's (signed out). Called where the
 * sessions or the membership change; after the answer, like `publishLive`. Without the binding it
 * does nothing.
 */
export function endLiveAccess(ctx: LiveContext, orgId: string | null | undefined, who: { userId: string } | { sessionId: string }): void {
  const live = ctx.live;
  if (!live || !orgId) return;
  const tag = "userId" in who ? who.userId : liveSessionTag(who.sessionId);
  ctx.waitUntil(
    liveRoom(live, orgId)
      .disconnect(tag)
      .catch((error: unknown) => console.error("[live] sockets não encerrados", error)),
  );
}
