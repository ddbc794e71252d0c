import { formatBRL, parseBRL } from "../../../shared/format.ts";
import { defaultFirstDue } from "../../../shared/finance/payment-destination.ts";
import type { SaleDraft } from "../../../shared/finance/sale-draft.ts";
import type { Discount } from "../../../shared/money/discount.ts";
import type { InstallmentInterval } from "../../../shared/money/due-dates.ts";
import { INSTALLMENTS_MAX } from "../../../shared/money/installments.ts";
import { type PaymentMethod, allowsInstallments } from "../../../shared/money/payment-method.ts";
import { formatBasisPoints, parseBasisPoints } from "../../../shared/money/percent.ts";
import { type SalePricing, QUANTITY_SCALE, priceSale } from "../../../shared/money/sale-pricing.ts";
import type { MoneyResult } from "../../../shared/money/result.ts";

/**
 * The point of sale's cart (issue 22): what the person builds at the counter, priced with the
 * same shared/money rules the server applies (ADR 067), and turned into the SaleDraft the server
 * completes (ADR 071). Pure and client-safe: every rule here has a unit test.
 */

/** A product or service as the search finds it. */
export interface CatalogItem {
  kind: "produto" | "servico";
  id: string;
  name: string;
  /** Product: SKU and barcode; service: null. */
  sku: string | null;
  barcode: string | null;
  priceCentavos: number;
  /** Product: "un", "kg"…; service: null. */
  unit: string | null;
  /** Product: stock in thousandths (shown; the server refuses what the business forbids). */
  stockMilli: number | null;
  /** Service: the professionals who perform it (the first is proposed). */
  professionalIds?: readonly string[];
}

export interface CartLine {
  /** Local key (React and the keyboard's focus): stable while the line lives. */
  key: string;
  /** "livre": a line with a description only (an order's delivery fee). */
  kind: "produto" | "servico" | "livre";
  /** The product's or service's id; "" for a free line. */
  refId: string;
  description: string;
  unit: string | null;
  quantityMilli: number;
  unitPriceCentavos: number;
  discount: Discount | null;
  professionalId: string | null;
}

export interface CartPayment {
  key: string;
  method: PaymentMethod;
  amountCentavos: number;
  installments: number;
  /** "aaaa-mm-dd"; empty: today (the server's zone). */
  firstDueDate: string;
  interval: InstallmentInterval;
}

export interface Cart {
  lines: CartLine[];
  totalDiscount: Discount | null;
  payments: CartPayment[];
  clientId: string | null;
  clientName: string | null;
  /** A walk-in customer (no client chosen): the name and phone typed at the counter or taken on the order. */
  customerName: string;
  customerPhone: string;
  notes: string;
  orderId: string | null;
}

export const EMPTY_CART: Cart = {
  lines: [],
  totalDiscount: null,
  payments: [],
  clientId: null,
  clientName: null,
  customerName: "",
  customerPhone: "",
  notes: "",
  orderId: null,
};

/** One unit of anything: 1 un, 1 kg (the +/− step). */
export const ONE = QUANTITY_SCALE;

let counter = 0;
/** A key unique in this page's life (not a record id: the server never sees it). */
export function localKey(prefix: string): string {
  counter += 1;
  return `${prefix}${counter}`;
}

/**
 * Adds one of `item`: a product already in the cart at its catalogue price and without a
 * discount gains one unit (a scanner read twice is two units); anything else is a new line.
 * A service proposes its first professional.
 */
export function addItem(cart: Cart, item: CatalogItem, key: string = localKey("l")): Cart {
  const same = cart.lines.findIndex(
    (l) =>
      l.kind === "produto" && item.kind === "produto" && l.refId === item.id && l.unitPriceCentavos === item.priceCentavos && !l.discount,
  );
  if (same >= 0) return stepQuantity(cart, same, 1);
  const line: CartLine = {
    key,
    kind: item.kind,
    refId: item.id,
    description: item.name,
    unit: item.unit,
    quantityMilli: ONE,
    unitPriceCentavos: item.priceCentavos,
    discount: null,
    professionalId: item.kind === "servico" ? (item.professionalIds?.[0] ?? null) : null,
  };
  return { ...cart, lines: [...cart.lines, line] };
}

function updateLine(cart: Cart, index: number, change: Partial<CartLine>): Cart {
  if (!cart.lines[index]) return cart;
  return { ...cart, lines: cart.lines.map((l, i) => (i === index ? { ...l, ...change } : l)) };
}

/** +1 or −1 unit; never below one unit (removing is its own gesture, Delete). */
export function stepQuantity(cart: Cart, index: number, sign: 1 | -1): Cart {
  const line = cart.lines[index];
  if (!line) return cart;
  const next = line.quantityMilli + sign * ONE;
  return updateLine(cart, index, { quantityMilli: next >= ONE ? next : line.quantityMilli });
}

export function setLine(
  cart: Cart,
  index: number,
  change: Partial<Pick<CartLine, "quantityMilli" | "unitPriceCentavos" | "discount" | "professionalId">>,
): Cart {
  return updateLine(cart, index, change);
}

export function removeLine(cart: Cart, index: number): Cart {
  return { ...cart, lines: cart.lines.filter((_, i) => i !== index) };
}

/** "1,5" → 1500; "2" → 2000; up to three decimals; null when not a positive quantity. */
export function parseQuantity(text: string): number | null {
  const m = /^\s*(\d{1,9})(?:[.,](\d{1,3}))?\s*$/.exec(text);
  if (!m) return null;
  const milli = Number(m[1]) * QUANTITY_SCALE + Number((m[2] ?? "").padEnd(3, "0"));
  return milli > 0 ? milli : null;
}

/** 1500 → "1,5"; 2000 → "2". */
export function formatQuantityInput(milli: number): string {
  const whole = Math.floor(milli / QUANTITY_SCALE);
  const fraction = String(milli % QUANTITY_SCALE)
    .padStart(3, "0")
    .replace(/0+$/, "");
  return fraction ? `${whole},${fraction}` : String(whole);
}

/**
 * A discount as typed: "10%" or "12,5 %" is a percentage; "5", "5,50" or "R$ 5,50" is an amount.
 * Empty or zero: no discount. Null when it reads as neither.
 */
export function parseDiscount(text: string): { ok: true; discount: Discount | null } | { ok: false; error: string } {
  const t = text.trim();
  if (!t) return { ok: true, discount: null };
  if (t.endsWith("%")) {
    const bp = parseBasisPoints(t);
    if (bp === null) return { ok: false, error: "Desconto inválido: use um percentual como 10% ou 12,5%." };
    return { ok: true, discount: bp === 0 ? null : { kind: "percentual", basisPoints: bp } };
  }
  const centavos = parseBRL(t);
  if (centavos === null || centavos < 0)
    return { ok: false, error: "Desconto inválido: use um valor como 5,00 ou um percentual como 10%." };
  return { ok: true, discount: centavos === 0 ? null : { kind: "valor", centavos } };
}

/** What a discount field shows: "10%" or "5,00". */
export function formatDiscountInput(discount: Discount | null): string {
  if (!discount) return "";
  if (discount.kind === "percentual") return formatBasisPoints(discount.basisPoints);
  return formatBRL(discount.centavos).replace(/^R\$\s/, "");
}

/** The cart priced by shared/money (the server runs the same function on the same numbers). */
export function priceCart(cart: Cart): MoneyResult<SalePricing> {
  return priceSale(cart.lines, cart.totalDiscount);
}

export interface PaymentSummary {
  /** Σ what every payment hands over. */
  tenderedCentavos: number;
  /** Still to pay: total − tendered, never negative. */
  remainingCentavos: number;
  /** Troco: only dinheiro can exceed the total. */
  changeCentavos: number;
  /** The other methods together passed the total (refused: only cash has change). */
  overpaidByNonCash: boolean;
}

export function summarizePayments(
  totalCentavos: number,
  payments: readonly Pick<CartPayment, "method" | "amountCentavos">[],
): PaymentSummary {
  let cash = 0;
  let other = 0;
  for (const p of payments) {
    if (p.method === "dinheiro") cash += p.amountCentavos;
    else other += p.amountCentavos;
  }
  const tendered = cash + other;
  return {
    tenderedCentavos: tendered,
    remainingCentavos: Math.max(0, totalCentavos - tendered),
    changeCentavos: other > totalCentavos ? 0 : Math.max(0, tendered - totalCentavos),
    overpaidByNonCash: other > totalCentavos,
  };
}

/** A new payment of `method` for what is still to pay (at least 1 centavo: the person edits it). */
export function newPayment(method: PaymentMethod, remainingCentavos: number, key: string = localKey("p")): CartPayment {
  return { key, method, amountCentavos: remainingCentavos, installments: 1, firstDueDate: "", interval: "mensal" };
}

/**
 * The cart with a new payment of `method` for what is still to pay; paid later (boleto, a
 * prazo), with the first due date the sale would take, shown and editable. `today`: the
 * organização's day.
 */
export function withNewPayment(cart: Cart, method: PaymentMethod, today: string, key?: string): Cart {
  const p = priceCart(cart);
  const left = summarizePayments(p.ok ? p.value.totalCentavos : 0, cart.payments).remainingCentavos;
  const payment = newPayment(method, left > 0 ? left : 0, key);
  if (method === "boleto" || method === "a_prazo") payment.firstDueDate = defaultFirstDue(method, today);
  return { ...cart, payments: [...cart.payments, payment] };
}

/** Gives the new payment's amount the focus: the person types what the customer hands over. */
export function focusLastPaymentAmount(): void {
  requestAnimationFrame(() => {
    const inputs = document.querySelectorAll<HTMLInputElement>('[id^="pagamento-"][id$="-valor"]');
    inputs[inputs.length - 1]?.focus();
    inputs[inputs.length - 1]?.select();
  });
}

export function setPayment(cart: Cart, index: number, change: Partial<Omit<CartPayment, "key">>): Cart {
  if (!cart.payments[index]) return cart;
  return {
    ...cart,
    payments: cart.payments.map((p, i) => {
      if (i !== index) return p;
      const next = { ...p, ...change };
      // A method paid at once has one installment whatever was typed before switching.
      const installments = allowsInstallments(next.method) ? Math.min(Math.max(1, next.installments), INSTALLMENTS_MAX) : 1;
      return { ...next, installments };
    }),
  };
}

export function removePayment(cart: Cart, index: number): Cart {
  return { ...cart, payments: cart.payments.filter((_, i) => i !== index) };
}

/** Why the cart cannot be sent yet (pt-BR), or null. The server checks it all again. */
export function cartProblem(cart: Cart): string | null {
  if (!cart.lines.length) return "Adicione ao menos um item à venda.";
  const priced = priceCart(cart);
  if (!priced.ok) return priced.error;
  const missing = cart.lines.findIndex((l) => l.kind === "servico" && !l.professionalId);
  if (missing >= 0) return `Item ${missing + 1} (${cart.lines[missing]?.description}): escolha o profissional que fez o serviço.`;
  if (!cart.payments.length) return "Escolha ao menos uma forma de pagamento.";
  const zero = cart.payments.findIndex((p) => !(p.amountCentavos > 0));
  if (zero >= 0) return `Pagamento ${zero + 1}: informe um valor maior que zero.`;
  const s = summarizePayments(priced.value.totalCentavos, cart.payments);
  if (s.overpaidByNonCash) return "Os pagamentos fora do dinheiro passam do total. Só dinheiro pode ter troco.";
  if (s.remainingCentavos > 0) return `Faltam ${formatBRL(s.remainingCentavos)} para cobrir o total.`;
  return null;
}

/** The contract the server completes (shared/finance/sale-draft.ts). */
export function toSaleDraft(cart: Cart, draftId: string, expectedTotalCentavos: number): SaleDraft {
  return {
    draftId,
    clientId: cart.clientId,
    // With a client chosen the walk-in's fields are not sent (the client names the sale).
    customerName: cart.clientId ? null : cart.customerName.trim() || null,
    customerPhone: cart.clientId ? null : cart.customerPhone.trim() || null,
    items: cart.lines.map((l) => ({
      productId: l.kind === "produto" ? l.refId : null,
      serviceId: l.kind === "servico" ? l.refId : null,
      professionalId: l.kind === "servico" ? l.professionalId : null,
      description: l.description,
      quantityMilli: l.quantityMilli,
      unitPriceCentavos: l.unitPriceCentavos,
      discount: l.discount,
    })),
    totalDiscount: cart.totalDiscount,
    payments: cart.payments.map((p) => ({
      method: p.method,
      amountCentavos: p.amountCentavos,
      ...(allowsInstallments(p.method) ? { installments: p.installments, interval: p.interval, firstDueDate: p.firstDueDate || null } : {}),
    })),
    expectedTotalCentavos,
    notes: cart.notes.trim() || null,
    orderId: cart.orderId,
  };
}

/**
 * What Enter adds from the search: the item whose barcode or SKU is exactly what was typed (a
 * scanner types the digits and Enter), else the highlighted one, else the only result.
 */
export function itemForEnter(results: readonly CatalogItem[], typed: string, highlighted: number): CatalogItem | null {
  const code = typed.trim().toLowerCase();
  const exact = code ? results.find((r) => r.barcode?.toLowerCase() === code || r.sku?.toLowerCase() === code) : undefined;
  if (exact) return exact;
  if (highlighted >= 0 && results[highlighted]) return results[highlighted] as CatalogItem;
  return results.length === 1 ? (results[0] as CatalogItem) : null;
}
