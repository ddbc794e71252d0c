import type { LiveEvent, LiveEventType } from "./live-events.ts";

/**
 * The page's side of the live connection (ADR 043), without zod: the browser bundle of every
 * signed-in screen carries it, while the schemas (shared/live-events.ts) check events where
 * they are published, on the server.
 */

export const LIVE_EVENT_TYPES = [
  "record.changed",
  "post.status",
  "post.comment",
  "generation.progress",
] as const satisfies readonly LiveEventType[];

/**
 * What a page accepts from the connection: any object with a known type. Looser than the
 * schema on purpose: a tab left open across a deploy still hears events that grew a field.
 */
export function readLiveEvent(value: unknown): LiveEvent | null {
  if (typeof value !== "object" || value === null) return null;
  const type = (value as { type?: unknown }).type;
  return typeof type === "string" && (LIVE_EVENT_TYPES as readonly string[]).includes(type) ? (value as LiveEvent) : null;
}

/**
 * The connection's timings. The spec gives the realtime timeout (10 000 ms) and a 1 000 ms
 * heartbeat-related step; the rest follow the hosted backend's realtime client it describes.
 */
export const LIVE_TIMING = {
  /** A connection not open, or a ping not answered, within this long is dropped and retried. */
  timeoutMs: 10_000,
  /** How often the page pings (answered by the Durable Object's auto-response, without waking it). */
  heartbeatMs: 25_000,
  /** Waits before each reconnect attempt; the last one repeats. */
  reconnectMs: [1_000, 2_000, 5_000, 10_000],
  /**
   * How far back a page may ask to hear events again: covers the moment between a page's data
   * being read and its subscription (a slow phone, a busy server), and no more.
   */
  replayMs: 15_000,
} as const;

/** The query parameter of a first connection: how many ms back the room should repeat its events. */
export const LIVE_REPLAY_PARAM = "repetir";

/** Reads that parameter: a whole number of ms within `LIVE_TIMING.replayMs`, else none (0). */
export function readReplayMs(value: string | null | undefined): number {
  if (!value || !/^\d{1,6}$/.test(value)) return 0;
  return Math.min(Number(value), LIVE_TIMING.replayMs);
}

/** The heartbeat's words: answered by `setWebSocketAutoResponse`, never reaching the object's code. */
export const LIVE_PING = "ping";
export const LIVE_PONG = "pong";
