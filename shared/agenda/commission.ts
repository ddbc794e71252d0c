import { formatBRL, formatNumber } from "../format.ts";
import type { CommissionKind } from "../enums/agenda.ts";

/**
 * Commissions (issue 21): a percentage of the service's price, stored in basis points (1000 =
 * 10,00%), or a fixed amount per service in centavos. Empty on a professional or a service: the
 * default of Configurações do Negócio. Client-safe.
 */

/** "10%", "12,5%" or "R$ 25,00". */
export function formatCommission(kind: CommissionKind, value: number): string {
  return kind === "percentual" ? `${formatNumber(value / 100, { minimumFractionDigits: 0, maximumFractionDigits: 2 })}%` : formatBRL(value);
}

/** A percentage as typed ("12,5") → basis points (1250). */
export function percentToBasisPoints(percent: number): number {
  return Math.round(percent * 100);
}
