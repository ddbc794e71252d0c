import { eq } from "drizzle-orm";
import {
  businessSettings,
  cashMovements,
  clients,
  commissions,
  companies,
  expenses,
  financeAccounts,
  products,
  receivables,
  saleItems,
  salePayments,
  sales,
} from "../../../db/schema/index.ts";
import type { PaymentMethod } from "../../../shared/money/payment-method.ts";
import { instantIn } from "../../../shared/time-zone.ts";
import type { Actor } from "../../../worker/services/context.ts";
import type { ReportContext } from "../../../worker/services/reports/types.ts";
import { insertProfessional, insertService } from "../agenda/desk-fixtures.ts";
import { createOwner, type Harness, userId } from "../harness.ts";

/**
 * A small business typed by hand for the money reports' tests (ADR 083): every row inserted
 * with its exact instant, so each expected figure is computed on paper from this file alone.
 * Zone: America/Sao_Paulo (UTC−3 all of 2026: no daylight time since 2019).
 */

export const ZONE = "America/Sao_Paulo";

/** The instant a São Paulo wall clock reads. */
export function sp(day: string, time: string): Date {
  return instantIn(day, time, ZONE);
}

export interface Line {
  servico?: string;
  produto?: string;
  profissional?: string;
  descricao: string;
  quantidade?: number;
  preco: number;
  desconto?: number;
}

export interface Business {
  orgId: string;
  owner: Actor;
  carla: string;
  bruno: string;
  corte: string;
  shampoo: string;
  maria: string;
  sales: Record<string, string>;
}

let numero = 0;

export async function insertSale(
  h: Harness,
  orgId: string,
  at: Date,
  lines: Line[],
  payments: [PaymentMethod, number][],
  opts: { status?: "concluida" | "cancelada"; cliente?: string } = {},
): Promise<{ id: string; items: string[] }> {
  const id = crypto.randomUUID();
  const items = lines.map((l, i) => {
    const q = l.quantidade ?? 1;
    const gross = q * l.preco;
    const desconto = l.desconto ?? 0;
    return {
      id: crypto.randomUUID(),
      orgId,
      vendaId: id,
      posicao: i + 1,
      produtoId: l.produto ?? null,
      servicoId: l.servico ?? null,
      profissionalId: l.profissional ?? null,
      descricao: l.descricao,
      quantidade: q,
      precoUnitarioCentavos: l.preco,
      descontoCentavos: desconto,
      totalCentavos: gross - desconto,
    };
  });
  const subtotal = items.reduce((t, i) => t + i.quantidade * i.precoUnitarioCentavos, 0);
  const desconto = items.reduce((t, i) => t + i.descontoCentavos, 0);
  numero++;
  await h.fresh.db.insert(sales).values({
    id,
    orgId,
    numero,
    ordem: "",
    clienteId: opts.cliente ?? null,
    status: opts.status ?? "concluida",
    subtotalCentavos: subtotal,
    descontoCentavos: desconto,
    totalCentavos: subtotal - desconto,
    vendidaEm: at,
    canceladaEm: opts.status === "cancelada" ? at : null,
  });
  await h.fresh.db.insert(saleItems).values(items);
  await h.fresh.db
    .insert(salePayments)
    .values(payments.map(([forma, valor], i) => ({ orgId, vendaId: id, posicao: i + 1, forma, valorCentavos: valor })));
  return { id, items: items.map((i) => i.id) };
}

/** An owner's organização in São Paulo with two professionals, a service, a product and a client. */
export async function createBusiness(h: Harness, name: string): Promise<Business> {
  const o = await createOwner(h, name);
  await h.fresh.db.insert(businessSettings).values({ orgId: o.orgId, fusoHorario: ZONE }).onConflictDoNothing();
  await h.fresh.db.update(businessSettings).set({ fusoHorario: ZONE }).where(eq(businessSettings.orgId, o.orgId));
  const owner: Actor = { orgId: o.orgId, userId: (await userId(h, o.email)) as string, role: "owner", timeZone: ZONE };
  const carla = await insertProfessional(h, o.orgId, { nome: "Carla" });
  const bruno = await insertProfessional(h, o.orgId, { nome: "Bruno" });
  const corte = (await insertService(h, o.orgId, { nome: "Corte", precoCentavos: 5000 })).id;
  const shampoo = crypto.randomUUID();
  await h.fresh.db
    .insert(products)
    .values({ id: shampoo, orgId: o.orgId, sku: `SHP-${name}`, nome: "Shampoo", ordem: "shampoo", unidade: "un", precoCentavos: 3000 });
  const maria = crypto.randomUUID();
  await h.fresh.db.insert(clients).values({ id: maria, orgId: o.orgId, tipo: "pf", nome: "Maria Souza", ordem: "maria souza" });
  return { orgId: o.orgId, owner, carla, bruno, corte, shampoo, maria, sales: {} };
}

export function reportCtx(actor: Actor, now = new Date("2026-12-05T15:00:00Z")): ReportContext {
  return { actor, zone: ZONE, now };
}

/** The organização's default accounts (created with it): Caixa, Banco, Cartão a receber. */
export async function accountsOf(h: Harness, orgId: string): Promise<Record<"caixa" | "banco" | "cartao", string>> {
  const rows = await h.fresh.db
    .select({ id: financeAccounts.id, tipo: financeAccounts.tipo })
    .from(financeAccounts)
    .where(eq(financeAccounts.orgId, orgId));
  const of = (tipo: string) => rows.find((r) => r.tipo === tipo)?.id as string;
  return { caixa: of("caixa"), banco: of("banco"), cartao: of("cartao") };
}

export async function insertMovement(
  h: Harness,
  orgId: string,
  values: {
    conta: string;
    tipo: "entrada" | "saida" | "transferencia" | "estorno" | "saldo_inicial";
    valor: number;
    at: Date;
    estornoDe?: string;
    transferenciaId?: string;
  },
): Promise<string> {
  const id = crypto.randomUUID();
  await h.fresh.db.insert(cashMovements).values({
    id,
    orgId,
    contaId: values.conta,
    tipo: values.tipo,
    valorCentavos: values.valor,
    ocorridoEm: values.at,
    descricao: `${values.tipo} ${values.valor}`,
    ordem: `${values.tipo} ${values.valor}`,
    estornoDe: values.estornoDe ?? null,
    transferenciaId: values.transferenciaId ?? null,
  });
  return id;
}

export async function insertReceivable(
  h: Harness,
  orgId: string,
  values: {
    valor: number;
    vencimento: string;
    cliente?: string | null;
    venda?: string | null;
    status?: "aberta" | "recebida" | "cancelada";
    recebidaEm?: Date;
    conta?: string;
    criadaEm?: Date;
  },
): Promise<void> {
  await h.fresh.db.insert(receivables).values({
    orgId,
    descricao: `Receita ${values.valor}`,
    ordem: `receita ${values.valor}`,
    clienteId: values.cliente ?? null,
    vendaId: values.venda ?? null,
    valorCentavos: values.valor,
    vencimento: values.vencimento,
    status: values.status ?? "aberta",
    recebidaEm: values.recebidaEm ?? null,
    contaId: values.conta ?? null,
    criadoEm: values.criadaEm ?? new Date("2026-06-01T12:00:00Z"),
  });
}

export async function insertExpense(
  h: Harness,
  orgId: string,
  values: {
    valor: number;
    vencimento: string;
    categoria?: string | null;
    fornecedor?: string | null;
    status?: "aberta" | "paga" | "cancelada";
    pagaEm?: Date;
    conta?: string;
    criadaEm?: Date;
  },
): Promise<void> {
  await h.fresh.db.insert(expenses).values({
    orgId,
    descricao: `Despesa ${values.valor}`,
    ordem: `despesa ${values.valor}`,
    categoria: values.categoria ?? null,
    fornecedorId: values.fornecedor ?? null,
    valorCentavos: values.valor,
    vencimento: values.vencimento,
    status: values.status ?? "aberta",
    pagaEm: values.pagaEm ?? null,
    contaId: values.conta ?? null,
    criadoEm: values.criadaEm ?? new Date("2026-06-01T12:00:00Z"),
  });
}

export async function insertCommission(
  h: Harness,
  orgId: string,
  values: { venda: string; item: string; profissional: string; valor: number; status: "pendente" | "paga" | "cancelada"; at: Date },
): Promise<void> {
  await h.fresh.db.insert(commissions).values({
    orgId,
    vendaId: values.venda,
    itemId: values.item,
    profissionalId: values.profissional,
    valorCentavos: values.valor,
    status: values.status,
    referenciaEm: values.at,
    pagaEm: values.status === "paga" ? values.at : null,
    criadoEm: values.at,
  });
}

export async function insertSupplier(h: Harness, orgId: string, nome: string): Promise<string> {
  const id = crypto.randomUUID();
  await h.fresh.db
    .insert(companies)
    .values({ id, orgId, tipo: "fornecedor", razaoSocial: `${nome} Ltda`, nomeFantasia: nome, ordem: nome.toLowerCase() });
  return id;
}
