import type { CommissionRule } from "../agenda/commission.ts";
import { assertCentavos, mulDivHalfUp } from "./integer-math.ts";
import { percentOf } from "./percent.ts";
import { QUANTITY_SCALE } from "./sale-pricing.ts";

/**
 * Commissions of a sale's service lines (ADR 067), on what the line was sold for **after both
 * discounts** (the net), never on the list price: a discount the business gives is shared with
 * the professional. A percentage (basis points) rounds half-up per line; a fixed rule pays its
 * centavos per unit sold (2 cortes = 2 × the fixed amount, thousandths rounded half-up) and is
 * not capped by the net — a fixed commission is a promise independent of the price. Each line
 * rounds on its own so a line's commission never changes with what else is in the sale, and a
 * professional's total is the plain sum (order does not matter).
 */

export interface CommissionLine {
  professionalId: string;
  netCentavos: number;
  quantityMilli: number;
  rule: CommissionRule | null;
}

/** What one line pays its professional, in centavos (never negative). */
export function lineCommission(line: Pick<CommissionLine, "netCentavos" | "quantityMilli" | "rule">): number {
  assertCentavos(line.netCentavos, "valor líquido");
  const rule = line.rule;
  if (!rule) return 0;
  if (rule.kind === "fixo") return Math.max(0, mulDivHalfUp(Math.max(0, rule.value), line.quantityMilli, QUANTITY_SCALE));
  return Math.max(0, percentOf(Math.max(0, line.netCentavos), Math.max(0, rule.value)));
}

/** professionalId → total commission in centavos (professionals with 0 are left out). */
export function commissionsByProfessional(lines: readonly CommissionLine[]): Map<string, number> {
  const totals = new Map<string, number>();
  for (const line of lines) {
    const due = lineCommission(line);
    if (due > 0) totals.set(line.professionalId, (totals.get(line.professionalId) ?? 0) + due);
  }
  return totals;
}
