import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";

/**
 * The desk's toast: what a step did, and for a no-show "Desfazer" (back to the status it had,
 * through the agenda's rules). One polite live region, always in the page, so screen readers
 * announce each step; hides itself after a while unless pointed at or focused.
 */

export interface DeskNotice {
  id: string;
  message: string;
  undo?: { id: string; status: string } | undefined;
}

const AUTO_HIDE_MS = 10_000;

export function DeskToast({ notice, onClose }: { notice: DeskNotice | null; onClose: () => void }) {
  return (
    <div
      aria-live="polite"
      aria-atomic="true"
      className="pointer-events-none fixed inset-x-4 bottom-4 z-50 flex justify-center sm:justify-end"
    >
      {notice ? <ToastBody key={notice.id} notice={notice} onClose={onClose} /> : null}
    </div>
  );
}

function ToastBody({ notice, onClose }: { notice: DeskNotice; onClose: () => void }) {
  const fetcher = useFetcher<{ ok: boolean; error?: string }>();
  const held = useRef(false);
  const close = useRef(onClose);
  close.current = onClose;
  useEffect(() => {
    const started = Date.now();
    const timer = window.setInterval(() => {
      if (!held.current && Date.now() - started > AUTO_HIDE_MS) close.current();
    }, 500);
    return () => window.clearInterval(timer);
  }, []);
  const box = useRef<HTMLDivElement>(null);
  // Pointed at or focused: it stays (someone is about to tap "Desfazer").
  useEffect(() => {
    const el = box.current;
    const on = () => {
      held.current = true;
    };
    const off = () => {
      held.current = false;
    };
    const events = [
      ["mouseenter", on],
      ["mouseleave", off],
      ["focusin", on],
      ["focusout", off],
    ] as const;
    for (const [name, fn] of events) el?.addEventListener(name, fn);
    return () => {
      for (const [name, fn] of events) el?.removeEventListener(name, fn);
    };
  }, []);
  const idle = fetcher.state === "idle";
  const undone = idle && fetcher.data?.ok === true;
  const failed = idle && fetcher.data && !fetcher.data.ok ? (fetcher.data.error ?? null) : null;
  return (
    <div
      className="pointer-events-auto flex w-full max-w-md flex-wrap items-center gap-2 rounded-xl border border-l-4 border-line border-l-ok bg-surface px-4 py-3 text-sm shadow-lg"
      ref={box}
      data-testid="desk-toast"
    >
      <p className="min-w-0 flex-1">{undone ? "Desfeito: o agendamento voltou para a fila." : (failed ?? notice.message)}</p>
      {notice.undo && !undone ? (
        <fetcher.Form method="post" action="/atendimento">
          <input type="hidden" name="intent" value="desfazer" />
          <input type="hidden" name="id" value={notice.undo.id} />
          <input type="hidden" name="status" value={notice.undo.status} />
          <button type="submit" className="rounded-lg px-3 py-1.5 font-semibold text-accent hover:bg-accent-soft" disabled={!idle}>
            Desfazer
          </button>
        </fetcher.Form>
      ) : null}
      <button type="button" className="rounded-lg p-1.5 text-fg-soft hover:bg-muted" aria-label="Fechar aviso" onClick={onClose}>
        <svg aria-hidden="true" viewBox="0 0 24 24" className="size-4" fill="none" stroke="currentColor" strokeWidth="2">
          <path d="M6 6l12 12M18 6L6 18" />
        </svg>
      </button>
    </div>
  );
}
