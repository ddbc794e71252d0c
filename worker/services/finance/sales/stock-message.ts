import { formatQuantityWithUnit } from "../../../../shared/quantity.ts";
import { QUANTITY_SCALE } from "../../../../shared/money/sale-pricing.ts";
import type { StockedProduct } from "./sale-reads.ts";
import type { SalePlan } from "./sale-plan.ts";

/**
 * The stock ledger refused an exit (negative stock is off): name the products that lack it,
 * from the balances read before the write (the same product on several lines counts once).
 */
export function insufficientStockMessage(plan: SalePlan, stock: ReadonlyMap<string, StockedProduct>): string {
  const needed = new Map<string, number>();
  for (const item of plan.items) {
    if (item.produtoId) needed.set(item.produtoId, (needed.get(item.produtoId) ?? 0) + item.quantityMilli);
  }
  const short: string[] = [];
  const all: string[] = [];
  for (const [id, milli] of needed) {
    const p = stock.get(id);
    if (!p) continue;
    const need = milli / QUANTITY_SCALE;
    const text = `${p.nome} (saldo ${formatQuantityWithUnit(p.estoque, p.unidade)}, a venda precisa de ${formatQuantityWithUnit(need, p.unidade)})`;
    all.push(text);
    if (p.estoque - need < 0) short.push(text);
  }
  // Read before another sale took the last units: every product of the sale is a suspect then.
  const which = (short.length ? short : all).join("; ");
  return `Estoque insuficiente${which ? ` de ${which}` : ""}. A venda não foi concluída. Confira o saldo, ajuste as quantidades ou permita estoque negativo em Configurações do Negócio.`;
}
