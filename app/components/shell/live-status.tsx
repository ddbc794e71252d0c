import { useEffect, useState } from "react";
import { useLiveState } from "../../lib/live/use-live-events.ts";

/** A short drop (a deploy, a network switch) says nothing; only one that lasts is shown. */
const SHOW_AFTER_MS = 4_000;

/**
 * The live connection's state, only when it matters: a small note in the header while the
 * screen cannot update by itself, gone as soon as it can again (announced politely once).
 */
export function LiveStatus() {
  const state = useLiveState();
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (state !== "reconnecting") {
      setShown(false);
      return;
    }
    const timer = window.setTimeout(() => setShown(true), SHOW_AFTER_MS);
    return () => window.clearTimeout(timer);
  }, [state]);
  return (
    <p role="status" className="shrink-0 text-xs text-fg-soft">
      {shown ? (
        <span
          className="inline-flex items-center gap-1.5 rounded-full bg-muted px-2 py-1"
          title="As telas não se atualizam sozinhas até a conexão voltar."
        >
          <span aria-hidden="true" className="size-2 rounded-full bg-fg-soft motion-safe:animate-pulse" />
          Reconectando…
        </span>
      ) : null}
    </p>
  );
}
