import type { Generation, GenerationRequest } from "../../../../shared/ai/generation-api.ts";
import type { GenerationStatus } from "../../../../shared/ai/generation-paths.ts";
import { isRunning, useGeneration as useAiGeneration } from "../../ai/use-generation.ts";

/**
 * /gerar-postagem's view of one generation: the one hook that follows a generation (ADR 055's
 * streaming, replay, gaps, polling and cancel: app/components/ai/use-generation.ts) read as the
 * screen's phases.
 */

export type GenerationView =
  | { phase: "idle" }
  | { phase: "asking" }
  | { phase: "running"; id: string; status: GenerationStatus; text: string }
  | { phase: "done"; generation: Generation }
  | { phase: "error"; message: string };

export function useGenerationPhases(): {
  view: GenerationView;
  start: (request: GenerationRequest) => Promise<void>;
  cancel: () => Promise<void>;
} {
  const g = useAiGeneration(null);
  const view: GenerationView = g.error
    ? { phase: "error", message: g.error }
    : g.starting
      ? { phase: "asking" }
      : !g.generation
        ? { phase: "idle" }
        : isRunning(g.generation)
          ? { phase: "running", id: g.generation.id, status: g.generation.status, text: g.text }
          : { phase: "done", generation: g.generation };
  return { view, start: g.start, cancel: g.cancel };
}
