import { formatBRL, formatNumber } from "../../../shared/format.ts";
import type { ReportChart } from "../../../shared/reports/document.ts";

/** A chart value the pt-BR way, by the chart's kind (the same rules as the report renderers). */
export function formatChartValue(value: number, kind: ReportChart["kind"]): string {
  switch (kind) {
    case "money":
      return formatBRL(Math.round(value));
    case "percent":
      return formatNumber(value, { style: "percent", maximumFractionDigits: 1 });
    case "integer":
      return formatNumber(Math.round(value));
    default:
      return formatNumber(value, { maximumFractionDigits: 2 });
  }
}

/** The series' colours, in order (the accent first; readable on light and dark). */
export const SERIES_COLORS = ["var(--color-accent, #0f6e66)", "#2563eb", "#ea580c", "#9333ea", "#16a34a", "#64748b", "#db2777", "#ca8a04"];

export function seriesColor(i: number): string {
  return SERIES_COLORS[i % SERIES_COLORS.length] as string;
}

/** A value on the chart's scale, short ("R$ 12,5 mil", "1,2 mil", "25%"): the scale has little room. */
export function formatAxisValue(value: number, kind: ReportChart["kind"]): string {
  const compact: Intl.NumberFormatOptions = { notation: "compact", maximumFractionDigits: 1 };
  switch (kind) {
    case "money":
      return `R$ ${formatNumber(value / 100, compact)}`;
    case "percent":
      return formatNumber(value, { style: "percent", maximumFractionDigits: 0 });
    default:
      return formatNumber(value, compact);
  }
}
