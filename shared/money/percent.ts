import { mulDivHalfUp } from "./integer-math.ts";

/**
 * Percentages are stored as **basis points** (integers: 1 bp = 0,01%, 100% = 10 000), the unit
 * the agenda's commissions already keep (ADR 064). Two decimals of a percent are what a business
 * types ("12,5%", "2,99%"); no float is ever stored.
 */
export type BasisPoints = number;

export const BASIS_POINTS_PER_UNIT = 10_000;
export const FULL_PERCENT: BasisPoints = 10_000;

/** The share of an amount, in centavos, rounded half-up: 10% of R$ 0,05 = R$ 0,01 (0,5 → 1). */
export function percentOf(amountCentavos: number, basisPoints: BasisPoints): number {
  return mulDivHalfUp(amountCentavos, basisPoints, BASIS_POINTS_PER_UNIT);
}

const PERCENT_TEXT = /^\s*(\d{1,3})(?:[.,](\d{1,2}))?\s*%?\s*$/;

/** "12,5" / "12.5%" / "10" → basis points, exactly (no float); null for anything else. */
export function parseBasisPoints(text: string): BasisPoints | null {
  const m = PERCENT_TEXT.exec(text);
  if (!m) return null;
  const whole = Number(m[1]);
  const fraction = Number((m[2] ?? "").padEnd(2, "0"));
  return whole * 100 + fraction;
}

/** 1250 → "12,5%"; 1000 → "10%" (what the forms and receipts print). */
export function formatBasisPoints(basisPoints: BasisPoints): string {
  const sign = basisPoints < 0 ? "-" : "";
  const abs = Math.abs(basisPoints);
  const whole = Math.floor(abs / 100);
  const fraction = String(abs % 100)
    .padStart(2, "0")
    .replace(/0+$/, "");
  return `${sign}${whole}${fraction ? `,${fraction}` : ""}%`;
}
