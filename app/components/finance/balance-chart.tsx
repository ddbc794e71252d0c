import { chartGeometry } from "../../../shared/finance/balance-chart.ts";
import { formatBRL } from "../../../shared/format.ts";

const COLORS = ["var(--color-accent, #2563eb)", "#16a34a", "#9333ea", "#ea580c", "#0891b2", "#64748b"];

/**
 * Each account's balance at the end of every day of the period, as lines (a light SVG, no chart
 * library). The numbers themselves are in the table beside it: the chart is `aria-hidden`-free
 * but described in words for screen readers.
 */
export function BalanceChart({
  series,
  firstDay,
  lastDay,
}: {
  series: { label: string; values: number[] }[];
  firstDay: string;
  lastDay: string;
}) {
  if (!series.length || !series[0]?.values.length) return null;
  const g = chartGeometry(series);
  const summary = series.map((s) => `${s.label}: ${formatBRL(s.values.at(-1) ?? 0)} no fim do período`).join("; ");
  return (
    <figure className="min-w-0">
      <svg
        viewBox={`0 0 ${g.width} ${g.height}`}
        className="h-48 w-full"
        role="img"
        aria-labelledby="grafico-saldos-titulo grafico-saldos-desc"
        preserveAspectRatio="none"
      >
        <title id="grafico-saldos-titulo">Saldo de cada conta no fim de cada dia</title>
        <desc id="grafico-saldos-desc">{summary}</desc>
        {g.zeroY !== null ? (
          <line x1="0" x2={g.width} y1={g.zeroY} y2={g.zeroY} stroke="currentColor" strokeOpacity="0.25" strokeDasharray="4 4" />
        ) : null}
        {g.lines.map((points, i) => (
          <polyline
            key={series[i]?.label}
            points={points}
            fill="none"
            stroke={COLORS[i % COLORS.length]}
            strokeWidth="2"
            vectorEffect="non-scaling-stroke"
          />
        ))}
      </svg>
      <figcaption className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-fg-soft">
        <span>
          {firstDay} a {lastDay}
        </span>
        {series.map((s, i) => (
          <span key={s.label} className="inline-flex items-center gap-1">
            <span aria-hidden="true" className="inline-block h-2 w-3 rounded-sm" style={{ background: COLORS[i % COLORS.length] }} />
            {s.label}
          </span>
        ))}
      </figcaption>
    </figure>
  );
}
