import { addMonthsClamped } from "../money/due-dates.ts";
import type { PaymentMethod } from "../money/payment-method.ts";
import type { FinanceAccountKind } from "./enums.ts";

/**
 * Where each payment of a sale lands (ADR 071). Paid now: a cash movement into the account of
 * that kind — dinheiro (net of the change) into the Caixa, Pix into the Banco, débito into
 * "Cartão a receber" (the acquirer settles it within days; a transfer moves it to the Banco).
 * Not paid now: one receivable per installment — crédito (the acquirer pays each installment
 * later, received into the Banco), boleto and a prazo.
 */
export type PaymentDestination = { kind: "conta"; account: FinanceAccountKind } | { kind: "receber" };

const DESTINATION: Readonly<Record<PaymentMethod, PaymentDestination>> = {
  dinheiro: { kind: "conta", account: "caixa" },
  pix: { kind: "conta", account: "banco" },
  debito: { kind: "conta", account: "cartao" },
  credito: { kind: "receber" },
  boleto: { kind: "receber" },
  a_prazo: { kind: "receber" },
};

export function paymentDestination(method: PaymentMethod): PaymentDestination {
  return DESTINATION[method];
}

/**
 * A receivable's first due day when the checkout names none: one month after the sale (the
 * acquirer's crédito payout, a boleto's or a prazo's usual term). Due today would read as
 * overdue by tomorrow for money nobody expected yet.
 */
export function defaultFirstDue(method: PaymentMethod, today: string): string {
  return paymentDestination(method).kind === "receber" ? addMonthsClamped(today, 1) : today;
}
