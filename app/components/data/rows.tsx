import { memo, type ReactNode } from "react";
import { Link } from "react-router";
import { intentPrefetch } from "../ui/prefetch.ts";
import type { BadgeTone, CellView, ColumnView, RowView, TotalsView } from "./types.ts";
import { KeepWhole } from "./whole-values.tsx";

/**
 * The list's rows as React elements with router links (ADR 013). The look lives in `app.css`
 * (`dl-*`): a card per row on phones, a table row from `md` up; cells by kind (money and numbers
 * right-aligned with tabular figures, badges, thumbnails, links to related records).
 */

/** The badge classes of a tone: every badge of the app (table cells, timelines) looks the same. */
export const TONE_CLASS: Record<BadgeTone, string> = {
  neutral: "badge badge-neutral",
  green: "badge badge-green",
  yellow: "badge badge-yellow",
  red: "badge badge-red",
  blue: "badge badge-blue",
  purple: "badge badge-purple",
};

const EMPTY = <span className="dl-empty">—</span>;

function Thumbnail({ src, alt }: { src: string | null; alt: string }) {
  if (!src) return <span className="dl-thumb dl-thumb-empty" aria-hidden="true" />;
  return <img src={src} alt={alt} loading="lazy" decoding="async" width={32} height={32} className="dl-thumb" />;
}

/** What a cell holds (the first column's is wrapped in the record's link instead). */
function CellContent({ cell }: { cell: CellView }) {
  if (!cell.text && cell.kind !== "image") return EMPTY;
  switch (cell.kind) {
    case "badge":
      return <span className={TONE_CLASS[cell.tone] ?? TONE_CLASS.neutral}>{cell.text}</span>;
    case "image":
      return (
        <span className="dl-media">
          <Thumbnail src={cell.src} alt={cell.alt} />
          {cell.text ? <KeepWhole text={cell.text} /> : null}
        </span>
      );
    case "link":
      return cell.href ? (
        <Link to={cell.href} prefetch={intentPrefetch()} className="dl-link">
          <KeepWhole text={cell.text} />
        </Link>
      ) : (
        <KeepWhole text={cell.text} />
      );
    default:
      return <KeepWhole text={cell.text} />;
  }
}

function cellClass(cell: CellView | undefined, column: ColumnView): string {
  const base = column.align === "right" ? "dl-cell dl-num" : "dl-cell";
  const nowrap = column.nowrap ? `${base} dl-nowrap` : base;
  return cell?.kind === "money" ? `${nowrap} dl-money` : nowrap;
}

/** A cell as the loader sent it: plain text travels as a string. */
function cellAt(row: RowView, key: string): CellView | undefined {
  const cell = row.cells[key];
  return typeof cell === "string" ? { kind: "text", text: cell } : cell;
}

function FirstCell({ row, column }: { row: RowView; column: ColumnView }) {
  const cell = cellAt(row, column.key);
  // A first column that is a date or a code ("25/11/2026 14:48") stays on one line like any such cell.
  const link = (
    <Link to={row.href} prefetch={intentPrefetch()} className={column.nowrap ? "dl-nowrap" : undefined}>
      <KeepWhole text={cell?.text || row.title} />
    </Link>
  );
  return (
    <td className="dl-first">
      {cell?.kind === "image" ? (
        <span className="dl-media">
          <Thumbnail src={cell.src} alt={cell.alt} />
          {link}
        </span>
      ) : (
        link
      )}
      {row.subtitle ? (
        <p>
          <KeepWhole text={row.subtitle} />
        </p>
      ) : null}
    </td>
  );
}

export const ListRow = memo(function ListRow({
  row,
  columns,
  selectable,
  formId,
  checked,
  onToggle,
  actions,
}: {
  row: RowView;
  columns: readonly ColumnView[];
  selectable: boolean;
  formId: string;
  checked: boolean;
  onToggle: (id: string, on: boolean) => void;
  /** The screen's own actions for this row (a last cell), when it has any. */
  actions?: ReactNode;
}) {
  return (
    <tr className="dl-row">
      {selectable ? (
        <td className="dl-check">
          <input
            type="checkbox"
            form={formId}
            name="excluir"
            value={row.id}
            aria-label={`Selecionar ${row.title}`}
            checked={checked}
            onChange={(e) => onToggle(row.id, e.currentTarget.checked)}
          />
        </td>
      ) : null}
      {columns.map((column, i) => {
        if (i === 0) return <FirstCell key={column.key} row={row} column={column} />;
        const cell = cellAt(row, column.key);
        return (
          <td key={column.key} className={cellClass(cell, column)} data-label={column.label}>
            {cell ? <CellContent cell={cell} /> : EMPTY}
          </td>
        );
      })}
      {actions !== undefined ? <td className="block pt-2 md:table-cell md:px-3 md:py-3 md:text-right">{actions}</td> : null}
    </tr>
  );
});

/**
 * The sums of the total columns over the whole filtered list: a `<tfoot>` row from `md` up
 * (the label spans the columns before the first sum), a summary line on phones.
 */
export function TotalsFoot({ totals, columns, selectable }: { totals: TotalsView; columns: readonly ColumnView[]; selectable: boolean }) {
  const firstTotal = Math.max(
    0,
    columns.findIndex((c) => c.key in totals.values),
  );
  // The label spans the columns before the first sum (and the checkbox column); when a sum comes
  // first, it sits above that sum instead.
  const lead = firstTotal > 0 ? firstTotal + (selectable ? 1 : 0) : 0;
  return (
    <tfoot className="hidden border-t-2 border-line font-semibold md:table-footer-group">
      <tr>
        {lead > 0 ? (
          <th scope="row" colSpan={lead} className="px-3 py-3 text-left">
            {totals.label}
          </th>
        ) : selectable ? (
          <td />
        ) : null}
        {columns.slice(firstTotal).map((c, i) => {
          const value = totals.values[c.key];
          return (
            <td key={c.key} className={`px-3 py-3 ${value !== undefined ? "text-right whitespace-nowrap tabular-nums" : ""}`}>
              {lead === 0 && i === 0 ? <span className="block text-xs font-normal text-fg-soft">{totals.label}</span> : null}
              {value ?? null}
            </td>
          );
        })}
      </tr>
    </tfoot>
  );
}

/** The same sums on phones, where the table is a list of cards. */
export function TotalsSummary({ totals, columns }: { totals: TotalsView; columns: readonly ColumnView[] }) {
  return (
    <div className="mt-3 rounded-xl border border-line bg-surface p-4 text-sm md:hidden">
      <p className="font-semibold">{totals.label}</p>
      <dl className="mt-1 space-y-0.5">
        {columns
          .filter((c) => c.key in totals.values)
          .map((c) => (
            <div key={c.key} className="flex justify-between gap-3">
              <dt className="text-fg-soft">{c.label}</dt>
              <dd className="font-semibold whitespace-nowrap tabular-nums">{totals.values[c.key]}</dd>
            </div>
          ))}
      </dl>
    </div>
  );
}
