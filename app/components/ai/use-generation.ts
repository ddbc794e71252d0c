import { useCallback, useEffect, useRef, useState } from "react";
import type { Generation, GenerationRequest } from "../../../shared/ai/generation-api.ts";
import { useLiveEvents } from "../../lib/live/use-live-events.ts";
import { AI_PATHS, callApi } from "./api.ts";

/** Read the generation again this often while it runs, whatever the live connection does. */
const POLL_MS = 2000;

const FINAL = new Set(["pronta", "falhou", "cancelada"]);
export const isRunning = (g: Generation | null): boolean => Boolean(g && !FINAL.has(g.status));

export interface GenerationState {
  generation: Generation | null;
  /** The readable text so far (grows with the live pieces). */
  text: string;
  /** A refusal before it started (limit, bad input, offline), in pt-BR. */
  error: string | null;
  starting: boolean;
  start(request: GenerationRequest): Promise<void>;
  cancel(): Promise<void>;
}

/**
 * One generation on a page (ADR 055): start it, show its text as the live connection streams it
 * (`generation.progress`, each piece at its offset; a replayed piece is ignored, a gap means read
 * it whole again), read the
 * result when it ends, cancel. A slow poll keeps the page honest when the connection is down.
 */
export function useGeneration(initial: Generation | null): GenerationState {
  const [generation, setGeneration] = useState<Generation | null>(initial);
  const [text, setText] = useState(initial?.textoParcial ?? "");
  const [error, setError] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);
  const current = useRef(generation);
  current.current = generation;
  const textRef = useRef(text);
  textRef.current = text;

  // Another generation chosen on the page (a recent one opened): show it. The same one read
  // again by the loader keeps this state (its text may be ahead of the loader's).
  useEffect(() => {
    if (initial && initial.id !== current.current?.id) {
      setGeneration(initial);
      setText(initial.textoParcial);
      setError(null);
    }
  }, [initial]);

  const refresh = useCallback(async () => {
    const id = current.current?.id;
    if (!id) return;
    const answer = await callApi<Generation>(AI_PATHS.one(id));
    if (!answer.ok || current.current?.id !== id) return;
    setGeneration(answer.data);
    if (answer.data.textoParcial.length >= textRef.current.length || FINAL.has(answer.data.status)) setText(answer.data.textoParcial);
  }, []);

  useLiveEvents(
    (event) => event.type === "generation.progress" && event.generationId === current.current?.id,
    (message) => {
      if (message.type === "resync") return void refresh();
      if (message.type !== "generation.progress") return;
      const piece = message.texto;
      if (piece) {
        const have = textRef.current.length;
        // Append the next piece; one we already have (the room's replay) changes nothing; a gap: read it whole.
        if (piece.desde === have) {
          textRef.current += piece.parte;
          setText(textRef.current);
        } else if (piece.desde + piece.parte.length > have) void refresh();
      }
      if (message.status && message.status !== current.current?.status) {
        if (FINAL.has(message.status)) void refresh();
        else setGeneration((g) => (g ? { ...g, status: message.status ?? g.status } : g));
      }
    },
  );

  const running = isRunning(generation);
  useEffect(() => {
    if (!running) return;
    const timer = window.setInterval(() => void refresh(), POLL_MS);
    return () => window.clearInterval(timer);
  }, [running, refresh]);

  const start = useCallback(async (request: GenerationRequest) => {
    setStarting(true);
    setError(null);
    const answer = await callApi<Generation>(AI_PATHS.collection, { json: request });
    setStarting(false);
    if (!answer.ok) return setError(answer.message);
    setText(answer.data.textoParcial);
    setGeneration(answer.data);
  }, []);

  const cancel = useCallback(async () => {
    const id = current.current?.id;
    if (!id) return;
    const answer = await callApi<Generation>(AI_PATHS.cancel(id), { method: "POST" });
    if (answer.ok) setGeneration(answer.data);
    else if (answer.status === 409) void refresh();
    else setError(answer.message);
  }, [refresh]);

  return { generation, text, error, starting, start, cancel };
}
