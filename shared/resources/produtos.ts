import { z } from "zod";
import { PRODUCT_UNIT, type ProductUnit } from "../enums/records.ts";
import { formatNumber } from "../format.ts";
import { formatQuantityWithUnit } from "../quantity.ts";
import { OFFICE_RECORD } from "../permissions.ts";
import { checkbox, moneyCentavos, optionalString, requiredString } from "../validation.ts";
import { auditColumns } from "./address.ts";
import { moneyColumn, quantityColumn } from "./columns.ts";
import { optionalBarcode, optionalId, quantityValue, requiredOption, unflatten, YES_NO_OPTIONS } from "./schema-helpers.ts";
import type { ColumnDef, FieldDef, FilterOption, ResourceDefinition } from "./types.ts";

/** Produtos: what the business buys, keeps and sells. Stock is the sum of the ledger. Client-safe. */

export const PRODUCT_UNIT_OPTIONS: readonly FilterOption[] = PRODUCT_UNIT.options;

/** The low-stock filter: "sim" lists the products below their minimum. */
const LOW_STOCK_OPTIONS: readonly FilterOption[] = [
  { value: "sim", label: "Abaixo do mínimo" },
  { value: "nao", label: "Em dia" },
];

/** A product as lists, the detail page, the export and the API show it. Dates are ISO strings. */
export interface ProdutoRow {
  id: string;
  sku: string;
  nome: string;
  codigoBarras: string | null;
  unidade: ProductUnit;
  categoria: string | null;
  custoCentavos: number;
  precoCentavos: number;
  /** In the product's unit; up to three decimals. */
  estoqueMinimo: number;
  /** The sum of the live stock movements (never typed). */
  estoque: number;
  fornecedorId: string | null;
  /** The supplier's display name (null when none or deleted). */
  fornecedorNome: string | null;
  ativo: boolean;
  descricao: string | null;
  criadoEm: string;
  atualizadoEm: string;
  criadoPor: string | null;
  criadoPorNome: string | null;
  atualizadoPor: string | null;
  atualizadoPorNome: string | null;
}

const SKU = /^[0-9A-Za-z][0-9A-Za-z._/-]*$/;

/** One schema for the form, the action, the API and each imported CSV row. Money in centavos. */
export const produtoSchema = z.preprocess(
  unflatten,
  z.object({
    sku: requiredString("SKU", { max: 40 })
      .pipe(z.string().regex(SKU, "O campo SKU deve conter letras, números, ponto, barra, hífen ou sublinhado"))
      .transform((s) => s.toUpperCase()),
    nome: requiredString("Nome", { min: 2, max: 120 }),
    codigoBarras: optionalBarcode("Código de barras"),
    unidade: requiredOption("Unidade", PRODUCT_UNIT),
    categoria: optionalString("Categoria", { max: 60 }),
    custoCentavos: z.preprocess((v) => (v === undefined || v === "" ? 0 : v), moneyCentavos("Custo", { min: 0, max: 100_000_000_00 })),
    precoCentavos: z.preprocess((v) => (v === undefined || v === "" ? 0 : v), moneyCentavos("Preço", { min: 0, max: 100_000_000_00 })),
    estoqueMinimo: z.preprocess((v) => (v === undefined || v === "" ? 0 : v), quantityValue("Estoque mínimo")),
    fornecedorId: optionalId("Fornecedor"),
    // Absent (an API body that says nothing): active.
    ativo: checkbox({ absent: true }),
    descricao: optionalString("Descrição", { max: 2000, multiline: true }),
  }),
);

export type ProdutoInput = z.output<typeof produtoSchema>;

/** "1,5 kg", "12 un". */
export function formatQuantity(value: number, unit?: string): string {
  return formatQuantityWithUnit(value, unit);
}

/** Gross margin over the price: "35,0%" (empty when there is no price). */
export function formatMargin(row: Pick<ProdutoRow, "precoCentavos" | "custoCentavos">): string {
  if (row.precoCentavos <= 0) return "";
  return `${formatNumber(((row.precoCentavos - row.custoCentavos) / row.precoCentavos) * 100, { minimumFractionDigits: 1, maximumFractionDigits: 1 })}%`;
}

/** Below the minimum (or at zero when a minimum is set). */
export function isLowStock(row: Pick<ProdutoRow, "estoque" | "estoqueMinimo">): boolean {
  return row.estoque < row.estoqueMinimo;
}

function stockStatus(row: ProdutoRow): string {
  if (row.estoque <= 0 && row.estoqueMinimo > 0) return "Sem estoque";
  return isLowStock(row) ? "Abaixo do mínimo" : "Em dia";
}

export const produtoColumns: readonly ColumnDef<ProdutoRow>[] = [
  { key: "nome", label: "Nome", text: (r) => r.nome, sort: "text", defaultVisible: true },
  { key: "sku", label: "SKU", text: (r) => r.sku, sort: "text", defaultVisible: true },
  { key: "codigoBarras", label: "Código de barras", text: (r) => r.codigoBarras ?? "", defaultVisible: false },
  { key: "categoria", label: "Categoria", text: (r) => r.categoria ?? "", filter: { type: "text" }, defaultVisible: true },
  {
    key: "unidade",
    label: "Unidade",
    text: (r) => r.unidade,
    filter: { type: "multi-enum", options: PRODUCT_UNIT_OPTIONS },
    defaultVisible: false,
  },
  moneyColumn<ProdutoRow>("custo", "Custo", (r) => r.custoCentavos, { visible: false }),
  moneyColumn<ProdutoRow>("preco", "Preço", (r) => r.precoCentavos, { sortable: true, filterable: true }),
  { key: "margem", label: "Margem", text: formatMargin, align: "right", defaultVisible: true },
  quantityColumn<ProdutoRow>(
    "estoque",
    "Estoque",
    (r) => formatQuantity(r.estoque, r.unidade),
    (r) => r.estoque,
  ),
  {
    key: "abaixoMinimo",
    label: "Situação do estoque",
    text: stockStatus,
    cell: { kind: "badge", tone: (r) => (isLowStock(r) ? (r.estoque <= 0 ? "red" : "yellow") : "green") },
    filter: { type: "boolean", options: LOW_STOCK_OPTIONS },
    defaultVisible: true,
  },
  {
    key: "estoqueMinimo",
    label: "Estoque mínimo",
    text: (r) => formatQuantity(r.estoqueMinimo, r.unidade),
    value: (r) => r.estoqueMinimo,
    align: "right",
    defaultVisible: false,
  },
  {
    key: "fornecedor",
    label: "Fornecedor",
    text: (r) => r.fornecedorNome ?? "",
    cell: { kind: "link", href: (r) => (r.fornecedorId && r.fornecedorNome ? `/companies/${r.fornecedorId}` : null) },
    filter: { type: "relation", relation: "companies" },
    defaultVisible: true,
  },
  {
    key: "ativo",
    label: "Ativo",
    text: (r) => (r.ativo ? "Ativo" : "Inativo"),
    cell: { kind: "badge", tone: (r) => (r.ativo ? "blue" : "neutral") },
    filter: { type: "boolean", options: YES_NO_OPTIONS },
    defaultVisible: false,
  },
  ...auditColumns<ProdutoRow>(false),
];

export const produtoFields: readonly FieldDef[] = [
  { name: "nome", label: "Nome", kind: "text", required: true, section: "Produto" },
  {
    name: "sku",
    label: "SKU",
    kind: "text",
    required: true,
    section: "Produto",
    hint: "Código interno, único no seu negócio.",
    autoComplete: "off",
  },
  { name: "codigoBarras", label: "Código de barras (EAN-13)", kind: "barcode", section: "Produto", autoComplete: "off" },
  { name: "unidade", label: "Unidade", kind: "select", required: true, options: PRODUCT_UNIT_OPTIONS, section: "Produto" },
  { name: "categoria", label: "Categoria", kind: "text", section: "Produto" },
  { name: "custoCentavos", label: "Custo", kind: "money", section: "Preço", hint: "Quanto você paga por unidade." },
  { name: "precoCentavos", label: "Preço de venda", kind: "money", section: "Preço", hint: "A margem aparece na ficha do produto." },
  {
    name: "estoqueMinimo",
    label: "Estoque mínimo",
    kind: "number",
    step: "0.001",
    section: "Estoque",
    hint: "Abaixo disso o produto aparece com o alerta de estoque baixo. O estoque atual vem das movimentações.",
  },
  { name: "fornecedorId", label: "Fornecedor", kind: "relation", relation: "companies", section: "Estoque" },
  { name: "ativo", label: "Produto ativo", kind: "checkbox", section: "Estoque", hint: "Produtos inativos não aparecem para venda." },
  { name: "descricao", label: "Descrição", kind: "textarea", section: "Produto" },
];

export const produtoDefinition: ResourceDefinition<ProdutoRow, ProdutoInput> = {
  name: "produtos",
  basePath: "/produtos",
  api: "produtos",
  access: OFFICE_RECORD,
  labels: {
    singular: "produto",
    plural: "produtos",
    listTitle: "Produtos",
    newTitle: "Novo Produto",
    editTitle: "Editar Produto",
    newButton: "Novo produto",
    empty: "Nenhum produto cadastrado ainda.",
    emptyHint: "Cadastre o primeiro produto ou importe uma planilha CSV.",
    searchPlaceholder: "Buscar por nome, SKU ou código de barras",
    deleted: "Produto excluído.",
    restored: "Produto restaurado.",
  },
  columns: produtoColumns,
  fields: produtoFields,
  schema: produtoSchema,
  defaultSort: { key: "nome", dir: "asc" },
  pageSize: 25,
  subtitle: (row) => [row.sku, row.categoria ?? "", `${formatQuantity(row.estoque, row.unidade)} em estoque`].filter(Boolean).join(" · "),
  title: (row) => row.nome,
  screens: {
    // The detail (the stock ledger with its running balance) is the resource's own route module.
    plain: ["list", "create", "edit", "import", "export"],
    listDescription:
      "O que o seu negócio compra, guarda e vende. O estoque é a soma das movimentações; os itens abaixo do mínimo aparecem em destaque.",
    newDescription: "Nome, SKU e unidade bastam. O estoque começa em zero: registre uma entrada depois de salvar.",
    submitLabel: "Salvar produto",
    formId: "form-produto",
    newValues: { unidade: "un", ativo: true, estoqueMinimo: "0" },
  },
  nav: { group: "Negócio", order: 30 },
};
