import { type MoneyResult, accept } from "../money/result.ts";
import { priceSale, QUANTITY_SCALE } from "../money/sale-pricing.ts";

/**
 * An order's amounts (ADR 073), priced by the same rule as a sale (shared/money, ADR 067): each
 * line is quantity × unit price minus its discount; the order adds the delivery fee. The
 * database's CHECK holds the same sum: total = subtotal − discount + fee.
 */

export interface OrderLineInput {
  /** Units (1,5 kg = 1.5). */
  quantidade: number;
  precoUnitarioCentavos: number;
  descontoCentavos: number;
}

export interface OrderPricing {
  /** Each line's gross and net (what it is sold for), in the lines' order. */
  lines: { grossCentavos: number; netCentavos: number; quantityMilli: number }[];
  /** Σ gross. */
  subtotalCentavos: number;
  /** Σ the lines' discounts. */
  descontoCentavos: number;
  taxaEntregaCentavos: number;
  totalCentavos: number;
}

/** Thousandths of a unit, as the stock ledger and the sale store them. */
export function quantityMilli(quantidade: number): number {
  return Math.round(quantidade * QUANTITY_SCALE);
}

export function orderPricing(lines: readonly OrderLineInput[], taxaEntregaCentavos: number): MoneyResult<OrderPricing> {
  const priced = priceSale(
    lines.map((line) => ({
      unitPriceCentavos: line.precoUnitarioCentavos,
      quantityMilli: quantityMilli(line.quantidade),
      discount: line.descontoCentavos ? { kind: "valor" as const, centavos: line.descontoCentavos } : null,
    })),
  );
  if (!priced.ok) return priced;
  const { value } = priced;
  return accept({
    lines: value.lines.map((l, i) => ({
      grossCentavos: l.grossCentavos,
      netCentavos: l.netCentavos,
      quantityMilli: quantityMilli((lines[i] as OrderLineInput).quantidade),
    })),
    subtotalCentavos: value.grossCentavos,
    descontoCentavos: value.discountCentavos,
    taxaEntregaCentavos,
    totalCentavos: value.totalCentavos + taxaEntregaCentavos,
  });
}
