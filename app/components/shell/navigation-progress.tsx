import { useEffect, useState } from "react";
import { useNavigation } from "react-router";

/** Navigations quicker than this show nothing: a bar that only flickers reads as a glitch. */
export const PROGRESS_DELAY_MS = 150;

/**
 * Whether a navigation has been running long enough to show its sign: true `delayMs` after the
 * router left "idle", false as soon as it is back.
 */
export function useDelayedBusy(busy: boolean, delayMs = PROGRESS_DELAY_MS): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!busy) {
      setShown(false);
      return;
    }
    const timer = setTimeout(() => setShown(true), delayMs);
    return () => clearTimeout(timer);
  }, [busy, delayMs]);
  return busy && shown;
}

/**
 * A thin bar across the top while the next page (or a form's answer) loads, and a polite status
 * for screen readers. Pure CSS (app.css `.nav-progress`): it creeps towards the end and never
 * claims to be done; with reduced motion it is a still bar.
 */
export function NavigationProgress() {
  const navigation = useNavigation();
  const shown = useDelayedBusy(navigation.state !== "idle");
  return (
    <>
      {shown ? <div className="nav-progress" role="progressbar" aria-label="Carregando a página" /> : null}
      <p role="status" aria-live="polite" className="sr-only">
        {shown ? "Carregando…" : ""}
      </p>
    </>
  );
}
