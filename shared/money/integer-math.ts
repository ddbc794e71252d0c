/**
 * Exact integer arithmetic for money (ADR 067). Centavos are safe integers; a product such as
 * centavos × basis points can pass 2^53, so the division that rounds works in BigInt.
 *
 * Rounding is **half-up** (half away from zero): 0,5 centavo becomes 1. It is what a Brazilian
 * calculator, a card machine and the customer's own mental arithmetic do; banker's rounding
 * (half-even) would make R$ 0,125 → 0,12 and R$ 0,135 → 0,14, which nobody at a counter expects.
 */

/** Refuses (throws) a value that is not a safe integer: a bug upstream, never user input. */
export function assertCentavos(value: number, what = "valor"): void {
  if (!Number.isSafeInteger(value)) throw new RangeError(`${what} deve ser um inteiro em centavos: ${value}`);
}

/** numerator / denominator rounded half away from zero; the denominator must be positive. */
export function divideHalfUp(numerator: bigint, denominator: bigint): bigint {
  if (denominator <= 0n) throw new RangeError("O divisor deve ser positivo.");
  const negative = numerator < 0n;
  const abs = negative ? -numerator : numerator;
  const rounded = (2n * abs + denominator) / (2n * denominator);
  return negative ? -rounded : rounded;
}

/** a × b / c rounded half-up, for safe integers (the result must be a safe integer too). */
export function mulDivHalfUp(a: number, b: number, c: number): number {
  const result = Number(divideHalfUp(BigInt(a) * BigInt(b), BigInt(c)));
  if (!Number.isSafeInteger(result)) throw new RangeError(`Resultado fora do intervalo: ${result}`);
  return result;
}
