import type { ColumnView, RowView } from "./types.ts";

/**
 * A list page's rows as HTML text, rendered into `<tbody>` in one piece (ADR 011).
 *
 * Rows are most of a list page: as React elements, 25 rows cost about a quarter of the page's
 * server time (each cell, link and attribute is a component call and a separate write), while
 * what they show is plain text the loader already formatted. Built here, they are one string
 * on the server and on the client alike; links and checkboxes stay plain HTML that works
 * without JavaScript, and `DataList` listens to them from the `<tbody>`.
 */

const ESCAPED: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;" };
const NEEDS_ESCAPE = /[&<>"']/g;

/** Text safe inside an element or a quoted attribute. */
export function escapeHtml(text: string): string {
  return text.replace(NEEDS_ESCAPE, (ch) => ESCAPED[ch] as string);
}

export interface RowsMarkupOptions {
  /** The visible columns, in order; the first one links to the record. */
  columns: readonly ColumnView[];
  /** Rows carry a checkbox for bulk actions. */
  selectable: boolean;
  /** The id of the bulk-action form the checkboxes belong to. */
  formId: string;
}

function firstCell(row: RowView, column: ColumnView): string {
  const text = row.cells[column.key] || row.title;
  const subtitle = row.subtitle ? `<p>${escapeHtml(row.subtitle)}</p>` : "";
  return `<td class="dl-first"><a href="${escapeHtml(row.href)}">${escapeHtml(text)}</a>${subtitle}</td>`;
}

function cell(row: RowView, column: ColumnView): string {
  const text = row.cells[column.key];
  const content = text ? escapeHtml(text) : '<span class="dl-empty">—</span>';
  return `<td class="${column.align === "right" ? "dl-cell dl-num" : "dl-cell"}" data-label="${escapeHtml(column.label)}">${content}</td>`;
}

export function rowsMarkup(rows: readonly RowView[], { columns, selectable, formId }: RowsMarkupOptions): string {
  const form = escapeHtml(formId);
  let html = "";
  for (const row of rows) {
    html += '<tr class="dl-row">';
    if (selectable) {
      html += `<td class="dl-check"><input type="checkbox" form="${form}" aria-label="Selecionar ${escapeHtml(row.title)}" name="excluir" value="${escapeHtml(row.id)}"/></td>`;
    }
    columns.forEach((column, i) => {
      html += i === 0 ? firstCell(row, column) : cell(row, column);
    });
    html += "</tr>";
  }
  return html;
}
