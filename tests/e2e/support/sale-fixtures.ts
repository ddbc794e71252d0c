import { clients } from "../../../db/schema/index.ts";
import { produtoSchema } from "../../../shared/resources/produtos.ts";
import { createRecord } from "../../../worker/resources/records.ts";
import { completeSale } from "../../../worker/services/finance/sales/index.ts";
import { ownerWithAccounts } from "../finance/money-pages.ts";
import { e2eDb, e2eServiceContext, type TestUser } from "./accounts.ts";

export interface SoldShop {
  owner: TestUser;
  orgId: string;
  /** The owner, for the services. */
  actor: Awaited<ReturnType<typeof ownerWithAccounts>>["actor"];
  saleId: string;
  numero: number;
}

/**
 * A new organização with its accounts, a product in stock, a client and one completed sale made
 * through the sale transaction (ADR 071): two of the product with an item discount, a free line
 * with a long description, crédito in 3× and cash with change — a receipt with every part.
 */
export async function shopWithSale(origin: string, name: string): Promise<SoldShop> {
  const { owner, orgId, actor } = await ownerWithAccounts(name);
  const db = e2eDb();
  const ctx = e2eServiceContext(origin);
  const product = await createRecord(
    ctx,
    actor,
    "produtos",
    produtoSchema.parse({ sku: "SHP-300", nome: "Shampoo hidratante 300 ml", unidade: "un", precoCentavos: "30,00" }),
  );
  await createRecord(ctx, actor, "movimentacoes-produtos", { produtoId: String(product.id), tipo: "entrada", quantidade: 5 });
  const clientId = crypto.randomUUID();
  const now = new Date();
  await db.insert(clients).values({
    id: clientId,
    orgId,
    nome: "Carla Mendes",
    ordem: "carla mendes",
    tipo: "pf",
    criadoEm: now,
    atualizadoEm: now,
  } as never);
  const sale = await completeSale(ctx, actor, {
    draftId: crypto.randomUUID(),
    clientId,
    items: [
      { productId: String(product.id), quantityMilli: 2000, unitPriceCentavos: 3000, discount: { kind: "valor", centavos: 500 } },
      { description: "Embalagem para presente com laço de cetim e cartão personalizado", quantityMilli: 1000, unitPriceCentavos: 1290 },
    ],
    payments: [
      { method: "credito", amountCentavos: 4000, installments: 3 },
      { method: "dinheiro", amountCentavos: 3000 },
    ],
    expectedTotalCentavos: 6790,
  });
  return { owner, orgId, actor, saleId: sale.saleId, numero: sale.number };
}
