import { asc, eq, isNull } from "drizzle-orm";
import { clients, organizations, professionals, receivables, saleItems, salePayments, sales, users } from "../../../db/schema/index.ts";
import { orgScope } from "../../../db/tenant.ts";
import type { SaleReceipt } from "../../../shared/finance/sale-receipt.ts";
import { authorize } from "../../auth/permissions.ts";
import type { Actor, ServiceContext } from "../context.ts";

/**
 * A sale as its receipt shows it (issue 22, /sales/:id): the business (name, CPF/CNPJ, address),
 * the client, the items as sold (names and prices kept on the sale), discounts, payments with
 * change, every installment with its due date, and the cancellation when there is one. One
 * round trip (a batch); whoever reads sales reads it. The shape is shared with the screen
 * (shared/finance/sale-receipt.ts).
 */

export type { SaleReceipt };

function addressOf(org: {
  street: string | null;
  number: string | null;
  district: string | null;
  city: string | null;
  uf: string | null;
}): string {
  const street = [org.street, org.number].filter(Boolean).join(", ");
  const place = [org.city, org.uf].filter(Boolean).join("/");
  return [street, org.district, place].filter(Boolean).join(" · ");
}

export async function saleReceipt(ctx: ServiceContext, actor: Actor, id: string): Promise<SaleReceipt | null> {
  authorize(actor, "vendas", "read");
  const scope = orgScope(ctx.db, actor.orgId);
  const head = ctx.db
    .select({
      sale: sales,
      clientName: clients.nome,
      clientPhone: clients.telefonePrincipal,
      cancelledBy: users.name,
    })
    .from(sales)
    .leftJoin(clients, eq(clients.id, sales.clienteId))
    .leftJoin(users, eq(users.id, sales.canceladaPor))
    .where(scope.where(sales, eq(sales.id, id), isNull(sales.excluidoEm)))
    .limit(1);
  const org = ctx.db
    .select({
      name: organizations.name,
      document: organizations.document,
      whatsapp: organizations.whatsapp,
      street: organizations.street,
      number: organizations.number,
      district: organizations.district,
      city: organizations.city,
      uf: organizations.uf,
    })
    .from(organizations)
    .where(scope.self())
    .limit(1);
  const items = ctx.db
    .select({ item: saleItems, professional: professionals.nome })
    .from(saleItems)
    .leftJoin(professionals, eq(professionals.id, saleItems.profissionalId))
    .where(scope.where(saleItems, eq(saleItems.vendaId, id)))
    .orderBy(asc(saleItems.posicao));
  const payments = ctx.db
    .select()
    .from(salePayments)
    .where(scope.where(salePayments, eq(salePayments.vendaId, id)))
    .orderBy(asc(salePayments.posicao));
  const installments = ctx.db
    .select({
      method: receivables.forma,
      number: receivables.parcela,
      of: receivables.parcelas,
      amountCentavos: receivables.valorCentavos,
      dueOn: receivables.vencimento,
      status: receivables.status,
    })
    .from(receivables)
    .where(scope.where(receivables, eq(receivables.vendaId, id), isNull(receivables.excluidoEm)))
    .orderBy(asc(receivables.vencimento), asc(receivables.parcela));
  const [[row], [business], lines, paid, due] = await ctx.db.batch([head, org, items, payments, installments]);
  if (!row) return null;
  const s = row.sale;
  return {
    id: s.id,
    numero: s.numero,
    status: s.status,
    soldAt: s.vendidaEm.toISOString(),
    subtotalCentavos: s.subtotalCentavos,
    discountCentavos: s.descontoCentavos,
    totalDiscountCentavos: s.descontoTotalCentavos,
    totalCentavos: s.totalCentavos,
    changeCentavos: s.trocoCentavos,
    notes: s.observacoes,
    orderId: s.pedidoId,
    draftId: (s as { rascunhoId?: string | null }).rascunhoId ?? null,
    cancelledAt: s.canceladaEm?.toISOString() ?? null,
    cancelledBy: row.cancelledBy,
    cancelReason: s.motivoCancelamento,
    business: {
      name: business?.name ?? "",
      document: business?.document ?? null,
      address: business ? addressOf(business) : "",
      whatsapp: business?.whatsapp ?? null,
    },
    client:
      s.clienteId && row.clientName
        ? { id: s.clienteId, name: row.clientName, phone: row.clientPhone }
        : s.contatoNome
          ? { id: null, name: s.contatoNome, phone: s.contatoTelefone }
          : null,
    items: lines.map(({ item, professional }) => ({
      description: item.descricao,
      quantityMilli: Math.round(item.quantidade * 1000),
      unitPriceCentavos: item.precoUnitarioCentavos,
      discountCentavos: item.descontoCentavos,
      allocatedDiscountCentavos: item.descontoRateadoCentavos,
      totalCentavos: item.totalCentavos,
      professional,
      kind: item.produtoId ? "produto" : item.servicoId ? "servico" : "livre",
    })),
    payments: paid.map((p) => ({
      method: p.forma,
      amountCentavos: p.valorCentavos,
      tenderedCentavos: p.recebidoCentavos,
      installments: p.parcelas,
    })),
    installments: due,
  };
}
