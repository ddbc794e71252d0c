import { z } from "zod";
import { EXPENSE_CATEGORIES } from "../finance/expense-categories.ts";
import { EXPENSE_STATUS, RECURRENCE } from "../finance/enums.ts";
import { formatLocalDay } from "../finance/local-day.ts";
import { settleBulkAction } from "../finance/settle-bulk-action.ts";
import { formatBRL, formatDate } from "../format.ts";
import { PAYMENT_METHOD } from "../money/payment-method.ts";
import { FINANCE } from "../permissions.ts";
import { messages, moneyCentavos, optionalString, requiredString } from "../validation.ts";
import { auditColumns } from "./address.ts";
import { moneyColumn } from "./columns.ts";
import { optionalDate, optionalId, optionalOption, unflatten, YES_NO_OPTIONS } from "./schema-helpers.ts";
import type { ColumnDef, FieldDef, ResourceDefinition } from "./types.ts";

/** Despesas / contas a pagar (ADR 072). Client-safe. Paying is its own action (worker/services/finance/settle.ts). */

export type ExpenseStatus = (typeof EXPENSE_STATUS.values)[number];
export type Recurrence = (typeof RECURRENCE.values)[number];

export interface DespesaRow {
  id: string;
  descricao: string;
  categoria: string | null;
  fornecedorId: string | null;
  fornecedorNome: string | null;
  valorCentavos: number;
  vencimento: string;
  status: ExpenseStatus;
  recorrencia: Recurrence;
  recorrenciaFim: string | null;
  serieId: string | null;
  pagaEm: string | null;
  contaId: string | null;
  contaNome: string | null;
  forma: string | null;
  observacoes: string | null;
  criadoEm: string;
  atualizadoEm: string;
  criadoPor: string | null;
  criadoPorNome: string | null;
  atualizadoPor: string | null;
  atualizadoPorNome: string | null;
}

/** R$ 10 milhões: far past a small business's bill. */
export const MAX_BILL_CENTAVOS = 1_000_000_000;

export const despesaSchema = z.preprocess(
  unflatten,
  z
    .object({
      descricao: requiredString("Descrição", { max: 200 }),
      categoria: optionalString("Categoria", { max: 60 }),
      fornecedorId: optionalId("Fornecedor"),
      valorCentavos: moneyCentavos("Valor", { min: 1, max: MAX_BILL_CENTAVOS }),
      vencimento: optionalDate("Vencimento"),
      recorrencia: z.preprocess((v) => (v === undefined || v === "" ? "nenhuma" : v), optionalOption("Repetição", RECURRENCE)),
      recorrenciaFim: optionalDate("Repetir até"),
      observacoes: optionalString("Observações", { max: 1000, multiline: true }),
    })
    .superRefine((value, ctx) => {
      if (!value.vencimento) ctx.addIssue({ code: "custom", path: ["vencimento"], message: messages.required("Vencimento") });
      if (value.recorrenciaFim && value.recorrencia === "nenhuma") {
        ctx.addIssue({
          code: "custom",
          path: ["recorrenciaFim"],
          message: "Escolha como a despesa se repete, ou deixe “Repetir até” em branco.",
        });
      }
      if (value.recorrenciaFim && value.vencimento && value.recorrenciaFim < value.vencimento) {
        ctx.addIssue({ code: "custom", path: ["recorrenciaFim"], message: "“Repetir até” precisa ser depois do vencimento." });
      }
    }),
);

export type DespesaInput = Omit<z.output<typeof despesaSchema>, "vencimento" | "recorrencia"> & {
  vencimento: string;
  recorrencia: Recurrence;
};

/** The usual categories: the form's suggestions and the list's category filter (any other typed is kept). */
export const EXPENSE_CATEGORY_OPTIONS = EXPENSE_CATEGORIES.map((c) => ({ value: c, label: c }));

const statusLabel = (row: DespesaRow) => EXPENSE_STATUS.label(row.status);

export const despesaColumns: readonly ColumnDef<DespesaRow>[] = [
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
    key: "categoria",
    label: "Categoria",
    text: (r) => r.categoria ?? "",
    filter: { type: "text", options: EXPENSE_CATEGORY_OPTIONS },
    defaultVisible: true,
  },
  {
    key: "fornecedor",
    label: "Fornecedor",
    text: (r) => r.fornecedorNome ?? "",
    cell: { kind: "link", href: (r) => (r.fornecedorNome && r.fornecedorId ? `/companies/${r.fornecedorId}` : null) },
    filter: { type: "relation", relation: "companies" },
    defaultVisible: true,
  },
  moneyColumn<DespesaRow>("valor", "Valor", (r) => r.valorCentavos, { sortable: true, filterable: true, total: true }),
  {
    key: "status",
    label: "Situação",
    text: statusLabel,
    cell: { kind: "badge", tone: (r) => EXPENSE_STATUS.tone(r.status) },
    filter: { type: "multi-enum", options: EXPENSE_STATUS.options },
    defaultVisible: true,
  },
  {
    key: "vencidas",
    label: "Vencida",
    text: () => "",
    filter: { type: "boolean", options: YES_NO_OPTIONS },
    defaultVisible: false,
  },
  { key: "recorrencia", label: "Repetição", text: (r) => RECURRENCE.label(r.recorrencia) },
  {
    key: "pagaEm",
    label: "Paga em",
    text: (r, zone) => (r.pagaEm ? formatDate(r.pagaEm, zone) : ""),
    value: (r) => r.pagaEm,
    cell: { kind: "date" },
    defaultVisible: false,
  },
  {
    key: "conta",
    label: "Conta",
    text: (r) => r.contaNome ?? "",
    defaultVisible: false,
  },
  { key: "forma", label: "Forma", text: (r) => PAYMENT_METHOD.label(r.forma), defaultVisible: false },
  ...auditColumns<DespesaRow>(true),
];

export const despesaFields: readonly FieldDef[] = [
  { name: "descricao", label: "Descrição", kind: "text", required: true, section: "Despesa", hint: "Ex.: Aluguel da loja, Conta de luz." },
  {
    name: "categoria",
    label: "Categoria",
    kind: "text",
    section: "Despesa",
    suggestions: EXPENSE_CATEGORIES,
    hint: "Escolha uma sugestão ou escreva outra.",
  },
  { name: "fornecedorId", label: "Fornecedor", kind: "relation", relation: "companies", section: "Despesa" },
  { name: "valorCentavos", label: "Valor", kind: "money", required: true, section: "Despesa" },
  { name: "vencimento", label: "Vencimento", kind: "date", required: true, section: "Despesa" },
  {
    name: "recorrencia",
    label: "Repetição",
    kind: "select",
    options: RECURRENCE.options,
    section: "Repetição",
    placeholder: "Não se repete",
  },
  {
    name: "recorrenciaFim",
    label: "Repetir até",
    kind: "date",
    section: "Repetição",
    hint: "Em branco, repete sem fim. As próximas ocorrências aparecem com um mês de antecedência.",
    showWhen: { field: "recorrencia", values: ["semanal", "mensal", "anual"] },
  },
  { name: "observacoes", label: "Observações", kind: "textarea", section: "Observações" },
];

export const despesaDefinition: ResourceDefinition<DespesaRow, DespesaInput> = {
  name: "despesas",
  basePath: "/contas",
  api: "despesas",
  access: FINANCE,
  labels: {
    singular: "despesa",
    plural: "despesas",
    listTitle: "Despesas",
    newTitle: "Nova Despesa",
    editTitle: "Editar Despesa",
    newButton: "Nova despesa",
    empty: "Nenhuma despesa registrada ainda.",
    emptyHint: "Cadastre o aluguel, a luz e as contas do mês para ver o que vence e o que já foi pago.",
    searchPlaceholder: "Buscar por descrição ou fornecedor",
    deleted: "Despesa excluída.",
    restored: "Despesa restaurada.",
  },
  columns: despesaColumns,
  fields: despesaFields,
  schema: despesaSchema as unknown as z.ZodType<DespesaInput, unknown>,
  defaultSort: { key: "vencimento", dir: "asc" },
  pageSize: 25,
  subtitle: (row) =>
    [`Vence ${formatLocalDay(row.vencimento)}`, formatBRL(row.valorCentavos), statusLabel(row), row.categoria ?? ""]
      .filter(Boolean)
      .join(" · "),
  title: (row) => row.descricao,
  screens: {
    plain: ["list", "create", "edit", "export"],
    listDescription: "As contas a pagar do negócio: o que vence, o que atrasou e o que já saiu do caixa.",
    newDescription: "Uma conta a pagar. Se ela se repete (aluguel, internet), escolha a repetição: as próximas aparecem sozinhas.",
    submitLabel: "Salvar despesa",
    formId: "form-despesa",
    newValues: { recorrencia: "nenhuma" },
    presets: { fornecedor: "fornecedorId" },
  },
  nav: { group: "Financeiro", order: 20 },
  bulkActions: [
    settleBulkAction<DespesaRow>({
      key: "pagar",
      label: "Marcar como pago",
      one: "despesa",
      done: "paga",
      day: "Data do pagamento",
      account: "Conta de onde saiu",
      confirmLabel: "Confirmar pagamento",
      note: "Cada uma vira uma saída em Movimentações, na conta e na data escolhidas. Se alguma já estiver paga, nada é alterado.",
    }),
  ],
};
