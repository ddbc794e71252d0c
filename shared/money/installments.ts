import { assertCentavos } from "./integer-math.ts";
import { type MoneyResult, accept, refuse } from "./result.ts";

/**
 * A total in N installments that sum to it exactly (ADR 067). Every installment is the floor of
 * total / N (each at least R$ 0,01) and the **first** takes the centavos left over: R$ 100,00 em 3x = 33,34 + 33,33 +
 * 33,33. It is how Brazilian card acquirers split a purchase, the customer reads "3x de R$ 33,33"
 * with one odd installment up front, and the business receives the rounding soonest.
 */

/** A typo guard, not a business rule: 24 covers card, carnê and boleto plans. */
export const INSTALLMENTS_MAX = 24;

export function splitInstallments(totalCentavos: number, count: number): MoneyResult<number[]> {
  assertCentavos(totalCentavos, "total");
  if (!Number.isInteger(count) || count < 1) return refuse("O número de parcelas deve ser pelo menos 1.");
  if (count > INSTALLMENTS_MAX) return refuse(`O número de parcelas não pode passar de ${INSTALLMENTS_MAX}.`);
  if (totalCentavos <= 0) return refuse("O valor a parcelar deve ser maior que zero.");
  if (totalCentavos < count) return refuse(`Não dá para dividir ${totalCentavos} centavo(s) em ${count} parcelas.`);
  const base = Math.floor(totalCentavos / count);
  const extra = totalCentavos - base * count;
  return accept(Array.from({ length: count }, (_, i) => (i === 0 ? base + extra : base)));
}
