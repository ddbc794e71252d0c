import { formatNumber } from "./format.ts";

/**
 * Plurals of the units written as words; abbreviations (un, kg, ml, m…) never take an "s".
 * Keyed by the unit as stored (its singular).
 */
const WORD_PLURALS: Readonly<Record<string, string>> = {
  resma: "resmas",
  milheiro: "milheiros",
  caixa: "caixas",
  pacote: "pacotes",
  unidade: "unidades",
};

/** The unit as it reads after `amount`: "1 resma", "4 resmas", "1,5 kg"; from 2 up, and for zero. */
export function unitFor(amount: number, unit: string): string {
  const plural = WORD_PLURALS[unit];
  const size = Math.abs(amount);
  // pt-BR keeps the singular below 2 ("1 resma", "1,5 resma") and uses the plural for zero.
  return plural && (size >= 2 || size === 0) ? plural : unit;
}

/** "4 resmas", "1,5 kg", "12" (no unit): up to 3 decimals. */
export function formatQuantityWithUnit(amount: number, unit?: string | null): string {
  const n = formatNumber(amount, { maximumFractionDigits: 3 });
  return unit ? `${n} ${unitFor(amount, unit)}` : n;
}
