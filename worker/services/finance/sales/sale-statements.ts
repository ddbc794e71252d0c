import { and, eq, isNull, ne, type SQL, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { commissions, orders, receivables, saleItems, salePayments, sales, stockMovements } from "../../../../db/schema/index.ts";
import { orgScope } from "../../../../db/tenant.ts";
import type { FinanceAccountKind } from "../../../../shared/finance/enums.ts";
import type { SaleDraft } from "../../../../shared/finance/sale-draft.ts";
import { PAYMENT_METHOD } from "../../../../shared/money/payment-method.ts";
import { QUANTITY_SCALE } from "../../../../shared/money/sale-pricing.ts";
import { searchKeys, sortKey } from "../../../../shared/search.ts";
import type { ResourceModule } from "../../../resources/define.ts";
import { insertValues } from "../../../resources/insert-values.ts";
import { movimentacoesProdutosModule } from "../../../resources/modules/stock/stock-movements.ts";
import type { Actor, ServiceContext } from "../../context.ts";
import { movementStatement } from "../cash-ledger.ts";
import type { SalePlan } from "./sale-plan.ts";

/**
 * The ONE batch that completes a sale (ADR 071): the sale, its lines and payments, a stock exit
 * "venda" per product line (the ledger's triggers refuse negative stock), a receivable per
 * installment of what is not paid now, a cash movement per payment paid now, a commission per
 * service line, and the order marked sold. The batch is one transaction: any statement that
 * fails rolls every other back.
 *
 * The number is the organização's next, allocated inside the sale's insert (under the write
 * lock: two sales never share one, and none waits for a retry); the other rows' texts ("Venda
 * nº 12 — Pix") read it from the sale row in their own statements. The order's guard lives in
 * the sale row too: `status` is set only if the order is still open and unsold, else NOT NULL
 * aborts the batch.
 */

export const STOCK_LEDGER = movimentacoesProdutosModule.definition.name;

export interface SaleWrite {
  saleId: string;
  statements: BatchItem<"sqlite">[];
  ids: { stock: string[]; movements: string[]; receivables: string[] };
}

/** "Venda nº 12". */
export function saleLabel(numero: number): string {
  return `Venda nº ${numero}`;
}

/** A text "Venda nº {the sale's number}{rest}" and its sort key, read from the sale row in the statement itself. */
function numbered(org: string, saleId: string, rest: string): { text: SQL; sort: SQL } {
  const n = sql`(select s.number from ${sales} s where s.org_id = ${org} and s.id = ${saleId})`;
  const restKey = sortKey(rest);
  return {
    text: sql`substr(${"Venda nº "} || ${n} || ${rest}, 1, 300)`,
    sort: sql`${sortKey("Venda nº")} || ' ' || ${n}${restKey ? sql` || ${` ${restKey}`}` : sql``}`,
  };
}

export function saleStatements(
  ctx: ServiceContext,
  actor: Actor,
  draft: SaleDraft,
  plan: SalePlan,
  input: {
    clientName: string | null;
    accounts: ReadonlyMap<FinanceAccountKind, string>;
    /** A caller's own precondition, checked with the order's (the desk: "this finish happened"). */
    guard?: SQL;
  },
): SaleWrite {
  const db = ctx.db;
  const scope = orgScope(db, actor.orgId);
  const now = ctx.now;
  const org = actor.orgId;
  const saleId = crypto.randomUUID();
  // A walk-in customer (no client) is named on the sale, its list, its search and its ledger texts.
  const customer = draft.clientId ? null : draft.customerName?.trim() || null;
  const customerPhone = customer ? draft.customerPhone || null : null;
  const name = input.clientName ?? customer;
  const who = name ? ` — ${name}` : "";
  const trail = { criadoEm: now, atualizadoEm: now, criadoPor: actor.userId, atualizadoPor: actor.userId };

  const nextNumber = sql`(select coalesce(max(n.number), 0) + 1 from ${sales} n where n.org_id = ${org})`;
  const orderOpen: SQL = draft.orderId
    ? sql`exists (select 1 from ${orders} o where o.org_id = ${org} and o.id = ${draft.orderId} and o.sale_id is null and o.status <> 'cancelado' and o.deleted_at is null)`
    : sql`1`;
  const keys = JSON.stringify(searchKeys({ names: [name], phones: customerPhone ? [customerPhone] : [] }));
  // The number is a search key too ("12" finds the Venda nº 12).
  const withNumber = (json: string, n: SQL) => sql`json_insert(${json}, '$[#]', cast(${n} as text))`;
  const saleNumber = sql`(select s.number from ${sales} s where s.org_id = ${org} and s.id = ${saleId})`;

  const statements: BatchItem<"sqlite">[] = [
    db
      .insert(sales)
      .values(
        scope.values({
          id: saleId,
          numero: nextNumber as unknown as number,
          ordem: name ? sortKey(name) : "",
          clienteId: draft.clientId ?? null,
          contatoNome: customer,
          contatoTelefone: customerPhone,
          status:
            sql`case when ${orderOpen}${input.guard ? sql` and exists (${input.guard})` : sql``} then 'concluida' end` as unknown as "concluida",
          subtotalCentavos: plan.grossCentavos,
          descontoCentavos: plan.discountCentavos,
          descontoTotalCentavos: plan.totalDiscountCentavos,
          totalCentavos: plan.totalCentavos,
          trocoCentavos: plan.changeCentavos,
          vendidaEm: now,
          pedidoId: draft.orderId ?? null,
          agendamentoId: draft.appointmentId ?? null,
          observacoes: draft.notes?.trim() || null,
          rascunhoId: draft.draftId,
          chavesBusca: withNumber(keys, nextNumber) as unknown as string,
          ...trail,
        }),
      )
      .returning({ numero: sales.numero }),
  ];

  const itemIds = plan.items.map(() => crypto.randomUUID());
  statements.push(
    db.insert(saleItems).values(
      scope.values(
        plan.items.map((item, i) => ({
          id: itemIds[i] as string,
          vendaId: saleId,
          posicao: item.posicao,
          produtoId: item.produtoId,
          servicoId: item.servicoId,
          profissionalId: item.profissionalId,
          descricao: item.descricao,
          quantidade: item.quantityMilli / QUANTITY_SCALE,
          precoUnitarioCentavos: item.unitPriceCentavos,
          descontoCentavos: item.lineDiscountCentavos,
          descontoRateadoCentavos: item.totalDiscountShareCentavos,
          totalCentavos: item.netCentavos,
        })),
      ),
    ),
  );

  const paymentIds = plan.payments.map(() => crypto.randomUUID());
  statements.push(
    db.insert(salePayments).values(
      scope.values(
        plan.payments.map((p, i) => ({
          id: paymentIds[i] as string,
          vendaId: saleId,
          posicao: p.posicao,
          forma: p.method,
          valorCentavos: p.amountCentavos,
          recebidoCentavos: p.tenderedCentavos,
          parcelas: p.receivables.length || 1,
          contaId: p.account ? (input.accounts.get(p.account) ?? null) : null,
        })),
      ),
    ),
  );

  // Stock exits through the ledger's own values (cost, sort key): its triggers keep the balance and refuse negative stock.
  const ledger = movimentacoesProdutosModule as unknown as ResourceModule;
  const stockIds: string[] = [];
  for (const item of plan.items) {
    if (!item.produtoId) continue;
    const values = insertValues(
      ledger,
      scope,
      {
        produtoId: item.produtoId,
        tipo: "venda",
        quantidade: item.quantityMilli / QUANTITY_SCALE,
        custoUnitarioCentavos: null,
        motivo: null,
        ocorridoEm: now.toISOString(),
      },
      actor.userId,
      now,
    );
    stockIds.push(values.id);
    const motivo = numbered(org, saleId, who).text as unknown as string;
    statements.push(
      db.insert(stockMovements).values(scope.values({ ...(values as typeof stockMovements.$inferInsert), motivo, vendaId: saleId })),
    );
  }

  const receivableIds: string[] = [];
  const receivableRows = plan.payments.flatMap((p, i) =>
    p.receivables.map((installment) => {
      const id = crypto.randomUUID();
      receivableIds.push(id);
      const method = PAYMENT_METHOD.label(p.method);
      const parts = p.receivables.length > 1 ? ` ${installment.number}/${p.receivables.length}` : "";
      const text = numbered(org, saleId, ` — ${method}${parts}${who}`);
      return {
        id,
        descricao: text.text as unknown as string,
        ordem: text.sort as unknown as string,
        clienteId: draft.clientId ?? null,
        vendaId: saleId,
        pagamentoVendaId: paymentIds[i] as string,
        forma: p.method,
        parcela: installment.number,
        parcelas: p.receivables.length,
        valorCentavos: installment.amountCentavos,
        vencimento: installment.dueDate,
        status: "aberta" as const,
        chavesBusca: withNumber(JSON.stringify(searchKeys({ names: [name, method] })), saleNumber) as unknown as string,
        ...trail,
      };
    }),
  );
  if (receivableRows.length) statements.push(db.insert(receivables).values(scope.values(receivableRows)));

  const movementIds: string[] = [];
  for (const [i, p] of plan.payments.entries()) {
    if (!p.account) continue;
    const id = crypto.randomUUID();
    movementIds.push(id);
    const text = numbered(org, saleId, ` — ${PAYMENT_METHOD.label(p.method)}${who}`);
    statements.push(
      movementStatement(db, scope, {
        id,
        contaId: input.accounts.get(p.account) ?? "",
        tipo: "entrada",
        valorCentavos: p.amountCentavos,
        ocorridoEm: now,
        descricao: text.text as unknown as string,
        ordem: text.sort as unknown as string,
        forma: p.method,
        vendaId: saleId,
        pagamentoVendaId: paymentIds[i] as string,
        ...trail,
      }),
    );
  }

  const commissionRows = plan.items.flatMap((item, i) =>
    item.profissionalId && item.servicoId && item.commissionCentavos > 0
      ? [
          {
            vendaId: saleId,
            itemId: itemIds[i] as string,
            profissionalId: item.profissionalId,
            valorCentavos: item.commissionCentavos,
            status: "pendente" as const,
            referenciaEm: now,
            criadoEm: now,
          },
        ]
      : [],
  );
  if (commissionRows.length) statements.push(db.insert(commissions).values(scope.values(commissionRows)));

  if (draft.orderId) {
    const o = orders;
    statements.push(
      db
        .update(o)
        .set({ vendaId: saleId, atualizadoEm: now, atualizadoPor: actor.userId })
        .where(scope.where(o, and(eq(o.id, draft.orderId), isNull(o.vendaId), ne(o.status, "cancelado"), isNull(o.excluidoEm)))),
    );
  }
  return { saleId, statements, ids: { stock: stockIds, movements: movementIds, receivables: receivableIds } };
}
