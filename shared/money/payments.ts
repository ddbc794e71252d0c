import { formatBRL } from "../format.ts";
import type { InstallmentInterval } from "./due-dates.ts";
import { type Installment, installmentPlan } from "./installment-plan.ts";
import { assertCentavos } from "./integer-math.ts";
import { PAYMENT_METHOD, type PaymentMethod, allowsInstallments } from "./payment-method.ts";
import { type MoneyResult, accept, refuse } from "./result.ts";

/**
 * The payments of a sale must cover its total exactly (ADR 067). Only dinheiro may be more than
 * what is left to pay: the excess is the change (troco), and it can only come from cash, so the
 * other methods together may never pass the total. Crédito, boleto and a prazo may be split in
 * installments (amounts and due dates as installmentPlan); the others are one installment due
 * today. Refusals are pt-BR sentences the checkout shows as they are.
 */

export interface PaymentInput {
  method: PaymentMethod;
  /** What this method pays; for dinheiro, what the customer handed over (may include change). */
  amountCentavos: number;
  /** 1 when omitted. */
  installments?: number;
  /** First due date "aaaa-mm-dd"; today when omitted. */
  firstDueDate?: string | null;
  interval?: InstallmentInterval;
}

export interface SettledPayment {
  method: PaymentMethod;
  /** What the customer handed over with this method. */
  tenderedCentavos: number;
  /** What stays with the business: tendered minus the change given back from it. */
  amountCentavos: number;
  installments: Installment[];
}

export interface Settlement {
  payments: SettledPayment[];
  tenderedCentavos: number;
  /** Troco: given back in cash, taken from the last dinheiro payments first. */
  changeCentavos: number;
}

function name(index: number, method: PaymentMethod): string {
  return `Pagamento ${index + 1} (${PAYMENT_METHOD.label(method)})`;
}

export function settlePayments(totalCentavos: number, payments: readonly PaymentInput[], today: string): MoneyResult<Settlement> {
  assertCentavos(totalCentavos, "total");
  if (totalCentavos < 0) return refuse("O total da venda não pode ser negativo.");
  let cash = 0;
  let other = 0;
  for (const [i, p] of payments.entries()) {
    if (!PAYMENT_METHOD.has(p.method)) return refuse(`Pagamento ${i + 1}: forma de pagamento desconhecida.`);
    if (!Number.isSafeInteger(p.amountCentavos) || p.amountCentavos <= 0)
      return refuse(`${name(i, p.method)}: o valor deve ser maior que zero.`);
    const count = p.installments ?? 1;
    if (count !== 1 && !allowsInstallments(p.method)) return refuse(`${name(i, p.method)}: é à vista, não pode ser parcelado.`);
    if (p.method === "dinheiro") cash += p.amountCentavos;
    else other += p.amountCentavos;
  }
  if (other > totalCentavos) {
    return refuse(
      `Os pagamentos fora do dinheiro somam ${formatBRL(other)} e passam do total de ${formatBRL(totalCentavos)}. Só dinheiro pode ter troco.`,
    );
  }
  const tendered = cash + other;
  if (tendered < totalCentavos)
    return refuse(`Faltam ${formatBRL(totalCentavos - tendered)} para cobrir o total de ${formatBRL(totalCentavos)}.`);
  const change = tendered - totalCentavos;

  // The change leaves the last dinheiro payments first; a cash payment left with 0 drops out.
  const kept = payments.map((p) => p.amountCentavos);
  let toGiveBack = change;
  for (let i = payments.length - 1; i >= 0 && toGiveBack > 0; i--) {
    if (payments[i]?.method !== "dinheiro") continue;
    const back = Math.min(toGiveBack, kept[i] as number);
    kept[i] = (kept[i] as number) - back;
    toGiveBack -= back;
  }

  const settled: SettledPayment[] = [];
  for (const [i, p] of payments.entries()) {
    const amount = kept[i] as number;
    if (amount === 0) continue;
    const plan = installmentPlan(amount, p.installments ?? 1, p.firstDueDate || today, p.interval ?? "mensal");
    if (!plan.ok) return refuse(`${name(i, p.method)}: ${plan.error}`);
    settled.push({ method: p.method, tenderedCentavos: p.amountCentavos, amountCentavos: amount, installments: plan.value });
  }
  return accept({ payments: settled, tenderedCentavos: tendered, changeCentavos: change });
}
