import type { SQL } from "drizzle-orm";
import type { CompletedSale, SaleDraft } from "../../../shared/finance/sale-draft.ts";
import type { Discount } from "../../../shared/money/discount.ts";
import { DEFAULT_TIME_ZONE, dayIn } from "../../../shared/time-zone.ts";
import { type Actor, DomainError, type ServiceContext } from "../context.ts";
import { refuseUnlessSellable } from "../finance/sales/complete-sale.ts";
import { readSaleContext } from "../finance/sales/sale-reads.ts";
import { planSale } from "../finance/sales/sale-plan.ts";
import { saleStatements } from "../finance/sales/sale-statements.ts";

/**
 * The appointment's sale (ADR 071, 078): one line per service performed, at its price, with the
 * appointment's professional (so each line's commission is theirs), then the products sold at the
 * desk at their catalogue price, the discount on the total, paid as the finish says (several
 * payments, change, installments: the point of sale's own rules, planSale). The draft id is the
 * appointment's own. Read and planned now; written in the finish's batch, guarded by `finished`.
 */

export interface DeskSaleInput {
  appointmentId: string;
  clientId: string;
  professionalId: string;
  services: readonly { servicoId: string; precoCentavos: number }[];
  sold: readonly { produtoId: string; quantityMilli: number; precoCentavos: number }[];
  discount: Discount | null;
  payments: SaleDraft["payments"];
  /** What the panel showed; the services' sum for the one-tap payment (which sends none). */
  expectedTotalCentavos: number;
}

export function deskSaleDraft(input: DeskSaleInput): SaleDraft {
  return {
    draftId: input.appointmentId,
    clientId: input.clientId,
    appointmentId: input.appointmentId,
    items: [
      ...input.services.map((p) => ({
        serviceId: p.servicoId,
        professionalId: input.professionalId,
        quantityMilli: 1000,
        unitPriceCentavos: p.precoCentavos,
      })),
      ...input.sold.map((p) => ({ productId: p.produtoId, quantityMilli: p.quantityMilli, unitPriceCentavos: p.precoCentavos })),
    ],
    totalDiscount: input.discount,
    payments: input.payments,
    expectedTotalCentavos: input.expectedTotalCentavos,
  };
}

export async function appointmentSale(ctx: ServiceContext, actor: Actor, input: DeskSaleInput, finished: SQL) {
  const draft = deskSaleDraft(input);
  const context = await readSaleContext(ctx, actor, draft);
  if (context.replay) throw new DomainError("Este atendimento já foi finalizado: nada foi lançado de novo.", 409);
  const planned = planSale(draft, context.catalog, dayIn(ctx.now, actor.timeZone ?? DEFAULT_TIME_ZONE));
  if (!planned.ok) throw new DomainError(planned.error, 422, "pagamentos");
  refuseUnlessSellable(context, draft, planned.value);
  const write = saleStatements(ctx, actor, draft, planned.value, {
    clientName: context.client?.nome ?? null,
    accounts: context.accounts,
    guard: finished,
  });
  const completed: CompletedSale = {
    saleId: write.saleId,
    number: 0,
    totalCentavos: planned.value.totalCentavos,
    changeCentavos: planned.value.changeCentavos,
    replayed: false,
  };
  return { write, completed };
}
