import { useEffect, useRef, useState } from "react";
import { Form, Link } from "react-router";

/**
 * A toast the server asked for (a flash cookie read by the loader after a redirect).
 * `undo` posts a plain form, so "Desfazer" works without JavaScript too.
 */
export interface ToastData {
  /** New for every toast: a repeated message still shows again. */
  id: string;
  message: string;
  tone?: "success" | "info" | "error";
  undo?: { action: string; label?: string; fields: Record<string, string | readonly string[]> } | undefined;
  /** Where to see what was done ("Ver no calendário"). */
  link?: { to: string; label: string } | undefined;
}

const AUTO_HIDE_MS = 12_000;

/**
 * One polite live region, always in the page so screen readers announce what lands in it.
 * With JavaScript the toast hides itself after a while (paused while pointed at or focused)
 * and can be closed; without, it simply stays until the next page.
 */
export function Toaster({ toast }: { toast: ToastData | null | undefined }) {
  return (
    <div
      aria-live="polite"
      aria-atomic="true"
      className="pointer-events-none fixed inset-x-4 bottom-4 z-50 flex justify-center sm:justify-end"
    >
      {toast ? <ToastCard key={toast.id} toast={toast} /> : null}
    </div>
  );
}

function ToastCard({ toast }: { toast: ToastData }) {
  const [open, setOpen] = useState(true);
  const [hydrated, setHydrated] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    setHydrated(true);
    let paused = false;
    const pause = () => {
      paused = true;
    };
    const resume = () => {
      paused = false;
    };
    const el = ref.current;
    el?.addEventListener("mouseenter", pause);
    el?.addEventListener("mouseleave", resume);
    el?.addEventListener("focusin", pause);
    el?.addEventListener("focusout", resume);
    const started = Date.now();
    const timer = setInterval(() => {
      if (!paused && Date.now() - started > AUTO_HIDE_MS) setOpen(false);
    }, 500);
    return () => {
      clearInterval(timer);
      el?.removeEventListener("mouseenter", pause);
      el?.removeEventListener("mouseleave", resume);
      el?.removeEventListener("focusin", pause);
      el?.removeEventListener("focusout", resume);
    };
  }, []);
  if (!open) return null;
  const tone = toast.tone ?? "success";
  const accent = tone === "error" ? "border-l-danger" : tone === "info" ? "border-l-accent" : "border-l-ok";
  return (
    <div
      className={`pointer-events-auto flex w-full max-w-md items-center gap-3 rounded-xl border border-l-4 border-line bg-surface px-4 py-3 text-sm shadow-lg ${accent}`}
      ref={ref}
    >
      <p className="flex-1">{toast.message}</p>
      {toast.link ? (
        <Link to={toast.link.to} className="rounded-lg px-3 py-1.5 font-semibold text-accent hover:bg-accent-soft">
          {toast.link.label}
        </Link>
      ) : null}
      {toast.undo ? (
        <Form method="post" action={toast.undo.action} preventScrollReset>
          {Object.entries(toast.undo.fields).flatMap(([name, value]) =>
            (typeof value === "string" ? [value] : value).map((v, i) => <input key={`${name}-${i}`} type="hidden" name={name} value={v} />),
          )}
          <button type="submit" className="rounded-lg px-3 py-1.5 font-semibold text-accent hover:bg-accent-soft">
            {toast.undo.label ?? "Desfazer"}
          </button>
        </Form>
      ) : null}
      {hydrated ? (
        <button
          type="button"
          className="rounded-lg p-1.5 text-fg-soft hover:bg-muted"
          aria-label="Fechar aviso"
          onClick={() => setOpen(false)}
        >
          <svg aria-hidden="true" viewBox="0 0 24 24" className="size-4" fill="none" stroke="currentColor" strokeWidth="2">
            <path d="M6 6l12 12M18 6L6 18" />
          </svg>
        </button>
      ) : null}
    </div>
  );
}
