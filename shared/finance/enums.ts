import { defineEnum } from "../define-enum.ts";

/**
 * The value lists of the money schema (ADR 069). Append only: the values are stored.
 * Payment methods are shared/money/payment-method.ts's (ADR 067), not redefined here.
 */

/** Contas financeiras: where money sits. "cartao" is what the acquirer still owes (cartão a receber). */
export const FINANCE_ACCOUNT_KIND = defineEnum({
  caixa: { label: "Caixa", tone: "green" },
  banco: { label: "Banco", tone: "blue" },
  cartao: { label: "Cartão a receber", tone: "purple" },
  carteira: { label: "Carteira digital", tone: "yellow" },
  outro: { label: "Outra", tone: "neutral" },
});
export const FINANCE_ACCOUNT_KINDS = FINANCE_ACCOUNT_KIND.values;
export type FinanceAccountKind = (typeof FINANCE_ACCOUNT_KINDS)[number];

/**
 * What a cash movement is. The sign of the amount says in or out; the kind says why:
 * `transferencia` rows come in pairs (same transfer id, opposite amounts), `estorno` undoes
 * one earlier row (its `reversal_of`) with the opposite amount, `saldo_inicial` opens an account.
 */
export const CASH_MOVEMENT_KIND = defineEnum({
  entrada: { label: "Entrada", tone: "green" },
  saida: { label: "Saída", tone: "red" },
  transferencia: { label: "Transferência", tone: "blue" },
  estorno: { label: "Estorno", tone: "yellow" },
  saldo_inicial: { label: "Saldo inicial", tone: "neutral" },
});
export const CASH_MOVEMENT_KINDS = CASH_MOVEMENT_KIND.values;
export type CashMovementKind = (typeof CASH_MOVEMENT_KINDS)[number];

export const RECEIVABLE_STATUS = defineEnum({
  aberta: { label: "Em aberto", tone: "yellow" },
  recebida: { label: "Recebida", tone: "green" },
  cancelada: { label: "Cancelada", tone: "neutral" },
});
export const RECEIVABLE_STATUSES = RECEIVABLE_STATUS.values;

export const EXPENSE_STATUS = defineEnum({
  aberta: { label: "Em aberto", tone: "yellow" },
  paga: { label: "Paga", tone: "green" },
  cancelada: { label: "Cancelada", tone: "neutral" },
});
export const EXPENSE_STATUSES = EXPENSE_STATUS.values;

export const RECURRENCE = defineEnum({
  nenhuma: { label: "Não se repete" },
  semanal: { label: "Semanal" },
  mensal: { label: "Mensal" },
  anual: { label: "Anual" },
});
export const RECURRENCES = RECURRENCE.values;

export const SALE_STATUS = defineEnum({
  concluida: { label: "Concluída", tone: "green" },
  cancelada: { label: "Cancelada", tone: "red" },
});
export const SALE_STATUSES = SALE_STATUS.values;

export const COMMISSION_STATUS = defineEnum({
  pendente: { label: "A pagar", tone: "yellow" },
  paga: { label: "Paga", tone: "green" },
  cancelada: { label: "Cancelada", tone: "neutral" },
});
export const COMMISSION_STATUSES = COMMISSION_STATUS.values;

/** The orders' pipeline (the kanban's columns, in order). */
export const ORDER_STATUS = defineEnum({
  novo: { label: "Novo", tone: "blue" },
  em_preparo: { label: "Em preparo", tone: "yellow" },
  pronto: { label: "Pronto", tone: "purple" },
  entregue: { label: "Entregue", tone: "green" },
  cancelado: { label: "Cancelado", tone: "neutral" },
});
export const ORDER_STATUSES = ORDER_STATUS.values;

export const ORDER_FULFILMENT = defineEnum({
  retirada: { label: "Retirada" },
  entrega: { label: "Entrega" },
});
export const ORDER_FULFILMENTS = ORDER_FULFILMENT.values;
