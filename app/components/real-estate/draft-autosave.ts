import { useCallback, useEffect, useRef, useState } from "react";
import { clearLocalDraft, type DraftValues, draftBody, writeLocalDraft } from "../../lib/draft-store.ts";

/** The server's answer when its copy is newer than the one the edits started from (ADR 037). */
export interface DraftConflictInfo {
  message: string;
  /** The server copy's version: sending it as the base keeps one's own edits. */
  versao: string;
  /** Who saved it, when known. */
  por: string | null;
  /** The fields whose saved value differs from this form's. */
  campos: { campo: string; rotulo: string }[];
}

/** What the autosave line says (aria-live). */
export type SaveState =
  | { kind: "idle" }
  | { kind: "pending" }
  | { kind: "saving" }
  | { kind: "saved"; at: string }
  | { kind: "offline" }
  | { kind: "conflict"; conflict: DraftConflictInfo }
  | { kind: "error"; message: string };

const DEBOUNCE_MS = 1000;
/** While changes wait on this device, try the server again this often (and at once when back online). */
const RETRY_MS = 15_000;

interface Saved {
  atualizadoEm: string;
  errors: Record<string, string>;
}

type Answer = { data?: Saved; error?: ({ message?: string; code?: string } & Partial<DraftConflictInfo>) | string } | null;

function conflictOf(status: number, body: Answer): DraftConflictInfo | null {
  const error = body?.error;
  if (status !== 409 || typeof error !== "object" || error.code !== "conflict" || typeof error.versao !== "string") return null;
  return { message: error.message ?? "", versao: error.versao, por: error.por ?? null, campos: error.campos ?? [] };
}

/**
 * Saves the draft as you type: every change goes to localStorage at once and to the server a
 * second after the typing stops (PATCH /api/properties/:id/rascunho), with the version the edits
 * started from. Failed sends stay on the device and are retried on `online` and periodically;
 * only a successful send of the latest values clears the local copy. A newer server copy (409)
 * pauses sending until the person chooses: `keepMine` sends again over it, `takeServer` drops
 * this device's edits.
 */
export function useDraftAutosave(
  propertyId: string,
  userId: string,
  initialVersion: string,
  onSaved: (errors: Record<string, string>) => void,
) {
  const [state, setState] = useState<SaveState>({ kind: "idle" });
  const latest = useRef<{ values: DraftValues; editedAt: string } | null>(null);
  const base = useRef(initialVersion);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const inFlight = useRef<Promise<void> | null>(null);
  const stopped = useRef(false);
  /** A conflict waits for the person's choice: nothing is sent meanwhile. */
  const paused = useRef(false);
  const savedCallback = useRef(onSaved);
  savedCallback.current = onSaved;

  const send = useCallback(async () => {
    const pending = latest.current;
    if (!pending || inFlight.current || stopped.current || paused.current) return;
    let done = () => {};
    inFlight.current = new Promise<void>((resolve) => {
      done = resolve;
    });
    setState({ kind: "saving" });
    try {
      const res = await fetch(`/api/properties/${encodeURIComponent(propertyId)}/rascunho`, {
        method: "PATCH",
        credentials: "same-origin",
        headers: { "content-type": "application/json", accept: "application/json" },
        body: JSON.stringify({ ...draftBody(pending.values), versao: base.current }),
      });
      const body = (await res.json().catch(() => null)) as Answer;
      const conflict = conflictOf(res.status, body);
      if (conflict) {
        // Kept on this device until the person chooses; a reload offers it back.
        paused.current = true;
        setState({ kind: "conflict", conflict });
        return;
      }
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
      base.current = body.data.atualizadoEm;
      // Changes typed while this was in flight are still waiting: keep them for the next send.
      if (latest.current === pending) {
        latest.current = null;
        clearLocalDraft(userId, propertyId);
      } else if (latest.current) {
        writeLocalDraft(userId, propertyId, { ...latest.current, base: base.current });
      }
      setState({ kind: "saved", at: body.data.atualizadoEm });
      savedCallback.current(body.data.errors ?? {});
    } catch {
      setState({ kind: "offline" });
    } finally {
      inFlight.current = null;
      done();
      if (latest.current && latest.current !== pending && !stopped.current && !paused.current) {
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
      writeLocalDraft(userId, propertyId, { ...entry, base: base.current });
      if (stopped.current || paused.current) return;
      setState((s) => (s.kind === "offline" ? s : { kind: "pending" }));
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => void send(), DEBOUNCE_MS);
    },
    [propertyId, userId, send],
  );

  /** "Manter a minha versão": this form, sent again over the server's copy it has now seen. */
  const keepMine = useCallback(
    (versao: string) => {
      base.current = versao;
      paused.current = false;
      if (latest.current) writeLocalDraft(userId, propertyId, { ...latest.current, base: versao });
      void send();
    },
    [propertyId, userId, send],
  );

  /** "Usar a versão do servidor": this device's edits are dropped; the form shows the server's copy. */
  const takeServer = useCallback(
    (versao: string) => {
      base.current = versao;
      latest.current = null;
      paused.current = false;
      clearLocalDraft(userId, propertyId);
      setState({ kind: "saved", at: versao });
    },
    [propertyId, userId],
  );

  /** Publishing sends the form itself: nothing more to autosave. */
  const stop = useCallback(() => {
    stopped.current = true;
    if (timer.current) clearTimeout(timer.current);
  }, []);

  /** The version the next write starts from (the publish form sends it too). */
  const version = useCallback(() => base.current, []);
  /** A save the server answered elsewhere (the publish action) moved the version. */
  const setVersion = useCallback((versao: string) => {
    base.current = versao;
  }, []);
  /** The send on its way, if any (publishing waits for it, or it would race its own save). */
  const busy = useCallback(() => inFlight.current, []);

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

  return {
    state,
    changed,
    stop,
    keepMine,
    takeServer,
    version,
    setVersion,
    busy,
    resume: () => {
      stopped.current = false;
    },
  };
}
