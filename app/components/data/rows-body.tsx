import { useEffect, useRef } from "react";
import { rowsMarkup } from "./row-markup.ts";
import type { ColumnView, RowView } from "./types.ts";

/**
 * The list's `<tbody>`: rows as one piece of HTML (see row-markup.ts). Its links are followed
 * by `DataList`'s delegated listener; its checkboxes mirror `selected`, the state `DataList`
 * keeps, and report changes through `onToggle`.
 */
export function RowsBody({
  rows,
  columns,
  selectable,
  formId,
  selected,
  onToggle,
}: {
  rows: readonly RowView[];
  columns: readonly ColumnView[];
  selectable: boolean;
  formId: string;
  selected: ReadonlySet<string>;
  onToggle: (id: string, on: boolean) => void;
}) {
  const body = useRef<HTMLTableSectionElement>(null);
  const html = rowsMarkup(rows, { columns, selectable, formId });
  const toggle = useRef(onToggle);
  useEffect(() => {
    toggle.current = onToggle;
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
    const onChange = (event: Event) => {
      const box = event.target;
      if (box instanceof HTMLInputElement && box.name === "excluir") toggle.current(box.value, box.checked);
    };
    el.addEventListener("change", onChange);
    return () => el.removeEventListener("change", onChange);
  }, []);

  // biome-ignore lint/security/noDangerouslySetInnerHtml: rowsMarkup escapes every value it writes
  return <tbody ref={body} className="block space-y-3 md:table-row-group md:space-y-0" dangerouslySetInnerHTML={{ __html: html }} />;
}
