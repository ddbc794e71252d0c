import { z } from "zod";
import { defineContract } from "../define.ts";

/** The person pressed "Cancelar": Inngest stops the run at its next step (the run also sees the row). */
export const AI_CONTENT_CANCELLED = "ai/content.cancelled";

/**
 * Writes one AI generation (ADR 055): the row `ai_generations` names what was asked; the run
 * streams it to the asker's pages and leaves the row final. One run per generation.
 */
export const aiContent = defineContract({
  id: "ai-content",
  event: "ai/content.requested",
  payload: z.object({
    generationId: z.string().min(1),
    orgId: z.string().min(1),
    /** Who asked: their reach loads the facts, their pages get the text. */
    userId: z.string().min(1),
    /** Our public origin (a listing's link in the caption); APP_URL wins when set. */
    origin: z.string().optional(),
  }),
  // A crash retries once (the run starts over); after that the failure handler marks it failed.
  retries: 1,
  // A few at once per organização: one office's burst does not hold every runner.
  concurrency: { key: "data.orgId", limit: 3 },
  idempotency: "data.generationId",
  cancelOn: [{ event: AI_CONTENT_CANCELLED, match: "data.generationId" }],
});
