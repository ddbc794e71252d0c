import type { BatchItem } from "drizzle-orm/batch";
import { FINANCE_ACCOUNT_KIND } from "../../../../shared/finance/enums.ts";
import { type CompletedSale, type SaleDraft, saleDraftSchema } from "../../../../shared/finance/sale-draft.ts";
import { dayIn, DEFAULT_TIME_ZONE } from "../../../../shared/time-zone.ts";
import { authorize } from "../../../auth/permissions.ts";
import { publishLive } from "../../../live/publish.ts";
import { type Actor, DomainError, type ServiceContext } from "../../context.ts";
import { failedWith } from "./db-errors.ts";
import { type SaleContext, readSaleContext, replayStatement } from "./sale-reads.ts";
import { type SalePlan, planSale } from "./sale-plan.ts";
import { STOCK_LEDGER, saleStatements } from "./sale-statements.ts";
import { insufficientStockMessage } from "./stock-message.ts";

/**
 * Completes a sale (ADR 071): one read round trip, one write round trip (a batch, all or
 * nothing). A draft already completed answers the same sale (`replayed`), found before writing or,
 * when two submits of it race, by the unique draft id refusing the second write.
 */

export const SALES_RESOURCE = "vendas";

function parseDraft(raw: unknown): SaleDraft {
  const parsed = saleDraftSchema.safeParse(raw);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw new DomainError(issue ? `Venda inválida: ${issue.message}` : "Venda inválida.", 422, issue?.path.join("."));
}

function replayed(sale: NonNullable<SaleContext["replay"]>): CompletedSale {
  return { saleId: sale.id, number: sale.numero, totalCentavos: sale.totalCentavos, changeCentavos: sale.trocoCentavos, replayed: true };
}

export function refuseUnlessSellable(context: SaleContext, draft: SaleDraft, plan: SalePlan): void {
  if (draft.clientId && !context.client) throw new DomainError("Cliente não encontrado. Escolha um cliente cadastrado.", 422, "clientId");
  if (draft.appointmentId && !context.appointmentFound) throw new DomainError("Agendamento não encontrado.", 422, "appointmentId");
  if (draft.orderId) {
    const order = context.order;
    if (!order) throw new DomainError("Pedido não encontrado.", 422, "orderId");
    if (order.vendaId) throw new DomainError("Este pedido já virou uma venda: nada foi lançado de novo.", 409, "orderId");
    if (order.status === "cancelado") throw new DomainError("Este pedido foi cancelado e não pode virar venda.", 409, "orderId");
  }
  for (const p of plan.payments) {
    if (p.account && !context.accounts.has(p.account)) {
      const kind = FINANCE_ACCOUNT_KIND.label(p.account);
      throw new DomainError(
        `Não há uma conta ativa do tipo “${kind}” para receber este pagamento. Cadastre ou reative uma em Contas financeiras.`,
        422,
        "payments",
      );
    }
  }
}

/** Completes a sale for a member the permission table lets create sales (the checkout, the API, the orders). */
export async function completeSale(ctx: ServiceContext, actor: Actor, raw: unknown): Promise<CompletedSale> {
  authorize(actor, SALES_RESOURCE, "create");
  return writeSale(ctx, actor, raw);
}

/**
 * The transaction itself, for a caller that already authorized what it does: the service desk
 * finishing an appointment (a professional finishes their own, and the sale is the appointment's).
 */
export async function writeSale(ctx: ServiceContext, actor: Actor, raw: unknown): Promise<CompletedSale> {
  const draft = parseDraft(raw);
  const context = await readSaleContext(ctx, actor, draft);
  if (context.replay) return replayed(context.replay);
  const today = dayIn(ctx.now, actor.timeZone ?? DEFAULT_TIME_ZONE);
  const planned = planSale(draft, context.catalog, today);
  if (!planned.ok) throw new DomainError(planned.error, 422, planned.field);
  const plan = planned.value;
  refuseUnlessSellable(context, draft, plan);

  const write = saleStatements(ctx, actor, draft, plan, { clientName: context.client?.nome ?? null, accounts: context.accounts });
  let results: unknown[];
  try {
    results = (await ctx.db.batch(write.statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]])) as unknown[];
  } catch (error) {
    if (failedWith(error, "sales.org_id, sales.draft_id")) {
      // The same draft submitted twice at once: the other submit made the sale.
      const [again] = await replayStatement(ctx, actor, draft.draftId);
      if (again) return replayed(again);
    }
    throw refusalOf(error, plan, context);
  }
  const numero = (results[0] as { numero: number }[])[0]?.numero as number;
  publishLive(ctx, actor.orgId, { type: "record.changed", resource: SALES_RESOURCE, action: "created", ids: [write.saleId] });
  if (write.ids.stock.length)
    publishLive(ctx, actor.orgId, { type: "record.changed", resource: STOCK_LEDGER, action: "created", ids: write.ids.stock });
  return { saleId: write.saleId, number: numero, totalCentavos: plan.totalCentavos, changeCentavos: plan.changeCentavos, replayed: false };
}

/** Why the write was refused, as the checkout shows it; an unknown failure is rethrown (a 500 is a bug). */
function refusalOf(error: unknown, plan: SalePlan, context: SaleContext): unknown {
  if (failedWith(error, "estoque_insuficiente")) return new DomainError(insufficientStockMessage(plan, context.stock), 409, "items");
  if (failedWith(error, "NOT NULL constraint failed: sales.status"))
    return new DomainError("Este pedido já virou uma venda ou foi cancelado: nada foi lançado.", 409, "orderId");
  if (failedWith(error, "NOT NULL constraint failed: cash_movements.account_id"))
    return new DomainError(
      "A conta que receberia um pagamento foi desativada agora. Confira as contas e conclua de novo.",
      409,
      "payments",
    );
  if (failedWith(error, "FOREIGN KEY constraint failed") || failedWith(error, "relation"))
    return new DomainError("Um dos itens, o cliente ou o pedido acabou de ser excluído. Confira e conclua de novo.", 409);
  return error;
}
