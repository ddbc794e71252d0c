import { useCallback, useEffect, useRef, useState } from "react";
import { clearLocalDraft, type DraftValues, draftBody, writeLocalDraft } from "../../lib/draft-store.ts";

/** What the autosave line says (aria-live). */
export type SaveState =
  | { kind: "idle" }
  | { kind: "pending" }
  | { kind: "saving" }
  | { kind: "saved"; at: string }
  | { kind: "offline" }
  | { kind: "error"; message: string };

const DEBOUNCE_MS = 1000;
/** While changes wait on this device, try the server again this often (and at once when back online). */
const RETRY_MS = 15_000;

interface Saved {
  atualizadoEm: string;
  errors: Record<string, string>;
}

/**
 * Saves the draft as you type: every change goes to localStorage at once and to the server a
 * second after the typing stops (PATCH /api/properties/:id/rascunho). Failed sends stay on the
 * device and are retried on `online` and periodically; only a successful send of the latest
 * values clears the local copy.
 */
export function useDraftAutosave(propertyId: string, userId: string, onSaved: (errors: Record<string, string>) => void) {
  const [state, setState] = useState<SaveState>({ kind: "idle" });
  const latest = useRef<{ values: DraftValues; editedAt: string } | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const inFlight = useRef(false);
  const stopped = useRef(false);
  const savedCallback = useRef(onSaved);
  savedCallback.current = onSaved;

  const send = useCallback(async () => {
    const pending = latest.current;
    if (!pending || inFlight.current || stopped.current) return;
    inFlight.current = true;
    setState({ kind: "saving" });
    try {
      const res = await fetch(`/api/properties/${encodeURIComponent(propertyId)}/rascunho`, {
        method: "PATCH",
        credentials: "same-origin",
        headers: { "content-type": "application/json", accept: "application/json" },
        body: JSON.stringify(draftBody(pending.values)),
      });
      const body = (await res.json().catch(() => null)) as { data?: Saved; error?: { message?: string } | string } | null;
      if (!res.ok || !body?.data) {
        const message = typeof body?.error === "string" ? body.error : body?.error?.message;
        // The server refused (published elsewhere, no permission): retrying would not help.
        if (res.status >= 400 && res.status < 500) {
          stopped.current = true;
          setState({ kind: "error", message: message ?? "Não foi possível salvar o rascunho." });
        } else {
          setState({ kind: "offline" });
        }
        return;
      }
      // Changes typed while this was in flight are still waiting: keep them for the next send.
      if (latest.current === pending) {
        latest.current = null;
        clearLocalDraft(userId, propertyId);
      }
      setState({ kind: "saved", at: body.data.atualizadoEm });
      savedCallback.current(body.data.errors ?? {});
    } catch {
      setState({ kind: "offline" });
    } finally {
      inFlight.current = false;
      if (latest.current && latest.current !== pending && !stopped.current) {
        if (timer.current) clearTimeout(timer.current);
        timer.current = setTimeout(() => void send(), DEBOUNCE_MS);
      }
    }
  }, [propertyId, userId]);

  /** A change in the form: kept here at once, sent after the debounce. */
  const changed = useCallback(
    (values: DraftValues) => {
      const entry = { values, editedAt: new Date().toISOString() };
      latest.current = entry;
      writeLocalDraft(userId, propertyId, entry);
      if (stopped.current) return;
      setState((s) => (s.kind === "offline" ? s : { kind: "pending" }));
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => void send(), DEBOUNCE_MS);
    },
    [propertyId, userId, send],
  );

  /** Publishing sends the form itself: nothing more to autosave. */
  const stop = useCallback(() => {
    stopped.current = true;
    if (timer.current) clearTimeout(timer.current);
  }, []);

  useEffect(() => {
    const retry = () => {
      if (latest.current) void send();
    };
    window.addEventListener("online", retry);
    const interval = setInterval(retry, RETRY_MS);
    return () => {
      window.removeEventListener("online", retry);
      clearInterval(interval);
      if (timer.current) clearTimeout(timer.current);
    };
  }, [send]);

  return { state, changed, stop, resume: () => (stopped.current = false) };
}
