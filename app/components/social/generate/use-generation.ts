import { useCallback, useEffect, useRef, useState } from "react";
// Types only from the schemas' module (zod stays out of the page's chunk).
import type { Generation, GenerationRequest } from "../../../../shared/ai/generation-api.ts";
import { AI_GENERATION_PATHS, type GenerationStatus, isFinalGenerationStatus } from "../../../../shared/ai/generation-paths.ts";
import { useLiveEvents } from "../../../lib/live/use-live-events.ts";

/**
 * One AI generation as the screen follows it (ADR 055/056): asked over `/api/ai-generations`, its
 * text appended as the live connection streams it (a replayed piece is ignored; one whose offset
 * leaves a gap means one was missed: the generation is read again), read again when it ends, and polled slowly while the
 * socket is quiet so a dropped connection never leaves the button frozen.
 */

export type GenerationView =
  | { phase: "idle" }
  | { phase: "asking" }
  | { phase: "running"; id: string; status: GenerationStatus; text: string; firstTextAt: number | null }
  | { phase: "done"; generation: Generation }
  | { phase: "error"; message: string };

/** How often the screen reads the generation while nothing arrives over the socket. */
const QUIET_POLL_MS = 4000;

async function readJson<T>(response: Response): Promise<T> {
  const body = (await response.json().catch(() => null)) as { data?: T; error?: { message?: string } } | null;
  if (!response.ok || !body?.data) {
    throw new Error(body?.error?.message ?? "Não foi possível falar com o Alicerce agora. Verifique a conexão e tente de novo.");
  }
  return body.data;
}

export function useGeneration(): {
  view: GenerationView;
  start: (request: GenerationRequest) => Promise<void>;
  cancel: () => Promise<void>;
  reset: () => void;
} {
  const [view, setView] = useState<GenerationView>({ phase: "idle" });
  const current = useRef(view);
  current.current = view;

  const settle = useCallback((generation: Generation) => {
    const now = current.current;
    if (now.phase !== "running" || now.id !== generation.id) return;
    if (isFinalGenerationStatus(generation.status)) setView({ phase: "done", generation });
    else setView({ ...now, status: generation.status, text: generation.textoParcial });
  }, []);

  const reread = useCallback(
    async (id: string) => {
      try {
        settle(await readJson<Generation>(await fetch(AI_GENERATION_PATHS.one(id), { headers: { accept: "application/json" } })));
      } catch {
        // The next event or poll tries again; the cancel button stays usable.
      }
    },
    [settle],
  );

  const running = view.phase === "running" ? view.id : null;
  useLiveEvents({ type: "generation.progress", generationId: running ?? "-" }, (message) => {
    const now = current.current;
    if (now.phase !== "running") return;
    if (message.type === "resync" || message.type !== "generation.progress") {
      void reread(now.id);
      return;
    }
    if (message.status && isFinalGenerationStatus(message.status)) {
      void reread(now.id);
      return;
    }
    const piece = message.texto;
    if (!piece) {
      if (message.status) setView({ ...now, status: message.status });
      return;
    }
    // Already had (a replay): nothing to do; a gap: a piece was missed, read the whole text.
    if (piece.desde + piece.parte.length <= now.text.length) return;
    if (piece.desde !== now.text.length) {
      void reread(now.id);
      return;
    }
    setView({ ...now, status: message.status ?? "gerando", text: now.text + piece.parte, firstTextAt: now.firstTextAt ?? Date.now() });
  });

  // A quiet socket (blocked, reconnecting) must not freeze the screen: read now and then.
  useEffect(() => {
    if (!running) return;
    const timer = window.setInterval(() => void reread(running), QUIET_POLL_MS);
    return () => window.clearInterval(timer);
  }, [running, reread]);

  const start = useCallback(async (request: GenerationRequest) => {
    setView({ phase: "asking" });
    try {
      const response = await fetch(AI_GENERATION_PATHS.collection, {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json" },
        body: JSON.stringify(request),
      });
      const generation = await readJson<Generation>(response);
      if (isFinalGenerationStatus(generation.status)) setView({ phase: "done", generation });
      else
        setView({
          phase: "running",
          id: generation.id,
          status: generation.status,
          text: generation.textoParcial,
          firstTextAt: generation.textoParcial ? Date.now() : null,
        });
    } catch (error) {
      setView({ phase: "error", message: (error as Error).message });
    }
  }, []);

  const cancel = useCallback(async () => {
    const now = current.current;
    if (now.phase !== "running") return;
    try {
      const response = await fetch(AI_GENERATION_PATHS.cancel(now.id), { method: "POST", headers: { accept: "application/json" } });
      settle(await readJson<Generation>(response));
    } catch (error) {
      setView({ phase: "error", message: (error as Error).message });
    }
  }, [settle]);

  const reset = useCallback(() => setView({ phase: "idle" }), []);
  return { view, start, cancel, reset };
}
