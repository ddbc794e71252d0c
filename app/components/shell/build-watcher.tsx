import { useEffect, useState } from "react";

const POLL_MS = 5 * 60_000;
const RELOAD_GUARD_MS = 10_000;

/** Spec §4: after a build update a failed chunk load reloads, at most once per path per 10 s. */
function reloadOnceForChunkError(): void {
  const key = `alicerce:chunk-reload:${location.pathname}`;
  const last = Number(sessionStorage.getItem(key) ?? 0);
  if (Date.now() - last < RELOAD_GUARD_MS) return;
  sessionStorage.setItem(key, String(Date.now()));
  location.reload();
}

function isChunkError(reason: unknown): boolean {
  const message = reason instanceof Error ? reason.message : String(reason ?? "");
  return /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module/i.test(
    message,
  );
}

/** Polls the deployed build id and offers a reload when a new build is out. */
export function BuildWatcher() {
  const [outdated, setOutdated] = useState(false);
  useEffect(() => {
    const current = (window as unknown as { __reactRouterManifest?: { version?: string } }).__reactRouterManifest?.version;
    const check = async () => {
      try {
        const res = await fetch(`/latest.json?t=${Date.now()}`, { cache: "no-store" });
        if (!res.ok) return;
        const { id } = (await res.json()) as { id: string };
        if (current && id && id !== current) setOutdated(true);
      } catch {
        // Offline: try again at the next tick.
      }
    };
    const timer = setInterval(check, POLL_MS);
    const onVisible = () => document.visibilityState === "visible" && void check();
    const onRejection = (e: PromiseRejectionEvent) => isChunkError(e.reason) && reloadOnceForChunkError();
    const onError = (e: ErrorEvent) => isChunkError(e.error ?? e.message) && reloadOnceForChunkError();
    document.addEventListener("visibilitychange", onVisible);
    window.addEventListener("unhandledrejection", onRejection);
    window.addEventListener("error", onError);
    return () => {
      clearInterval(timer);
      document.removeEventListener("visibilitychange", onVisible);
      window.removeEventListener("unhandledrejection", onRejection);
      window.removeEventListener("error", onError);
    };
  }, []);
  if (!outdated) return null;
  return (
    <div
      role="status"
      className="fixed inset-x-4 bottom-4 z-50 mx-auto flex max-w-md items-center justify-between gap-3 rounded-xl border border-line bg-surface p-4 shadow-lg"
    >
      <span className="text-sm">Há uma nova versão do Alicerce.</span>
      <button
        type="button"
        className="rounded-lg bg-accent px-3 py-2 text-sm font-semibold text-accent-fg"
        onClick={() => location.reload()}
      >
        Atualizar
      </button>
    </div>
  );
}
