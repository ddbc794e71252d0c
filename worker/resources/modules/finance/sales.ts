import { sql } from "drizzle-orm";
import { saleKeys, sales } from "../../../../db/schema/index.ts";
import type { SaleDraft } from "../../../../shared/finance/sale-draft.ts";
import { type VendaRow, vendaDefinition } from "../../../../shared/resources/vendas.ts";
import { DomainError } from "../../../services/context.ts";
import { completeSale } from "../../../services/finance/sales/complete-sale.ts";
import type { ResourceModule } from "../../define.ts";
import { SALE_ROLLUP_TRIGGERS } from "./sale-rollups.ts";

const t = sales;

/**
 * Vendas, server side (ADR 071). The list, filters, totals and export are the registry's; every
 * create goes through the sale transaction (`save`), never the generic insert; nothing edits a
 * sale (the permission table refuses updates and deletes: a sale is cancelled, which reverses it).
 */
export const vendasModule: ResourceModule<VendaRow, SaleDraft> = {
  definition: vendaDefinition,
  table: t,
  keys: saleKeys,
  titleSql: sql`('Venda nº ' || ${t.numero})`,
  privateColumns: ["rascunhoId"],
  extras: {
    clienteNome: sql`(select c.name from clients c where c.id = ${t.clienteId} and c.org_id = ${t.orgId} and c.deleted_at is null)`,
    formas: sql`(select group_concat(x.method, ',') from (select p.method from sale_payments p where p.org_id = ${t.orgId} and p.sale_id = ${t.id} order by p.position) x)`,
    itens: sql`(select count(*) from sale_items i where i.org_id = ${t.orgId} and i.sale_id = ${t.id})`,
  },
  // Never used: `save` writes the sale (kept for the type; the transaction computes every column).
  values: () => ({}),
  save: {
    // The transaction (its stock exits use the stock ledger's module itself, not the registry: no cycle).
    create: async (ctx, actor, input) => (await completeSale(ctx, actor, input)).saleId,
    update: async () => {
      throw new DomainError("Uma venda não se edita: cancele-a e faça outra.", 409);
    },
  },
  numberColumn: t.numero,
  // The sales per hour a year's Vendas reads (sale-rollups.ts).
  triggers: SALE_ROLLUP_TRIGGERS,
  sorts: { numero: t.numero, vendidaEm: t.vendidaEm, total: t.totalCentavos },
  totals: { total: t.totalCentavos },
  filters: {
    vendidaEm: { column: t.vendidaEm },
    status: { column: t.status },
    total: { column: t.totalCentavos },
    forma: {
      where: (values) =>
        values.length
          ? sql`exists (select 1 from sale_payments p where p.org_id = ${t.orgId} and p.sale_id = ${t.id} and p.method in (${sql.join(
              values.map((v) => sql`${v}`),
              sql`, `,
            )}))`
          : undefined,
      index: "sales_org_vendidaEm_idx",
    },
    criadoEm: { column: t.criadoEm },
    atualizadoEm: { column: t.atualizadoEm },
  },
  relations: [
    { column: t.clienteId, target: "clients", field: "clientId", message: "Cliente não encontrado. Escolha um cliente cadastrado." },
  ],
  // A fresh draft per harness record (`unique`); a fixed one in the API reference.
  example: (related, unique = "") => ({
    draftId: unique ? crypto.randomUUID() : "0b7c9a52-5f0e-4c1b-9a3e-2d6f8e1c4a70",
    clientId: related("clients"),
    items: [{ description: "Taxa de entrega", quantityMilli: 1000, unitPriceCentavos: 1500 }],
    payments: [{ method: "pix", amountCentavos: 1500 }],
    expectedTotalCentavos: 1500,
    notes: "Entregar na portaria.",
  }),
};
