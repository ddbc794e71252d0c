import { eq } from "drizzle-orm";
import { businessSettings, clients, products, saleItems, salePayments, sales } from "../../../db/schema/index.ts";
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
): Promise<string> {
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
  return id;
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
