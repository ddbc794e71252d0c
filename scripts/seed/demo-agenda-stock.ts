import { addDays } from "../../shared/ai/brazil-dates.ts";
import { hoursOn } from "../../shared/agenda/business-hours.ts";
import { instantIn } from "../../shared/time-zone.ts";
import { DEMO_AGENDA_ZONE } from "./demo-agenda-data.ts";
import { type DemoAgendaPlan, PAST_DAYS } from "./demo-agenda-plan.ts";
import { demoCompanies, demoProducts, demoStockMovements } from "./demo-data.ts";

/**
 * The stock side of the demo's agenda (ADR 066). The concluded appointments' "consumo em serviço"
 * exits come on top of the stock history of demo-data.ts; where they would take a product below
 * zero at some moment, or leave it near its minimum at the end, the business bought more before
 * the month began: one purchase, in lots of ten, at the product's cost. So the ledger's running
 * balance never goes negative and the products low today stay the same six. Pure.
 */

export interface DemoRestock {
  sku: string;
  /** Epoch ms. */
  at: number;
  input: { tipo: "entrada"; quantidade: number; custoUnitarioCentavos: number; motivo: string; ocorridoEm: string };
}

/** The running balance of a product over its history plus `extra` movements, lowest and final. */
export function balanceWith(
  history: readonly { at: number; delta: number }[],
  extra: readonly { at: number; delta: number }[],
): { lowest: number; final: number } {
  const all = [...history, ...extra].sort((a, b) => a.at - b.at || b.delta - a.delta);
  let balance = 0;
  let lowest = 0;
  for (const m of all) {
    balance += m.delta;
    lowest = Math.min(lowest, balance);
  }
  return { lowest, final: balance };
}

/** Each product's history as (instant, signed quantity). */
export function stockHistory(now: Date): Map<string, { at: number; delta: number }[]> {
  const out = new Map<string, { at: number; delta: number }[]>();
  for (const m of demoStockMovements(now)) {
    const delta = m.tipo === "saida" ? -m.quantidade : m.quantidade;
    out.set(m.produtoSku, [...(out.get(m.produtoSku) ?? []), { at: Date.parse(m.ocorridoEm), delta }]);
  }
  return out;
}

export function demoRestocks(plan: DemoAgendaPlan, now: Date): DemoRestock[] {
  const history = stockHistory(now);
  const products = new Map(demoProducts().map((p) => [p.sku, p]));
  const suppliers = new Map(demoCompanies().map((c) => [c.key, c.nomeFantasia ?? c.razaoSocial]));
  // The working morning before the month of appointments.
  let day = addDays(plan.today, -PAST_DAYS - 1);
  while (hoursOn(plan.hours, day).ranges.length === 0 || new Date(`${day}T00:00:00Z`).getUTCDay() === 6) day = addDays(day, -1);
  const at = instantIn(day, "10:15", DEMO_AGENDA_ZONE).getTime();
  const used = new Map<string, { at: number; delta: number }[]>();
  for (const c of plan.consumption) used.set(c.sku, [...(used.get(c.sku) ?? []), { at: c.ocorridoEm, delta: -c.quantidade }]);
  const out: DemoRestock[] = [];
  for (const [sku, exits] of used) {
    const product = products.get(sku);
    if (!product) throw new Error(`produto desconhecido: ${sku}`);
    const { lowest, final } = balanceWith(history.get(sku) ?? [], exits);
    if (lowest >= 0 && final >= product.estoqueMinimo * 1.5) continue;
    const total = exits.reduce((sum, e) => sum - e.delta, 0);
    const quantidade = Math.ceil(total / 10) * 10;
    const supplier = product.fornecedorKey ? suppliers.get(product.fornecedorKey) : undefined;
    out.push({
      sku,
      at,
      input: {
        tipo: "entrada",
        quantidade,
        custoUnitarioCentavos: product.custoCentavos,
        motivo: `Compra para os serviços da agenda${supplier ? ` — ${supplier}` : ""}`,
        ocorridoEm: new Date(at).toISOString(),
      },
    });
  }
  return out.sort((a, b) => a.sku.localeCompare(b.sku));
}
