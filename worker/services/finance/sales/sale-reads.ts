import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import {
  appointments,
  businessSettings,
  clients,
  financeAccounts,
  orders,
  products,
  professionals,
  sales,
  services,
} from "../../../../db/schema/index.ts";
import { orgScope } from "../../../../db/tenant.ts";
import { commissionRule } from "../../../../shared/agenda/commission.ts";
import type { FinanceAccountKind } from "../../../../shared/finance/enums.ts";
import type { SaleDraft } from "../../../../shared/finance/sale-draft.ts";
import type { Actor, ServiceContext } from "../../context.ts";
import type { SaleCatalog } from "./sale-plan.ts";

/**
 * Everything completing a sale reads, in ONE round trip (ADR 071): a sale already made from this
 * draft, the organização's products, services and professionals the draft names (another
 * organização's ids simply are not found), the client, the order, the appointment, the accounts
 * payments land in, the settings and the last sale number.
 */

export interface ExistingSale {
  id: string;
  numero: number;
  totalCentavos: number;
  trocoCentavos: number;
}

export interface StockedProduct {
  nome: string;
  unidade: string;
  /** Units (1,5 kg = 1.5), as the stock ledger reads. */
  estoque: number;
}

export interface SaleContext {
  replay: ExistingSale | null;
  catalog: SaleCatalog;
  stock: ReadonlyMap<string, StockedProduct>;
  client: { id: string; nome: string } | null;
  order: { id: string; status: string; vendaId: string | null } | null;
  appointmentFound: boolean;
  /** The first active account of each kind (the oldest). */
  accounts: ReadonlyMap<FinanceAccountKind, string>;
}

const none = [""];

function idsOf(values: readonly (string | null | undefined)[]): string[] {
  const ids = [...new Set(values.filter((v): v is string => !!v))];
  return ids.length ? ids : none;
}

export function replayStatement(ctx: ServiceContext, actor: Actor, draftId: string) {
  const s = sales;
  return ctx.db
    .select({ id: s.id, numero: s.numero, totalCentavos: s.totalCentavos, trocoCentavos: s.trocoCentavos })
    .from(s)
    .where(orgScope(ctx.db, actor.orgId).where(s, eq(s.rascunhoId, draftId)))
    .limit(1);
}

export async function readSaleContext(ctx: ServiceContext, actor: Actor, draft: SaleDraft): Promise<SaleContext> {
  const scope = orgScope(ctx.db, actor.orgId);
  const db = ctx.db;
  const pr = products;
  const sv = services;
  const pf = professionals;
  const fa = financeAccounts;
  const [replay, settings, productRows, serviceRows, professionalRows, clientRows, orderRows, appointmentRows, accountRows] =
    await db.batch([
      replayStatement(ctx, actor, draft.draftId),
      db
        .select({ tipo: businessSettings.comissaoPadraoTipo, valor: businessSettings.comissaoPadraoValor })
        .from(businessSettings)
        .where(scope.where(businessSettings)),
      db
        .select({ id: pr.id, nome: pr.nome, unidade: pr.unidade, estoque: pr.estoque })
        .from(pr)
        .where(scope.where(pr, inArray(pr.id, idsOf(draft.items.map((i) => i.productId))), isNull(pr.excluidoEm))),
      db
        .select({ id: sv.id, nome: sv.nome, tipo: sv.comissaoTipo, valor: sv.comissaoValor })
        .from(sv)
        .where(scope.where(sv, inArray(sv.id, idsOf(draft.items.map((i) => i.serviceId))), isNull(sv.excluidoEm))),
      db
        .select({ id: pf.id, tipo: pf.comissaoTipo, valor: pf.comissaoValor })
        .from(pf)
        .where(scope.where(pf, inArray(pf.id, idsOf(draft.items.map((i) => i.professionalId))), isNull(pf.excluidoEm))),
      db
        .select({ id: clients.id, nome: clients.nome })
        .from(clients)
        .where(scope.where(clients, eq(clients.id, draft.clientId ?? ""), isNull(clients.excluidoEm))),
      db
        .select({ id: orders.id, status: orders.status, vendaId: orders.vendaId })
        .from(orders)
        .where(scope.where(orders, eq(orders.id, draft.orderId ?? ""), isNull(orders.excluidoEm))),
      db
        .select({ id: appointments.id })
        .from(appointments)
        .where(scope.where(appointments, eq(appointments.id, draft.appointmentId ?? ""), isNull(appointments.excluidoEm))),
      db
        .select({ id: fa.id, tipo: fa.tipo })
        .from(fa)
        .where(scope.where(fa, and(isNull(fa.excluidoEm), eq(fa.ativo, true), inArray(fa.tipo, ["caixa", "banco", "cartao"]))))
        .orderBy(asc(fa.criadoEm), asc(fa.id)),
    ]);
  const setting = settings[0];
  const accounts = new Map<FinanceAccountKind, string>();
  for (const a of accountRows) if (!accounts.has(a.tipo)) accounts.set(a.tipo, a.id);
  return {
    replay: replay[0] ?? null,
    catalog: {
      products: new Map(productRows.map((p) => [p.id, { nome: p.nome }])),
      services: new Map(serviceRows.map((s) => [s.id, { nome: s.nome, rule: commissionRule(s.tipo, s.valor) }])),
      professionals: new Map(professionalRows.map((p) => [p.id, { rule: commissionRule(p.tipo, p.valor) }])),
      defaultRule: commissionRule(setting?.tipo ?? "percentual", setting?.valor ?? 0),
    },
    stock: new Map(productRows.map((p) => [p.id, { nome: p.nome, unidade: p.unidade, estoque: p.estoque }])),
    client: clientRows[0] ?? null,
    order: orderRows[0] ?? null,
    appointmentFound: appointmentRows.length > 0,
    accounts,
  };
}
