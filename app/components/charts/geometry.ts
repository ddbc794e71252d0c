/**
 * Chart geometry, pure (unit-tested): a report's chart (shared/reports/document.ts `ReportChart`)
 * turned into SVG coordinates in a fixed plot box. No text is drawn in the SVG (the plot stretches
 * to its container's width, so letters would stretch with it): labels and the scale are HTML
 * around it (chart.tsx), and the numbers themselves are in the table alternative (chart-table.tsx).
 */
import type { ReportChart } from "../../../shared/reports/document.ts";

export const PLOT_WIDTH = 600;
export const PLOT_HEIGHT = 200;

/** The scale's top: the smallest 1, 2, 2.5 or 5 × 10ⁿ at or above `max` (0 → 1). */
export function niceMax(max: number): number {
  if (!(max > 0)) return 1;
  const power = 10 ** Math.floor(Math.log10(max));
  for (const step of [1, 2, 2.5, 5, 10]) {
    if (step * power >= max - 1e-9 * power) return step * power;
  }
  return 10 * power;
}

/** The scale's bottom: 0, or below it when a value is negative (a loss, a balance in the red). */
export function niceMin(min: number): number {
  return min >= 0 ? 0 : -niceMax(-min);
}

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
  /** Index of the series and of the label the rectangle draws. */
  series: number;
  label: number;
  value: number;
}

export interface CartesianGeometry {
  min: number;
  max: number;
  /** y of the value 0. */
  zeroY: number;
  /** Horizontal guides at 0, ¼, ½, ¾ and the top (values and y). */
  ticks: { value: number; y: number }[];
  bars: Rect[];
  /** One polyline per series ("x,y x,y…"), and its points. */
  lines: { points: string; dots: { x: number; y: number; value: number; label: number }[] }[];
}

function yOf(value: number, min: number, max: number): number {
  return PLOT_HEIGHT - ((value - min) / (max - min)) * PLOT_HEIGHT;
}

/**
 * Bars (side by side per label), stacked bars (one column per label, series on top of each
 * other; negative values stack downwards from 0) or lines (one point per label, centred in its slot).
 */
export function cartesianGeometry(chart: Pick<ReportChart, "type" | "labels" | "series">): CartesianGeometry {
  const n = chart.labels.length;
  const stacked = chart.type === "stacked-bar";
  let hi = 0;
  let lo = 0;
  for (let i = 0; i < n; i++) {
    if (stacked) {
      let up = 0;
      let down = 0;
      for (const s of chart.series) {
        const v = s.values[i] ?? 0;
        if (v >= 0) up += v;
        else down += v;
      }
      hi = Math.max(hi, up);
      lo = Math.min(lo, down);
    } else {
      for (const s of chart.series) {
        const v = s.values[i] ?? 0;
        hi = Math.max(hi, v);
        lo = Math.min(lo, v);
      }
    }
  }
  const max = niceMax(hi);
  const min = niceMin(lo);
  const zeroY = yOf(0, min, max);
  const ticks = [0, 0.25, 0.5, 0.75, 1].map((f) => {
    const value = min + (max - min) * f;
    return { value, y: yOf(value, min, max) };
  });
  const slot = n ? PLOT_WIDTH / n : PLOT_WIDTH;
  const bars: Rect[] = [];
  const lines: CartesianGeometry["lines"] = [];
  if (chart.type === "line") {
    chart.series.forEach((s) => {
      const dots = chart.labels.map((_, i) => {
        const value = s.values[i] ?? 0;
        return { x: slot * i + slot / 2, y: yOf(value, min, max), value, label: i };
      });
      lines.push({ points: dots.map((d) => `${round(d.x)},${round(d.y)}`).join(" "), dots });
    });
  } else {
    const gap = Math.min(slot * 0.2, 8);
    const groups = stacked ? 1 : Math.max(chart.series.length, 1);
    const width = Math.max((slot - gap) / groups, 0.5);
    for (let i = 0; i < n; i++) {
      let up = 0;
      let down = 0;
      chart.series.forEach((s, k) => {
        const value = s.values[i] ?? 0;
        const x = slot * i + gap / 2 + (stacked ? 0 : k * width);
        let from: number;
        let to: number;
        if (stacked) {
          from = value >= 0 ? up : down;
          to = from + value;
          if (value >= 0) up = to;
          else down = to;
        } else {
          from = 0;
          to = value;
        }
        const y1 = yOf(Math.max(from, to), min, max);
        const y2 = yOf(Math.min(from, to), min, max);
        bars.push({ x: round(x), y: round(y1), width: round(width), height: round(y2 - y1), series: k, label: i, value });
      });
    }
  }
  return { min, max, zeroY: round(zeroY), ticks, bars, lines };
}

export interface Slice {
  /** SVG path of the ring's slice, in a 100 × 100 box centred at (50, 50). */
  d: string;
  label: number;
  value: number;
  share: number;
}

/** A donut: one slice per label from the first series' values (negatives and zeros left out). */
export function donutGeometry(chart: Pick<ReportChart, "labels" | "series">, inner = 28, outer = 48): Slice[] {
  const values = chart.labels.map((_, i) => Math.max(chart.series[0]?.values[i] ?? 0, 0));
  const total = values.reduce((a, b) => a + b, 0);
  if (total <= 0) return [];
  const slices: Slice[] = [];
  let angle = -Math.PI / 2;
  values.forEach((value, label) => {
    if (value <= 0) return;
    const share = value / total;
    // A whole ring cannot be one arc: stop just short of it.
    const sweep = Math.min(share * 2 * Math.PI, 2 * Math.PI - 1e-4);
    const end = angle + sweep;
    const large = sweep > Math.PI ? 1 : 0;
    const p = (r: number, a: number) => `${round(50 + r * Math.cos(a))},${round(50 + r * Math.sin(a))}`;
    const d = `M${p(outer, angle)}A${outer},${outer} 0 ${large} 1 ${p(outer, end)}L${p(inner, end)}A${inner},${inner} 0 ${large} 0 ${p(inner, angle)}Z`;
    slices.push({ d, label, value, share });
    angle = end;
  });
  return slices;
}

/** Which labels to print under a chart of `n` labels so they never crowd (first, last and evenly between). */
export function labelsShown(n: number, room: number): number[] {
  if (n <= room) return Array.from({ length: n }, (_, i) => i);
  if (room <= 1) return [0];
  const out = new Set<number>();
  for (let k = 0; k < room; k++) out.add(Math.round((k * (n - 1)) / (room - 1)));
  return [...out].sort((a, b) => a - b);
}

function round(v: number): number {
  return Math.round(v * 100) / 100;
}
