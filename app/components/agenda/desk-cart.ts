import type { PaymentMethod } from "../../../shared/money/payment-method.ts";
import { type Cart, type CartLine, EMPTY_CART, ONE, cartProblem, priceCart, toSaleDraft, withNewPayment } from "../sales/cart-rules.ts";
import type { FinishData } from "../../server/agenda/desk.server.ts";

/**
 * The service desk's charge (ADR 078) in the point of sale's own terms: the services performed
 * (at their prices, with the appointment's professional) followed by the products sold at the
 * desk, the discount on the total and the payments — a Cart, priced, checked and turned into
 * payments by the checkout's rules (cart-rules.ts), so the two screens cannot disagree on a
 * centavo. Pure and client-safe; the finish panel loads it only when the full charge opens.
 */

/** What the person adds at the desk: the products sold (product lines only), the discount, the payments. */
export type DeskCharge = Cart;

export const EMPTY_CHARGE: DeskCharge = EMPTY_CART;

type Panel = Pick<FinishData, "servicos" | "profissionalId">;

/** The whole sale: the services performed first (as the server writes them), then what the charge adds. */
export function deskCart(panel: Panel, servicoIds: readonly string[], charge: DeskCharge): Cart {
  const services = new Map(panel.servicos.map((s) => [s.id, s]));
  const lines: CartLine[] = servicoIds.map((id, i) => ({
    key: `servico-${i}`,
    kind: "servico",
    refId: id,
    description: services.get(id)?.nome ?? "Serviço",
    unit: null,
    quantityMilli: ONE,
    unitPriceCentavos: services.get(id)?.precoCentavos ?? 0,
    discount: null,
    professionalId: panel.profissionalId,
  }));
  return { ...charge, lines: [...lines, ...charge.lines] };
}

/** The charge as it opens: the method already tapped, for the whole total, when there is one. */
export function startCharge(panel: Panel, servicoIds: readonly string[], method: PaymentMethod | "", today: string): DeskCharge {
  if (!method) return EMPTY_CHARGE;
  return { ...EMPTY_CHARGE, payments: withNewPayment(deskCart(panel, servicoIds, EMPTY_CHARGE), method, today).payments };
}

/** The total the panel shows (services + products − discount), 0 while it cannot be priced. */
export function deskTotal(cart: Cart): number {
  const priced = priceCart(cart);
  return priced.ok ? priced.value.totalCentavos : 0;
}

/** What the finish sends about the sale, or why it cannot be sent yet (pt-BR). */
export function deskChargeBody(cart: Cart):
  | {
      ok: true;
      body: {
        vendidos: { produtoId: string; quantidadeMilli: number }[];
        descontoTotal: Cart["totalDiscount"];
        totalCentavos: number;
        pagamentos: ReturnType<typeof toSaleDraft>["payments"];
      };
    }
  | { ok: false; error: string } {
  const problem = cartProblem(cart);
  if (problem) return { ok: false, error: problem };
  const total = deskTotal(cart);
  return {
    ok: true,
    body: {
      vendidos: cart.lines.filter((l) => l.kind === "produto").map((l) => ({ produtoId: l.refId, quantidadeMilli: l.quantityMilli })),
      descontoTotal: cart.totalDiscount,
      totalCentavos: total,
      pagamentos: toSaleDraft(cart, "", total).payments,
    },
  };
}
