/**
 * The daily-balance chart's geometry (ADR 072): a line per account over the period's closing
 * balances, scaled into a fixed viewBox (the SVG scales to the screen's width). Pure, tested.
 */

export interface ChartSeries {
  label: string;
  /** Closing balance (centavos) per day, in order. */
  values: readonly number[];
}

export interface ChartGeometry {
  width: number;
  height: number;
  /** `points` attribute of each series' polyline. */
  lines: string[];
  /** y of the zero line (null: zero is outside the range). */
  zeroY: number | null;
  min: number;
  max: number;
}

export function chartGeometry(series: readonly ChartSeries[], width = 640, height = 200, pad = 8): ChartGeometry {
  const all = series.flatMap((s) => s.values);
  const lo = Math.min(0, ...all);
  const hi = Math.max(0, ...all);
  const span = hi - lo || 1;
  const days = Math.max(1, ...series.map((s) => s.values.length));
  const x = (i: number) => (days === 1 ? width / 2 : pad + (i * (width - 2 * pad)) / (days - 1));
  const y = (v: number) => pad + ((hi - v) * (height - 2 * pad)) / span;
  const round = (n: number) => Math.round(n * 10) / 10;
  return {
    width,
    height,
    lines: series.map((s) => s.values.map((v, i) => `${round(x(i))},${round(y(v))}`).join(" ")),
    zeroY: lo <= 0 && hi >= 0 ? round(y(0)) : null,
    min: lo,
    max: hi,
  };
}
