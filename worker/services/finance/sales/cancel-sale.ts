import { and, eq, inArray, isNull, ne, notExists, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { BatchItem } from "drizzle-orm/batch";
import { cashMovements, commissions, professionals, receivables, sales, stockMovements } from "../../../../db/schema/index.ts";
import { orgScope } from "../../../../db/tenant.ts";
import { saleCancelSchema } from "../../../../shared/finance/sale-draft.ts";
import { ID_RE } from "../../../../shared/id.ts";
import { sortKey } from "../../../../shared/search.ts";
import { authorize } from "../../../auth/permissions.ts";
import { publishLive } from "../../../live/publish.ts";
import type { ResourceModule } from "../../../resources/define.ts";
import { insertValues } from "../../../resources/insert-values.ts";
import { movimentacoesProdutosModule } from "../../../resources/modules/stock/stock-movements.ts";
import { type Actor, DomainError, type ServiceContext } from "../../context.ts";
import { movementStatement } from "../cash-ledger.ts";
import { SALES_RESOURCE } from "./complete-sale.ts";
import { failedWith } from "./db-errors.ts";
import { STOCK_LEDGER, saleLabel } from "./sale-statements.ts";

/**
 * Cancels a sale (ADR 071) in ONE batch, reversing everything with the ledgers' own entries and
 * deleting nothing: a stock entry "cancelamento" per exit, the open receivables cancelled, an
 * estorno row for every cash movement of the sale and of its received receivables (those are
 * cancelled too), the pending commissions cancelled, and the sale cancelada with who, when and why.
 *
 * A commission already paid stays paid (the money left the business; its own movement is in the
 * ledger): the answer names it so the screen tells who to discount on the next payout.
 *
 * Guards in the sale's own update (a NOT NULL column left null aborts the batch): `status` — the
 * sale must still be concluída (two racing cancels, one takes effect); `updated_at` — its money
 * must be what was read (a receivable received meanwhile would otherwise keep an unreversed movement).
 */

export interface CancelledSale {
  saleId: string;
  numero: number;
  estornos: number;
  /** Commissions already paid: they stay paid. */
  comissoesPagas: { profissional: string; valorCentavos: number }[];
}

export async function cancelSale(ctx: ServiceContext, actor: Actor, saleId: string, raw: unknown): Promise<CancelledSale> {
  // Cancelling reverses stock and money: the managers' move (`approve` on vendas).
  authorize(actor, SALES_RESOURCE, "approve");
  if (!ID_RE.test(saleId)) throw new DomainError("Venda não encontrada.", 404);
  const parsed = saleCancelSchema.safeParse(raw);
  if (!parsed.success) throw new DomainError("Diga o motivo do cancelamento (de 3 a 500 caracteres).", 422, "reason");
  const reason = parsed.data.reason;
  const db = ctx.db;
  const org = actor.orgId;
  const scope = orgScope(db, org);
  const s = sales;
  const sm = stockMovements;
  const r = receivables;
  const m = cashMovements;
  const c = commissions;
  const reversal = alias(cashMovements, "rev");
  const ofSale = db
    .select({ id: r.id })
    .from(r)
    .where(scope.where(r, eq(r.vendaId, saleId)));
  const notReversed = notExists(
    db
      .select({ one: sql`1` })
      .from(reversal)
      .where(scope.where(reversal, eq(reversal.estornoDe, m.id), isNull(reversal.excluidoEm))),
  );
  const movementsWhere = scope.where(
    m,
    isNull(m.excluidoEm),
    ne(m.tipo, "estorno"),
    or(eq(m.vendaId, saleId), inArray(m.recebivelId, ofSale)),
    notReversed,
  );
  const [saleRows, exits, movements, paid] = await db.batch([
    db
      .select({ id: s.id, numero: s.numero, status: s.status })
      .from(s)
      .where(scope.where(s, eq(s.id, saleId), isNull(s.excluidoEm))),
    db
      .select({ produtoId: sm.produtoId, quantidade: sm.quantidade })
      .from(sm)
      .where(scope.where(sm, eq(sm.vendaId, saleId), eq(sm.tipo, "venda"), isNull(sm.excluidoEm))),
    db
      .select({
        id: m.id,
        contaId: m.contaId,
        valorCentavos: m.valorCentavos,
        descricao: m.descricao,
        forma: m.forma,
        vendaId: m.vendaId,
        pagamentoVendaId: m.pagamentoVendaId,
        recebivelId: m.recebivelId,
      })
      .from(m)
      .where(movementsWhere),
    db
      .select({ profissional: professionals.nome, valorCentavos: c.valorCentavos })
      .from(c)
      .innerJoin(professionals, and(eq(professionals.id, c.profissionalId), eq(professionals.orgId, c.orgId)))
      .where(scope.where(c, eq(c.vendaId, saleId), eq(c.status, "paga"))),
  ]);
  const sale = saleRows[0];
  if (!sale) throw new DomainError("Venda não encontrada.", 404);
  if (sale.status === "cancelada") throw alreadyCancelled();

  const now = ctx.now;
  const label = saleLabel(sale.numero);
  const trail = { criadoEm: now, atualizadoEm: now, criadoPor: actor.userId, atualizadoPor: actor.userId };
  // The money read must be the money at write time: the count of unreversed movements.
  const unchanged = sql`(select count(*) from ${m} where ${movementsWhere}) = ${movements.length}`;
  const ledger = movimentacoesProdutosModule as unknown as ResourceModule;
  const stockIds: string[] = [];
  const statements: BatchItem<"sqlite">[] = [
    db
      .update(s)
      .set({
        // Two guards, each a NOT NULL column left null to abort the batch (status first, so a lost race reads as such).
        status: sql`case when ${s.status} = 'concluida' then 'cancelada' end` as unknown as "cancelada",
        canceladaEm: now,
        canceladaPor: actor.userId,
        motivoCancelamento: reason,
        atualizadoEm: sql`case when ${unchanged} then ${now.getTime()} end` as unknown as Date,
        atualizadoPor: actor.userId,
      })
      .where(scope.where(s, eq(s.id, saleId), isNull(s.excluidoEm))),
    ...exits.map((exit) => {
      const values = insertValues(
        ledger,
        scope,
        {
          produtoId: exit.produtoId,
          tipo: "cancelamento",
          quantidade: Math.abs(exit.quantidade),
          custoUnitarioCentavos: null,
          motivo: `Cancelamento da ${label.toLowerCase()}: ${reason}`.slice(0, 300),
          ocorridoEm: now.toISOString(),
        },
        actor.userId,
        now,
      );
      stockIds.push(values.id);
      return db.insert(sm).values(scope.values({ ...(values as typeof sm.$inferInsert), vendaId: saleId }));
    }),
    db
      .update(r)
      .set({ status: "cancelada", recebidaEm: null, contaId: null, atualizadoEm: now, atualizadoPor: actor.userId })
      .where(scope.where(r, eq(r.vendaId, saleId), inArray(r.status, ["aberta", "recebida"]), isNull(r.excluidoEm))),
    ...movements.map((mv) => {
      const descricao = `Estorno: ${mv.descricao} — venda cancelada`.slice(0, 300);
      return movementStatement(
        db,
        scope,
        {
          id: crypto.randomUUID(),
          contaId: mv.contaId,
          tipo: "estorno",
          valorCentavos: -mv.valorCentavos,
          ocorridoEm: now,
          descricao,
          ordem: sortKey(descricao),
          forma: mv.forma,
          // The original's own origin: a received installment's estorno points at its receivable, as the original does.
          vendaId: mv.vendaId,
          pagamentoVendaId: mv.pagamentoVendaId,
          recebivelId: mv.recebivelId,
          estornoDe: mv.id,
          ...trail,
        },
        true,
      );
    }),
    db
      .update(c)
      .set({ status: "cancelada" })
      .where(scope.where(c, eq(c.vendaId, saleId), eq(c.status, "pendente"))),
  ];
  try {
    await db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  } catch (error) {
    // Decided from the error alone (no read after a refusal: the request stays within its two round trips).
    if (failedWith(error, "NOT NULL constraint failed: sales.status")) throw alreadyCancelled();
    // The stock ledger points only at live products: a product of the sale removed since must come back first.
    if (failedWith(error, "relacao_invalida:stock_movements.product_id"))
      throw new DomainError("Um produto desta venda foi excluído. Restaure-o em Produtos e cancele a venda de novo.", 409);
    if (failedWith(error, "NOT NULL constraint failed: sales.updated_at") || failedWith(error, "cash_movements.reversal_of"))
      throw new DomainError(
        "A venda mudou enquanto você cancelava (um recebimento foi lançado ou estornado). Confira e cancele de novo.",
        409,
      );
    throw error;
  }
  publishLive(ctx, org, { type: "record.changed", resource: SALES_RESOURCE, action: "updated", ids: [saleId] });
  if (stockIds.length) publishLive(ctx, org, { type: "record.changed", resource: STOCK_LEDGER, action: "created", ids: stockIds });
  return { saleId, numero: sale.numero, estornos: movements.length, comissoesPagas: paid };
}

function alreadyCancelled(): DomainError {
  return new DomainError("Esta venda já foi cancelada: nada foi estornado de novo.", 409);
}
