import { defineEnum } from "../define-enum.ts";

/**
 * How a sale is paid (ADR 067). Only dinheiro may exceed what it pays (the change, troco); only
 * crédito, boleto and a prazo are paid in installments (one receivable each). Append only: the
 * values are stored.
 */
export const PAYMENT_METHOD = defineEnum({
  pix: { label: "Pix" },
  dinheiro: { label: "Dinheiro" },
  credito: { label: "Cartão de crédito" },
  debito: { label: "Cartão de débito" },
  boleto: { label: "Boleto" },
  a_prazo: { label: "A prazo" },
});
export const PAYMENT_METHODS = PAYMENT_METHOD.values;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** Methods that may be split in installments. */
export const INSTALLMENT_METHODS: readonly PaymentMethod[] = ["credito", "boleto", "a_prazo"];

export function allowsInstallments(method: PaymentMethod): boolean {
  return INSTALLMENT_METHODS.includes(method);
}
