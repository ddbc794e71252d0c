import { sql } from "drizzle-orm";
import { stockMovements } from "../../../../db/schema/index.ts";
import {
  type MovimentacaoProdutoInput,
  type MovimentacaoProdutoRow,
  movimentacaoProdutoDefinition,
  stockEffect,
} from "../../../../shared/resources/movimentacoes-produtos.ts";
import type { ResourceModule } from "../../define.ts";

const m = stockMovements;

/** The refusal every exit that would take a product below zero gets (when the business does not allow negative stock). */
export const INSUFFICIENT_STOCK =
  "Estoque insuficiente: esta saída deixaria o produto com estoque negativo. Confira o saldo ou permita estoque negativo em Configurações do Negócio.";

const negativeAllowed = "coalesce((SELECT allow_negative_stock FROM business_settings WHERE org_id = NEW.org_id), 0)";
const stockOf = "coalesce((SELECT stock_milli FROM products WHERE id = NEW.product_id AND org_id = NEW.org_id), 0)";
const effect = "CASE WHEN NEW.deleted_at IS NULL THEN NEW.quantity_milli ELSE -NEW.quantity_milli END";

/**
 * Movimentações de produtos, server side. The database keeps `products.stock_milli` as the
 * sum of the live movements and refuses (in the same statement, so concurrent exits cannot
 * both pass) a movement that would take it below zero unless the business allows it.
 */
export const movimentacoesProdutosModule: ResourceModule<MovimentacaoProdutoRow, MovimentacaoProdutoInput> = {
  definition: movimentacaoProdutoDefinition,
  table: m,
  keys: null,
  titleSql: sql`(select name from products p where p.id = ${m.produtoId})`,
  extras: {
    produtoNome: sql`(select p.name from products p where p.id = ${m.produtoId} and p.org_id = ${m.orgId} and p.deleted_at is null)`,
    produtoSku: sql`(select p.sku from products p where p.id = ${m.produtoId} and p.org_id = ${m.orgId})`,
    produtoUnidade: sql`(select p.unit from products p where p.id = ${m.produtoId} and p.org_id = ${m.orgId})`,
  },
  values(input, info) {
    const quantity = stockEffect(input);
    const cost = input.custoUnitarioCentavos ?? null;
    return {
      quantidade: quantity,
      ocorridoEm: new Date(input.ocorridoEm),
      // At the typed cost, else the product's cost now.
      valorCentavos: sql`cast(round(${Math.abs(quantity)} * coalesce(${cost}, (select cost_cents from products where org_id = ${info.orgId} and id = ${input.produtoId}), 0)) as integer)`,
      ordem: sql`coalesce((select name_norm from products where org_id = ${info.orgId} and id = ${input.produtoId}), '')`,
      chavesBusca: "[]",
    };
  },
  sorts: { ocorridoEm: m.ocorridoEm, quantidade: m.quantidade, valor: m.valorCentavos },
  filters: {
    ocorridoEm: { column: m.ocorridoEm },
    produto: { column: m.produtoId },
    tipo: { column: m.tipo },
    quantidade: { column: m.quantidade },
    valor: { column: m.valorCentavos },
    criadoEm: { column: m.criadoEm },
    atualizadoEm: { column: m.atualizadoEm },
  },
  totals: { valor: m.valorCentavos },
  import: {
    required: "produto",
    aliases: {
      produto: "produto",
      sku: "produto",
      codigo: "produto",
      data: "ocorridoEm",
      "data e hora": "ocorridoEm",
      custo: "custoUnitarioCentavos",
      qtd: "quantidade",
      quantidade: "quantidade",
    },
    references: { produto: { field: "produtoId", label: "Produto", resource: "produtos" } },
  },
  relations: [
    { column: m.produtoId, target: "produtos", field: "produtoId", message: "Produto não encontrado. Escolha um produto cadastrado." },
  ],
  errors: [{ match: "estoque_insuficiente", message: INSUFFICIENT_STOCK, field: "quantidade", status: 409 }],
  example: (related) => ({
    produtoId: related("produtos"),
    tipo: "entrada",
    quantidade: 20,
    custoUnitarioCentavos: 2850,
    motivo: "Compra NF 4821 — Gráfica Pinheiros",
    ocorridoEm: "2026-11-20T14:30:00-03:00",
  }),
  triggers: [
    {
      name: "stock_movements_stock_check_bi",
      sql: `CREATE TRIGGER stock_movements_stock_check_bi BEFORE INSERT ON stock_movements
  WHEN NEW.deleted_at IS NULL AND NEW.quantity_milli < 0 AND NOT ${negativeAllowed} AND ${stockOf} + NEW.quantity_milli < 0 BEGIN
  SELECT RAISE(ABORT, 'estoque_insuficiente');
END`,
    },
    {
      name: "stock_movements_stock_check_bu",
      sql: `CREATE TRIGGER stock_movements_stock_check_bu BEFORE UPDATE OF deleted_at ON stock_movements
  WHEN (OLD.deleted_at IS NULL) <> (NEW.deleted_at IS NULL) AND NOT ${negativeAllowed} AND ${stockOf} + ${effect} < 0 BEGIN
  SELECT RAISE(ABORT, 'estoque_insuficiente');
END`,
    },
    {
      name: "stock_movements_stock_ai",
      sql: `CREATE TRIGGER stock_movements_stock_ai AFTER INSERT ON stock_movements WHEN NEW.deleted_at IS NULL BEGIN
  UPDATE products SET stock_milli = stock_milli + NEW.quantity_milli WHERE id = NEW.product_id AND org_id = NEW.org_id;
END`,
    },
    {
      name: "stock_movements_stock_au",
      sql: `CREATE TRIGGER stock_movements_stock_au AFTER UPDATE OF deleted_at ON stock_movements
  WHEN (OLD.deleted_at IS NULL) <> (NEW.deleted_at IS NULL) BEGIN
  UPDATE products SET stock_milli = stock_milli + ${effect} WHERE id = NEW.product_id AND org_id = NEW.org_id;
END`,
    },
    {
      name: "stock_movements_stock_ad",
      sql: `CREATE TRIGGER stock_movements_stock_ad AFTER DELETE ON stock_movements WHEN OLD.deleted_at IS NULL BEGIN
  UPDATE products SET stock_milli = stock_milli - OLD.quantity_milli WHERE id = OLD.product_id AND org_id = OLD.org_id;
END`,
    },
  ],
};
