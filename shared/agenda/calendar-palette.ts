import type { FilterOption } from "../resources/types.ts";

/** The calendar palette and its names, alone: every form reads a colour's name (ADR 029's budget). */

/** The agenda's palette: distinct, saturated colours (Tailwind 600s): each reads with white or black text. */
export const CALENDAR_PALETTE: readonly FilterOption[] = [
  { value: "#2563eb", label: "Azul" },
  { value: "#16a34a", label: "Verde" },
  { value: "#dc2626", label: "Vermelho" },
  { value: "#9333ea", label: "Roxo" },
  { value: "#ea580c", label: "Laranja" },
  { value: "#0891b2", label: "Ciano" },
  { value: "#db2777", label: "Rosa" },
  { value: "#ca8a04", label: "Mostarda" },
  { value: "#4f46e5", label: "Anil" },
  { value: "#0d9488", label: "Verde-água" },
  { value: "#65a30d", label: "Verde-limão" },
  { value: "#57534e", label: "Grafite" },
];

/** "Azul" for a palette colour, else the hex in capitals ("#1A2B3C"). */
export function colorName(hex: string): string {
  const known = CALENDAR_PALETTE.find((c) => c.value === hex.toLowerCase());
  return known ? known.label : hex.toUpperCase();
}
