import type { CommissionKind } from "../enums/agenda.ts";
import { formatBRL, formatNumber } from "../format.ts";

/**
 * Commissions of the agenda (issue 21): a percentage of the service's price, stored in basis
 * points (1000 = 10,00%), or a fixed amount per service, stored in centavos. A service's own
 * rule wins; empty, the professional's; empty too, the business default (Configurações do
 * Negócio). Pure and client-safe: the service's form and page, the professional's, and the
 * snapshot an appointment keeps all count the same way.
 */

export interface CommissionRule {
  kind: CommissionKind;
  /** Basis points (percentual) or centavos (fixo). */
  value: number;
}

/** A percentage is 0–100% with two decimals. */
export const COMMISSION_PERCENT_MAX = 100;
/** A fixed commission up to R$ 100.000,00 per service (a typo guard, not a business rule). */
export const COMMISSION_FIXED_MAX_CENTAVOS = 100_000_00;

/** "10%" → 1000 basis points (two decimals kept: 10,25% → 1025). */
export function percentToBasisPoints(percent: number): number {
  return Math.round(percent * 100);
}

export function basisPointsToPercent(basisPoints: number): number {
  return basisPoints / 100;
}

/** A rule from its stored columns; null when the kind is empty (the next level decides). */
export function commissionRule(kind: CommissionKind | null | undefined, value: number | null | undefined): CommissionRule | null {
  if (!kind || value === null || value === undefined || !Number.isFinite(value)) return null;
  return { kind, value };
}

/** "10%", "12,5%", "R$ 15,00". Empty for no rule. */
export function formatCommission(rule: CommissionRule | null): string {
  if (!rule) return "";
  if (rule.kind === "fixo") return formatBRL(rule.value);
  return `${formatNumber(basisPointsToPercent(rule.value), { maximumFractionDigits: 2 })}%`;
}

/** The first rule that is set: the service's, the professional's, the business default. */
export function effectiveCommission(...rules: readonly (CommissionRule | null | undefined)[]): CommissionRule | null {
  for (const rule of rules) if (rule) return rule;
  return null;
}

/** What a rule pays on a price, in centavos (a percentage rounds to the centavo). */
export function commissionDue(priceCentavos: number, rule: CommissionRule | null): number {
  if (!rule) return 0;
  if (rule.kind === "fixo") return Math.max(0, Math.round(rule.value));
  return Math.max(0, Math.round((priceCentavos * rule.value) / 10_000));
}
