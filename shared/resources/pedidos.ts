import { z } from "zod";
import { ORDER_FULFILMENT, ORDER_STATUS } from "../finance/enums.ts";
import type { OrderStatus } from "../finance/order-pipeline.ts";
import { orderPricing } from "../finance/order-pricing.ts";
import { formatPhoneBR } from "../documents.ts";
import { formatDateTime } from "../format.ts";
import { UFS } from "../organization/business-fields.ts";
import { ORDER_RECORD } from "../permissions.ts";
import { blankToUndefined, cep, optional, optionalString, phone, requiredString } from "../validation.ts";
import { auditColumns } from "./address.ts";
import { moneyColumn } from "./columns.ts";
import { optionalId, optionalOption, quantityValue, requiredOption, UF_OPTIONS, unflatten } from "./schema-helpers.ts";
import { orderWhen } from "./order-when.ts";
import type { ColumnDef, FieldDef, ResourceDefinition } from "./types.ts";
import { moneyCentavos } from "../validation.ts";

/**
 * Pedidos (issue 22, ADR 073): what a customer asked for, for a day and time, picked up or
 * delivered, moving through novo → em preparo → pronto → entregue (or cancelado), and at most
 * once becoming a sale. A registry resource (list, API, export, permission table); the items
 * and the header are one write (the module's alsoOnWrite), the status moves through its own
 * route (worker/services/finance/orders.ts). Client-safe.
 */

export const ORDER_ITEMS_MAX = 100;

export interface PedidoEndereco {
  cep: string | null;
  rua: string;
  numero: string | null;
  complemento: string | null;
  bairro: string | null;
  cidade: string;
  uf: string | null;
}

export interface PedidoItem {
  id: string;
  produtoId: string | null;
  servicoId: string | null;
  /** A service line's professional, and their name now. */
  profissionalId: string | null;
  profissionalNome: string | null;
  descricao: string;
  /** Units (1,5 kg = 1.5); stored in thousandths. */
  quantidade: number;
  precoUnitarioCentavos: number;
  descontoCentavos: number;
  totalCentavos: number;
}

export interface PedidoMudanca {
  de: OrderStatus | null;
  para: OrderStatus;
  /** ISO instant. */
  em: string;
  porNome: string | null;
}

export interface PedidoRow {
  id: string;
  numero: number;
  clienteId: string | null;
  clienteNome: string | null;
  clienteTelefone: string | null;
  contatoNome: string | null;
  contatoTelefone: string | null;
  status: OrderStatus;
  entrega: "retirada" | "entrega";
  endereco: PedidoEndereco | null;
  taxaEntregaCentavos: number;
  subtotalCentavos: number;
  descontoCentavos: number;
  totalCentavos: number;
  previstoPara: string | null;
  vendaId: string | null;
  vendaNumero: number | null;
  observacoes: string | null;
  itens: PedidoItem[];
  historico: PedidoMudanca[];
  criadoEm: string;
  atualizadoEm: string;
  criadoPor: string | null;
  criadoPorNome: string | null;
  atualizadoPor: string | null;
  atualizadoPorNome: string | null;
}

const UF_VALUES = UFS as unknown as readonly [string, ...string[]];

const optionalMoney = (field: string) => z.preprocess((v) => blankToUndefined(v) ?? 0, moneyCentavos(field, { min: 0, max: 1_000_000_00 }));

/** The form's JSON text, or `{ "0": a, "1": b }` (dotted form rows after unflatten) → `[a, b]`; an API array stays as it is. */
function rows(value: unknown): unknown {
  if (typeof value === "string" && value.trim().startsWith("[")) {
    try {
      return JSON.parse(value);
    } catch {
      return value;
    }
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) return value;
  return Object.entries(value)
    .filter(([key]) => /^\d+$/.test(key))
    .sort(([a], [b]) => Number(a) - Number(b))
    .map(([, row]) => row);
}

export const pedidoItemSchema = z
  .object({
    produtoId: optionalId("Produto"),
    servicoId: optionalId("Serviço"),
    profissionalId: optionalId("Profissional"),
    descricao: requiredString("Descrição do item", { max: 200 }),
    quantidade: quantityValue("Quantidade", { max: 100_000 }).refine((q) => q > 0, "A quantidade deve ser maior que zero"),
    precoUnitarioCentavos: moneyCentavos("Preço unitário", { min: 0, max: 1_000_000_00 }),
    descontoCentavos: optionalMoney("Desconto do item"),
  })
  .superRefine((item, ctx) => {
    if (item.produtoId && item.servicoId)
      ctx.addIssue({ code: "custom", path: ["servicoId"], message: "Um item é um produto ou um serviço, não os dois." });
    if (item.profissionalId && !item.servicoId)
      ctx.addIssue({ code: "custom", path: ["profissionalId"], message: "Só um item de serviço tem profissional." });
  });

export type PedidoItemInput = z.output<typeof pedidoItemSchema>;

/** The form and the API's body. Money in centavos (or "1.234,56" as typed); the totals are computed. */
export const pedidoSchema = z.preprocess(
  unflatten,
  z
    .object({
      clienteId: optionalId("Cliente"),
      contatoNome: optionalString("Nome de quem pediu", { max: 120 }),
      contatoTelefone: optional(phone("Telefone")),
      entrega: z.preprocess((v) => blankToUndefined(v) ?? "retirada", requiredOption("Entrega", ORDER_FULFILMENT)),
      cep: optional(cep("CEP")),
      rua: optionalString("Rua", { max: 160 }),
      // Not "numero": the order's own number is that column.
      numeroEndereco: optionalString("Número", { max: 20 }),
      complemento: optionalString("Complemento", { max: 80 }),
      bairro: optionalString("Bairro", { max: 80 }),
      cidade: optionalString("Cidade", { max: 80 }),
      uf: optionalOption("UF", { values: UF_VALUES, options: UF_OPTIONS }),
      taxaEntregaCentavos: optionalMoney("Taxa de entrega"),
      previstoPara: orderWhen("Para quando"),
      observacoes: optionalString("Observações", { max: 2000, multiline: true }),
      itens: z.preprocess(
        (v) => rows(blankToUndefined(v) ?? []),
        z
          .array(pedidoItemSchema, { error: () => "Adicione ao menos um item ao pedido." })
          .min(1, "Adicione ao menos um item ao pedido.")
          .max(ORDER_ITEMS_MAX, `Um pedido tem no máximo ${ORDER_ITEMS_MAX} itens.`),
      ),
    })
    .superRefine((v, ctx) => {
      if (!v.clienteId && !v.contatoNome)
        ctx.addIssue({ code: "custom", path: ["contatoNome"], message: "Escolha um cliente ou informe o nome de quem pediu." });
      if (v.entrega === "entrega") {
        if (!v.rua) ctx.addIssue({ code: "custom", path: ["rua"], message: "Informe a rua da entrega." });
        if (!v.cidade) ctx.addIssue({ code: "custom", path: ["cidade"], message: "Informe a cidade da entrega." });
      }
      const pricing = orderPricing(v.itens, v.entrega === "entrega" ? v.taxaEntregaCentavos : 0);
      if (!pricing.ok) ctx.addIssue({ code: "custom", path: ["itens"], message: pricing.error });
    })
    // A pick-up has neither address nor fee.
    .transform((v) =>
      v.entrega === "entrega"
        ? v
        : {
            ...v,
            cep: undefined,
            rua: undefined,
            numeroEndereco: undefined,
            complemento: undefined,
            bairro: undefined,
            cidade: undefined,
            uf: undefined,
            taxaEntregaCentavos: 0,
          },
    ),
);

export type PedidoInput = z.output<typeof pedidoSchema>;

/** "Pedido nº 12". */
export function orderTitle(row: Pick<PedidoRow, "numero">): string {
  return `Pedido nº ${row.numero}`;
}

/** Who asked: the client's name, or the walk-in's. */
export function customerName(row: Pick<PedidoRow, "clienteNome" | "contatoNome">): string {
  return row.clienteNome ?? row.contatoNome ?? "Sem cliente";
}

/** The customer's phone to call or WhatsApp: the client's, else the walk-in's (national digits). */
export function customerPhone(row: Pick<PedidoRow, "clienteTelefone" | "contatoTelefone">): string | null {
  return row.clienteTelefone ?? row.contatoTelefone ?? null;
}

/** "Rua das Flores, 120 — ap. 3, Centro, Campinas - SP, 13010-000". */
export function formatOrderAddress(address: PedidoEndereco | null): string {
  if (!address) return "";
  const street = [address.rua, address.numero].filter(Boolean).join(", ");
  const place = [address.bairro, [address.cidade, address.uf].filter(Boolean).join(" - ")].filter(Boolean).join(", ");
  const cepText = address.cep ? `${address.cep.slice(0, 5)}-${address.cep.slice(5)}` : "";
  return [[street, address.complemento].filter(Boolean).join(" — "), place, cepText].filter(Boolean).join(", ");
}

export const pedidoColumns: readonly ColumnDef<PedidoRow>[] = [
  {
    key: "numero",
    label: "Nº",
    text: (r) => String(r.numero),
    value: (r) => r.numero,
    cell: { kind: "link", href: (r) => `/orders/${r.id}` },
    sort: "number",
    align: "right",
    defaultVisible: true,
  },
  {
    key: "nome",
    label: "Cliente",
    text: (r) => customerName(r),
    sort: "text",
    defaultVisible: true,
  },
  {
    key: "cliente",
    label: "Cliente cadastrado",
    text: (r) => r.clienteNome ?? "",
    cell: { kind: "link", href: (r) => (r.clienteId && r.clienteNome ? `/clients/${r.clienteId}` : null) },
    filter: { type: "relation", relation: "clients" },
    defaultVisible: false,
  },
  {
    key: "telefone",
    label: "Telefone",
    text: (r) => {
      const p = customerPhone(r);
      return p ? formatPhoneBR(p) : "";
    },
    nowrap: true,
    defaultVisible: false,
  },
  {
    key: "status",
    label: "Situação",
    text: (r) => ORDER_STATUS.label(r.status),
    cell: { kind: "badge", tone: (r) => ORDER_STATUS.tone(r.status) },
    filter: { type: "multi-enum", options: ORDER_STATUS.options },
    defaultVisible: true,
  },
  {
    key: "previstoPara",
    label: "Para quando",
    text: (r, zone) => (r.previstoPara ? formatDateTime(r.previstoPara, zone) : ""),
    value: (r) => r.previstoPara,
    cell: { kind: "date" },
    sort: "date",
    filter: { type: "date-range" },
    defaultVisible: true,
  },
  {
    key: "entrega",
    label: "Entrega",
    text: (r) => ORDER_FULFILMENT.label(r.entrega),
    filter: { type: "enum", options: ORDER_FULFILMENT.options },
    defaultVisible: true,
  },
  { key: "endereco", label: "Endereço", text: (r) => formatOrderAddress(r.endereco), defaultVisible: false },
  moneyColumn<PedidoRow>("total", "Total", (r) => r.totalCentavos, { sortable: true, total: true }),
  {
    key: "venda",
    label: "Venda",
    text: (r) => (r.vendaNumero ? `Venda nº ${r.vendaNumero}` : ""),
    cell: { kind: "link", href: (r) => (r.vendaId ? `/sales/${r.vendaId}` : null) },
    defaultVisible: false,
  },
  { key: "observacoes", label: "Observações", text: (r) => r.observacoes ?? "", defaultVisible: false },
  ...auditColumns<PedidoRow>(false),
];

export const pedidoFields: readonly FieldDef[] = [
  {
    name: "clienteId",
    label: "Cliente",
    kind: "relation",
    relation: "clients",
    section: "Cliente",
    hint: "Busque pelo nome, telefone ou CPF. Para quem não é cadastrado, informe só o nome e o telefone.",
  },
  { name: "contatoNome", label: "Nome de quem pediu", kind: "text", section: "Cliente", hint: "Quando não há cliente cadastrado." },
  { name: "contatoTelefone", label: "Telefone", kind: "tel", section: "Cliente", autoComplete: "tel" },
  {
    name: "itens",
    label: "Itens",
    kind: "lines",
    required: true,
    section: "Itens",
    hint: "Produtos e serviços com quantidade, preço unitário e desconto (o preço vem do cadastro e pode ser mudado).",
  },
  { name: "entrega", label: "Entrega", kind: "select", required: true, options: ORDER_FULFILMENT.options, section: "Entrega" },
  {
    name: "previstoPara",
    label: "Para quando",
    kind: "datetime",
    required: true,
    section: "Entrega",
    hint: "Data e hora da retirada ou da entrega, no horário da organização.",
  },
  {
    name: "cep",
    label: "CEP",
    kind: "cep",
    section: "Entrega",
    hint: "Preenche o endereço automaticamente.",
    autoComplete: "postal-code",
    showWhen: { field: "entrega", values: ["entrega"] },
  },
  {
    name: "rua",
    label: "Rua",
    kind: "text",
    section: "Entrega",
    autoComplete: "address-line1",
    showWhen: { field: "entrega", values: ["entrega"] },
  },
  { name: "numeroEndereco", label: "Número", kind: "text", section: "Entrega", showWhen: { field: "entrega", values: ["entrega"] } },
  {
    name: "complemento",
    label: "Complemento",
    kind: "text",
    section: "Entrega",
    autoComplete: "address-line2",
    showWhen: { field: "entrega", values: ["entrega"] },
  },
  {
    name: "bairro",
    label: "Bairro",
    kind: "text",
    section: "Entrega",
    autoComplete: "address-level3",
    showWhen: { field: "entrega", values: ["entrega"] },
  },
  {
    name: "cidade",
    label: "Cidade",
    kind: "text",
    section: "Entrega",
    autoComplete: "address-level2",
    showWhen: { field: "entrega", values: ["entrega"] },
  },
  {
    name: "uf",
    label: "UF",
    kind: "select",
    options: UF_OPTIONS,
    section: "Entrega",
    autoComplete: "address-level1",
    showWhen: { field: "entrega", values: ["entrega"] },
  },
  {
    name: "taxaEntregaCentavos",
    label: "Taxa de entrega",
    kind: "money",
    section: "Entrega",
    showWhen: { field: "entrega", values: ["entrega"] },
  },
  { name: "observacoes", label: "Observações", kind: "textarea", section: "Observações" },
];

export const pedidoDefinition: ResourceDefinition<PedidoRow, PedidoInput> = {
  name: "pedidos",
  basePath: "/orders",
  api: "orders",
  access: ORDER_RECORD,
  labels: {
    singular: "pedido",
    plural: "pedidos",
    listTitle: "Pedidos",
    newTitle: "Novo Pedido",
    editTitle: "Editar Pedido",
    newButton: "Novo pedido",
    empty: "Nenhum pedido ainda.",
    emptyHint: "Anote o que o cliente pediu, para quando e se é retirada ou entrega: o quadro acompanha o preparo.",
    searchPlaceholder: "Buscar pelo número ou pelo cliente",
    deleted: "Pedido excluído.",
    restored: "Pedido restaurado.",
  },
  columns: pedidoColumns,
  fields: pedidoFields,
  schema: pedidoSchema,
  // The latest "para quando" first: what is coming, then what was done.
  defaultSort: { key: "previstoPara", dir: "desc" },
  pageSize: 25,
  subtitle: (row, zone) =>
    [customerName(row), ORDER_STATUS.label(row.status), row.previstoPara ? formatDateTime(row.previstoPara, zone) : ""]
      .filter(Boolean)
      .join(" · "),
  title: (row) => orderTitle(row),
  screens: {
    // The list with its board, the form with its items and the order's page are own route modules.
    plain: ["export"],
    listDescription: "O que os clientes pediram, para quando, e em que etapa está: novo, em preparo, pronto, entregue.",
    newDescription: "Itens, cliente, retirada ou entrega e para quando. Quando o cliente pagar, gere a venda com um clique.",
    submitLabel: "Salvar pedido",
    formId: "form-pedido",
    newValues: { entrega: "retirada" },
    presets: { cliente: "clienteId" },
  },
  nav: { group: "Negócio", order: 45 },
};
