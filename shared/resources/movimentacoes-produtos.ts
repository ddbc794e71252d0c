import { z } from "zod";
import { MANUAL_STOCK_MOVEMENT_KIND, STOCK_MOVEMENT_KIND, type StockMovementKind } from "../enums/records.ts";
import { formatBRL, formatDateTime } from "../format.ts";
import { formatQuantityWithUnit } from "../quantity.ts";
import { LEDGER } from "../permissions.ts";
import { moneyCentavos, optional, optionalString } from "../validation.ts";
import { auditColumns } from "./address.ts";
import { moneyColumn, quantityColumn } from "./columns.ts";
import { dateTime, quantityValue, requiredOption, unflatten } from "./schema-helpers.ts";
import type { ColumnDef, FieldDef, FilterOption, ResourceDefinition } from "./types.ts";
import { ID_RE } from "../id.ts";

/** Movimentações de produtos: the stock ledger (stock is the sum of these entries). Client-safe. */

export const STOCK_MOVEMENT_KIND_OPTIONS: readonly FilterOption[] = STOCK_MOVEMENT_KIND.options;

/** One entry of the ledger. `quantidade` is its effect on the stock (entrada +, saída −, ajuste ±). */
export interface MovimentacaoProdutoRow {
  id: string;
  produtoId: string;
  produtoNome: string | null;
  produtoSku: string | null;
  produtoUnidade: string | null;
  tipo: StockMovementKind;
  quantidade: number;
  custoUnitarioCentavos: number | null;
  /** |quantidade| × custo unitário (the product's cost when none was typed). */
  valorCentavos: number;
  motivo: string | null;
  ocorridoEm: string;
  criadoEm: string;
  atualizadoEm: string;
  criadoPor: string | null;
  criadoPorNome: string | null;
  atualizadoPor: string | null;
  atualizadoPorNome: string | null;
}

/**
 * What a person records. `quantidade` is how much came in or went out (positive); for an
 * ajuste, the correction with its sign (+2 found, −1 lost). Kinds written by sales and
 * services (venda, consumo, cancelamento) come from those features, not from this form.
 */
export const movimentacaoProdutoSchema = z.preprocess(
  unflatten,
  z
    .object({
      produtoId: z
        .string({ error: (iss) => (iss.input === undefined ? "O campo Produto é obrigatório" : "O campo Produto não é válido") })
        .trim()
        .min(1, "O campo Produto é obrigatório")
        .regex(ID_RE, "O campo Produto não é válido"),
      tipo: requiredOption("Tipo", MANUAL_STOCK_MOVEMENT_KIND),
      quantidade: quantityValue("Quantidade", { signed: true }),
      custoUnitarioCentavos: optional(moneyCentavos("Custo unitário", { min: 0, max: 100_000_000_00 })),
      motivo: optionalString("Motivo", { max: 300 }),
      ocorridoEm: z.preprocess((v) => (v === undefined || v === "" ? new Date().toISOString() : v), dateTime("Data e hora")),
    })
    .superRefine((value, ctx) => {
      if (value.tipo !== "ajuste" && value.quantidade < 0) {
        ctx.addIssue({ code: "custom", path: ["quantidade"], message: "O campo Quantidade precisa ser maior que zero" });
      }
    }),
);

export type MovimentacaoProdutoInput = z.output<typeof movimentacaoProdutoSchema>;

/** The movement's effect on the stock: entradas add, saídas subtract, ajustes carry their sign. */
export function stockEffect(input: { tipo: StockMovementKind; quantidade: number }): number {
  if (input.tipo === "ajuste") return input.quantidade;
  return OUTGOING.has(input.tipo) ? -Math.abs(input.quantidade) : Math.abs(input.quantidade);
}
const OUTGOING: ReadonlySet<StockMovementKind> = new Set(["saida", "venda", "consumo"]);

function kindLabel(value: string): string {
  return STOCK_MOVEMENT_KIND.label(value);
}

/** "+12", "−1,5" with the unit. */
export function formatSignedQuantity(value: number, unit?: string | null): string {
  return `${value < 0 ? "−" : "+"}${formatQuantityWithUnit(Math.abs(value), unit)}`;
}

export const movimentacaoProdutoColumns: readonly ColumnDef<MovimentacaoProdutoRow>[] = [
  {
    key: "ocorridoEm",
    label: "Data",
    text: (r, zone) => formatDateTime(r.ocorridoEm, zone),
    value: (r) => r.ocorridoEm,
    cell: { kind: "date" },
    sort: "date",
    filter: { type: "date-range" },
    defaultVisible: true,
  },
  {
    key: "produto",
    label: "Produto",
    text: (r) => (r.produtoNome ? `${r.produtoNome} (${r.produtoSku})` : "Produto excluído"),
    cell: { kind: "link", href: (r) => (r.produtoNome ? `/produtos/${r.produtoId}` : null) },
    filter: { type: "relation", relation: "produtos" },
    defaultVisible: true,
  },
  {
    key: "tipo",
    label: "Tipo",
    text: (r) => kindLabel(r.tipo),
    cell: { kind: "badge", tone: (r) => STOCK_MOVEMENT_KIND.tone(r.tipo) },
    filter: { type: "multi-enum", options: STOCK_MOVEMENT_KIND_OPTIONS },
    defaultVisible: true,
  },
  quantityColumn<MovimentacaoProdutoRow>(
    "quantidade",
    "Quantidade",
    (r) => formatSignedQuantity(r.quantidade, r.produtoUnidade),
    (r) => r.quantidade,
  ),
  moneyColumn<MovimentacaoProdutoRow>("custoUnitario", "Custo unitário", (r) => r.custoUnitarioCentavos, { visible: false }),
  moneyColumn<MovimentacaoProdutoRow>("valor", "Valor", (r) => r.valorCentavos, { sortable: true, filterable: true, total: true }),
  { key: "motivo", label: "Motivo", text: (r) => r.motivo ?? "", defaultVisible: true },
  { key: "por", label: "Por", text: (r) => r.criadoPorNome ?? "", defaultVisible: true },
  ...auditColumns<MovimentacaoProdutoRow>(true),
];

export const movimentacaoProdutoFields: readonly FieldDef[] = [
  { name: "produtoId", label: "Produto", kind: "relation", relation: "produtos", required: true, section: "Movimentação" },
  { name: "tipo", label: "Tipo", kind: "select", required: true, options: MANUAL_STOCK_MOVEMENT_KIND.options, section: "Movimentação" },
  {
    name: "quantidade",
    label: "Quantidade",
    kind: "number",
    step: "0.001",
    required: true,
    section: "Movimentação",
    hint: "Entrada e saída: quanto entrou ou saiu. Ajuste: a correção com sinal (−2 para tirar, 3 para pôr).",
  },
  {
    name: "custoUnitarioCentavos",
    label: "Custo unitário",
    kind: "money",
    section: "Movimentação",
    hint: "Nas entradas, o preço pago por unidade. Em branco, usa o custo do produto.",
  },
  {
    name: "motivo",
    label: "Motivo",
    kind: "text",
    section: "Movimentação",
    hint: "Ex.: Compra NF 4821, instalada no imóvel da Rua Harmonia.",
  },
  { name: "ocorridoEm", label: "Data e hora", kind: "datetime", section: "Movimentação", hint: "Em branco, agora." },
];

export const movimentacaoProdutoDefinition: ResourceDefinition<MovimentacaoProdutoRow, MovimentacaoProdutoInput> = {
  name: "movimentacoes-produtos",
  basePath: "/movimentacao-produtos",
  api: "movimentacoes-produtos",
  access: LEDGER,
  labels: {
    singular: "movimentação",
    plural: "movimentações",
    listTitle: "Movimentações de produtos",
    newTitle: "Nova Movimentação",
    editTitle: "Editar Movimentação",
    newButton: "Nova movimentação",
    empty: "Nenhuma movimentação registrada ainda.",
    emptyHint: "Registre uma entrada de estoque para começar.",
    searchPlaceholder: "",
    deleted: "Movimentação excluída.",
    restored: "Movimentação restaurada.",
  },
  columns: movimentacaoProdutoColumns,
  fields: movimentacaoProdutoFields,
  schema: movimentacaoProdutoSchema,
  defaultSort: { key: "ocorridoEm", dir: "desc" },
  pageSize: 25,
  subtitle: (row, zone) =>
    [kindLabel(row.tipo), formatSignedQuantity(row.quantidade, row.produtoUnidade), formatDateTime(row.ocorridoEm, zone)].join(" · "),
  title: (row) => `${kindLabel(row.tipo)} — ${row.produtoNome ?? "produto excluído"}`,
  screens: {
    // No edit: a movement is corrected by an adjustment (its page says so).
    plain: ["list", "create", "detail", "import", "export"],
    listDescription:
      "O razão do estoque: cada entrada, saída e ajuste, com quem fez e por quê. O saldo de cada produto é a soma destas linhas.",
    newDescription: "Entrada quando chega mercadoria, saída quando sai, ajuste para corrigir depois de contar o estoque.",
    submitLabel: "Registrar movimentação",
    formId: "form-movimentacao",
    // "Data e hora" starts blank ("Em branco, agora"): the server stamps the instant of saving, to
    // the millisecond. A prefilled minute made two movements of the same minute tie, and the
    // ledger's running balance then ordered them by id.
    newValues: { tipo: "entrada" },
    // From a product's page: `?produto=<id>&tipo=entrada|saida|ajuste`.
    presets: { produto: "produtoId", tipo: "tipo" },
    detail: {
      note: (row) => [
        "Valor da movimentação: ",
        { figure: formatBRL(row.valorCentavos) },
        ". Movimentações não se editam: para corrigir, registre um ajuste.",
      ],
      deleteNote: "A movimentação sai do razão e o estoque do produto volta ao que era sem ela. Você pode desfazer logo em seguida.",
      fieldText: {
        produtoId: (row) => (row.produtoNome ? `${row.produtoNome} (${row.produtoSku})` : "Produto excluído"),
        quantidade: (row) => formatSignedQuantity(row.quantidade, row.produtoUnidade),
        // As the page always read it: no typed cost shows R$ 0,00.
        custoUnitarioCentavos: (row) => formatBRL(row.custoUnitarioCentavos ?? 0),
      },
    },
  },
  nav: { group: "Negócio", order: 50 },
};
