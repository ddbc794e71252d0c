import { lazy, Suspense } from "react";
import type { ReportChart } from "../../../shared/reports/document.ts";
import { formatChartValue, seriesColor } from "./format.ts";

/**
 * A chart of a report or a screen (shared/reports/document.ts `ReportChart`: bar, stacked-bar,
 * line, donut), with its text alternative. The drawing (chart-svg.tsx) is a lazy chunk: a screen
 * that imports `Chart` grows by this file only, and the SVG loads when a chart is on screen. The
 * numbers are always in the page, as a table under "Ver os números" (screen readers, no JS,
 * anyone who wants the figure rather than the shape); `table="open"` shows it open,
 * `table="none"` leaves it out when the page shows the same numbers in its own table.
 */
const ChartSvg = lazy(() => import("./chart-svg.tsx"));

export function Chart({
  chart,
  title,
  summary,
  table = "closed",
  className = "",
}: {
  chart: ReportChart;
  /** What the chart shows ("Alcance por semana"): the figure's caption and the image's name. */
  title: string;
  /** The chart in one sentence, read to screen readers with the title ("O alcance subiu 20% …"). */
  summary?: string;
  table?: "open" | "closed" | "none";
  className?: string;
}) {
  const label = summary ? `${title}. ${summary}` : title;
  const legend = chart.type !== "donut" && chart.series.length > 1;
  return (
    <figure className={`min-w-0 ${className}`}>
      <figcaption className="mb-2 text-sm font-medium">{title}</figcaption>
      <Suspense fallback={<div className={chart.type === "donut" ? "h-36" : "h-49"} aria-hidden="true" />}>
        <ChartSvg chart={chart} label={label} />
      </Suspense>
      {legend ? (
        <ul aria-hidden="true" className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-fg-soft">
          {chart.series.map((s, i) => (
            <li key={s.name} className="inline-flex items-center gap-1">
              <span className="inline-block h-2 w-3 rounded-sm" style={{ background: seriesColor(i) }} />
              {s.name}
            </li>
          ))}
        </ul>
      ) : null}
      {table === "none" ? null : (
        <details className="mt-2 text-sm" open={table === "open"}>
          <summary className="cursor-pointer text-xs text-fg-soft">Ver os números</summary>
          <ChartTable chart={chart} title={title} />
        </details>
      )}
    </figure>
  );
}

/** The chart's numbers as a table: one row per label, one column per series. */
export function ChartTable({ chart, title }: { chart: ReportChart; title: string }) {
  return (
    // It scrolls (a month by day has 30 rows): a keyboard reaches it, and it says what it holds.
    <section
      className="mt-2 max-h-72 overflow-auto"
      aria-label={title}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: the table scrolls and must be reachable by keyboard (WCAG 2.1.1)
      tabIndex={0}
    >
      <table className="w-full text-sm tabular-nums">
        <caption className="sr-only">{title}</caption>
        <thead className="text-left text-xs text-fg-soft">
          <tr className="border-b border-line">
            <th scope="col" className="px-2 py-1 font-semibold">
              &nbsp;
            </th>
            {chart.series.map((s) => (
              <th key={s.name} scope="col" className="px-2 py-1 text-right font-semibold">
                {s.name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {chart.labels.map((l, i) => (
            <tr key={`${l}-${i}`} className="border-b border-line last:border-0">
              <th scope="row" className="px-2 py-1 text-left font-normal">
                {l}
              </th>
              {chart.series.map((s) => (
                <td key={s.name} className="px-2 py-1 text-right whitespace-nowrap">
                  {formatChartValue(s.values[i] ?? 0, chart.kind)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
