import { and, asc, count, eq, gt, isNull } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import {
  businessSettings,
  clients,
  memberships,
  organizations,
  products,
  professionalServices,
  sales,
  services,
} from "../../db/schema/index.ts";
import { orgScope } from "../../db/tenant.ts";
import { createRecord } from "../../worker/resources/records.ts";
import type { SaleDraft } from "../../shared/finance/sale-draft.ts";
import type { PaymentMethod } from "../../shared/money/payment-method.ts";
import { priceSale } from "../../shared/money/sale-pricing.ts";
import { DEFAULT_TIME_ZONE, instantIn } from "../../shared/time-zone.ts";
import { addDays } from "../../shared/social/calendar.ts";
import { dayIn } from "../../shared/time-zone.ts";
import { type Actor, DomainError } from "../../worker/services/context.ts";
import { cancelSale, completeSale } from "../../worker/services/finance/sales/index.ts";
import { seedDemoDeskSales } from "./demo-desk-sales.ts";
import { seedContext } from "./demo-landing.ts";
import { createRng, type Rng } from "./demo-random.ts";

/**
 * Three months of the demo business's sales (issue 22, ADR 071), made through the sale
 * transaction itself — so stock, receivables, cash movements and commissions are exactly what the
 * checkout would write: products and services (each with a professional who performs it), every
 * payment method (Pix, dinheiro with change, débito, crédito in installments, boleto, a prazo,
 * and Pix + dinheiro together), a few sales cancelled. Deterministic: the same seed gives the same
 * sales; a product out of stock is simply not sold that day.
 */

const DAYS = 90;
const SEED = 0x5a1e5;

interface Catalog {
  products: { id: string; preco: number }[];
  services: { id: string; preco: number; pros: string[] }[];
  clients: string[];
}

async function catalogOf(db: Database, orgId: string): Promise<Catalog> {
  const scope = orgScope(db, orgId);
  const [productRows, serviceRows, links, clientRows] = await db.batch([
    db
      .select({ id: products.id, preco: products.precoCentavos })
      .from(products)
      .where(scope.where(products, isNull(products.excluidoEm), eq(products.ativo, true), gt(products.precoCentavos, 0)))
      .orderBy(asc(products.ordem), asc(products.id)),
    db
      .select({ id: services.id, preco: services.precoCentavos })
      .from(services)
      .where(scope.where(services, isNull(services.excluidoEm), eq(services.ativo, true), gt(services.precoCentavos, 0)))
      .orderBy(asc(services.ordem), asc(services.id)),
    db
      .select({ servicoId: professionalServices.servicoId, profissionalId: professionalServices.profissionalId })
      .from(professionalServices)
      .where(scope.where(professionalServices))
      .orderBy(asc(professionalServices.servicoId), asc(professionalServices.profissionalId)),
    db
      .select({ id: clients.id })
      .from(clients)
      .where(scope.where(clients, isNull(clients.excluidoEm)))
      .orderBy(asc(clients.ordem), asc(clients.id)),
  ]);
  return {
    products: productRows,
    services: serviceRows
      .map((s) => ({ ...s, pros: links.filter((l) => l.servicoId === s.id).map((l) => l.profissionalId) }))
      .filter((s) => s.pros.length > 0),
    clients: clientRows.map((c) => c.id),
  };
}

/** Payments that cover `total`: one method (in installments where it may), or Pix + dinheiro. */
function paymentsFor(rng: Rng, total: number): SaleDraft["payments"] {
  const method = rng.weighted<PaymentMethod | "misto">([
    ["pix", 30],
    ["dinheiro", 18],
    ["debito", 16],
    ["credito", 18],
    ["boleto", 5],
    ["a_prazo", 5],
    ["misto", 8],
  ]);
  // Cash is handed over rounded up to the next R$ 10,00 now and then: the change.
  const handed = (due: number) => (rng.chance(0.6) ? Math.ceil(due / 1000) * 1000 + (rng.chance(0.3) ? 1000 : 0) : due);
  if (method === "misto") {
    const pix = Math.max(1, Math.floor(total / 2));
    return [
      { method: "pix", amountCentavos: pix },
      { method: "dinheiro", amountCentavos: handed(total - pix) },
    ];
  }
  if (method === "dinheiro") return [{ method, amountCentavos: handed(total) }];
  if (method === "credito") return [{ method, amountCentavos: total, installments: Math.min(total, rng.pick([1, 1, 2, 3, 3, 4, 6])) }];
  if (method === "boleto" || method === "a_prazo") return [{ method, amountCentavos: total, installments: Math.min(total, rng.int(1, 3)) }];
  return [{ method, amountCentavos: total }];
}

function draftOf(rng: Rng, catalog: Catalog): SaleDraft | null {
  const items: SaleDraft["items"] = [];
  if (catalog.services.length && rng.chance(0.65)) {
    for (let i = rng.int(1, 2); i > 0; i--) {
      const s = rng.pick(catalog.services);
      items.push({ serviceId: s.id, professionalId: rng.pick(s.pros), quantityMilli: 1000, unitPriceCentavos: s.preco });
    }
  }
  if (catalog.products.length && (items.length === 0 || rng.chance(0.35))) {
    const p = rng.pick(catalog.products);
    items.push({ productId: p.id, quantityMilli: rng.int(1, 2) * 1000, unitPriceCentavos: p.preco });
  }
  if (!items.length) return null;
  const totalDiscount = rng.chance(0.12) ? { kind: "percentual" as const, basisPoints: rng.pick([500, 1000]) } : null;
  const priced = priceSale(items, totalDiscount);
  if (!priced.ok || priced.value.totalCentavos <= 0) return null;
  const total = priced.value.totalCentavos;
  return {
    draftId: crypto.randomUUID(),
    clientId: catalog.clients.length && rng.chance(0.7) ? rng.pick(catalog.clients) : null,
    items,
    totalDiscount,
    payments: paymentsFor(rng, total),
    expectedTotalCentavos: total,
  };
}

/** Sells the last three months (1 to 4 sales a day, shop hours in the organização's zone); answers how many. */
export async function seedDemoSales(db: Database, orgId: string, now = new Date()): Promise<{ sales: number; cancelled: number }> {
  const scope = orgScope(db, orgId);
  const [[settings], [owner]] = await db.batch([
    db.select({ zone: businessSettings.fusoHorario }).from(businessSettings).where(scope.where(businessSettings)),
    db
      .select({ userId: memberships.userId })
      .from(memberships)
      .where(scope.where(memberships, eq(memberships.role, "owner")))
      .limit(1),
  ]);
  if (!owner) return { sales: 0, cancelled: 0 };
  const zone = settings?.zone ?? DEFAULT_TIME_ZONE;
  const actor: Actor = { orgId, userId: owner.userId, role: "owner", timeZone: zone };
  const catalog = await catalogOf(db, orgId);
  const before = await stockOf(db, orgId);
  const rng = createRng(SEED);
  const today = dayIn(now, zone);
  let made = 0;
  let cancelled = 0;
  for (let back = DAYS; back >= 1; back--) {
    const day = addDays(today, -back);
    for (let n = rng.int(1, 4); n > 0; n--) {
      const draft = draftOf(rng, catalog);
      const time = `${String(rng.int(9, 18)).padStart(2, "0")}:${rng.pick(["05", "20", "35", "50"])}`;
      const cancel = rng.chance(0.05);
      if (!draft) continue;
      const at = instantIn(day, time, zone);
      try {
        const sale = await completeSale(seedContext(db, at), actor, draft);
        made++;
        if (cancel) {
          await cancelSale(seedContext(db, new Date(at.getTime() + 40 * 60_000)), actor, sale.saleId, {
            reason: rng.pick(["Cliente desistiu da compra", "Lançada em duplicidade", "Troca por outro produto"]),
          });
          cancelled++;
        }
      } catch (error) {
        // Out of stock that day (negative stock is off): the sale simply did not happen.
        if (!(error instanceof DomainError)) throw error;
      }
    }
  }
  await restockSold(db, actor, before, now);
  return { sales: made, cancelled };
}

async function stockOf(db: Database, orgId: string): Promise<Map<string, { estoque: number; minimo: number }>> {
  const rows = await db
    .select({ id: products.id, estoque: products.estoque, minimo: products.estoqueMinimo })
    .from(products)
    .where(orgScope(db, orgId).where(products, isNull(products.excluidoEm)));
  return new Map(rows.map((r) => [r.id, { estoque: r.estoque, minimo: r.minimo }]));
}

/**
 * The shop buys again what the counter sold below its minimum (an entrada through the stock
 * ledger, like a purchase typed at /movimentacao-produtos), so the products the dashboard shows as
 * low are the ones the demo's story chose, not the sales' leftovers.
 */
async function restockSold(db: Database, actor: Actor, before: Map<string, { estoque: number; minimo: number }>, now: Date) {
  const after = await stockOf(db, actor.orgId);
  for (const [id, was] of before) {
    const is = after.get(id);
    if (!is || was.estoque < was.minimo || is.estoque >= is.minimo) continue;
    await createRecord(seedContext(db, now), actor, "movimentacoes-produtos", {
      produtoId: id,
      tipo: "entrada",
      quantidade: was.estoque - is.estoque,
      motivo: "Reposição do estoque vendido (compra do fornecedor)",
    } as never);
  }
}

/** The demo's sales for a demo database seeded before they existed (false: nothing added). */
export async function seedMissingDemoSales(db: Database, document: string, now = new Date()): Promise<boolean> {
  // tenant-exempt: the seed finds the demo organização by its CNPJ (no request, no session).
  const [org] = await db.select({ id: organizations.id }).from(organizations).where(eq(organizations.document, document)).limit(1);
  if (!org) return false;
  const [made] = await db
    .select({ n: count() })
    .from(sales)
    .where(and(eq(sales.orgId, org.id)));
  if ((made?.n ?? 0) > 0) return false;
  const seeded = (await seedDemoSales(db, org.id, now)).sales;
  await seedDemoDeskSales(db, org.id, now);
  return seeded > 0;
}
