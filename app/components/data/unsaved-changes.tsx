import { lazy, type RefObject, Suspense, useEffect } from "react";
import { useBlocker } from "react-router";

const loadDialog = () => import("./leave-dialog.tsx");
const LazyLeaveDialog = lazy(() => loadDialog().then((m) => ({ default: m.LeaveDialog })));

/**
 * "Sair sem salvar?" (leave-dialog.tsx): loaded once the form has changes (useUnsavedChanges
 * starts it), not with every form page (ADR 029's budget).
 */
export function LeaveDialog(props: { onStay: () => void; onLeave: () => void }) {
  return (
    <Suspense fallback={null}>
      <LazyLeaveDialog {...props} />
    </Suspense>
  );
}

/** Asks before leaving a form with unsaved changes: in-app links (useBlocker) and tab close/reload. */
export function useUnsavedChanges(dirty: boolean, submitting: RefObject<boolean>) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty &&
      !submitting.current &&
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );
  useEffect(() => {
    if (!dirty) return;
    // Ready before anyone clicks away.
    void loadDialog().catch(() => {});
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (submitting.current) return;
      event.preventDefault();
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", onBeforeUnload);
    return () => window.removeEventListener("beforeunload", onBeforeUnload);
  }, [dirty, submitting]);
  return blocker;
}
