import { SALE_STATUS, type SALE_STATUSES } from "../finance/enums.ts";
import { SALE_DRAFT_LIMITS, type SaleDraft, saleDraftSchema } from "../finance/sale-draft.ts";
import { formatBRL, formatDateTime } from "../format.ts";
import { PAYMENT_METHOD, type PaymentMethod } from "../money/payment-method.ts";
import { SALE } from "../permissions.ts";
import { auditColumns } from "./address.ts";
import { moneyColumn } from "./columns.ts";
import type { ColumnDef, FieldDef, ResourceDefinition } from "./types.ts";

/**
 * Vendas (issue 22, ADR 071): the list of sales with their totals. A sale is made only by the
 * checkout (/sales/nova, the orders' "Gerar venda", the service desk) through the sale
 * transaction — `POST /api/sales` takes the same draft — and never edited: it is cancelled
 * (`POST /api/sales/:id/cancel`). Client-safe.
 */

export type SaleStatus = (typeof SALE_STATUSES)[number];

export interface VendaRow {
  id: string;
  numero: number;
  clienteId: string | null;
  /** The client's name now (null: no client, or removed). */
  clienteNome: string | null;
  /** A walk-in customer's name and phone (no client record). */
  contatoNome: string | null;
  contatoTelefone: string | null;
  status: SaleStatus;
  subtotalCentavos: number;
  descontoCentavos: number;
  descontoTotalCentavos: number;
  totalCentavos: number;
  trocoCentavos: number;
  /** The payment methods, in the sale's order, comma-separated ("pix,dinheiro"). */
  formas: string | null;
  /** How many lines the sale has. */
  itens: number;
  vendidaEm: string;
  canceladaEm: string | null;
  canceladaPor: string | null;
  motivoCancelamento: string | null;
  pedidoId: string | null;
  agendamentoId: string | null;
  observacoes: string | null;
  rascunhoId: string | null;
  criadoEm: string;
  atualizadoEm: string;
  criadoPor: string | null;
  criadoPorNome: string | null;
  atualizadoPor: string | null;
  atualizadoPorNome: string | null;
}

export function methodsOf(row: Pick<VendaRow, "formas">): PaymentMethod[] {
  return (row.formas ?? "").split(",").filter((m): m is PaymentMethod => PAYMENT_METHOD.has(m));
}

function methodsText(row: Pick<VendaRow, "formas">): string {
  return [...new Set(methodsOf(row))].map((m) => PAYMENT_METHOD.label(m)).join(", ");
}

export const vendaColumns: readonly ColumnDef<VendaRow>[] = [
  {
    key: "numero",
    label: "Nº",
    text: (r) => String(r.numero),
    value: (r) => r.numero,
    cell: { kind: "link", href: (r) => `/sales/${r.id}` },
    sort: "number",
    align: "right",
    nowrap: true,
    defaultVisible: true,
  },
  {
    key: "vendidaEm",
    label: "Data",
    text: (r, zone) => formatDateTime(r.vendidaEm, zone),
    value: (r) => r.vendidaEm,
    cell: { kind: "date" },
    sort: "date",
    filter: { type: "date-range" },
    defaultVisible: true,
  },
  {
    key: "nome",
    label: "Cliente",
    text: (r) => r.clienteNome ?? (r.clienteId ? "Cliente excluído" : (r.contatoNome ?? "Sem cliente")),
    cell: { kind: "link", href: (r) => (r.clienteId && r.clienteNome ? `/clients/${r.clienteId}` : null) },
    sort: "text",
    defaultVisible: true,
  },
  {
    key: "forma",
    label: "Pagamento",
    text: (r) => methodsText(r),
    filter: { type: "multi-enum", options: PAYMENT_METHOD.options },
    defaultVisible: true,
  },
  moneyColumn<VendaRow>("total", "Total", (r) => r.totalCentavos, { sortable: true, filterable: true, total: true }),
  moneyColumn<VendaRow>("desconto", "Desconto", (r) => r.descontoCentavos, { visible: false }),
  moneyColumn<VendaRow>("troco", "Troco", (r) => r.trocoCentavos, { visible: false }),
  {
    key: "status",
    label: "Situação",
    text: (r) => SALE_STATUS.label(r.status),
    cell: { kind: "badge", tone: (r) => SALE_STATUS.tone(r.status) },
    filter: { type: "multi-enum", options: SALE_STATUS.options },
    defaultVisible: true,
  },
  { key: "motivoCancelamento", label: "Motivo do cancelamento", text: (r) => r.motivoCancelamento ?? "", defaultVisible: false },
  ...auditColumns<VendaRow>(true),
];

/**
 * The draft's top-level fields, for the API's body check and reference (no generic form: the
 * checkout builds the draft). Lists and objects are `draft` fields: their JSON Schema is zod's.
 */
export const vendaFields: readonly FieldDef[] = [
  {
    name: "draftId",
    label: "Id do rascunho",
    kind: "text",
    required: true,
    section: "Venda",
    hint: "Um UUID por venda: repetir o envio devolve a mesma venda.",
  },
  { name: "clientId", label: "Cliente", kind: "relation", relation: "clients", section: "Venda" },
  {
    name: "customerName",
    label: "Nome do cliente avulso",
    kind: "text",
    section: "Venda",
    hint: "Quem comprou sem cadastro (sem clientId): sai no recibo e na lista.",
  },
  { name: "customerPhone", label: "Telefone do cliente avulso", kind: "tel", section: "Venda" },
  { name: "items", label: "Itens", kind: "draft", required: true, section: "Venda", hint: `De 1 a ${SALE_DRAFT_LIMITS.items}.` },
  { name: "totalDiscount", label: "Desconto no total", kind: "draft", section: "Venda" },
  { name: "payments", label: "Pagamentos", kind: "draft", required: true, section: "Venda", hint: `De 1 a ${SALE_DRAFT_LIMITS.payments}.` },
  { name: "expectedTotalCentavos", label: "Total mostrado (centavos)", kind: "number", required: true, section: "Venda" },
  { name: "notes", label: "Observações", kind: "textarea", section: "Venda" },
  { name: "orderId", label: "Pedido", kind: "draft", section: "Origem" },
  { name: "appointmentId", label: "Agendamento", kind: "draft", section: "Origem" },
];

export const vendaDefinition: ResourceDefinition<VendaRow, SaleDraft> = {
  name: "vendas",
  basePath: "/sales",
  api: "sales",
  access: SALE,
  labels: {
    singular: "venda",
    plural: "vendas",
    listTitle: "Vendas",
    newTitle: "Nova Venda",
    editTitle: "Venda",
    newButton: "Nova venda",
    empty: "Nenhuma venda ainda.",
    emptyHint: "Faça a primeira venda no ponto de venda.",
    searchPlaceholder: "Buscar por número ou cliente",
    deleted: "Venda excluída.",
    restored: "Venda restaurada.",
  },
  columns: vendaColumns,
  fields: vendaFields,
  schema: saleDraftSchema,
  defaultSort: { key: "vendidaEm", dir: "desc" },
  pageSize: 25,
  subtitle: (row, zone) => [formatDateTime(row.vendidaEm, zone), formatBRL(row.totalCentavos), SALE_STATUS.label(row.status)].join(" · "),
  title: (row) => `Venda nº ${row.numero}`,
  screens: {
    // The point of sale (/sales/nova) and the receipt (/sales/:id) are their own route modules.
    plain: ["list", "export"],
    createPath: "/sales/nova",
    listDescription: "Cada venda do balcão, dos pedidos e dos atendimentos, com o total, as formas de pagamento e a situação.",
    newDescription: "",
    submitLabel: "Concluir venda",
    formId: "form-venda",
  },
  nav: { group: "Financeiro", order: 10 },
};
