import { formatBRL } from "../format.ts";
import type { ColumnDef } from "./types.ts";

/**
 * A money column: R$ text, reais for XLSX/CSV, right-aligned money cell. `options` adds what
 * this column does beyond showing (a sort, a range filter, a total) or hides it by default.
 */
export function moneyColumn<Row>(
  key: string,
  label: string,
  centavos: (row: Row) => number | null,
  options: { sortable?: boolean; filterable?: boolean; total?: boolean; visible?: boolean } = {},
): ColumnDef<Row> {
  return {
    key,
    label,
    text: (r) => {
      const v = centavos(r);
      return v === null ? "" : formatBRL(v);
    },
    value: (r) => {
      const v = centavos(r);
      return v === null ? null : v / 100;
    },
    cell: { kind: "money" },
    align: "right",
    defaultVisible: options.visible ?? true,
    ...(options.sortable ? { sort: "money" as const } : {}),
    ...(options.filterable ? { filter: { type: "money-range" as const } } : {}),
    ...(options.total ? { total: true } : {}),
  };
}

/** A quantity column: the text as the resource formats it, the number for XLSX, sortable and filterable by range. */
export function quantityColumn<Row>(key: string, label: string, text: (row: Row) => string, value: (row: Row) => number): ColumnDef<Row> {
  return {
    key,
    label,
    text,
    value,
    cell: { kind: "number" },
    sort: "number",
    filter: { type: "number-range" },
    align: "right",
    defaultVisible: true,
  };
}
