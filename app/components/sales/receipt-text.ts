import { nationalDigits } from "../../../shared/agenda/reminder.ts";
import { formatBRL, formatDate, formatDateTime } from "../../../shared/format.ts";
import { PAYMENT_METHOD, type PaymentMethod } from "../../../shared/money/payment-method.ts";
import { formatQuantityInput } from "./cart-rules.ts";

/**
 * The receipt's summary for WhatsApp (issue 22): the business, the sale's number and day, the
 * items, the total, how it was paid and what is still due. Only what the customer already sees on
 * the printed receipt: no ids, no links, no key. Pure: unit-tested.
 */

export interface ReceiptSummary {
  business: string;
  numero: number;
  soldAt: string;
  status: "concluida" | "cancelada";
  items: readonly { description: string; quantityMilli: number; totalCentavos: number }[];
  discountCentavos: number;
  totalCentavos: number;
  changeCentavos: number;
  payments: readonly { method: PaymentMethod; amountCentavos: number; installments: number }[];
  installments: readonly { number: number; of: number; amountCentavos: number; dueOn: string; status: string }[];
}

export function receiptWhatsappText(r: ReceiptSummary, zone: string): string {
  const lines = [`*${r.business}*`, `Venda nº ${r.numero} · ${formatDateTime(r.soldAt, zone)}`];
  if (r.status === "cancelada") lines.push("VENDA CANCELADA");
  lines.push("");
  for (const item of r.items)
    lines.push(`${formatQuantityInput(item.quantityMilli)} × ${item.description}: ${formatBRL(item.totalCentavos)}`);
  lines.push("");
  if (r.discountCentavos > 0) lines.push(`Descontos: − ${formatBRL(r.discountCentavos)}`);
  lines.push(`*Total: ${formatBRL(r.totalCentavos)}*`);
  for (const p of r.payments) {
    const label = PAYMENT_METHOD.label(p.method);
    lines.push(`${label}: ${formatBRL(p.amountCentavos)}${p.installments > 1 ? ` em ${p.installments}×` : ""}`);
  }
  if (r.changeCentavos > 0) lines.push(`Troco: ${formatBRL(r.changeCentavos)}`);
  const open = r.installments.filter((i) => i.status === "aberta");
  if (open.length && r.status !== "cancelada") {
    lines.push("", "Parcelas a vencer:");
    for (const i of open) lines.push(`${i.number}/${i.of} · ${formatDate(i.dueOn)} · ${formatBRL(i.amountCentavos)}`);
  }
  lines.push("", "Obrigado pela preferência!");
  return lines.join("\n");
}

/** wa.me with the client's phone when known (else WhatsApp asks whom to send to), text encoded. */
export function receiptWhatsappHref(phone: string | null | undefined, text: string): string {
  const digits = nationalDigits(phone);
  return `https://wa.me/${digits ? `55${digits}` : ""}?text=${encodeURIComponent(text)}`;
}
