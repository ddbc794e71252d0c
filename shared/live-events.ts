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

/** A comment or mention on one of the organização's posts arrived, changed or left (Meta's webhooks). */
export const postCommentEvent = z.strictObject({
  type: z.literal("post.comment"),
  postId: id,
});

/** How far an AI generation went (the next issue's captions and art). */
export const generationProgressEvent = z.strictObject({
  type: z.literal("generation.progress"),
  generationId: id,
  /** 0–100. */
  percent: z.number().int().min(0).max(100),
  /** A short pt-BR line for the screen ("Gerando a imagem…"). */
  stage: z.string().max(80).optional(),
  /** The generation's status when it changed (shared/ai/generation-api.ts); a final one means: read it again. */
  status: z.enum(["na_fila", "gerando", "pronta", "falhou", "cancelada"]).optional(),
  /**
   * Streamed text (ADR 055): `parte` continues the readable text at offset `desde` (UTF-16 units).
   * A page appends it when its text is exactly `desde` long, ignores it when it already has it
   * (a replay), and otherwise missed a piece and reads the generation again (GET
   * /api/ai-generations/:id has the whole text so far). Sent throttled, within the size cap.
   */
  texto: z.strictObject({ desde: z.number().int().min(0), parte: z.string().min(1).max(1500) }).optional(),
});

/** How far a report file went (ADR 086): /relatorios moves its bar, and reads the list again on a final status. */
export const reportProgressEvent = z.strictObject({
  type: z.literal("report.progress"),
  fileId: id,
  /** 0–100. */
  percent: z.number().int().min(0).max(100),
  status: z.enum(["na_fila", "gerando", "pronto", "falhou"]),
});

/** Strict: a field no schema names (a token, a whole record) is refused where it is published. */
export const liveEventSchema = z.discriminatedUnion("type", [
  recordChangedEvent,
  postStatusEvent,
  postCommentEvent,
  generationProgressEvent,
  reportProgressEvent,
]);

export type LiveEvent = z.infer<typeof liveEventSchema>;
export type LiveEventType = LiveEvent["type"];
/** The most a published event may weigh once serialized: the connection carries facts, not data. */
export const MAX_LIVE_EVENT_BYTES = 2048;
