import { formatBRL } from "../format.ts";
import { assertCentavos } from "./integer-math.ts";
import { type BasisPoints, FULL_PERCENT, formatBasisPoints, percentOf } from "./percent.ts";
import { type MoneyResult, accept, refuse } from "./result.ts";

/**
 * A discount as the person typed it: an amount in centavos or a percentage in basis points
 * (ADR 067). A percentage becomes centavos rounded half-up on the amount it applies to.
 */
export type Discount = { kind: "valor"; centavos: number } | { kind: "percentual"; basisPoints: BasisPoints };

export const NO_DISCOUNT: Discount = { kind: "valor", centavos: 0 };

/** The discount in centavos on `amountCentavos`; refused when negative or above the amount. */
export function discountCentavos(amountCentavos: number, discount: Discount | null | undefined): MoneyResult<number> {
  assertCentavos(amountCentavos, "valor");
  if (!discount) return accept(0);
  if (discount.kind === "percentual") {
    if (!Number.isInteger(discount.basisPoints) || discount.basisPoints < 0) return refuse("O desconto não pode ser negativo.");
    if (discount.basisPoints > FULL_PERCENT) return refuse(`O desconto de ${formatBasisPoints(discount.basisPoints)} passa de 100%.`);
    return accept(percentOf(amountCentavos, discount.basisPoints));
  }
  if (!Number.isSafeInteger(discount.centavos) || discount.centavos < 0) return refuse("O desconto não pode ser negativo.");
  if (discount.centavos > amountCentavos)
    return refuse(`O desconto de ${formatBRL(discount.centavos)} é maior que o valor de ${formatBRL(amountCentavos)}.`);
  return accept(discount.centavos);
}
