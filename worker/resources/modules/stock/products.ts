import { sql } from "drizzle-orm";
import { productKeys, products } from "../../../../db/schema/index.ts";
import { type ProdutoInput, type ProdutoRow, produtoDefinition } from "../../../../shared/resources/produtos.ts";
import { categoryKey, searchKeys, sortKey } from "../../../../shared/search.ts";
import type { ResourceModule } from "../../define.ts";

/** Produtos, server side. `estoque` is written only by the ledger's triggers (movimentacoes-produtos.ts). */
export const produtosModule: ResourceModule<ProdutoRow, ProdutoInput> = {
  definition: produtoDefinition,
  table: products,
  keys: productKeys,
  titleSql: sql`${products.nome}`,
  extras: {
    fornecedorNome: sql`(select coalesce(nullif(e.trade_name, ''), e.legal_name) from companies e where e.id = ${products.fornecedorId} and e.org_id = ${products.orgId} and e.deleted_at is null)`,
  },
  values(input) {
    const keys = searchKeys({ names: [input.nome, input.sku], document: input.codigoBarras });
    if (input.categoria) keys.push(categoryKey(input.categoria));
    // The stock is the ledger's: never copied from input.
    return { ordem: sortKey(input.nome), estoque: undefined, chavesBusca: JSON.stringify(keys) };
  },
  sorts: { sku: products.sku, preco: products.precoCentavos, estoque: products.estoque },
  filters: {
    categoria: { key: categoryKey },
    unidade: { column: products.unidade },
    preco: { column: products.precoCentavos },
    estoque: { column: products.estoque },
    abaixoMinimo: {
      where: (values) => (values[0] === "sim" ? sql`(stock_milli < min_stock_milli) = 1` : sql`(stock_milli < min_stock_milli) = 0`),
      index: "products_org_low_idx",
    },
    fornecedor: { column: products.fornecedorId },
    ativo: { column: products.ativo },
    criadoEm: { column: products.criadoEm },
    atualizadoEm: { column: products.atualizadoEm },
  },
  import: {
    required: "nome",
    aliases: {
      produto: "nome",
      descricao: "descricao",
      codigo: "sku",
      "codigo interno": "sku",
      referencia: "sku",
      ean: "codigoBarras",
      gtin: "codigoBarras",
      "codigo de barras": "codigoBarras",
      custo: "custoCentavos",
      "preco de custo": "custoCentavos",
      preco: "precoCentavos",
      "preco de venda": "precoCentavos",
      venda: "precoCentavos",
      minimo: "estoqueMinimo",
      "estoque minimo": "estoqueMinimo",
      un: "unidade",
      fornecedor: "fornecedor",
    },
    references: { fornecedor: { field: "fornecedorId", label: "Fornecedor", resource: "companies" } },
    complete: (values) => ({ ...values, unidade: values.unidade?.trim() ? values.unidade.trim().toLowerCase() : "un" }),
  },
  lookup: {
    exact: {
      column: products.sku,
      accepts: (ref) => /^[0-9A-Za-z][0-9A-Za-z._/-]*$/.test(ref.trim()),
      normalize: (ref) => ref.trim().toUpperCase(),
    },
    names: [products.nome],
  },
  relations: [
    {
      column: products.fornecedorId,
      target: "companies",
      field: "fornecedorId",
      message: "Fornecedor não encontrado. Escolha uma empresa cadastrada.",
    },
  ],
  errors: [{ match: "products.org_id, products.sku", message: "Já existe um produto com este SKU.", field: "sku", status: 409 }],
  example: (related, unique = "") => ({
    sku: `PLC-VND-6040${unique ? `-${unique}` : ""}`,
    nome: "Placa “Vende-se” 60 × 40 cm",
    codigoBarras: "7891000100103",
    unidade: "un",
    categoria: "Placas e sinalização",
    custoCentavos: 2850,
    precoCentavos: 4500,
    estoqueMinimo: 5,
    fornecedorId: related("companies"),
    ativo: true,
    descricao: "Placa em PVC 3 mm com impressão UV.",
  }),
};
