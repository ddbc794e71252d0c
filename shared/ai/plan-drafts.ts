import { z } from "zod";
import type { IdeaFormat } from "./generation-options.ts";

/**
 * "Criar rascunhos" of a month plan (ADR 057), client-safe: what /ai-content sends and reads back.
 * Each chosen idea becomes a draft post on /content-calendar at its day, once: asking again
 * creates only the ideas not yet drafts (or whose draft was deleted).
 */

/** POST: turn the plan's ideas (all, or the chosen ones) into drafts. */
export const planDraftsPath = (generationId: string): string => `/api/ai-generations/${generationId}/rascunhos`;

export const planDraftsRequestSchema = z.object({
  /** Positions in the plan's `ideias`; absent: every idea. */
  ideias: z
    .array(
      z
        .number({ error: () => "Escolha as ideias pela posição." })
        .int()
        .min(0)
        .max(30),
      {
        error: () => "Escolha as ideias pela posição.",
      },
    )
    .min(1, "Escolha ao menos uma ideia.")
    .max(31)
    .optional(),
});
export type PlanDraftsRequest = z.infer<typeof planDraftsRequestSchema>;

export interface PlanDraftsResult {
  /** Drafts created by this request. */
  criados: number;
  /** Chosen ideas that were already drafts (asked before). */
  jaEram: number;
  /** Chosen ideas whose day has passed in the organização's zone: no draft. */
  passadas: number;
  /** The first day with a draft (aaaa-mm-dd), for the link to the calendar; null when none. */
  primeiroDia: string | null;
}

/**
 * The hour a draft of each format is suggested at, on the organização's clock: late morning for
 * a feed post or carousel, lunchtime for a story, early evening for a reel — the hours Brazilian
 * accounts usually see most reach; the person moves it on the calendar.
 */
export const DRAFT_HOUR: Readonly<Record<IdeaFormat, string>> = {
  post: "11:00",
  carrossel: "11:00",
  story: "12:30",
  reels: "18:30",
};
