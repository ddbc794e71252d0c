import type { ReportChart } from "../../../shared/reports/document.ts";
import { cartesianGeometry, donutGeometry, labelsShown, PLOT_HEIGHT, PLOT_WIDTH } from "./geometry.ts";
import { formatAxisValue, formatChartValue, seriesColor } from "./format.ts";

/**
 * The drawing of a chart (loaded lazily by `Chart`, so no screen pays for it until it shows one):
 * plain SVG, no chart library. The plot stretches to the container's width; every letter is HTML
 * so it never stretches with it. Each bar and point carries its value in a `<title>` (hover).
 */
export default function ChartSvg({ chart, label }: { chart: ReportChart; label: string }) {
  if (chart.type === "donut") return <Donut chart={chart} label={label} />;
  const g = cartesianGeometry(chart);
  const n = chart.labels.length;
  const shown = labelsShown(n, n > 12 ? 6 : n > 7 ? 7 : n);
  const value = (v: number) => formatChartValue(v, chart.kind);
  const axis = (v: number) => formatAxisValue(v, chart.kind);
  const tip = (series: number, i: number, v: number) =>
    `${chart.labels[i] ?? ""}${chart.series.length > 1 ? ` · ${chart.series[series]?.name ?? ""}` : ""}: ${value(v)}`;
  return (
    <div className="flex gap-2">
      <div aria-hidden="true" className="relative h-44 w-16 shrink-0 text-right text-[11px] leading-none text-fg-soft tabular-nums">
        <span className="absolute top-0 right-0">{axis(g.max)}</span>
        <span className="absolute top-1/2 right-0 -translate-y-1/2">{axis((g.max + g.min) / 2)}</span>
        <span className="absolute right-0 bottom-0">{axis(g.min)}</span>
      </div>
      <div className="min-w-0 flex-1">
        <svg
          viewBox={`0 0 ${PLOT_WIDTH} ${PLOT_HEIGHT}`}
          preserveAspectRatio="none"
          className="block h-44 w-full overflow-visible"
          role="img"
          aria-label={label}
        >
          {g.ticks.map((t) => (
            <line
              key={t.value}
              x1="0"
              x2={PLOT_WIDTH}
              y1={t.y}
              y2={t.y}
              stroke="currentColor"
              strokeOpacity={t.value === 0 ? 0.35 : 0.1}
              vectorEffect="non-scaling-stroke"
            />
          ))}
          {g.bars.map((b) => (
            <rect
              key={`${b.series}-${b.label}`}
              x={b.x}
              y={b.y}
              width={b.width}
              height={Math.max(b.height, b.value === 0 ? 0 : 0.5)}
              fill={seriesColor(b.series)}
              rx="1"
            >
              <title>{tip(b.series, b.label, b.value)}</title>
            </rect>
          ))}
          {g.lines.map((l, k) => (
            <g key={chart.series[k]?.name ?? k}>
              <polyline points={l.points} fill="none" stroke={seriesColor(k)} strokeWidth="2" vectorEffect="non-scaling-stroke" />
              {n <= 62
                ? l.dots.map((d) => (
                    <circle key={d.label} cx={d.x} cy={d.y} r="3" fill={seriesColor(k)} vectorEffect="non-scaling-stroke">
                      <title>{tip(k, d.label, d.value)}</title>
                    </circle>
                  ))
                : null}
            </g>
          ))}
        </svg>
        <div aria-hidden="true" className="relative mt-1 h-4 text-[11px] text-fg-soft">
          {shown.map((i) => (
            // Every label shown (categories: names): each centred under its bar, no wider than it.
            // Some shown (days, months): the ends aligned inward. Either way a long name ends in "…"
            // (its whole text in the title and the chart's table), never past the page's edge.
            <span
              key={i}
              title={chart.labels[i]}
              className={`absolute -translate-x-1/2 overflow-hidden text-ellipsis whitespace-nowrap ${
                shown.length === n ? "text-center" : "first:translate-x-0 last:-translate-x-full"
              }`}
              style={{ left: `${((i + 0.5) / Math.max(n, 1)) * 100}%`, maxWidth: `${100 / Math.max(shown.length, 1)}%` }}
            >
              {chart.labels[i]}
            </span>
          ))}
        </div>
      </div>
    </div>
  );
}

function Donut({ chart, label }: { chart: ReportChart; label: string }) {
  const slices = donutGeometry(chart);
  return (
    <div className="flex flex-wrap items-center gap-4">
      <svg viewBox="0 0 100 100" className="size-36 shrink-0" role="img" aria-label={label}>
        {slices.length ? null : <circle cx="50" cy="50" r="38" fill="none" stroke="currentColor" strokeOpacity="0.15" strokeWidth="20" />}
        {slices.map((s) => (
          <path key={s.label} d={s.d} fill={seriesColor(s.label)}>
            <title>{`${chart.labels[s.label] ?? ""}: ${formatChartValue(s.value, chart.kind)}`}</title>
          </path>
        ))}
      </svg>
      <ul aria-hidden="true" className="min-w-0 space-y-1 text-xs">
        {slices.map((s) => (
          <li key={s.label} className="flex items-center gap-2">
            <span className="inline-block size-2.5 shrink-0 rounded-sm" style={{ background: seriesColor(s.label) }} />
            <span className="truncate">{chart.labels[s.label]}</span>
            <span className="text-fg-soft tabular-nums">{formatChartValue(s.share, "percent")}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
