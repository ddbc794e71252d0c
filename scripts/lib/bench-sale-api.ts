/**
 * The bench's sale through the API (issue 22, ADR 071): a draft with a product, a service with its
 * professional, and two payments (Pix + dinheiro), each request a new draft id (`{uuid}`), and the
 * check after the load that the one transaction kept everything consistent: a new sale for every
 * 201 answer (and none without a request), the product's stock down by exactly one unit a sale,
 * and the cash ledger up by exactly the sales' totals (both payments are paid now).
 */
import { sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { stockMovements } from "../../db/schema/index.ts";
import { orgScope } from "../../db/tenant.ts";
import { movimentacaoProdutoSchema } from "../../shared/resources/movimentacoes-produtos.ts";
import { insertValues } from "../../worker/resources/records.ts";
import { moduleOf } from "../../worker/resources/registry.ts";

export interface SaleApiTarget {
  /** The draft as JSON, `{uuid}` where the draft id goes. */
  body: string;
  productId: string;
  totalCentavos: number;
}

/** Units put in stock for the bench's sales (one a sale: far more than any run makes). */
const STOCK_UNITS = 1_000_000;

/**
 * Picks the organização's first active product and a service one of its professionals performs,
 * puts the product in stock (an entrada through the stock ledger, its triggers keep the balance)
 * and writes the draft. Undefined when the organização has no such product or service.
 */
export async function saleApiTarget(db: Database, orgId: string, userId: string | null): Promise<SaleApiTarget | undefined> {
  const [product] = await db.all<{ id: string; price: number }>(sql`
    select id, price_cents as price from products
    where org_id = ${orgId} and deleted_at is null and active = 1 and price_cents > 0 order by name_norm, id limit 1`);
  const [service] = await db.all<{ id: string; price: number; professional: string }>(sql`
    select s.id, s.price_cents as price, ps.professional_id as professional from services s
    join professional_services ps on ps.org_id = s.org_id and ps.service_id = s.id
    join professionals p on p.org_id = s.org_id and p.id = ps.professional_id and p.deleted_at is null and p.active = 1
    where s.org_id = ${orgId} and s.deleted_at is null and s.active = 1 and s.price_cents > 0 order by s.sort_name, s.id limit 1`);
  if (!product || !service) return undefined;
  const at = new Date(Date.now() - 3_600_000);
  const input = movimentacaoProdutoSchema.parse({
    produtoId: product.id,
    tipo: "entrada",
    quantidade: STOCK_UNITS,
    custoUnitarioCentavos: 100,
    motivo: "Estoque para o bench de vendas",
    ocorridoEm: at.toISOString(),
  });
  const values = insertValues(moduleOf("movimentacoes-produtos"), orgScope(db, orgId), input, userId, at);
  await db.insert(stockMovements).values({ ...(values as typeof stockMovements.$inferInsert), valorCentavos: STOCK_UNITS * 100 });
  const total = Number(product.price) + Number(service.price);
  const pix = Math.floor(total / 2);
  const draft = {
    draftId: "{uuid}",
    items: [
      { productId: product.id, quantityMilli: 1000, unitPriceCentavos: Number(product.price) },
      { serviceId: service.id, professionalId: service.professional, quantityMilli: 1000, unitPriceCentavos: Number(service.price) },
    ],
    payments: [
      { method: "pix", amountCentavos: pix },
      { method: "dinheiro", amountCentavos: total - pix },
    ],
    expectedTotalCentavos: total,
  };
  return { body: JSON.stringify(draft), productId: product.id, totalCentavos: total };
}

interface LedgerState {
  sales: number;
  stockMilli: number;
  cashCentavos: number;
}

async function stateOf(db: Database, orgId: string, target: SaleApiTarget): Promise<LedgerState> {
  const [row] = await db.all<{ sales: number; stock: number; cash: number }>(sql`
    select (select count(*) from sales where org_id = ${orgId} and deleted_at is null) as sales,
      (select stock_milli from products where org_id = ${orgId} and id = ${target.productId}) as stock,
      (select coalesce(sum(amount_cents), 0) from cash_movements where org_id = ${orgId} and deleted_at is null) as cash`);
  return { sales: Number(row?.sales), stockMilli: Number(row?.stock), cashCentavos: Number(row?.cash) };
}

/**
 * Snapshots the sales, the product's stock and the ledger's sum; `check(made)` compares with
 * them after `made` 201 answers. Answers the problems found (empty: consistent).
 */
export async function saleApiConsistency(db: Database, orgId: string, target: SaleApiTarget) {
  const before = await stateOf(db, orgId, target);
  return {
    /**
     * `ok`: 201 answers; `sent`: requests sent. A request still in flight when the load stops is
     * never answered but its sale is made, so the sales are between the two; stock and cash must
     * match the sales exactly.
     */
    async check(ok: number, sent: number): Promise<{ made: number; ok: number; sent: number; problems: string[] }> {
      const after = await stateOf(db, orgId, target);
      const problems: string[] = [];
      const sales = after.sales - before.sales;
      if (sales < ok || sales > sent) problems.push(`${sales} vendas novas para ${ok} respostas 201 e ${sent} requisições`);
      const units = (before.stockMilli - after.stockMilli) / 1000;
      if (units !== sales) problems.push(`estoque baixou ${units} unidades para ${sales} vendas`);
      const cash = after.cashCentavos - before.cashCentavos;
      if (cash !== sales * target.totalCentavos)
        problems.push(`caixa subiu ${cash} centavos; esperado ${sales * target.totalCentavos} (${sales} × ${target.totalCentavos})`);
      return { made: sales, ok, sent, problems };
    },
  };
}
