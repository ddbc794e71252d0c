import { asc, eq, isNull } from "drizzle-orm";
import { clients, orderItems, orders } from "../../../db/schema/index.ts";
import { orgScope } from "../../../db/tenant.ts";
import { authorize } from "../../auth/permissions.ts";
import type { Actor, ServiceContext } from "../context.ts";

/**
 * An order read for the point of sale's `?pedido=<id>` (issue 22): its lines, client and delivery
 * fee fill the cart, and the draft's orderId makes the order become that sale (ADR 071). Read by
 * whoever may sell; a cancelled or already sold order fills nothing and says why.
 */

export interface CheckoutOrderLine {
  productId: string | null;
  serviceId: string | null;
  professionalId: string | null;
  description: string;
  quantityMilli: number;
  unitPriceCentavos: number;
  discountCentavos: number;
}

export type CheckoutOrder =
  | {
      ok: true;
      id: string;
      numero: number;
      clientId: string | null;
      clientName: string | null;
      /** A walk-in customer's name and phone (no client record): the sale carries them. */
      contactName: string | null;
      contactPhone: string | null;
      deliveryFeeCentavos: number;
      lines: CheckoutOrderLine[];
    }
  | { ok: false; message: string };

export async function checkoutOrder(ctx: ServiceContext, actor: Actor, id: string): Promise<CheckoutOrder> {
  authorize(actor, "vendas", "create");
  const scope = orgScope(ctx.db, actor.orgId);
  const head = ctx.db
    .select({
      id: orders.id,
      numero: orders.numero,
      status: orders.status,
      vendaId: orders.vendaId,
      clientId: orders.clienteId,
      clientName: clients.nome,
      contactName: orders.contatoNome,
      contactPhone: orders.contatoTelefone,
      fee: orders.taxaEntregaCentavos,
    })
    .from(orders)
    .leftJoin(clients, eq(clients.id, orders.clienteId))
    .where(scope.where(orders, eq(orders.id, id), isNull(orders.excluidoEm)))
    .limit(1);
  const items = ctx.db
    .select({
      productId: orderItems.produtoId,
      serviceId: orderItems.servicoId,
      professionalId: orderItems.profissionalId,
      description: orderItems.descricao,
      quantityMilli: orderItems.quantidade,
      unitPriceCentavos: orderItems.precoUnitarioCentavos,
      discountCentavos: orderItems.descontoCentavos,
    })
    .from(orderItems)
    .where(scope.where(orderItems, eq(orderItems.pedidoId, id)))
    .orderBy(asc(orderItems.posicao));
  const [[order], lines] = await ctx.db.batch([head, items]);
  if (!order) return { ok: false, message: "Pedido não encontrado: a venda começa com o carrinho vazio." };
  if (order.vendaId) return { ok: false, message: `O pedido nº ${order.numero} já virou uma venda.` };
  if (order.status === "cancelado") return { ok: false, message: `O pedido nº ${order.numero} foi cancelado e não pode virar venda.` };
  return {
    ok: true,
    id: order.id,
    numero: order.numero,
    clientId: order.clientId,
    clientName: order.clientName,
    contactName: order.contactName,
    contactPhone: order.contactPhone,
    deliveryFeeCentavos: order.fee,
    // The column reads in units (1,5 kg = 1.5); the cart counts thousandths.
    lines: lines.map((l) => ({ ...l, quantityMilli: Math.round(l.quantityMilli * 1000) })),
  };
}
