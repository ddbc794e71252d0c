import type { CellValue, ColumnKind, ReportColumn, ReportKpi, ReportRow, ReportSection } from "../../../shared/reports/document.ts";
import { formatBRL, formatNumber } from "../../../shared/format.ts";
import { formatLocalDay } from "../../../shared/finance/local-day.ts";
import { formatDateTimeIn } from "../../../shared/time-zone.ts";
import { Chart } from "../charts/chart.tsx";

/**
 * A report's figures on screen (ADR 083): the KPI cards with the change against the previous
 * period, and each section's chart (lazily drawn; its numbers always in the page) and table. A
 * table of more than three columns becomes one small card per row on a phone (390 px: nothing
 * scrolls sideways); the table itself from `sm` up and on paper.
 */

export function formatCell(value: CellValue | undefined, kind: ColumnKind, zone: string): string {
  if (value === null || value === undefined || value === "") return "";
  if (typeof value === "string") {
    if (kind === "date") return formatLocalDay(value) || value;
    if (kind === "datetime") return formatDateTimeIn(value, zone);
    return value;
  }
  switch (kind) {
    case "money":
      return formatBRL(value);
    case "integer":
      return formatNumber(Math.round(value));
    case "number":
      return formatNumber(value, { maximumFractionDigits: 2 });
    case "percent":
      return formatNumber(value, { style: "percent", maximumFractionDigits: 1 });
    default:
      return String(value);
  }
}

/** "+12,5%" / "−3%" against the previous period; null when there is nothing to compare with. */
export function changeText(k: ReportKpi): { text: string; tone: "up" | "down" | "flat" } | null {
  if (k.previous === undefined) return null;
  if (k.previous === 0)
    return k.value === 0 ? { text: "igual ao período anterior", tone: "flat" } : { text: "sem base no período anterior", tone: "flat" };
  const change = (k.value - k.previous) / Math.abs(k.previous);
  if (Math.abs(change) < 0.0005) return { text: "igual ao período anterior", tone: "flat" };
  const pct = formatNumber(Math.abs(change), { style: "percent", maximumFractionDigits: 1 });
  return change > 0 ? { text: `+${pct} vs período anterior`, tone: "up" } : { text: `−${pct} vs período anterior`, tone: "down" };
}

export function KpiCards({ kpis, zone }: { kpis: ReportKpi[]; zone: string }) {
  return (
    <ul className="grid grid-cols-2 gap-3 md:grid-cols-3 2xl:grid-cols-6 print:grid-cols-3" aria-label="Indicadores do período">
      {kpis.map((k) => {
        const change = changeText(k);
        return (
          <li key={k.label} className="min-w-0 rounded-xl border border-line bg-surface p-3 shadow-sm print:shadow-none">
            <p className="text-xs text-fg-soft">{k.label}</p>
            <p className="mt-1 text-base font-semibold break-words tabular-nums sm:text-lg">{formatCell(k.value, k.kind, zone)}</p>
            {change ? (
              <p className="mt-0.5 text-xs text-fg-soft">
                {change.text}
                {k.previous !== undefined && k.previous !== 0 ? (
                  <span className="sr-only"> (antes: {formatCell(k.previous, k.kind, zone)})</span>
                ) : null}
              </p>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}

const numeric = (kind: ColumnKind) => kind !== "text";

function Cell({ row, column, zone }: { row: ReportRow; column: ReportColumn; zone: string }) {
  const value = row[column.key];
  const negative = column.kind === "money" && typeof value === "number" && value < 0;
  return <span className={negative ? "text-danger" : undefined}>{formatCell(value, column.kind, zone)}</span>;
}

export function SectionTable({ section, zone }: { section: ReportSection; zone: string }) {
  const { columns, rows, totals } = section.table;
  const [first, ...rest] = columns;
  if (!first) return null;
  const wide = columns.length > 3;
  const table = (
    <table className={`w-full text-sm tabular-nums ${wide ? "hidden sm:table print:table" : ""}`}>
      <caption className="sr-only">{section.title}</caption>
      <thead className="text-left text-xs text-fg-soft">
        <tr className="border-b border-line">
          {columns.map((c) => (
            <th key={c.key} scope="col" className={`px-2 py-1.5 font-semibold ${numeric(c.kind) && c !== first ? "text-right" : ""}`}>
              {c.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row, i) => (
          <tr key={i} className="border-b border-line/60">
            <th scope="row" className="px-2 py-1.5 text-left font-normal">
              <Cell row={row} column={first} zone={zone} />
            </th>
            {rest.map((c) => (
              <td key={c.key} className={`px-2 py-1.5 ${numeric(c.kind) ? "text-right whitespace-nowrap" : ""}`}>
                <Cell row={row} column={c} zone={zone} />
              </td>
            ))}
          </tr>
        ))}
      </tbody>
      {totals ? (
        <tfoot className="font-semibold">
          <tr>
            <th scope="row" className="px-2 py-1.5 text-left">
              <Cell row={totals} column={first} zone={zone} />
            </th>
            {rest.map((c) => (
              <td key={c.key} className={`px-2 py-1.5 ${numeric(c.kind) ? "text-right whitespace-nowrap" : ""}`}>
                <Cell row={totals} column={c} zone={zone} />
              </td>
            ))}
          </tr>
        </tfoot>
      ) : null}
    </table>
  );
  // A long table (a quarter's days) scrolls inside its box, never the page sideways; on paper, whole.
  const box = rows.length > 31 ? "max-h-[36rem] overflow-y-auto print:max-h-none print:overflow-visible" : "";
  // A scrolling box is reachable by keyboard (Tab, then the arrows) and named for screen readers.
  const scroller = box ? { className: box, tabIndex: 0, role: "region", "aria-label": `${section.title}: tabela` } : {};
  if (!wide) return <div {...scroller}>{table}</div>;
  const cards = [...rows, ...(totals ? [totals] : [])];
  return (
    <div {...scroller}>
      {table}
      <ul className="space-y-2 sm:hidden print:hidden" aria-label={section.title}>
        {cards.map((row, i) => (
          <li key={i} className={`rounded-lg border border-line p-2 text-sm ${row === totals ? "font-semibold" : ""}`}>
            <p className="font-medium">
              <Cell row={row} column={first} zone={zone} />
            </p>
            <dl className="mt-1 grid grid-cols-2 gap-x-3 gap-y-0.5 tabular-nums">
              {rest
                .filter((c) => row[c.key] !== null && row[c.key] !== undefined && row[c.key] !== "")
                .map((c) => (
                  <div key={c.key} className="contents">
                    <dt className="text-xs text-fg-soft">{c.label}</dt>
                    <dd className="text-right">
                      <Cell row={row} column={c} zone={zone} />
                    </dd>
                  </div>
                ))}
            </dl>
          </li>
        ))}
      </ul>
    </div>
  );
}

function hasData(section: ReportSection): boolean {
  return section.table.rows.some((r) => Object.values(r).some((v) => typeof v === "number" && v !== 0));
}

export function ReportSectionCard({ section, zone }: { section: ReportSection; zone: string }) {
  const data = hasData(section);
  return (
    <section
      aria-labelledby={`secao-${section.id}`}
      className="min-w-0 break-inside-avoid rounded-xl border border-line bg-surface p-4 shadow-sm sm:p-5 print:border-0 print:p-0 print:shadow-none"
    >
      <h2 id={`secao-${section.id}`} className="text-base font-semibold">
        {section.title}
      </h2>
      {section.note ? <p className="mt-1 text-xs text-fg-soft">{section.note}</p> : null}
      {data ? (
        <div className="mt-3 space-y-4">
          {section.chart ? (
            <div className="print:hidden">
              <Chart chart={section.chart} title={`Gráfico: ${section.title}`} table="closed" />
            </div>
          ) : null}
          <SectionTable section={section} zone={zone} />
        </div>
      ) : (
        <p className="mt-3 text-sm text-fg-soft">Nada neste período.</p>
      )}
    </section>
  );
}
