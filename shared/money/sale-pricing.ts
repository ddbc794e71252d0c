import { allocateProportionally } from "./allocate.ts";
import { type Discount, discountCentavos } from "./discount.ts";
import { assertCentavos, mulDivHalfUp } from "./integer-math.ts";
import { type MoneyResult, accept, refuse } from "./result.ts";

/**
 * A sale's (or an order's) lines priced to the centavo (ADR 067): gross = unit price × quantity,
 * minus the line's own discount, minus the line's share of the discount on the total. The total
 * discount is shared in proportion to what each line is worth after its own discount (largest
 * remainder, so the shares sum exactly and no line goes below zero). Σ net = the sale's total.
 */

/** Quantities are thousandths, like the stock ledger's (1,5 kg = 1500; 2 un = 2000). */
export const QUANTITY_SCALE = 1000;

export interface PricedLineInput {
  unitPriceCentavos: number;
  quantityMilli: number;
  discount?: Discount | null;
}

export interface PricedLine {
  grossCentavos: number;
  lineDiscountCentavos: number;
  /** This line's share of the discount on the total. */
  totalDiscountShareCentavos: number;
  /** What the line is sold for: gross − both discounts (commissions count on it). */
  netCentavos: number;
}

export interface SalePricing {
  lines: PricedLine[];
  grossCentavos: number;
  /** Both discounts together. */
  discountCentavos: number;
  totalCentavos: number;
}

/** Unit price × quantity in thousandths, rounded half-up to the centavo. */
export function lineGross(unitPriceCentavos: number, quantityMilli: number): number {
  return mulDivHalfUp(unitPriceCentavos, quantityMilli, QUANTITY_SCALE);
}

export function priceSale(lines: readonly PricedLineInput[], totalDiscount?: Discount | null): MoneyResult<SalePricing> {
  const afterLine: { gross: number; discount: number }[] = [];
  for (const [index, line] of lines.entries()) {
    assertCentavos(line.unitPriceCentavos, "preço unitário");
    if (line.unitPriceCentavos < 0) return refuse(`Item ${index + 1}: o preço não pode ser negativo.`);
    if (!Number.isSafeInteger(line.quantityMilli) || line.quantityMilli <= 0)
      return refuse(`Item ${index + 1}: a quantidade deve ser maior que zero.`);
    const gross = lineGross(line.unitPriceCentavos, line.quantityMilli);
    const discount = discountCentavos(gross, line.discount);
    if (!discount.ok) return refuse(`Item ${index + 1}: ${discount.error}`);
    afterLine.push({ gross, discount: discount.value });
  }
  const nets = afterLine.map((l) => l.gross - l.discount);
  const subtotal = nets.reduce((a, n) => a + n, 0);
  const onTotal = discountCentavos(subtotal, totalDiscount);
  if (!onTotal.ok) return refuse(`Desconto no total: ${onTotal.error}`);
  const shares = allocateProportionally(onTotal.value, nets);
  const priced = afterLine.map(
    (l, i): PricedLine => ({
      grossCentavos: l.gross,
      lineDiscountCentavos: l.discount,
      totalDiscountShareCentavos: shares[i] as number,
      netCentavos: (nets[i] as number) - (shares[i] as number),
    }),
  );
  const gross = priced.reduce((a, l) => a + l.grossCentavos, 0);
  const total = priced.reduce((a, l) => a + l.netCentavos, 0);
  return accept({ lines: priced, grossCentavos: gross, discountCentavos: gross - total, totalCentavos: total });
}
