import { z } from "zod";
import { CASH_MOVEMENT_KIND, type CashMovementKind, FINANCE_ACCOUNT_KIND } from "../finance/enums.ts";
import { MAX_DESCRIPTION, MAX_MOVEMENT_CENTAVOS } from "../finance/movement-rules.ts";
import { formatBRL, formatDateTime } from "../format.ts";
import { ID_RE } from "../id.ts";
import { PAYMENT_METHOD, PAYMENT_METHODS } from "../money/payment-method.ts";
import { CASH_LEDGER } from "../permissions.ts";
import { moneyCentavos, requiredString } from "../validation.ts";
import { auditColumns } from "./address.ts";
import { moneyColumn } from "./columns.ts";
import { dateTime, optionalOption, requiredOption, unflatten } from "./schema-helpers.ts";
import type { ColumnDef, FieldDef, ResourceDefinition } from "./types.ts";

/**
 * Movimentações: the cash ledger across accounts (ADR 069/072). Client-safe. A person records an
 * entrada or a saída here; transfers and estornos are their own actions; sales, bills and
 * receivables write theirs. Balances are sums of these rows (never stored).
 */

export interface MovimentacaoRow {
  id: string;
  contaId: string;
  contaNome: string | null;
  contaTipo: string | null;
  tipo: CashMovementKind;
  valorCentavos: number;
  ocorridoEm: string;
  descricao: string;
  forma: string | null;
  vendaId: string | null;
  recebivelId: string | null;
  despesaId: string | null;
  transferenciaId: string | null;
  estornoDe: string | null;
  /** The estorno that undid this row, if any. */
  estornadoPor: string | null;
  criadoEm: string;
  atualizadoEm: string;
  criadoPor: string | null;
  criadoPorNome: string | null;
  atualizadoPor: string | null;
  atualizadoPorNome: string | null;
}

/** What a person types: entradas and saídas (typed positive; the kind gives the sign). */
export const MANUAL_MOVEMENT_KIND = {
  values: ["entrada", "saida"] as const,
  options: CASH_MOVEMENT_KIND.options.filter((o) => o.value === "entrada" || o.value === "saida"),
};

export const movimentacaoSchema = z.preprocess(
  unflatten,
  z.object({
    contaId: z
      .string({ error: (iss) => (iss.input === undefined ? "O campo Conta é obrigatório" : "O campo Conta não é válido") })
      .trim()
      .min(1, "O campo Conta é obrigatório")
      .regex(ID_RE, "O campo Conta não é válido"),
    tipo: requiredOption("Tipo", MANUAL_MOVEMENT_KIND),
    valorCentavos: moneyCentavos("Valor", { min: 1, max: MAX_MOVEMENT_CENTAVOS }),
    descricao: requiredString("Descrição", { max: MAX_DESCRIPTION }),
    forma: optionalOption("Forma", { values: PAYMENT_METHODS, options: PAYMENT_METHOD.options }),
    ocorridoEm: z.preprocess((v) => (v === undefined || v === "" ? new Date().toISOString() : v), dateTime("Data e hora")),
  }),
);

export type MovimentacaoInput = z.output<typeof movimentacaoSchema>;

const kindLabel = (row: MovimentacaoRow) => CASH_MOVEMENT_KIND.label(row.tipo);

/** "+R$ 10,00" / "−R$ 10,00". */
export function formatSignedBRL(centavos: number): string {
  return `${centavos < 0 ? "−" : "+"}${formatBRL(Math.abs(centavos))}`;
}

export const movimentacaoColumns: readonly ColumnDef<MovimentacaoRow>[] = [
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
  { key: "nome", label: "Descrição", text: (r) => r.descricao, sort: "text", defaultVisible: true },
  {
    key: "conta",
    label: "Conta",
    text: (r) => r.contaNome ?? "",
    filter: { type: "relation", relation: "contas-financeiras" },
    defaultVisible: true,
  },
  {
    key: "tipo",
    label: "Tipo",
    text: kindLabel,
    cell: { kind: "badge", tone: (r) => CASH_MOVEMENT_KIND.tone(r.tipo) },
    filter: { type: "multi-enum", options: CASH_MOVEMENT_KIND.options },
    defaultVisible: true,
  },
  {
    ...moneyColumn<MovimentacaoRow>("valor", "Valor", (r) => r.valorCentavos, { sortable: true, filterable: true, total: true }),
    text: (r) => formatSignedBRL(r.valorCentavos),
  },
  {
    key: "forma",
    label: "Forma",
    text: (r) => PAYMENT_METHOD.label(r.forma),
    defaultVisible: false,
  },
  { key: "por", label: "Por", text: (r) => r.criadoPorNome ?? "", defaultVisible: false },
  ...auditColumns<MovimentacaoRow>(true),
];

export const movimentacaoFields: readonly FieldDef[] = [
  { name: "contaId", label: "Conta", kind: "relation", relation: "contas-financeiras", required: true, section: "Lançamento" },
  { name: "tipo", label: "Tipo", kind: "select", required: true, options: MANUAL_MOVEMENT_KIND.options, section: "Lançamento" },
  { name: "valorCentavos", label: "Valor", kind: "money", required: true, section: "Lançamento" },
  {
    name: "descricao",
    label: "Descrição",
    kind: "text",
    required: true,
    section: "Lançamento",
    hint: "Ex.: Troco inicial do caixa, Tarifa do banco.",
  },
  { name: "forma", label: "Forma", kind: "select", options: PAYMENT_METHOD.options, section: "Lançamento" },
  { name: "ocorridoEm", label: "Data e hora", kind: "datetime", section: "Lançamento", hint: "Em branco, agora." },
];

export const movimentacaoDefinition: ResourceDefinition<MovimentacaoRow, MovimentacaoInput> = {
  name: "movimentacoes",
  basePath: "/movimentacoes",
  api: "movimentacoes",
  access: CASH_LEDGER,
  labels: {
    singular: "movimentação",
    plural: "movimentações",
    listTitle: "Movimentações",
    newTitle: "Nova Movimentação",
    editTitle: "Editar Movimentação",
    newButton: "Novo lançamento",
    empty: "Nenhuma movimentação no caixa ainda.",
    emptyHint: "Vendas, despesas pagas e receitas recebidas aparecem aqui; lance o saldo inicial de cada conta para começar.",
    searchPlaceholder: "Buscar na descrição",
    deleted: "Movimentação excluída.",
    restored: "Movimentação restaurada.",
  },
  columns: movimentacaoColumns,
  fields: movimentacaoFields,
  schema: movimentacaoSchema,
  defaultSort: { key: "ocorridoEm", dir: "desc" },
  pageSize: 50,
  subtitle: (row, zone) =>
    [kindLabel(row), formatSignedBRL(row.valorCentavos), row.contaNome ?? "", formatDateTime(row.ocorridoEm, zone)].join(" · "),
  title: (row) => row.descricao,
  screens: {
    // No edit and no delete: a movement is undone by an estorno (its page says so).
    plain: ["list", "create", "export"],
    listDescription: "O caixa do negócio: cada entrada e saída, em cada conta. Os saldos são a soma destas linhas.",
    newDescription: "Uma entrada ou saída que não veio de uma venda, despesa ou receita (troco inicial, tarifa, retirada).",
    submitLabel: "Lançar",
    formId: "form-movimentacao-caixa",
    newValues: { tipo: "entrada" },
    presets: { conta: "contaId", tipo: "tipo" },
    detail: {
      note: (row) => [
        "Valor: ",
        { figure: formatSignedBRL(row.valorCentavos) },
        ". Lançamentos não se editam nem se excluem: para desfazer, faça o estorno.",
      ],
      fieldText: { contaId: (row) => row.contaNome ?? "" },
    },
  },
  nav: { group: "Financeiro", order: 40 },
};

export const FINANCE_ACCOUNT_KIND_OPTIONS = FINANCE_ACCOUNT_KIND.options;
