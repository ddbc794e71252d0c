import { and, asc, desc, eq, isNull, sql } from "drizzle-orm";
import { z } from "zod";
import { orders } from "../../../db/schema/index.ts";
import { orgScope } from "../../../db/tenant.ts";
import { ORDER_STATUSES } from "../../../shared/finance/enums.ts";
import { checkTransition, isOrderStatus, type OrderStatus, statusesLeadingTo } from "../../../shared/finance/order-pipeline.ts";
import { isId } from "../../../shared/id.ts";
import { authorize } from "../../auth/permissions.ts";
import { recordChanged } from "../../live/record-changed.ts";
import { moduleOf, notFoundMessage } from "../../resources/registry.ts";
import { type Actor, DomainError, type ServiceContext } from "../context.ts";

const t = orders;
const RESOURCE = "pedidos";

/** The body of a move: the status it goes to. */
export const orderMoveSchema = z.object({
  status: z.enum(ORDER_STATUSES, { error: () => "Situação inválida: use novo, em_preparo, pronto, entregue ou cancelado." }),
});

export type OrderMove = z.output<typeof orderMoveSchema>;

const notFound = () => new DomainError(notFoundMessage(moduleOf(RESOURCE)), 404);

/**
 * Moves an order along its pipeline (ADR 073), in one round trip. The write is guarded by the
 * pure rule (shared/finance/order-pipeline.ts): it changes the row only while its status is one
 * that may lead there (and, to cancel, while it has no sale); the history row is written under
 * the same condition just before, in the same transaction, so two racing moves cannot both pass
 * and the history never tells what did not happen. A refused move reads the row in the same
 * batch and answers with the rule's pt-BR reason.
 */
export async function moveOrder(ctx: ServiceContext, actor: Actor, id: string, to: OrderStatus): Promise<{ status: OrderStatus }> {
  authorize(actor, RESOURCE, "update");
  if (!isId(id)) throw notFound();
  const scope = orgScope(ctx.db, actor.orgId);
  const allowed = sql.join(
    statusesLeadingTo(to).map((s) => sql`${s}`),
    sql`, `,
  );
  const movable = sql`org_id = ${actor.orgId} and id = ${id} and deleted_at is null and status in (${allowed})${to === "cancelado" ? sql` and sale_id is null` : sql``}`;
  const now = ctx.now.getTime();
  const history = ctx.db.run(sql`insert into order_status_changes (id, org_id, order_id, from_status, to_status, changed_at, changed_by)
    select ${crypto.randomUUID()}, org_id, id, status, ${to}, ${now}, ${actor.userId} from orders where ${movable}`);
  const update = ctx.db
    .update(t)
    .set({ status: to, atualizadoEm: ctx.now, atualizadoPor: actor.userId })
    .where(and(scope.where(t, eq(t.id, id), isNull(t.excluidoEm)), sql`${movable}`))
    .returning({ id: t.id });
  const after = ctx.db
    .select({ status: t.status, vendaId: t.vendaId })
    .from(t)
    .where(scope.where(t, eq(t.id, id), isNull(t.excluidoEm)))
    .limit(1);
  const [, moved, [current]] = await ctx.db.batch([history, update, after]);
  if (moved.length === 0) {
    if (!current || !isOrderStatus(current.status)) throw notFound();
    const check = checkTransition(current.status, to, current.vendaId !== null);
    throw new DomainError(
      check.ok ? "O pedido mudou enquanto você o movia. Atualize a página e tente de novo." : check.error,
      409,
      "status",
    );
  }
  recordChanged(ctx, actor, moduleOf(RESOURCE), "updated", [id]);
  return { status: to };
}

/** Cards per column on the board; the list has them all. */
export const BOARD_COLUMN_LIMIT = 50;

/**
 * The board's columns in one batch: each status's first cards and its count and R$ total. Open
 * columns show the soonest first (what to prepare next); entregue and cancelado the latest.
 */
export function orderBoardStatements(ctx: ServiceContext, actor: Actor) {
  authorize(actor, RESOURCE, "read");
  const scope = orgScope(ctx.db, actor.orgId);
  return ORDER_STATUSES.map((status) =>
    ctx.db
      .select({
        id: t.id,
        numero: t.numero,
        status: t.status,
        entrega: t.entrega,
        previstoPara: t.previstoPara,
        totalCentavos: t.totalCentavos,
        vendaId: t.vendaId,
        cliente: sql<string>`coalesce((select c.name from clients c where c.id = ${t.clienteId} and c.org_id = ${t.orgId}), ${t.contatoNome}, 'Sem cliente')`,
        itens: sql<string>`coalesce((select group_concat(x.description, ', ') from (select i.description from order_items i where i.org_id = ${t.orgId} and i.order_id = ${t.id} order by i.position limit 4) x), '')`,
        total: sql<number>`count(*) over ()`,
        valor: sql<number>`sum(${t.totalCentavos}) over ()`,
      })
      .from(t)
      .where(scope.where(t, eq(t.status, status), isNull(t.excluidoEm)))
      .orderBy(...(status === "entregue" || status === "cancelado" ? [desc(t.previstoPara), desc(t.id)] : [asc(t.previstoPara), asc(t.id)]))
      .limit(BOARD_COLUMN_LIMIT),
  );
}
