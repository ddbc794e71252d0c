import { ORDER_STATUS, ORDER_STATUSES } from "./enums.ts";

/**
 * The orders' pipeline (ADR 073): novo → em preparo → pronto → entregue, or cancelado from any
 * open status. One pure rule for the board, the order's page and the server (which enforces it
 * in the same statement that writes the move). Client-safe.
 */

export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** Where each status may go: a step forward, a step back (a slip of the hand), or cancel. */
const MOVES: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  novo: ["em_preparo", "cancelado"],
  em_preparo: ["pronto", "novo", "cancelado"],
  pronto: ["entregue", "em_preparo", "cancelado"],
  entregue: [],
  cancelado: [],
};

/** The statuses an order can still move from (entregue and cancelado are final). */
export const OPEN_ORDER_STATUSES: readonly OrderStatus[] = ["novo", "em_preparo", "pronto"];

/** Items, customer and delivery change only before the order is ready. */
export const EDITABLE_ORDER_STATUSES: readonly OrderStatus[] = ["novo", "em_preparo"];

export function isOrderStatus(value: unknown): value is OrderStatus {
  return typeof value === "string" && (ORDER_STATUSES as readonly string[]).includes(value);
}

export function nextStatuses(from: OrderStatus): readonly OrderStatus[] {
  return MOVES[from];
}

/** The statuses from which `to` may be reached (the server's guard: `status in (…)`). */
export function statusesLeadingTo(to: OrderStatus): OrderStatus[] {
  return ORDER_STATUSES.filter((from) => MOVES[from].includes(to));
}

export function isEditableStatus(status: OrderStatus): boolean {
  return EDITABLE_ORDER_STATUSES.includes(status);
}

export type TransitionCheck = { ok: true } | { ok: false; error: string };

/**
 * May an order in `from` move to `to`? A pt-BR refusal otherwise. An order that already became
 * a sale is not cancelled here: its sale is (the sale's cancellation reverses the money).
 */
export function checkTransition(from: OrderStatus, to: OrderStatus, hasSale = false): TransitionCheck {
  if (from === to) return { ok: false, error: `O pedido já está ${statusPhrase(to)}.` };
  if (from === "entregue" || from === "cancelado")
    return { ok: false, error: `O pedido está ${statusPhrase(from)}: não muda mais de situação.` };
  if (to === "cancelado" && hasSale) return { ok: false, error: "O pedido já virou uma venda: cancele a venda." };
  if (!MOVES[from].includes(to))
    return { ok: false, error: `Um pedido ${statusPhrase(from)} não pode ir para “${ORDER_STATUS.label(to)}”.` };
  return { ok: true };
}

/** "novo", "em preparo", "pronto", "entregue", "cancelado" — as said in a sentence. */
export function statusPhrase(status: OrderStatus): string {
  return ORDER_STATUS.label(status).toLowerCase();
}
