import { z } from "zod";
import { RECEIVABLE_STATUS } from "../finance/enums.ts";
import { REVENUE_CATEGORIES } from "../finance/expense-categories.ts";
import { settleBulkAction } from "../finance/settle-bulk-action.ts";
import { formatLocalDay } from "../finance/local-day.ts";
import { formatBRL, formatDate } from "../format.ts";
import { PAYMENT_METHOD, PAYMENT_METHODS } from "../money/payment-method.ts";
import { FINANCE } from "../permissions.ts";
import { messages, moneyCentavos, optionalString, requiredString } from "../validation.ts";
import { auditColumns } from "./address.ts";
import { moneyColumn } from "./columns.ts";
import { MAX_BILL_CENTAVOS } from "./despesas.ts";
import { optionalDate, optionalId, optionalOption, unflatten, YES_NO_OPTIONS } from "./schema-helpers.ts";
import type { ColumnDef, FieldDef, ResourceDefinition } from "./types.ts";

/**
 * Receitas / contas a receber (ADR 072): a sale's installments (written by the sale, ADR 071)
 * or typed here. Client-safe. Receiving is its own action (worker/services/finance/settle.ts).
 */

export type ReceivableStatus = (typeof RECEIVABLE_STATUS.values)[number];

export interface ReceitaRow {
  id: string;
  descricao: string;
  clienteId: string | null;
  clienteNome: string | null;
  vendaId: string | null;
  vendaNumero: number | null;
  forma: string | null;
  parcela: number;
  parcelas: number;
  valorCentavos: number;
  vencimento: string;
  status: ReceivableStatus;
  recebidaEm: string | null;
  contaId: string | null;
  contaNome: string | null;
  categoria: string | null;
  observacoes: string | null;
  criadoEm: string;
  atualizadoEm: string;
  criadoPor: string | null;
  criadoPorNome: string | null;
  atualizadoPor: string | null;
  atualizadoPorNome: string | null;
}

const METHOD = { values: PAYMENT_METHODS, options: PAYMENT_METHOD.options };

export const receitaSchema = z.preprocess(
  unflatten,
  z
    .object({
      descricao: requiredString("Descrição", { max: 200 }),
      clienteId: optionalId("Cliente"),
      categoria: optionalString("Categoria", { max: 60 }),
      valorCentavos: moneyCentavos("Valor", { min: 1, max: MAX_BILL_CENTAVOS }),
      vencimento: optionalDate("Vencimento"),
      forma: optionalOption("Forma de pagamento", METHOD),
      observacoes: optionalString("Observações", { max: 1000, multiline: true }),
    })
    .superRefine((value, ctx) => {
      if (!value.vencimento) ctx.addIssue({ code: "custom", path: ["vencimento"], message: messages.required("Vencimento") });
    }),
);

export type ReceitaInput = Omit<z.output<typeof receitaSchema>, "vencimento"> & { vencimento: string };

/** The usual categories: the form's suggestions and the list's category filter (any other typed is kept). */
export const REVENUE_CATEGORY_OPTIONS = REVENUE_CATEGORIES.map((c) => ({ value: c, label: c }));

const statusLabel = (row: ReceitaRow) => RECEIVABLE_STATUS.label(row.status);
const origin = (row: ReceitaRow) =>
  row.vendaNumero ? `Venda nº ${row.vendaNumero}${row.parcelas > 1 ? ` · parcela ${row.parcela}/${row.parcelas}` : ""}` : "Manual";

export const receitaColumns: readonly ColumnDef<ReceitaRow>[] = [
  {
    key: "vencimento",
    label: "Vencimento",
    text: (r) => formatLocalDay(r.vencimento),
    value: (r) => r.vencimento,
    cell: { kind: "date" },
    sort: "text",
    filter: { type: "date-range" },
    defaultVisible: true,
  },
  { key: "nome", label: "Descrição", text: (r) => r.descricao, sort: "text", defaultVisible: true },
  {
    key: "cliente",
    label: "Cliente",
    text: (r) => r.clienteNome ?? "",
    cell: { kind: "link", href: (r) => (r.clienteNome && r.clienteId ? `/clients/${r.clienteId}` : null) },
    filter: { type: "relation", relation: "clients" },
    defaultVisible: true,
  },
  { key: "origem", label: "Origem", text: origin, defaultVisible: true },
  moneyColumn<ReceitaRow>("valor", "Valor", (r) => r.valorCentavos, { sortable: true, filterable: true, total: true }),
  {
    key: "status",
    label: "Situação",
    text: statusLabel,
    cell: { kind: "badge", tone: (r) => RECEIVABLE_STATUS.tone(r.status) },
    filter: { type: "multi-enum", options: RECEIVABLE_STATUS.options },
    defaultVisible: true,
  },
  { key: "vencidas", label: "Vencida", text: () => "", filter: { type: "boolean", options: YES_NO_OPTIONS }, defaultVisible: false },
  {
    key: "forma",
    label: "Forma",
    text: (r) => PAYMENT_METHOD.label(r.forma),
    defaultVisible: false,
  },
  {
    key: "recebidaEm",
    label: "Recebida em",
    text: (r, zone) => (r.recebidaEm ? formatDate(r.recebidaEm, zone) : ""),
    value: (r) => r.recebidaEm,
    cell: { kind: "date" },
    defaultVisible: false,
  },
  { key: "conta", label: "Conta", text: (r) => r.contaNome ?? "", defaultVisible: false },
  {
    key: "categoria",
    label: "Categoria",
    text: (r) => r.categoria ?? "",
    filter: { type: "text", options: REVENUE_CATEGORY_OPTIONS },
    defaultVisible: false,
  },
  ...auditColumns<ReceitaRow>(true),
];

export const receitaFields: readonly FieldDef[] = [
  {
    name: "descricao",
    label: "Descrição",
    kind: "text",
    required: true,
    section: "Receita",
    hint: "Ex.: Aluguel da sala, Serviço faturado.",
  },
  { name: "clienteId", label: "Cliente", kind: "relation", relation: "clients", section: "Receita" },
  {
    name: "categoria",
    label: "Categoria",
    kind: "text",
    section: "Receita",
    suggestions: REVENUE_CATEGORIES,
    hint: "Escolha uma sugestão ou escreva outra.",
  },
  { name: "valorCentavos", label: "Valor", kind: "money", required: true, section: "Receita" },
  { name: "vencimento", label: "Vencimento", kind: "date", required: true, section: "Receita" },
  { name: "forma", label: "Forma de pagamento", kind: "select", options: PAYMENT_METHOD.options, section: "Receita" },
  { name: "observacoes", label: "Observações", kind: "textarea", section: "Observações" },
];

export const receitaDefinition: ResourceDefinition<ReceitaRow, ReceitaInput> = {
  name: "receitas",
  basePath: "/receitas",
  api: "receitas",
  access: FINANCE,
  labels: {
    singular: "receita",
    plural: "receitas",
    listTitle: "Receitas",
    newTitle: "Nova Receita",
    editTitle: "Editar Receita",
    newButton: "Nova receita",
    empty: "Nenhuma receita a receber ainda.",
    emptyHint: "As parcelas das vendas a prazo aparecem aqui sozinhas; cadastre outras à mão.",
    searchPlaceholder: "Buscar por descrição ou cliente",
    deleted: "Receita excluída.",
    restored: "Receita restaurada.",
  },
  columns: receitaColumns,
  fields: receitaFields,
  schema: receitaSchema as unknown as z.ZodType<ReceitaInput, unknown>,
  defaultSort: { key: "vencimento", dir: "asc" },
  pageSize: 25,
  subtitle: (row) =>
    [`Vence ${formatLocalDay(row.vencimento)}`, formatBRL(row.valorCentavos), statusLabel(row), origin(row)].filter(Boolean).join(" · "),
  title: (row) => row.descricao,
  screens: {
    plain: ["list", "create", "edit", "export"],
    listDescription: "O que o negócio tem a receber: parcelas das vendas a prazo e receitas lançadas à mão.",
    newDescription: "Uma conta a receber que não veio de uma venda (um aluguel, um serviço faturado).",
    submitLabel: "Salvar receita",
    formId: "form-receita",
    presets: { cliente: "clienteId" },
  },
  nav: { group: "Financeiro", order: 30 },
  bulkActions: [
    settleBulkAction<ReceitaRow>({
      key: "receber",
      label: "Marcar como recebido",
      one: "receita",
      done: "recebida",
      day: "Data do recebimento",
      account: "Conta onde entrou",
      confirmLabel: "Confirmar recebimento",
      note: "Cada uma vira uma entrada em Movimentações, na conta e na data escolhidas. Se alguma já estiver recebida, nada é alterado.",
    }),
  ],
};
