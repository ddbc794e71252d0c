import { z } from "zod";
import { ID_RE } from "../id.ts";
import { INSTALLMENT_INTERVALS } from "../money/due-dates.ts";
import { INSTALLMENTS_MAX } from "../money/installments.ts";
import { PAYMENT_METHODS } from "../money/payment-method.ts";

/**
 * What the checkout sends to complete a sale (issue 22, ADR 071): the one contract between the
 * point of sale's screen, the orders' "Gerar venda", the service desk and the API. Prices are
 * what the person saw (the server re-prices with shared/money and refuses a total that changed);
 * every amount is integer centavos, every quantity thousandths (ADR 067).
 */

export const SALE_DRAFT_LIMITS = { items: 100, payments: 10, description: 200, notes: 2000, cancelReason: 500, customerName: 120 } as const;

/** A record's id (the API reference's readable ids included); another organização's is refused by the service as unknown. */
const id = z.string().regex(ID_RE, "Id inválido.");
const centavos = z.number().int().min(0).max(10_000_000_000_000);

export const discountSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("valor"), centavos }),
  z.object({ kind: z.literal("percentual"), basisPoints: z.number().int().min(0).max(10_000) }),
]);

export const saleDraftItemSchema = z.object({
  /** A product (stock exit kind venda), a service (with its professional), or neither (a free line). */
  productId: id.nullish(),
  serviceId: id.nullish(),
  professionalId: id.nullish(),
  /** Required for a free line; a product's or service's own name otherwise. */
  description: z.string().trim().max(SALE_DRAFT_LIMITS.description).nullish(),
  quantityMilli: z.number().int().min(1).max(1_000_000_000),
  unitPriceCentavos: centavos,
  discount: discountSchema.nullish(),
});

export const saleDraftPaymentSchema = z.object({
  method: z.enum(PAYMENT_METHODS),
  /** Dinheiro: what the customer handed over (the change is computed). */
  amountCentavos: centavos.min(1),
  installments: z.number().int().min(1).max(INSTALLMENTS_MAX).optional(),
  /** "aaaa-mm-dd" of the first installment; today in the organização's zone when omitted. */
  firstDueDate: z.string().nullish(),
  interval: z.enum(INSTALLMENT_INTERVALS).optional(),
});

export const saleDraftSchema = z.object({
  /** Chosen by the screen once per checkout: a repeated submit returns the same sale, never a second one. */
  draftId: z.string({ error: "Envie o id do rascunho da venda (um UUID)." }).uuid("O id do rascunho deve ser um UUID."),
  clientId: id.nullish(),
  /** A walk-in customer (no client record): the name and phone the receipt and the list show. Ignored with a client. */
  customerName: z
    .string()
    .trim()
    .max(SALE_DRAFT_LIMITS.customerName, `O nome do cliente tem no máximo ${SALE_DRAFT_LIMITS.customerName} letras.`)
    .nullish(),
  customerPhone: z
    .string()
    .trim()
    .regex(/^[\d\s().+-]*$/, "Telefone do cliente inválido: use só números, com ou sem DDD entre parênteses.")
    .transform((v) => v.replace(/\D/g, ""))
    .refine((v) => v === "" || (v.length >= 10 && v.length <= 13), "Telefone do cliente inválido: informe o DDD e o número.")
    .nullish(),
  items: z
    .array(saleDraftItemSchema, { error: "Envie os itens da venda (uma lista)." })
    .min(1, "Adicione ao menos um item.")
    .max(SALE_DRAFT_LIMITS.items, `No máximo ${SALE_DRAFT_LIMITS.items} itens por venda.`),
  totalDiscount: discountSchema.nullish(),
  payments: z
    .array(saleDraftPaymentSchema, { error: "Envie os pagamentos da venda (uma lista)." })
    .min(1, "Informe ao menos um pagamento.")
    .max(SALE_DRAFT_LIMITS.payments, `No máximo ${SALE_DRAFT_LIMITS.payments} pagamentos por venda.`),
  /** The total the person saw; the sale is refused when the server's pricing differs. */
  expectedTotalCentavos: z
    .number({ error: "Informe o total que a tela mostrou, em centavos." })
    .int("O total mostrado deve ser um número inteiro de centavos.")
    .min(0, "O total mostrado não pode ser negativo.")
    .max(10_000_000_000_000, "Total grande demais."),
  notes: z.string().trim().max(SALE_DRAFT_LIMITS.notes).nullish(),
  /** Where the sale came from, when it did (an order becomes one sale; a finished appointment). */
  orderId: id.nullish(),
  appointmentId: id.nullish(),
});

export type SaleDraft = z.infer<typeof saleDraftSchema>;
export type SaleDraftItem = z.infer<typeof saleDraftItemSchema>;
export type SaleDraftPayment = z.infer<typeof saleDraftPaymentSchema>;

export const saleCancelSchema = z.object({
  reason: z.string().trim().min(3).max(SALE_DRAFT_LIMITS.cancelReason),
});

/** What completing a sale answers (the screen goes to the receipt). */
export interface CompletedSale {
  saleId: string;
  number: number;
  totalCentavos: number;
  changeCentavos: number;
  /** True when the draft had already been completed (the same sale is returned). */
  replayed: boolean;
}
