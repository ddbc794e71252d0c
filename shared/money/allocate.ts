import { assertCentavos } from "./integer-math.ts";

/**
 * Splits `total` centavos over items in proportion to their weights so the parts sum to the
 * total exactly (largest remainder, Hamilton's method): each item first gets the floor of its
 * exact share, then the centavos left go one each to the items whose shares lost the most.
 * Ties go to the larger weight, then to the earlier item, so the answer is deterministic and,
 * for distinct weights, does not depend on the items' order.
 *
 * When total ≤ Σ weights no part passes its weight: the leftover centavos (k) equal the sum of
 * the fractional parts, so more than k items have a fraction and every one that gets a centavo
 * had an exact share above its floor, hence ≤ its weight. A discount on the total allocated this
 * way never makes an item negative.
 */
export function allocateProportionally(total: number, weights: readonly number[]): number[] {
  assertCentavos(total, "total");
  if (total < 0) throw new RangeError("O total a repartir não pode ser negativo.");
  for (const w of weights) {
    assertCentavos(w, "peso");
    if (w < 0) throw new RangeError("Um peso não pode ser negativo.");
  }
  const sum = weights.reduce((a, w) => a + BigInt(w), 0n);
  if (weights.length === 0 || sum === 0n) {
    if (total === 0) return weights.map(() => 0);
    throw new RangeError("Não há sobre o que repartir.");
  }
  const t = BigInt(total);
  const parts = weights.map((w) => {
    const exact = t * BigInt(w);
    return { floor: exact / sum, remainder: exact % sum };
  });
  let left = t - parts.reduce((a, p) => a + p.floor, 0n);
  const order = weights
    .map((_, i) => i)
    .sort((a, b) => {
      const ra = (parts[a] as { remainder: bigint }).remainder;
      const rb = (parts[b] as { remainder: bigint }).remainder;
      if (ra !== rb) return ra > rb ? -1 : 1;
      const wa = weights[a] as number;
      const wb = weights[b] as number;
      return wa !== wb ? wb - wa : a - b;
    });
  const result = parts.map((p) => p.floor);
  for (const i of order) {
    if (left === 0n) break;
    result[i] = (result[i] as bigint) + 1n;
    left -= 1n;
  }
  return result.map(Number);
}
