import { formatBRL, formatDate, formatDateTime, formatNumber, normalizeSpaces } from "../../shared/format.ts";
import type { CellValue, ColumnKind } from "../../shared/reports/document.ts";

// shared/format.ts's formatNumber keys its cache by JSON of the options on every call: a table
// of 100,000 rows formats millions of cells, so the three formats a cell uses are kept here.
const INTEGER = new Intl.NumberFormat("pt-BR", { maximumFractionDigits: 0 });
const DECIMAL = new Intl.NumberFormat("pt-BR", { maximumFractionDigits: 2 });
const PERCENT = new Intl.NumberFormat("pt-BR", { maximumFractionDigits: 1 });

/** A cell the pt-BR way from its column's kind (shared/format.ts): "R$ 1.234,56", "27/11/2026", "12,5%". */
export function formatCell(value: CellValue | undefined, kind: ColumnKind, zone: string): string {
  if (value === null || value === undefined || value === "") return "";
  if (typeof value === "string") {
    try {
      if (kind === "date") return formatDate(value, zone);
      if (kind === "datetime") return formatDateTime(value, zone);
    } catch {
      // not a date after all: shown as sent
    }
    return value;
  }
  switch (kind) {
    case "money":
      return formatBRL(value);
    case "integer":
      return normalizeSpaces(INTEGER.format(value));
    case "number":
      return normalizeSpaces(DECIMAL.format(value));
    case "percent":
      return `${normalizeSpaces(PERCENT.format(value * 100))}%`;
    case "datetime":
      return formatDateTime(value, zone);
    default:
      return String(value);
  }
}

/** Numbers read right-aligned; text and dates from the left. */
export function alignOf(kind: ColumnKind): "left" | "right" {
  return kind === "money" || kind === "integer" || kind === "number" || kind === "percent" ? "right" : "left";
}

/** A short axis label: "R$ 12 mil", "1,2 mi", "45%". */
export function formatAxis(value: number, kind: "money" | "integer" | "number" | "percent"): string {
  if (kind === "percent") return `${formatNumber(value * 100, { maximumFractionDigits: 0 })}%`;
  const plain = kind === "money" ? value / 100 : value;
  const abs = Math.abs(plain);
  let text: string;
  if (abs >= 1_000_000) text = `${formatNumber(plain / 1_000_000, { maximumFractionDigits: 1 })} mi`;
  else if (abs >= 1_000) text = `${formatNumber(plain / 1_000, { maximumFractionDigits: 1 })} mil`;
  else text = formatNumber(plain, { maximumFractionDigits: kind === "number" ? 1 : 0 });
  return kind === "money" ? `R$ ${text}` : text;
}

/** A KPI or chart value in full. */
export function formatValue(value: number, kind: "money" | "integer" | "number" | "percent"): string {
  return formatCell(value, kind, "UTC");
}
