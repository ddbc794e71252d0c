import type { PaymentMethod } from "../money/payment-method.ts";

/**
 * A sale as its receipt shows it (/sales/:id): what worker/services/finance/sale-receipt.ts reads
 * and app/components/sales/receipt-view.tsx renders, one shape for both. Client-safe.
 */

export interface ReceiptItem {
  description: string;
  quantityMilli: number;
  unitPriceCentavos: number;
  discountCentavos: number;
  allocatedDiscountCentavos: number;
  totalCentavos: number;
  professional: string | null;
  kind: "produto" | "servico" | "livre";
}

export interface ReceiptPayment {
  method: PaymentMethod;
  amountCentavos: number;
  tenderedCentavos: number | null;
  installments: number;
}

export interface ReceiptInstallment {
  method: PaymentMethod | null;
  number: number;
  of: number;
  amountCentavos: number;
  dueOn: string;
  status: string;
}

export interface SaleReceipt {
  id: string;
  numero: number;
  status: "concluida" | "cancelada";
  soldAt: string;
  subtotalCentavos: number;
  discountCentavos: number;
  totalDiscountCentavos: number;
  totalCentavos: number;
  changeCentavos: number;
  notes: string | null;
  orderId: string | null;
  draftId: string | null;
  cancelledAt: string | null;
  cancelledBy: string | null;
  cancelReason: string | null;
  business: { name: string; document: string | null; address: string; whatsapp: string | null };
  /** The client (id: their page), or a walk-in customer (id null: no client record). */
  client: { id: string | null; name: string; phone: string | null } | null;
  items: ReceiptItem[];
  payments: ReceiptPayment[];
  installments: ReceiptInstallment[];
}
