/**
 * A tiny inline SVG trend line (ADR 084): no chart library, a few hundred bytes of markup rendered
 * on the server. The picture is decorative (`aria-hidden`); `label` is its text alternative,
 * read by screen readers and shown on hover (the first, last, lowest and highest values in words).
 */
export function Sparkline({
  values,
  label,
  width = 240,
  height = 40,
  className = "",
}: {
  values: readonly number[];
  label: string;
  width?: number;
  height?: number;
  className?: string;
}) {
  if (values.length < 2) return null;
  const min = Math.min(...values, 0);
  const max = Math.max(...values);
  const span = max - min || 1;
  const pad = 2;
  const x = (i: number) => pad + (i * (width - 2 * pad)) / (values.length - 1);
  const y = (v: number) => pad + (height - 2 * pad) * (1 - (v - min) / span);
  const points = values.map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(" ");
  const zero = min < 0 ? y(0) : null;
  return (
    <figure className={`mt-3 ${className}`}>
      <svg
        viewBox={`0 0 ${width} ${height}`}
        preserveAspectRatio="none"
        className="h-10 w-full text-accent"
        aria-hidden="true"
        focusable="false"
      >
        {zero !== null ? <line x1={0} x2={width} y1={zero} y2={zero} className="stroke-line" strokeDasharray="3 3" /> : null}
        <polygon points={`${x(0)},${height} ${points} ${x(values.length - 1)},${height}`} fill="currentColor" opacity={0.12} />
        <polyline points={points} fill="none" stroke="currentColor" strokeWidth={1.5} vectorEffect="non-scaling-stroke" />
      </svg>
      <figcaption className="sr-only">{label}</figcaption>
    </figure>
  );
}
