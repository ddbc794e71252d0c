import type { ReportChart } from "../../shared/reports/document.ts";
import { formatAxis, formatValue } from "./cells.ts";
import { type Canvas, type Face, hex, type Rgb } from "./content.ts";

/**
 * A section's chart as vectors (ADR 081): bar, line, stacked bar and donut, in a calm palette,
 * light grid, axis labels in pt-BR short form ("R$ 12 mil"). Sharp at any zoom, a few hundred
 * bytes per chart.
 */

export const PALETTE: Rgb[] = [
  "#2563EB",
  "#16A34A",
  "#F59E0B",
  "#DC2626",
  "#7C3AED",
  "#0891B2",
  "#DB2777",
  "#65A30D",
  "#EA580C",
  "#64748B",
].map(hex);
const GRID = hex("#E2E8F0");
const AXIS = hex("#94A3B8");
const INK = hex("#334155");
const MUTED = hex("#64748B");

export const CHART_HEIGHT = 170;

export interface ChartFaces {
  regular: Face;
  bold: Face;
}

/**
 * Round steps (1, 2, 5 × 10ⁿ: no 2.5, whose labels would round) covering [min, max] in about
 * `count` ticks; counts step by whole units at least.
 */
function ticks(min: number, max: number, count: number, whole: boolean): number[] {
  if (min === max) max = min + 1;
  const raw = (max - min) / count;
  const power = 10 ** Math.floor(Math.log10(raw));
  let step = ([1, 2, 5, 10].find((m) => m * power >= raw) ?? 10) * power;
  if (whole) step = Math.max(1, Math.round(step));
  const out: number[] = [];
  for (let v = Math.floor(min / step) * step; v <= max + step * 0.001; v += step) out.push(Math.round(v * 1e6) / 1e6);
  if ((out.at(-1) ?? 0) < max) out.push((out.at(-1) ?? 0) + step);
  return out;
}

/** Draws the chart in the box whose top-left corner is (x, top). */
export function drawChart(
  canvas: Canvas,
  chart: ReportChart,
  faces: ChartFaces,
  x: number,
  top: number,
  width: number,
  height: number,
): void {
  if (chart.labels.length === 0 || chart.series.length === 0) {
    canvas.text("Sem dados no período.", x + width / 2, top + height / 2, faces.regular, 9, MUTED, "center");
    return;
  }
  if (chart.type === "donut") drawDonut(canvas, chart, faces, x, top, width, height);
  else drawAxes(canvas, chart, faces, x, top, width, height);
}

function legend(canvas: Canvas, chart: ReportChart, faces: ChartFaces, right: number, top: number): void {
  if (chart.series.length < 2) return;
  // Right-aligned as a whole, read left to right in the series' order.
  const names = chart.series.map((s) => faces.regular.fit(s.name, 7.5, 120));
  const widths = names.map((n) => faces.regular.width(n, 7.5) + 11 + 10);
  let cursor = right - widths.reduce((a, b) => a + b, 0) + 10;
  names.forEach((name, i) => {
    canvas.rect(cursor, top, 8, 8, PALETTE[i % PALETTE.length] as Rgb);
    canvas.text(name, cursor + 11, top + 7, faces.regular, 7.5, INK);
    cursor += widths[i] ?? 0;
  });
}

function drawAxes(canvas: Canvas, chart: ReportChart, faces: ChartFaces, x: number, top: number, width: number, height: number): void {
  const stacked = chart.type === "stacked-bar";
  const n = chart.labels.length;
  let min = 0;
  let max = 0;
  for (let i = 0; i < n; i++) {
    let pos = 0;
    let neg = 0;
    for (const s of chart.series) {
      const v = s.values[i] ?? 0;
      if (stacked) {
        if (v >= 0) pos += v;
        else neg += v;
      } else {
        max = Math.max(max, v);
        min = Math.min(min, v);
      }
    }
    if (stacked) {
      max = Math.max(max, pos);
      min = Math.min(min, neg);
    }
  }
  const scale = ticks(min, max, 4, chart.kind === "integer");
  const lo = scale[0] ?? 0;
  const hi = scale.at(-1) ?? 1;
  const labels = scale.map((v) => formatAxis(v, chart.kind));
  const axisWidth = Math.max(...labels.map((l) => faces.regular.width(l, 7))) + 6;
  const legendHeight = chart.series.length > 1 ? 14 : 0;
  const plot = { left: x + axisWidth, top: top + legendHeight + 4, width: width - axisWidth, height: height - legendHeight - 22 };
  const yOf = (v: number) => plot.top + plot.height - ((v - lo) / (hi - lo)) * plot.height;

  legend(canvas, chart, faces, x + width, top);
  scale.forEach((v, i) => {
    const y = yOf(v);
    canvas.line(plot.left, y, plot.left + plot.width, y, 0.5, v === 0 ? AXIS : GRID);
    canvas.text(labels[i] ?? "", plot.left - 4, y + 2.5, faces.regular, 7, MUTED, "right");
  });

  const band = plot.width / n;
  // x labels: every k-th so they never overlap.
  const widest = Math.max(...chart.labels.map((l) => faces.regular.width(l, 7))) + 6;
  const every = Math.max(1, Math.ceil(widest / band));
  chart.labels.forEach((label, i) => {
    if (i % every !== 0) return;
    canvas.text(
      faces.regular.fit(label, 7, band * every - 2),
      plot.left + band * (i + 0.5),
      plot.top + plot.height + 11,
      faces.regular,
      7,
      MUTED,
      "center",
    );
  });

  if (chart.type === "line") {
    chart.series.forEach((s, si) => {
      const color = PALETTE[si % PALETTE.length] as Rgb;
      const points = s.values.slice(0, n).map((v, i): [number, number] => [plot.left + band * (i + 0.5), yOf(v)]);
      canvas.polyline(points, 1.6, color);
      if (n <= 40) for (const [px, py] of points) canvas.circle(px, py, 1.8, color);
    });
    return;
  }
  const zero = yOf(0);
  const gap = Math.min(band * 0.25, 12);
  for (let i = 0; i < n; i++) {
    // Bars no wider than 56 points, centred in their band.
    const inner = Math.min(band - gap, 56 * (stacked ? 1 : chart.series.length));
    const left = plot.left + band * i + (band - inner) / 2;
    if (stacked) {
      let up = 0;
      let down = 0;
      chart.series.forEach((s, si) => {
        const v = s.values[i] ?? 0;
        const from = v >= 0 ? up : down;
        const to = from + v;
        if (v >= 0) up = to;
        else down = to;
        const [a, b] = [yOf(from), yOf(to)];
        canvas.rect(left, Math.min(a, b), inner, Math.abs(a - b), PALETTE[si % PALETTE.length] as Rgb);
      });
    } else {
      const count = chart.series.length;
      const each = inner / count;
      chart.series.forEach((s, si) => {
        const v = s.values[i] ?? 0;
        const y = yOf(v);
        canvas.rect(
          left + each * si,
          Math.min(y, zero),
          Math.max(each - 0.5, 0.5),
          Math.abs(zero - y),
          PALETTE[si % PALETTE.length] as Rgb,
        );
      });
    }
  }
}

function drawDonut(canvas: Canvas, chart: ReportChart, faces: ChartFaces, x: number, top: number, width: number, height: number): void {
  const values = chart.labels.map((_, i) => Math.max(0, chart.series[0]?.values[i] ?? 0));
  const total = values.reduce((a, b) => a + b, 0);
  const r = height / 2 - 6;
  const cx = x + r + 10;
  const cy = top + height / 2;
  if (total <= 0) {
    canvas.text("Sem valores no período.", x + width / 2, cy, faces.regular, 9, MUTED, "center");
    return;
  }
  let angle = 0;
  values.forEach((v, i) => {
    if (v <= 0) return;
    const sweep = (v / total) * Math.PI * 2;
    canvas.ringSlice(cx, cy, r, r * 0.58, angle, angle + Math.min(sweep, Math.PI * 2 - 1e-4), PALETTE[i % PALETTE.length] as Rgb);
    angle += sweep;
  });
  canvas.text(formatValue(total, chart.kind), cx, cy + 3, faces.bold, 9, INK, "center");
  // Legend: label, value and share, one line each (as many as fit).
  const lx = cx + r + 24;
  const lineHeight = 13;
  const fits = Math.floor((height - 4) / lineHeight);
  // More slices than lines: the last line says how many more.
  const shown = chart.labels.length > fits ? chart.labels.slice(0, fits - 1) : chart.labels;
  const rest = chart.labels.length - shown.length;
  const startTop = cy - ((shown.length + (rest > 0 ? 1 : 0)) * lineHeight) / 2;
  shown.forEach((label, i) => {
    const t = startTop + i * lineHeight;
    canvas.rect(lx, t + 1, 8, 8, PALETTE[i % PALETTE.length] as Rgb);
    const share = `${formatValue(values[i] ?? 0, chart.kind)} · ${formatAxis((values[i] ?? 0) / total, "percent")}`;
    const shareWidth = faces.regular.width(share, 7.5);
    const right = x + width;
    canvas.text(faces.regular.fit(label, 7.5, right - lx - 14 - shareWidth - 10), lx + 13, t + 8, faces.regular, 7.5, INK);
    canvas.text(share, right, t + 8, faces.regular, 7.5, MUTED, "right");
  });
  if (rest > 0) {
    const others = values.slice(shown.length).reduce((a, b) => a + b, 0);
    const t = startTop + shown.length * lineHeight;
    canvas.text(`+ ${rest} outros`, lx + 13, t + 8, faces.regular, 7.5, MUTED);
    canvas.text(
      `${formatValue(others, chart.kind)} · ${formatAxis(others / total, "percent")}`,
      x + width,
      t + 8,
      faces.regular,
      7.5,
      MUTED,
      "right",
    );
  }
}
