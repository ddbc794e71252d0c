import { type CommissionRule, effectiveCommission } from "../../../../shared/agenda/commission.ts";
import { defaultFirstDue, paymentDestination } from "../../../../shared/finance/payment-destination.ts";
import type { FinanceAccountKind } from "../../../../shared/finance/enums.ts";
import type { SaleDraft } from "../../../../shared/finance/sale-draft.ts";
import { formatBRL } from "../../../../shared/format.ts";
import { lineCommission } from "../../../../shared/money/commissions.ts";
import type { Installment } from "../../../../shared/money/installment-plan.ts";
import type { PaymentMethod } from "../../../../shared/money/payment-method.ts";
import { type MoneyResult, accept, refuse } from "../../../../shared/money/result.ts";
import { priceSale } from "../../../../shared/money/sale-pricing.ts";
import { type SettledPayment, settlePayments } from "../../../../shared/money/payments.ts";
import { addMonthsClamped } from "../../../../shared/money/due-dates.ts";

/**
 * What a sale writes, computed from the draft and what the database holds (ADR 071), before a
 * single row is written: the lines re-priced with shared/money, the payments settled (troco only
 * from dinheiro), where each payment lands, each receivable's amount and due day, each service
 * line's commission. Pure: the property tests run it on random drafts, the service writes it.
 */

export interface CatalogProduct {
  nome: string;
}
export interface CatalogService {
  nome: string;
  rule: CommissionRule | null;
}
export interface CatalogProfessional {
  rule: CommissionRule | null;
}

export interface SaleCatalog {
  products: ReadonlyMap<string, CatalogProduct>;
  services: ReadonlyMap<string, CatalogService>;
  professionals: ReadonlyMap<string, CatalogProfessional>;
  /** Configurações do Negócio's default commission (when neither the service nor the professional names one). */
  defaultRule: CommissionRule | null;
}

export interface PlannedItem {
  posicao: number;
  produtoId: string | null;
  servicoId: string | null;
  profissionalId: string | null;
  descricao: string;
  quantityMilli: number;
  unitPriceCentavos: number;
  lineDiscountCentavos: number;
  totalDiscountShareCentavos: number;
  netCentavos: number;
  /** Service lines with a professional: what the line pays them (0 when no rule applies). */
  commissionCentavos: number;
}

export interface PlannedPayment {
  posicao: number;
  method: PaymentMethod;
  /** What stays with the business (change taken out). */
  amountCentavos: number;
  /** Dinheiro: what was handed over; null for the others. */
  tenderedCentavos: number | null;
  /** Paid now into an account of this kind; null: receivables. */
  account: FinanceAccountKind | null;
  /** One per installment when not paid now; empty when paid now. */
  receivables: Installment[];
}

export interface SalePlan {
  items: PlannedItem[];
  payments: PlannedPayment[];
  grossCentavos: number;
  discountCentavos: number;
  totalDiscountCentavos: number;
  totalCentavos: number;
  changeCentavos: number;
}

/** A refusal with the draft field it is about (the checkout puts it next to it). */
export type PlanResult = MoneyResult<SalePlan> & { field?: string };

function refuseAt(error: string, field: string): PlanResult {
  return { ...refuse<SalePlan>(error), field };
}

export function planSale(draft: SaleDraft, catalog: SaleCatalog, today: string): PlanResult {
  const items: Omit<PlannedItem, "lineDiscountCentavos" | "totalDiscountShareCentavos" | "netCentavos" | "commissionCentavos">[] = [];
  for (const [i, item] of draft.items.entries()) {
    const n = i + 1;
    const field = `items.${i}`;
    if (item.productId && item.serviceId) return refuseAt(`Item ${n}: escolha um produto ou um serviço, não os dois.`, field);
    const product = item.productId ? catalog.products.get(item.productId) : undefined;
    if (item.productId && !product) return refuseAt(`Item ${n}: produto não encontrado. Escolha um produto cadastrado.`, field);
    const service = item.serviceId ? catalog.services.get(item.serviceId) : undefined;
    if (item.serviceId && !service) return refuseAt(`Item ${n}: serviço não encontrado. Escolha um serviço cadastrado.`, field);
    if (item.professionalId && !catalog.professionals.has(item.professionalId))
      return refuseAt(`Item ${n}: profissional não encontrado. Escolha um profissional cadastrado.`, field);
    const descricao = item.description?.trim() || product?.nome || service?.nome || "";
    if (!descricao) return refuseAt(`Item ${n}: descreva o item (ou escolha um produto ou serviço).`, field);
    items.push({
      posicao: i,
      produtoId: item.productId ?? null,
      servicoId: item.serviceId ?? null,
      profissionalId: item.professionalId ?? null,
      descricao,
      quantityMilli: item.quantityMilli,
      unitPriceCentavos: item.unitPriceCentavos,
    });
  }

  const pricing = priceSale(
    draft.items.map((item) => ({ unitPriceCentavos: item.unitPriceCentavos, quantityMilli: item.quantityMilli, discount: item.discount })),
    draft.totalDiscount,
  );
  if (!pricing.ok) return refuseAt(pricing.error, "items");
  const total = pricing.value.totalCentavos;
  if (total !== draft.expectedTotalCentavos) {
    return refuseAt(
      `O total mudou: a venda soma ${formatBRL(total)} e a tela mostrava ${formatBRL(draft.expectedTotalCentavos)}. Confira os itens e conclua de novo.`,
      "expectedTotalCentavos",
    );
  }

  const settled = settlePayments(
    total,
    draft.payments.map((p) => ({
      method: p.method,
      amountCentavos: p.amountCentavos,
      installments: p.installments ?? 1,
      firstDueDate: p.firstDueDate || defaultFirstDue(p.method, today),
      interval: p.interval ?? "mensal",
    })),
    today,
  );
  if (!settled.ok) return refuseAt(settled.error, "payments");

  const priced: PlannedItem[] = items.map((item, i) => {
    const line = pricing.value.lines[i] as (typeof pricing.value.lines)[number];
    const service = item.servicoId ? catalog.services.get(item.servicoId) : undefined;
    const professional = item.profissionalId ? catalog.professionals.get(item.profissionalId) : undefined;
    const rule = service && professional ? effectiveCommission(service.rule, professional.rule, catalog.defaultRule) : null;
    return {
      ...item,
      lineDiscountCentavos: line.lineDiscountCentavos,
      totalDiscountShareCentavos: line.totalDiscountShareCentavos,
      netCentavos: line.netCentavos,
      commissionCentavos: rule ? lineCommission({ netCentavos: line.netCentavos, quantityMilli: item.quantityMilli, rule }) : 0,
    };
  });
  const dated = monthlyFromSaleDay(draft.payments, settled.value.payments, today);
  const payments: PlannedPayment[] = settled.value.payments.map((p, posicao) => {
    const destination = paymentDestination(p.method);
    return {
      posicao,
      method: p.method,
      amountCentavos: p.amountCentavos,
      tenderedCentavos: p.method === "dinheiro" ? p.tenderedCentavos : null,
      account: destination.kind === "conta" ? destination.account : null,
      receivables: destination.kind === "receber" ? (dated[posicao] ?? p.installments) : [],
    };
  });
  return accept({
    items: priced,
    payments,
    grossCentavos: pricing.value.grossCentavos,
    discountCentavos: pricing.value.discountCentavos,
    totalDiscountCentavos: priced.reduce((a, l) => a + l.totalDiscountShareCentavos, 0),
    totalCentavos: total,
    changeCentavos: settled.value.changeCentavos,
  });
}

/**
 * A deferred payment the checkout gave no first due day: installment k falls k months after the
 * sale's local day, each clamped to its month (sold on 30 Jan → 28 Feb, 30 Mar, 30 Apr), not
 * chained from a clamped first one (which would drift to the 28th for good). settlePayments drops
 * a dinheiro payment the change ate whole; the settled ones keep the draft's order.
 */
function monthlyFromSaleDay(
  asked: SaleDraft["payments"],
  settled: readonly SettledPayment[],
  today: string,
): (Installment[] | undefined)[] {
  const out: (Installment[] | undefined)[] = [];
  let j = 0;
  for (const p of asked) {
    const s = settled[j];
    if (!s || s.method !== p.method || (p.method === "dinheiro" && s.tenderedCentavos !== p.amountCentavos)) continue;
    j++;
    const monthly = !p.firstDueDate && (p.interval ?? "mensal") === "mensal" && paymentDestination(p.method).kind === "receber";
    out.push(monthly ? s.installments.map((i) => ({ ...i, dueDate: addMonthsClamped(today, i.number) })) : undefined);
  }
  return out;
}
