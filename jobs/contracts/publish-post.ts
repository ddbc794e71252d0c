import { z } from "zod";
import { defineContract } from "../define.ts";

/** A network's publication changed (edited, rescheduled, cancelled, sent back): its sleeping run stops. */
export const PUBLICATION_CHANGED = "social/publication.changed";

/**
 * Publishes one network's publication of a post (ADR 047): sleeps until its time, claims it, talks
 * to Meta, records every id as it arrives. One run per (publication, version): `version` is the
 * row's updated_at when it was scheduled, so an edit starts a new run and the old one stops.
 */
export const publishPost = defineContract({
  id: "publish-post",
  event: "social/publication.scheduled",
  payload: z.object({
    orgId: z.string().min(1),
    targetId: z.string().min(1),
    accountId: z.string().min(1),
    /** post_targets.updated_at (ms) when dispatched: the claim refuses a changed row. */
    version: z.number().int(),
    /** When it goes (ISO). */
    at: z.string().min(1),
    /** `${targetId}:${version}`: a sweep and the scheduling request start one run, not two. */
    key: z.string().min(1),
    /** Our public origin (signed image URLs); APP_URL wins when set. */
    origin: z.string().optional(),
  }),
  // Retries with backoff on Meta's 5xx, 429, rate limits and unanswered calls (the step notes each).
  retries: 5,
  concurrency: { key: "data.accountId", limit: 1 },
  idempotency: "data.key",
  cancelOn: [{ event: PUBLICATION_CHANGED, match: "data.targetId" }],
});
