import { type ReactNode, type RefObject, useEffect, useRef, useState } from "react";
import { PrefetchPageLinks, useNavigate } from "react-router";
import { usePrefetchAllowed } from "../shell/app-link.tsx";

/**
 * Plain `<a href>` links inside one element, followed by the router from a single listener on
 * that element (ADR 011). A `<Link>` costs a dozen hooks per link on every server render; a
 * list page has dozens of links and every page has the menu. What the router adds is kept:
 * a left click without modifier keys navigates inside the app (`data-keep-scroll` keeps the
 * scroll position, like `preventScrollReset`), and hovering or focusing a link prefetches its
 * page unless the connection is slow or saving data (spec §9). Without JavaScript they are
 * ordinary links.
 */

/** The same-origin, non-download link `target` is in, if any. */
function inAppLink(target: EventTarget | null): HTMLAnchorElement | null {
  const link = target instanceof Element ? target.closest("a[href]") : null;
  if (!(link instanceof HTMLAnchorElement) || link.hasAttribute("download")) return null;
  return link.origin === window.location.origin ? link : null;
}

/** The in-app link a click should hand to the router, or null to let the browser have it. */
function routableLink(event: MouseEvent): HTMLAnchorElement | null {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return null;
  const link = inAppLink(event.target);
  return link && (!link.target || link.target === "_self") ? link : null;
}

const INTENT_DELAY_MS = 100;

function intentHref(target: EventTarget | null): string | null {
  const link = inAppLink(target);
  return link ? link.pathname + link.search : null;
}

/** Wires the links inside `ref`'s element; render `prefetch` anywhere on the page. */
export function useDelegatedLinks<T extends HTMLElement>(): { ref: RefObject<T | null>; prefetch: ReactNode } {
  const ref = useRef<T>(null);
  const navigate = useNavigate();
  const allowed = usePrefetchAllowed();
  const [intent, setIntent] = useState<string | null>(null);
  const latest = useRef(navigate);
  useEffect(() => {
    latest.current = navigate;
  });

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onClick = (event: MouseEvent) => {
      const link = routableLink(event);
      if (!link) return;
      event.preventDefault();
      void latest.current(link.pathname + link.search + link.hash, { preventScrollReset: link.hasAttribute("data-keep-scroll") });
    };
    const onOver = (event: MouseEvent) => {
      clearTimeout(timer);
      const href = intentHref(event.target);
      if (href) timer = setTimeout(() => setIntent(href), INTENT_DELAY_MS);
    };
    const onFocus = (event: FocusEvent) => setIntent(intentHref(event.target));
    const onLeave = () => {
      clearTimeout(timer);
      setIntent(null);
    };
    const listeners: [string, EventListener][] = [
      ["click", onClick as EventListener],
      ["mouseover", onOver as EventListener],
      ["mouseleave", onLeave],
      ["focusin", onFocus as EventListener],
      ["focusout", onLeave],
    ];
    for (const [type, listener] of listeners) el.addEventListener(type, listener);
    return () => {
      clearTimeout(timer);
      for (const [type, listener] of listeners) el.removeEventListener(type, listener);
    };
  }, []);

  return { ref, prefetch: intent && allowed ? <PrefetchPageLinks page={intent} /> : null };
}
