import { and, asc, eq, isNull, sql } from "drizzle-orm";
import { data } from "react-router";
import { products, professionalServices, professionals, services } from "../../../db/schema/index.ts";
import { orgScope } from "../../../db/tenant.ts";
import { ORDER_FULFILMENT, ORDER_STATUS } from "../../../shared/finance/enums.ts";
import { isOrderStatus, type OrderStatus, statusPhrase } from "../../../shared/finance/order-pipeline.ts";
import { formatBRL, formatDateTime } from "../../../shared/format.ts";
import { catalogueOption, professionalOption } from "../../../shared/resources/line-catalogue.ts";
import { pedidoDefinition } from "../../../shared/resources/pedidos.ts";
import type { FilterOption } from "../../../shared/resources/types.ts";
import { can } from "../../../worker/auth/permissions.ts";
import { type Actor, DomainError, type ServiceContext } from "../../../worker/services/context.ts";
import { moveOrder, orderBoardStatements } from "../../../worker/services/finance/orders.ts";
import { guard } from "../resources.server.ts";

/** A card as the board renders it (plain data). */
export interface OrderCard {
  id: string;
  numero: number;
  cliente: string;
  quando: string;
  entrega: string;
  itens: string;
  total: string;
  temVenda: boolean;
}

export interface OrderColumn {
  status: OrderStatus;
  titulo: string;
  total: number;
  valor: string;
  cards: OrderCard[];
}

/** Every column's first cards, count and R$ total, in one round trip. */
export async function orderBoardLoader(ctx: ServiceContext, actor: Actor, zone: string): Promise<{ columns: OrderColumn[] }> {
  const statements = orderBoardStatements(ctx, actor);
  const results = (await ctx.db.batch(statements as never)) as Awaited<(typeof statements)[number]>[];
  const columns = ORDER_STATUS.options.map((option, i): OrderColumn => {
    const rows = results[i] ?? [];
    return {
      status: option.value,
      titulo: option.label,
      total: Number(rows[0]?.total ?? 0),
      valor: formatBRL(Number(rows[0]?.valor ?? 0)),
      cards: rows.map((r) => ({
        id: r.id,
        numero: r.numero,
        cliente: r.cliente,
        quando: r.previstoPara ? formatDateTime(r.previstoPara, zone) : "",
        entrega: ORDER_FULFILMENT.label(r.entrega),
        itens: r.itens,
        total: formatBRL(r.totalCentavos),
        temVenda: r.vendaId !== null,
      })),
    };
  });
  return { columns };
}

/** The move of the board and of the order's page (a POST with `id` and `status`): the new status, or the refusal in pt-BR. */
export async function orderMoveAction(args: Parameters<typeof guard>[0], form: FormData, id: string) {
  const { ctx, actor } = guard(args, pedidoDefinition, "update");
  const status = form.get("status");
  if (!isOrderStatus(status)) return data({ error: "Situação inválida." }, { status: 400 });
  try {
    await moveOrder(ctx, actor, id, status);
  } catch (error) {
    if (error instanceof DomainError) return data({ error: error.message }, { status: error.status });
    throw error;
  }
  return {
    ok: true as const,
    moved: id,
    toast: {
      id: crypto.randomUUID(),
      message: `Pedido ${statusPhrase(status) === "cancelado" ? "cancelado" : `movido para ${ORDER_STATUS.label(status)}`}.`,
    },
  };
}

const CATALOGUE_LIMIT = 500;

/**
 * What the items can be picked from: the organização's live products and active services with
 * their prices, and the active professionals with the services each performs (a service line's
 * professional), as a "lines" field's catalogue (shared/resources/line-catalogue.ts), in one round
 * trip. A role that cannot read one of them gets the others only.
 */
export async function orderCatalogue(ctx: ServiceContext, actor: Actor): Promise<FilterOption[]> {
  const scope = orgScope(ctx.db, actor.orgId);
  const readsProducts = can(actor.role, "produtos", "read");
  const readsServices = can(actor.role, "servicos", "read");
  const readsProfessionals = readsServices && can(actor.role, "profissionais", "read");
  const [productRows, serviceRows, professionalRows] = await ctx.db.batch([
    ctx.db
      .select({ id: products.id, name: products.nome, price: products.precoCentavos })
      .from(products)
      .where(
        and(scope.where(products, isNull(products.excluidoEm), eq(products.ativo, true)), readsProducts ? undefined : eq(products.id, "")),
      )
      .orderBy(asc(products.ordem))
      .limit(CATALOGUE_LIMIT),
    ctx.db
      .select({ id: services.id, name: services.nome, price: services.precoCentavos })
      .from(services)
      .where(
        and(scope.where(services, isNull(services.excluidoEm), eq(services.ativo, true)), readsServices ? undefined : eq(services.id, "")),
      )
      .orderBy(asc(services.ordem))
      .limit(CATALOGUE_LIMIT),
    ctx.db
      .select({
        id: professionals.id,
        name: professionals.nome,
        services: sql<
          string | null
        >`(select group_concat(${professionalServices.servicoId}, ',') from ${professionalServices} where ${professionalServices.orgId} = ${professionals.orgId} and ${professionalServices.profissionalId} = ${professionals.id})`,
      })
      .from(professionals)
      .where(
        and(
          scope.where(professionals, isNull(professionals.excluidoEm), eq(professionals.ativo, true)),
          readsProfessionals ? undefined : eq(professionals.id, ""),
        ),
      )
      .orderBy(asc(professionals.ordem))
      .limit(CATALOGUE_LIMIT),
  ]);
  return [
    ...productRows.map((p) => catalogueOption({ kind: "produto", id: p.id, name: p.name, priceCentavos: p.price ?? 0 })),
    ...serviceRows.map((s) => catalogueOption({ kind: "servico", id: s.id, name: s.name, priceCentavos: s.price ?? 0 })),
    ...professionalRows.map((p) =>
      professionalOption({ id: p.id, name: p.name, serviceIds: (p.services ?? "").split(",").filter(Boolean) }),
    ),
  ];
}
