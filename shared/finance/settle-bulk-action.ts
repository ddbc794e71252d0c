import { PAYMENT_METHOD } from "../money/payment-method.ts";
import type { BulkActionDef } from "../resources/types.ts";

/**
 * The lists' "Marcar como pago / recebido" (ADR 076): the confirmation names the selected bills
 * and their sum, and asks the day (today by default, never in the future), the account and the
 * method — the record page's settle panel, for many at once. Run by the module's `settleBulk`.
 */
export function settleBulkAction<Row extends { valorCentavos: number }>(words: {
  key: string;
  label: string;
  /** "despesa" / "receita" (both feminine). */
  one: string;
  /** "paga" / "recebida". */
  done: string;
  day: string;
  account: string;
  confirmLabel: string;
  note: string;
}): BulkActionDef<Row> {
  const many = (n: number, word: string) => (n === 1 ? word : `${word}s`);
  return {
    key: words.key,
    label: words.label,
    access: "update",
    title: (n) => `Marcar ${n} ${many(n, words.one)} como ${many(n, words.done)}?`,
    note: words.note,
    confirmLabel: words.confirmLabel,
    done: (n) => `${n} ${many(n, words.one)} ${many(n, "marcada")} como ${many(n, words.done)}.`,
    amount: (row) => row.valorCentavos,
    fields: [
      { name: "dia", label: words.day, kind: "date", required: true, notFuture: true },
      { name: "contaId", label: words.account, kind: "select", required: true },
      { name: "forma", label: "Forma de pagamento", kind: "select", options: PAYMENT_METHOD.options, placeholder: "Não informar" },
    ],
  };
}
