import { useState } from "react";
import { type ListingShare, shareHeadline, whatsappShareHref } from "../../../shared/real-estate/public-page.ts";
import { buttonClass } from "../ui/button.tsx";
import { type ToastData, Toaster } from "../ui/toast.tsx";

/**
 * "Ver página pública", "Copiar link" and "Compartilhar" for one property: on its page's header,
 * on its card and in its table row (one component). "Compartilhar" is a WhatsApp link (works
 * without JavaScript) that opens the phone's share sheet instead where the browser has one.
 * A property without a public page says why, instead of showing buttons that lead nowhere.
 */

type Size = "normal" | "small";

const SMALL = "px-2.5 py-1.5 text-xs";

/** Copies with the clipboard API; where it is missing or refused (no HTTPS, old browser), with a selected textarea. */
async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const area = document.createElement("textarea");
    area.value = text;
    area.setAttribute("readonly", "");
    area.style.position = "fixed";
    area.style.opacity = "0";
    document.body.appendChild(area);
    area.select();
    let copied = false;
    try {
      copied = document.execCommand("copy");
    } catch {
      copied = false;
    }
    area.remove();
    return copied;
  }
}

function useShareActions(share: ListingShare) {
  const [toast, setToast] = useState<ToastData | null>(null);
  const say = (message: string, tone: ToastData["tone"] = "success") => setToast({ id: crypto.randomUUID(), message, tone });
  async function copy() {
    if (await copyText(share.url)) say("Link copiado");
    else say(`Não foi possível copiar. O link é ${share.url}`, "error");
  }
  function shareNative(event: React.MouseEvent<HTMLAnchorElement>) {
    // The phone's share sheet where there is one; else the link goes on to WhatsApp.
    if (typeof navigator.share !== "function") return;
    event.preventDefault();
    navigator.share({ title: share.title, text: shareHeadline(share), url: share.url }).catch(() => {
      // Closing the sheet rejects too: nothing to say.
    });
  }
  return { toast, copy, shareNative };
}

function Unavailable({ reason, size }: { reason: string; size: Size }) {
  return (
    <p className={`flex items-start gap-1.5 text-fg-soft ${size === "small" ? "text-xs" : "text-sm"}`}>
      <svg aria-hidden="true" viewBox="0 0 24 24" className="mt-0.5 size-3.5 shrink-0" fill="none" stroke="currentColor" strokeWidth="2">
        <circle cx="12" cy="12" r="9" />
        <path d="M12 8v5M12 16.5v.01" strokeLinecap="round" />
      </svg>
      <span>
        <span className="font-semibold">Sem página pública.</span> {reason}
      </span>
    </p>
  );
}

/** The three actions as buttons that wrap (header and cards); `label` names the property for screen readers. */
export function ListingShareActions({ share, size = "normal", label }: { share: ListingShare; size?: Size; label?: string }) {
  const { toast, copy, shareNative } = useShareActions(share);
  if (share.unavailable) return <Unavailable reason={share.unavailable} size={size} />;
  // The normal size matches the header's other buttons ("Editar").
  const extra = size === "small" ? SMALL : "";
  const about = label ? <span className="sr-only"> de {label}</span> : null;
  return (
    <div className="flex flex-wrap gap-2">
      <a href={share.url} target="_blank" rel="noopener noreferrer" className={buttonClass("secondary", extra)}>
        Ver página pública{about}
        <span className="sr-only"> (abre em nova aba)</span>
      </a>
      <button type="button" onClick={copy} className={buttonClass("secondary", extra)}>
        Copiar link{about}
      </button>
      <a
        href={whatsappShareHref(share)}
        target="_blank"
        rel="noopener noreferrer"
        onClick={shareNative}
        className={buttonClass("secondary", extra)}
      >
        Compartilhar{about}
      </a>
      <Toaster toast={toast} />
    </div>
  );
}

/**
 * The same actions behind one "Link público" disclosure, for a table row (three buttons per row
 * is noise). It opens in the cell, not floating: the table's scroller would clip a popover.
 */
export function ListingShareMenu({ share, label }: { share: ListingShare; label: string }) {
  const { toast, copy, shareNative } = useShareActions(share);
  if (share.unavailable) {
    return (
      <span className="text-xs text-fg-soft" title={share.unavailable}>
        Sem página pública<span className="sr-only">: {share.unavailable}</span>
      </span>
    );
  }
  const item = "block w-full rounded-md px-3 py-2 text-left text-sm whitespace-nowrap hover:bg-muted focus:bg-muted focus:outline-none";
  const close = (event: React.SyntheticEvent<HTMLElement>) => event.currentTarget.closest("details")?.removeAttribute("open");
  return (
    <>
      <details
        className="relative inline-block"
        onKeyDown={(e) => {
          if (e.key === "Escape") {
            e.currentTarget.removeAttribute("open");
            e.currentTarget.querySelector("summary")?.focus();
          }
        }}
      >
        <summary className={buttonClass("secondary", `${SMALL} cursor-pointer list-none [&::-webkit-details-marker]:hidden`)}>
          Link público<span className="sr-only"> de {label}</span>
        </summary>
        <div className="mt-1 w-max min-w-40 rounded-lg border border-line bg-surface p-1 text-left shadow-sm">
          <a href={share.url} target="_blank" rel="noopener noreferrer" className={item} onClick={close}>
            Ver página pública<span className="sr-only"> (abre em nova aba)</span>
          </a>
          <button
            type="button"
            className={item}
            onClick={(e) => {
              close(e);
              void copy();
            }}
          >
            Copiar link
          </button>
          <a
            href={whatsappShareHref(share)}
            target="_blank"
            rel="noopener noreferrer"
            className={item}
            onClick={(e) => {
              shareNative(e);
              close(e);
            }}
          >
            Compartilhar
          </a>
        </div>
      </details>
      <Toaster toast={toast} />
    </>
  );
}
