import { asc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { z } from "zod";
import {
  appointmentServices,
  appointments,
  businessSettings,
  products,
  serviceProducts,
  services,
  stockMovements,
} from "../../../db/schema/index.ts";
import { orgScope } from "../../../db/tenant.ts";
import { commissionDue, commissionRule, effectiveCommission } from "../../../shared/agenda/commission.ts";
import { type ConsumptionLine, consumptionOf, FINISHABLE, mergeConsumption } from "../../../shared/agenda/desk.ts";
import { APPOINTMENT_STATUS, type AppointmentStatus, type CommissionKind } from "../../../shared/enums/agenda.ts";
import { ID_RE } from "../../../shared/id.ts";
import { formatQuantityWithUnit } from "../../../shared/quantity.ts";
import { publishLive } from "../../live/publish.ts";
import { insertUnless } from "../../resources/insert-unless.ts";
import { insertValues, translateDbError } from "../../resources/records.ts";
import { moduleOf } from "../../resources/registry.ts";
import { type Actor, DomainError, type ServiceContext } from "../context.ts";
import { APPOINTMENTS, professionalReach } from "./desk-access.ts";
import { SALE_DRAFT_LIMITS, type CompletedSale, discountSchema, saleDraftPaymentSchema } from "../../../shared/finance/sale-draft.ts";
import type { CheckoutPix } from "../../../shared/finance/pix-settings.ts";
import { SALES_RESOURCE } from "../finance/sales/complete-sale.ts";
import { failedWith } from "../finance/sales/db-errors.ts";
import { checkoutPixOfOrg } from "../finance/pix-settings.ts";
import { appointmentSale } from "./desk-sale.ts";

/**
 * Finishing an appointment at the desk (ADR 061): what was done (the services performed, the
 * products consumed) is recorded with the status in ONE batch — the appointment concluído, its
 * services replaced, and one "consumo" exit per product in the stock ledger, written through the
 * ledger's own module values (cost, sort key) and guarded by the ledger's triggers (negative
 * stock refused unless the business allows it). Any refusal rolls the whole batch back.
 */

const LEDGER = "movimentacoes-produtos";
const MAX_SERVICES = 20;
const MAX_PRODUCTS = 50;

export const finishSchema = z.object({
  servicoIds: z
    .array(z.string().regex(ID_RE, "Serviço inválido."))
    .min(1, "Escolha ao menos um serviço realizado.")
    .max(MAX_SERVICES, `No máximo ${MAX_SERVICES} serviços por atendimento.`),
  produtos: z
    .array(
      z.object({
        produtoId: z.string().regex(ID_RE, "Produto inválido."),
        quantidade: z
          .number({ error: "Informe a quantidade do produto." })
          .positive("A quantidade do produto precisa ser maior que zero.")
          .max(1_000_000, "Quantidade grande demais."),
      }),
    )
    .max(MAX_PRODUCTS, `No máximo ${MAX_PRODUCTS} produtos por atendimento.`),
  /**
   * How the client paid (issue 22, ADR 071): with it, the finish also makes the appointment's
   * sale — its services at their prices, each with the appointment's professional (commissions
   * per professional) — in the same batch. Without it, the finish records the service only.
   */
  pagamentos: z.array(saleDraftPaymentSchema).min(1, "Escolha como o cliente pagou.").max(SALE_DRAFT_LIMITS.payments).optional(),
  /** ADR 078: products the client bought at the desk (sold at their catalogue price: a "venda" exit, not consumption). */
  vendidos: z
    .array(
      z.object({
        produtoId: z.string().regex(ID_RE, "Produto inválido."),
        quantidadeMilli: z
          .number({ error: "Informe a quantidade do produto vendido." })
          .int("Quantidade do produto vendido inválida.")
          .min(1, "A quantidade do produto vendido precisa ser maior que zero.")
          .max(1_000_000_000, "Quantidade grande demais."),
      }),
    )
    .max(MAX_PRODUCTS, `No máximo ${MAX_PRODUCTS} produtos vendidos por atendimento.`)
    .optional(),
  /** A discount on the sale's total (R$ or %), shared across its lines as at the point of sale. */
  descontoTotal: discountSchema.nullish(),
  /** The total the panel showed (services + products − discount); the sale is refused when it differs. */
  totalCentavos: z.number().int().min(0).max(10_000_000_000_000).optional(),
});
export type FinishInput = z.infer<typeof finishSchema>;

export interface FinishOption {
  id: string;
  nome: string;
}
export interface ServiceOption extends FinishOption {
  precoCentavos: number;
  duracaoMin: number;
}
export interface ProductOption extends FinishOption {
  unidade: string;
  estoque: number;
  precoCentavos: number;
}

/** What the finish panel opens with: the booking's services, the products they consume, and what may be added. */
export interface FinishPanel {
  id: string;
  status: AppointmentStatus;
  clienteNome: string;
  profissionalNome: string;
  /** The appointment's professional: every service line of its sale is theirs. */
  profissionalId: string;
  servicoIds: string[];
  produtos: ConsumptionLine[];
  /** service_products of every offered service: the panel adds or takes a service's products as it changes. */
  receitas: { servicoId: string; produtoId: string; quantidade: number }[];
  servicos: ServiceOption[];
  produtosDisponiveis: ProductOption[];
  /** The business's Pix key for the charge's QR (null: Pix is recorded without a code). */
  pix: CheckoutPix | null;
}

interface AppointmentHead {
  id: string;
  status: AppointmentStatus;
  clienteId: string;
  profissionalId: string;
  clienteNome: string | null;
  profissionalNome: string | null;
  comissaoTipo: CommissionKind | null;
  comissaoValor: number | null;
  padraoTipo: CommissionKind | null;
  padraoValor: number | null;
}

function headStatement(ctx: ServiceContext, actor: Actor, id: string) {
  const a = appointments;
  return ctx.db
    .select({
      id: a.id,
      status: a.status,
      clienteId: a.clienteId,
      profissionalId: a.profissionalId,
      clienteNome: sql<
        string | null
      >`(select c.name from clients c where c.org_id = appointments.org_id and c.id = appointments.client_id)`,
      profissionalNome: sql<
        string | null
      >`(select p.name from professionals p where p.org_id = appointments.org_id and p.id = appointments.professional_id)`,
      comissaoTipo: sql<CommissionKind | null>`(select p.commission_kind from professionals p where p.org_id = appointments.org_id and p.id = appointments.professional_id)`,
      comissaoValor: sql<
        number | null
      >`(select p.commission_value from professionals p where p.org_id = appointments.org_id and p.id = appointments.professional_id)`,
      padraoTipo: sql<CommissionKind | null>`(select s.default_commission_kind from ${businessSettings} s where s.org_id = appointments.org_id)`,
      padraoValor: sql<number | null>`(select s.default_commission_value from ${businessSettings} s where s.org_id = appointments.org_id)`,
    })
    .from(a)
    .where(
      orgScope(ctx.db, actor.orgId).where(a, eq(a.id, id), isNull(a.excluidoEm), professionalReach(ctx, actor, "update", a.profissionalId)),
    )
    .limit(1);
}

function notFound(): never {
  throw new DomainError("Agendamento não encontrado.", 404);
}

/** The finish panel's data: one batch, beside the business's Pix key (read in parallel). */
export async function readFinishPanel(ctx: ServiceContext, actor: Actor, id: string): Promise<FinishPanel> {
  if (!ID_RE.test(id)) notFound();
  const scope = orgScope(ctx.db, actor.orgId);
  const s = services;
  const sp = serviceProducts;
  const pr = products;
  const as = appointmentServices;
  const reads = ctx.db.batch([
    headStatement(ctx, actor, id),
    ctx.db
      .select({ servicoId: as.servicoId })
      .from(as)
      .where(scope.where(as, eq(as.agendamentoId, id)))
      .orderBy(asc(as.posicao), asc(as.id)),
    ctx.db
      .select({ id: s.id, nome: s.nome, precoCentavos: s.precoCentavos, duracaoMin: s.duracaoMin })
      .from(s)
      .where(scope.where(s, isNull(s.excluidoEm), eq(s.ativo, true)))
      .orderBy(asc(s.ordem), asc(s.id)),
    ctx.db
      .select({ servicoId: sp.servicoId, produtoId: sp.produtoId, quantidade: sp.quantidade })
      .from(sp)
      .where(scope.where(sp))
      .orderBy(asc(sp.servicoId), asc(sp.produtoId)),
    ctx.db
      .select({ id: pr.id, nome: pr.nome, unidade: pr.unidade, estoque: pr.estoque, precoCentavos: pr.precoCentavos })
      .from(pr)
      .where(scope.where(pr, isNull(pr.excluidoEm), eq(pr.ativo, true)))
      .orderBy(asc(pr.ordem), asc(pr.id)),
  ]);
  const [[heads, booked, serviceRows, recipes, productRows], pix] = await Promise.all([reads, checkoutPixOfOrg(ctx, actor.orgId)]);
  const head = heads[0] as AppointmentHead | undefined;
  if (!head) notFound();
  const servicoIds = booked.map((b) => b.servicoId).filter((v): v is string => v !== null);
  return {
    id: head.id,
    status: head.status,
    clienteNome: head.clienteNome ?? "Cliente",
    profissionalNome: head.profissionalNome ?? "",
    profissionalId: head.profissionalId,
    servicoIds,
    produtos: consumptionOf(servicoIds, recipes),
    receitas: recipes,
    servicos: serviceRows,
    produtosDisponiveis: productRows,
    pix,
  };
}

export interface FinishResult {
  id: string;
  /** Stock exits written ("consumo em serviço"). */
  movimentos: number;
  /** The appointment's sale, when the finish said how the client paid. */
  venda: CompletedSale | null;
}

/**
 * Finishes an appointment with what was done. Refused (nothing written) when it is not waiting or
 * in service any more — a second finish consumes nothing — when a service or product is not the
 * organização's, or when a product would go below zero and the business does not allow it
 * (the ledger's pt-BR refusal, naming the products).
 */
export async function finishAppointment(ctx: ServiceContext, actor: Actor, id: string, raw: unknown): Promise<FinishResult> {
  if (!ID_RE.test(id)) notFound();
  const parsed = finishSchema.safeParse(raw);
  if (!parsed.success) throw new DomainError(parsed.error.issues[0]?.message ?? "Dados inválidos.", 422);
  const input = parsed.data;
  const sold = mergeSold(input.vendidos ?? []);
  if (!input.pagamentos && (sold.length || input.descontoTotal))
    throw new DomainError("Para vender produtos ou dar desconto, escolha como o cliente pagou.", 422, "pagamentos");
  const lines = mergeConsumption(input.produtos);
  const scope = orgScope(ctx.db, actor.orgId);
  const s = services;
  const pr = products;
  const serviceIds = [...new Set(input.servicoIds)];
  const productIds = [...new Set([...lines.map((l) => l.produtoId), ...sold.map((l) => l.produtoId)])];
  const [heads, serviceRows, productRows] = await ctx.db.batch([
    headStatement(ctx, actor, id),
    ctx.db
      .select({
        id: s.id,
        nome: s.nome,
        duracaoMin: s.duracaoMin,
        precoCentavos: s.precoCentavos,
        comissaoTipo: s.comissaoTipo,
        comissaoValor: s.comissaoValor,
      })
      .from(s)
      .where(scope.where(s, inArray(s.id, serviceIds), isNull(s.excluidoEm))),
    ctx.db
      .select({ id: pr.id, nome: pr.nome, unidade: pr.unidade, estoque: pr.estoque, precoCentavos: pr.precoCentavos })
      .from(pr)
      .where(scope.where(pr, inArray(pr.id, productIds.length ? productIds : [""]), isNull(pr.excluidoEm))),
  ]);
  const head = heads[0] as AppointmentHead | undefined;
  if (!head) notFound();
  refuseUnlessFinishable(head.status);
  const byService = new Map(serviceRows.map((r) => [r.id, r]));
  if (serviceIds.some((sid) => !byService.has(sid))) throw new DomainError("Serviço não encontrado. Escolha um serviço cadastrado.", 422);
  const byProduct = new Map(productRows.map((r) => [r.id, r]));
  if (productIds.some((pid) => !byProduct.has(pid))) throw new DomainError("Produto não encontrado. Escolha um produto cadastrado.", 422);

  const now = ctx.now;
  const a = appointments;
  const professionalRule = commissionRule(head.comissaoTipo, head.comissaoValor);
  const defaultRule = commissionRule(head.padraoTipo ?? "percentual", head.padraoValor ?? 0);
  const performed = input.servicoIds.map((sid, posicao) => {
    const r = byService.get(sid) as NonNullable<ReturnType<typeof byService.get>>;
    return {
      id: crypto.randomUUID(),
      servicoId: r.id,
      nome: r.nome,
      duracaoMin: r.duracaoMin,
      precoCentavos: r.precoCentavos,
      comissaoCentavos: commissionDue(
        r.precoCentavos,
        effectiveCommission(commissionRule(r.comissaoTipo, r.comissaoValor), professionalRule, defaultRule),
      ),
      posicao,
    };
  });
  const total = performed.reduce((sum, p) => sum + p.precoCentavos, 0);
  // "This finish happened": the appointment is concluído at this request's instant.
  const written = sql`select 1 from ${a} w where w.org_id = ${actor.orgId} and w.id = ${id} and w.status = 'concluido' and w.finished_at = ${now.getTime()}`;
  const sale = input.pagamentos
    ? await appointmentSale(
        ctx,
        actor,
        {
          appointmentId: id,
          clientId: head.clienteId,
          professionalId: head.profissionalId,
          services: performed,
          sold: sold.map((l) => ({ ...l, precoCentavos: (byProduct.get(l.produtoId) as { precoCentavos: number }).precoCentavos })),
          discount: input.descontoTotal ?? null,
          payments: input.pagamentos,
          expectedTotalCentavos: input.totalCentavos ?? total,
        },
        written,
      )
    : null;
  const movementIds = lines.map(() => crypto.randomUUID());
  const ledger = moduleOf(LEDGER);
  const reason = `Consumo em serviço: ${performed.map((p) => p.nome).join(", ")} — ${head.clienteNome ?? "cliente"}`.slice(0, 300);
  // A consumption another finish of this appointment wrote (a race within the same millisecond).
  const otherConsumption = sql`select 1 from ${stockMovements} o where o.org_id = ${actor.orgId} and o.appointment_id = ${id} and o.kind = 'consumo' and o.deleted_at is null${
    movementIds.length
      ? sql` and o.id not in (${sql.join(
          movementIds.map((m) => sql`${m}`),
          sql`, `,
        )})`
      : sql``
  }`;
  const batch: BatchItem<"sqlite">[] = [
    ctx.db
      .update(a)
      .set({
        status: "concluido",
        concluidoEm: now,
        iniciadoEm: sql`coalesce(${a.iniciadoEm}, ${now.getTime()})`,
        totalCentavos: total,
        atualizadoEm: now,
        atualizadoPor: actor.userId,
      })
      .where(scope.where(a, eq(a.id, id), isNull(a.excluidoEm), inArray(a.status, [...FINISHABLE]))),
    ctx.db
      .delete(appointmentServices)
      .where(scope.where(appointmentServices, eq(appointmentServices.agendamentoId, id), sql`exists (${written})`)),
    ...performed.map((p) =>
      insertUnless(ctx.db, appointmentServices, scope.values({ ...p, agendamentoId: id }), sql`select 1 where not exists (${written})`),
    ),
    ...lines.map((line, i) => {
      const values = insertValues(
        ledger,
        scope,
        {
          produtoId: line.produtoId,
          tipo: "consumo",
          quantidade: line.quantidade,
          custoUnitarioCentavos: null,
          motivo: reason,
          ocorridoEm: now.toISOString(),
        },
        actor.userId,
        now,
      );
      return insertUnless(
        ctx.db,
        stockMovements,
        { ...values, id: movementIds[i], agendamentoId: id },
        sql`select 1 where not exists (${written}) or exists (${otherConsumption})`,
      );
    }),
    // The sale rides in the same batch: its draft id is the appointment's, so a second finish cannot sell twice.
    ...(sale?.write.statements ?? []),
  ];
  // The sale's insert (first of its statements) answers its number.
  const saleIndex = batch.length - (sale?.write.statements.length ?? 0);
  let results: unknown[];
  try {
    results = (await ctx.db.batch(batch as unknown as [BatchItem<"sqlite">])) as unknown[];
  } catch (error) {
    if (sale && failedWith(error, "sales.org_id, sales.draft_id"))
      throw new DomainError("Este atendimento já foi finalizado: nada foi lançado de novo.", 409);
    if (sale && failedWith(error, "NOT NULL constraint failed: sales.status")) {
      // The sale's guard: this finish did not happen (another tap finished or cancelled it first).
      results = [{ rowsAffected: 0 }];
    } else {
      try {
        translateDbError(ledger, error);
      } catch (refusal) {
        if (refusal instanceof DomainError)
          throw new DomainError(insufficientMessage(needs(lines, sold), byProduct), refusal.status, "produtos");
        throw refusal;
      }
    }
  }
  if (!((results[0] as { rowsAffected: number }).rowsAffected > 0)) {
    // Another tap finished (or cancelled) it first: say what it is now.
    const [again] = await headStatement(ctx, actor, id);
    if (!again) notFound();
    refuseUnlessFinishable(again.status as AppointmentStatus);
    throw new DomainError("O agendamento mudou enquanto você finalizava. Confira e tente de novo.", 409);
  }
  const movimentos = lines.length;
  publishLive(ctx, actor.orgId, { type: "record.changed", resource: APPOINTMENTS, action: "updated", ids: [id] });
  if (movimentos) publishLive(ctx, actor.orgId, { type: "record.changed", resource: LEDGER, action: "created", ids: movementIds });
  if (sale)
    publishLive(ctx, actor.orgId, { type: "record.changed", resource: SALES_RESOURCE, action: "created", ids: [sale.write.saleId] });
  const numero = sale ? ((results[saleIndex] as { numero: number }[])[0]?.numero ?? 0) : 0;
  const venda = sale ? { ...sale.completed, number: numero } : null;
  return { id, movimentos, venda };
}

/** Products sold, one line per product (the same product picked twice is summed). */
function mergeSold(lines: readonly { produtoId: string; quantidadeMilli: number }[]): { produtoId: string; quantityMilli: number }[] {
  const by = new Map<string, number>();
  for (const l of lines) by.set(l.produtoId, (by.get(l.produtoId) ?? 0) + l.quantidadeMilli);
  return [...by].map(([produtoId, quantityMilli]) => ({ produtoId, quantityMilli }));
}

/** What the finish takes from each product's stock: consumed plus sold (units, as the ledger reads). */
function needs(consumed: readonly ConsumptionLine[], sold: readonly { produtoId: string; quantityMilli: number }[]): ConsumptionLine[] {
  return mergeConsumption([...consumed, ...sold.map((l) => ({ produtoId: l.produtoId, quantidade: l.quantityMilli / 1000 }))]);
}

function refuseUnlessFinishable(status: AppointmentStatus): void {
  if (FINISHABLE.includes(status)) return;
  if (status === "concluido") throw new DomainError("Este atendimento já foi finalizado: nada foi lançado de novo.", 409);
  throw new DomainError(`Este agendamento está ${APPOINTMENT_STATUS.label(status).toLowerCase()} e não pode ser finalizado.`, 409);
}

/** The ledger's refusal, naming the products that lack stock (from the balances read before the write). */
function insufficientMessage(
  lines: readonly ConsumptionLine[],
  byProduct: ReadonlyMap<string, { nome: string; unidade: string; estoque: number }>,
): string {
  const short = lines
    .map((l) => ({ l, p: byProduct.get(l.produtoId) }))
    .filter(
      (x): x is { l: ConsumptionLine; p: { nome: string; unidade: string; estoque: number } } => !!x.p && x.p.estoque - x.l.quantidade < 0,
    )
    .map(
      ({ l, p }) =>
        `${p.nome} (saldo ${formatQuantityWithUnit(p.estoque, p.unidade)}, precisa de ${formatQuantityWithUnit(l.quantidade, p.unidade)})`,
    );
  const which = short.length ? ` de ${short.join("; ")}` : "";
  return `Estoque insuficiente${which}. O atendimento não foi finalizado. Confira o saldo, ajuste as quantidades ou permita estoque negativo em Configurações do Negócio.`;
}
