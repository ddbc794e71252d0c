import { useEffect, useRef } from "react";
import { useNavigate } from "react-router";
import { rowsMarkup } from "./row-markup.ts";
import type { ColumnView, RowView } from "./types.ts";

/** A left click on an in-app link, without a modifier: the router can take it (as `<Link>` does). */
function routableLink(event: MouseEvent): HTMLAnchorElement | null {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return null;
  const link = event.target instanceof Element ? event.target.closest("a[href]") : null;
  if (!(link instanceof HTMLAnchorElement) || link.hasAttribute("download")) return null;
  if (link.target && link.target !== "_self") return null;
  return link.origin === window.location.origin ? link : null;
}

const INTENT_DELAY_MS = 100;

/**
 * The list's `<tbody>`: rows as one piece of HTML (see row-markup.ts), wired up from here.
 * Checkboxes mirror `selected` (the state stays in `DataList`), a click on a row's link
 * navigates in the app, and hovering or focusing one asks for its page to be prefetched.
 */
export function RowsBody({
  rows,
  columns,
  selectable,
  formId,
  selected,
  onToggle,
  onIntent,
}: {
  rows: readonly RowView[];
  columns: readonly ColumnView[];
  selectable: boolean;
  formId: string;
  selected: ReadonlySet<string>;
  onToggle: (id: string, on: boolean) => void;
  onIntent: (href: string | null) => void;
}) {
  const body = useRef<HTMLTableSectionElement>(null);
  const navigate = useNavigate();
  const html = rowsMarkup(rows, { columns, selectable, formId });
  const latest = useRef({ onToggle, onIntent, navigate });
  useEffect(() => {
    latest.current = { onToggle, onIntent, navigate };
  });

  // The DOM's checkboxes follow the selection after every render (select all, a new page of
  // rows, a cleared selection): 25 property writes, cheaper than working out which changed.
  useEffect(() => {
    for (const box of body.current?.querySelectorAll<HTMLInputElement>('input[name="excluir"]') ?? []) {
      box.checked = selected.has(box.value);
    }
  });

  useEffect(() => {
    const el = body.current;
    if (!el) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const linkHref = (target: EventTarget | null) =>
      target instanceof Element ? (target.closest("a[href]")?.getAttribute("href") ?? null) : null;
    const onChange = (event: Event) => {
      const box = event.target;
      if (box instanceof HTMLInputElement && box.name === "excluir") latest.current.onToggle(box.value, box.checked);
    };
    const onClick = (event: MouseEvent) => {
      const link = routableLink(event);
      if (!link) return;
      event.preventDefault();
      void latest.current.navigate(link.pathname + link.search + link.hash);
    };
    const onOver = (event: MouseEvent) => {
      const href = linkHref(event.target);
      clearTimeout(timer);
      if (href) timer = setTimeout(() => latest.current.onIntent(href), INTENT_DELAY_MS);
    };
    const onFocus = (event: FocusEvent) => {
      const href = linkHref(event.target);
      if (href) latest.current.onIntent(href);
    };
    const onLeave = () => {
      clearTimeout(timer);
      latest.current.onIntent(null);
    };
    el.addEventListener("change", onChange);
    el.addEventListener("click", onClick);
    el.addEventListener("mouseover", onOver);
    el.addEventListener("mouseleave", onLeave);
    el.addEventListener("focusin", onFocus);
    el.addEventListener("focusout", onLeave);
    return () => {
      clearTimeout(timer);
      el.removeEventListener("change", onChange);
      el.removeEventListener("click", onClick);
      el.removeEventListener("mouseover", onOver);
      el.removeEventListener("mouseleave", onLeave);
      el.removeEventListener("focusin", onFocus);
      el.removeEventListener("focusout", onLeave);
    };
  }, []);

  // biome-ignore lint/security/noDangerouslySetInnerHtml: rowsMarkup escapes every value it writes
  return <tbody ref={body} className="block space-y-3 md:table-row-group md:space-y-0" dangerouslySetInnerHTML={{ __html: html }} />;
}
