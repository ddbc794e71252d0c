import { z } from "zod";

/**
 * What the live connection carries to every open page of one organização (ADR 043): small
 * facts that tell a screen to read again, never the data itself and never a token. A screen
 * that hears one revalidates its loaders, which check the session and the permission table.
 */
const id = z.string().min(1).max(64);

/** A record of a registry resource was created, edited, deleted or restored (any resource). */
export const recordChangedEvent = z.strictObject({
  type: z.literal("record.changed"),
  /** The resource definition's name (e.g. the list it belongs to). */
  resource: z.string().min(1).max(64),
  action: z.enum(["created", "updated", "deleted", "restored"]),
  /** Which records; absent when many changed at once (an import). */
  ids: z.array(id).max(100).optional(),
});

/** One network of a post changed status (publishing engine). */
export const postStatusEvent = z.strictObject({
  type: z.literal("post.status"),
  postId: id,
  network: z.enum(["facebook", "instagram"]),
  status: z.enum(["rascunho", "aguardando_aprovacao", "agendado", "publicando", "publicado", "falhou", "cancelado"]),
});

/** How far an AI generation went (the next issue's captions and art). */
export const generationProgressEvent = z.strictObject({
  type: z.literal("generation.progress"),
  generationId: id,
  /** 0–100. */
  percent: z.number().int().min(0).max(100),
  /** A short pt-BR line for the screen ("Gerando a imagem…"). */
  stage: z.string().max(80).optional(),
});

/** Strict: a field no schema names (a token, a whole record) is refused where it is published. */
export const liveEventSchema = z.discriminatedUnion("type", [recordChangedEvent, postStatusEvent, generationProgressEvent]);

export type LiveEvent = z.infer<typeof liveEventSchema>;
export type LiveEventType = LiveEvent["type"];
export const LIVE_EVENT_TYPES = ["record.changed", "post.status", "generation.progress"] as const satisfies readonly LiveEventType[];

/**
 * What a page accepts from the connection: any object with a known type. Looser than the
 * schema on purpose: a tab left open across a deploy still hears events that grew a field.
 */
export function readLiveEvent(value: unknown): LiveEvent | null {
  if (typeof value !== "object" || value === null) return null;
  const type = (value as { type?: unknown }).type;
  return typeof type === "string" && (LIVE_EVENT_TYPES as readonly string[]).includes(type) ? (value as LiveEvent) : null;
}

/** The most a published event may weigh once serialized: the connection carries facts, not data. */
export const MAX_LIVE_EVENT_BYTES = 2048;

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
} as const;

/** The heartbeat's words: answered by `setWebSocketAutoResponse`, never reaching the object's code. */
export const LIVE_PING = "ping";
export const LIVE_PONG = "pong";
