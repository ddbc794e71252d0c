import { type Cart, type CartLine, EMPTY_CART } from "./cart-rules.ts";

/** An order as the checkout reads it (worker/services/finance/checkout-order.ts). */
export interface OrderForCart {
  id: string;
  numero: number;
  /** A walk-in customer (no client record): name and phone. */
  contactName: string | null;
  contactPhone: string | null;
  clientId: string | null;
  clientName: string | null;
  deliveryFeeCentavos: number;
  lines: readonly {
    productId: string | null;
    serviceId: string | null;
    professionalId: string | null;
    description: string;
    quantityMilli: number;
    unitPriceCentavos: number;
    discountCentavos: number;
  }[];
}

/**
 * The cart an order starts (`/sales/nova?pedido=`): its lines with their discounts, its client,
 * the delivery fee as a line of its own, and notes naming the order; the draft's orderId turns
 * the order into the sale.
 */
export function orderCart(order: OrderForCart): Cart {
  // Keys from the order's positions: the server's render and the browser's agree (ids derive from them).
  const lines: CartLine[] = order.lines.map((l, i) => ({
    key: `pedido${i}`,
    kind: l.productId ? "produto" : l.serviceId ? "servico" : "livre",
    refId: l.productId ?? l.serviceId ?? "",
    description: l.description,
    unit: null,
    quantityMilli: l.quantityMilli,
    unitPriceCentavos: l.unitPriceCentavos,
    discount: l.discountCentavos > 0 ? { kind: "valor", centavos: l.discountCentavos } : null,
    professionalId: l.professionalId,
  }));
  if (order.deliveryFeeCentavos > 0) {
    lines.push({
      key: "pedidotaxa",
      kind: "livre",
      refId: "",
      description: "Taxa de entrega",
      unit: null,
      quantityMilli: 1000,
      unitPriceCentavos: order.deliveryFeeCentavos,
      discount: null,
      professionalId: null,
    });
  }
  // The sale's notes name the order; a walk-in customer's name and phone go to the sale's own fields.
  const notes = `Pedido nº ${order.numero}`;
  return {
    ...EMPTY_CART,
    lines,
    notes,
    clientId: order.clientId,
    clientName: order.clientName,
    customerName: order.clientId ? "" : (order.contactName ?? ""),
    customerPhone: order.clientId ? "" : (order.contactPhone ?? ""),
    orderId: order.id,
  };
}
