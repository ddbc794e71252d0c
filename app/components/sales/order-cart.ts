import { type Cart, type CartLine, EMPTY_CART } from "./cart-rules.ts";

/** An order as the checkout reads it (worker/services/finance/checkout-order.ts). */
export interface OrderForCart {
  id: string;
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
 * and the delivery fee as a line of its own; the draft's orderId turns the order into the sale.
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
  return { ...EMPTY_CART, lines, clientId: order.clientId, clientName: order.clientName, orderId: order.id };
}
