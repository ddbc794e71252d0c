import { z } from "zod";
import {
  COMMISSION_FIXED_MAX_CENTAVOS,
  COMMISSION_PERCENT_MAX,
  commissionRule,
  formatCommission,
  percentToBasisPoints,
} from "../agenda/commission.ts";
import { DURATION_OPTIONS, formatDuration, isValidDuration, parseDuration } from "../agenda/duration.ts";
import { COMMISSION_KIND, type CommissionKind } from "../enums/agenda.ts";
import { formatBRL, formatNumber } from "../format.ts";
import { isId } from "../id.ts";
import { OFFICE_RECORD } from "../permissions.ts";
import { checkbox, moneyCentavos, numberValue, optionalString, requiredString } from "../validation.ts";
import { auditColumns } from "./address.ts";
import { moneyColumn } from "./columns.ts";
import { optionalOption, unflatten, YES_NO_OPTIONS } from "./schema-helpers.ts";
import type { ColumnDef, FieldDef, FilterOption, ResourceDefinition } from "./types.ts";

/**
 * Serviços (issue 21): what the business sells by time — a cut, a consultation, a cleaning. The
 * agenda books them (the durations make an appointment's end), the desk records them performed
 * (the products they consume leave the stock), and a post can start from one. Client-safe.
 */

/** A product a service consumes each time, as the service's page and the API show it. */
export interface ServicoProduto {
  produtoId: string;
  nome: string;
  sku: string;
  unidade: string;
  /** In the product's unit (three decimals at most). */
  quantidade: number;
  /** The product's stock now, in its unit. */
  estoque: number;
  /** The product's unit cost (centavos). */
  custoCentavos: number;
}

/** A service as lists, the detail page, the export and the API show it. Dates are ISO strings. */
export interface ServicoRow {
  id: string;
  nome: string;
  categoria: string | null;
  /** Minutes (5–720). */
  duracaoMin: number;
  precoCentavos: number;
  /** Empty: each professional's commission, or the business default. */
  comissaoTipo: CommissionKind | null;
  /** Basis points (percentual) or centavos (fixo). */
  comissaoValor: number | null;
  /** The form's reading of the commission: the percentage (10.5), or the fixed amount (centavos). */
  comissaoPercentual: number | null;
  comissaoFixoCentavos: number | null;
  agendaOnline: boolean;
  ativo: boolean;
  descricao: string | null;
  /** The live professionals of the organização who perform it. */
  profissionalIds: string[];
  /** The products it consumes (live products of the organização), by name. */
  produtos: ServicoProduto[];
  /** The products' cost for one service (quantity × unit cost, summed; centavos). */
  custoProdutosCentavos: number;
  criadoEm: string;
  atualizadoEm: string;
  criadoPor: string | null;
  criadoPorNome: string | null;
  atualizadoPor: string | null;
  atualizadoPorNome: string | null;
}

export const COMMISSION_KIND_OPTIONS: readonly FilterOption[] = COMMISSION_KIND.options;

/** A service consumes at most this many different products (a kit, not a warehouse). */
export const SERVICE_PRODUCTS_MAX = 30;
/** A service is performed by at most this many professionals (a large clinic's whole team). */
export const SERVICE_PROFESSIONALS_MAX = 200;

const DURATION_MESSAGE = "O campo Duração deve ficar entre 5 min e 12h, de 5 em 5 minutos";

/** Minutes from the select ("90"), the API (90) or a spreadsheet ("1h30", "1:30", "90 min"). */
const duration = z.preprocess(
  (v) => {
    if (typeof v === "string") return v.trim() === "" ? undefined : (parseDuration(v) ?? v);
    return v;
  },
  z
    .number({ error: (iss) => (iss.input === undefined ? "O campo Duração é obrigatório" : DURATION_MESSAGE) })
    .refine(isValidDuration, DURATION_MESSAGE),
);

function listOf(value: unknown): unknown {
  if (value === undefined || value === null || value === "") return [];
  if (typeof value === "string") return value.trim().startsWith("[") ? safeJson(value) : [value];
  return value;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

const PROFESSIONAL_MESSAGE = "Escolha profissionais cadastrados.";

/** One schema for the form, the action, the API and each imported CSV row. Money in centavos. */
export const servicoSchema = z.preprocess(
  unflatten,
  z
    .object({
      nome: requiredString("Nome", { min: 2, max: 120 }),
      categoria: optionalString("Categoria", { max: 60 }),
      duracaoMin: duration,
      precoCentavos: z.preprocess((v) => (v === undefined || v === "" ? 0 : v), moneyCentavos("Preço", { min: 0, max: 100_000_00 })),
      comissaoTipo: optionalOption("Comissão", COMMISSION_KIND),
      comissaoPercentual: z.preprocess(
        (v) => (v === "" || v === null ? undefined : typeof v === "string" ? v.replace(/%\s*$/, "").trim() : v),
        numberValue("Comissão (%)", { min: 0, max: COMMISSION_PERCENT_MAX })
          .refine((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, "O campo Comissão (%) aceita no máximo 2 casas decimais")
          .optional(),
      ),
      comissaoFixoCentavos: z.preprocess(
        (v) => (v === "" || v === null ? undefined : v),
        moneyCentavos("Comissão (R$)", { min: 0, max: COMMISSION_FIXED_MAX_CENTAVOS }).optional(),
      ),
      // Absent (an API body that says nothing): offered online and active.
      agendaOnline: checkbox({ absent: true }),
      ativo: checkbox({ absent: true }),
      profissionalIds: z.preprocess(
        listOf,
        z
          .array(z.string({ error: () => PROFESSIONAL_MESSAGE }).refine(isId, PROFESSIONAL_MESSAGE), { error: () => PROFESSIONAL_MESSAGE })
          .max(SERVICE_PROFESSIONALS_MAX, `Escolha no máximo ${SERVICE_PROFESSIONALS_MAX} profissionais.`)
          .transform((ids) => [...new Set(ids)]),
      ),
      descricao: optionalString("Descrição", { max: 2000, multiline: true }),
    })
    .superRefine((value, ctx) => {
      if (value.comissaoTipo === "percentual" && value.comissaoPercentual === undefined) {
        ctx.addIssue({ code: "custom", path: ["comissaoPercentual"], message: "Informe o percentual da comissão." });
      }
      if (value.comissaoTipo === "fixo" && value.comissaoFixoCentavos === undefined) {
        ctx.addIssue({ code: "custom", path: ["comissaoFixoCentavos"], message: "Informe o valor da comissão." });
      }
    }),
);

export type ServicoInput = z.output<typeof servicoSchema>;

/** The stored commission of an input: basis points or centavos by its kind; null without a kind. */
export function commissionValueOf(
  input: Pick<ServicoInput, "comissaoTipo" | "comissaoPercentual" | "comissaoFixoCentavos">,
): number | null {
  if (input.comissaoTipo === "percentual") return percentToBasisPoints(input.comissaoPercentual ?? 0);
  if (input.comissaoTipo === "fixo") return input.comissaoFixoCentavos ?? 0;
  return null;
}

/** "10%", "R$ 15,00", or "Padrão do profissional" when the service sets none. */
export function serviceCommissionText(row: Pick<ServicoRow, "comissaoTipo" | "comissaoValor">): string {
  return formatCommission(commissionRule(row.comissaoTipo, row.comissaoValor)) || "Padrão do profissional";
}

/** The cost of the products one service consumes (centavos, rounded). */
export function productsCost(products: readonly Pick<ServicoProduto, "quantidade" | "custoCentavos">[]): number {
  return Math.round(products.reduce((sum, p) => sum + p.quantidade * p.custoCentavos, 0));
}

/** Margin over the price after the products: "72,5%" (empty when there is no price). */
export function serviceMargin(row: Pick<ServicoRow, "precoCentavos" | "custoProdutosCentavos">): string {
  if (row.precoCentavos <= 0) return "";
  const margin = ((row.precoCentavos - row.custoProdutosCentavos) / row.precoCentavos) * 100;
  return `${formatNumber(margin, { minimumFractionDigits: 1, maximumFractionDigits: 1 })}%`;
}

export const servicoColumns: readonly ColumnDef<ServicoRow>[] = [
  { key: "nome", label: "Nome", text: (r) => r.nome, sort: "text", defaultVisible: true },
  { key: "categoria", label: "Categoria", text: (r) => r.categoria ?? "", filter: { type: "text" }, defaultVisible: true },
  {
    key: "duracao",
    label: "Duração",
    text: (r) => formatDuration(r.duracaoMin),
    value: (r) => r.duracaoMin,
    cell: { kind: "number" },
    sort: "number",
    filter: { type: "number-range" },
    align: "right",
    nowrap: true,
    defaultVisible: true,
  },
  moneyColumn<ServicoRow>("preco", "Preço", (r) => r.precoCentavos, { sortable: true, filterable: true }),
  { key: "comissao", label: "Comissão", text: serviceCommissionText, defaultVisible: false },
  moneyColumn<ServicoRow>("custoProdutos", "Custo dos produtos", (r) => r.custoProdutosCentavos, { visible: false }),
  { key: "margem", label: "Margem", text: serviceMargin, align: "right", defaultVisible: false },
  {
    key: "agendaOnline",
    label: "Agendamento online",
    text: (r) => (r.agendaOnline ? "Sim" : "Não"),
    defaultVisible: false,
  },
  {
    key: "ativo",
    label: "Ativo",
    text: (r) => (r.ativo ? "Ativo" : "Inativo"),
    cell: { kind: "badge", tone: (r) => (r.ativo ? "blue" : "neutral") },
    filter: { type: "boolean", options: YES_NO_OPTIONS },
    defaultVisible: true,
  },
  ...auditColumns<ServicoRow>(false),
];

export const servicoFields: readonly FieldDef[] = [
  { name: "nome", label: "Nome", kind: "text", required: true, section: "Serviço", autoComplete: "off" },
  {
    name: "categoria",
    label: "Categoria",
    kind: "text",
    section: "Serviço",
    hint: "Agrupa os serviços na agenda e na página de agendamento (Cabelo, Unhas, Consultas…).",
    autoComplete: "off",
  },
  {
    name: "duracaoMin",
    label: "Duração",
    kind: "select",
    required: true,
    options: DURATION_OPTIONS,
    section: "Serviço",
    hint: "O horário reservado na agenda: o fim do agendamento vem da soma das durações.",
  },
  { name: "precoCentavos", label: "Preço", kind: "money", section: "Preço e comissão" },
  {
    name: "comissaoTipo",
    label: "Comissão",
    kind: "select",
    options: COMMISSION_KIND_OPTIONS,
    placeholder: "Padrão do profissional",
    section: "Preço e comissão",
    hint: "“Padrão do profissional”: vale a comissão de cada profissional (ou o padrão do negócio).",
  },
  {
    name: "comissaoPercentual",
    label: "Comissão (%)",
    kind: "number",
    step: "0.01",
    section: "Preço e comissão",
    showWhen: { field: "comissaoTipo", values: ["percentual"] },
    hint: "Do preço do serviço, de 0 a 100%.",
  },
  {
    name: "comissaoFixoCentavos",
    label: "Comissão (R$)",
    kind: "money",
    section: "Preço e comissão",
    showWhen: { field: "comissaoTipo", values: ["fixo"] },
    hint: "Por serviço realizado.",
  },
  {
    name: "agendaOnline",
    label: "Agendamento online",
    kind: "checkbox",
    section: "Agenda",
    hint: "Aparece na sua página de agendamento para os clientes marcarem sozinhos.",
  },
  { name: "ativo", label: "Serviço ativo", kind: "checkbox", section: "Agenda", hint: "Serviços inativos não são oferecidos na agenda." },
  {
    name: "profissionalIds",
    label: "Profissionais que realizam",
    kind: "choices",
    section: "Profissionais",
    hint: "Só esses profissionais aparecem ao agendar este serviço.",
  },
  { name: "descricao", label: "Descrição", kind: "textarea", section: "Serviço" },
];

export const servicoDefinition: ResourceDefinition<ServicoRow, ServicoInput> = {
  name: "servicos",
  basePath: "/servicos",
  api: "servicos",
  access: OFFICE_RECORD,
  labels: {
    singular: "serviço",
    plural: "serviços",
    listTitle: "Serviços",
    newTitle: "Novo Serviço",
    editTitle: "Editar Serviço",
    newButton: "Novo serviço",
    empty: "Nenhum serviço cadastrado ainda.",
    emptyHint: "Cadastre o primeiro serviço ou importe uma planilha CSV.",
    searchPlaceholder: "Buscar por nome ou categoria",
    deleted: "Serviço excluído.",
    restored: "Serviço restaurado.",
  },
  columns: servicoColumns,
  fields: servicoFields,
  schema: servicoSchema,
  defaultSort: { key: "nome", dir: "asc" },
  pageSize: 25,
  subtitle: (row) => [row.categoria ?? "", formatDuration(row.duracaoMin), formatBRL(row.precoCentavos)].filter(Boolean).join(" · "),
  title: (row) => row.nome,
  screens: {
    // The record page (products consumed, margin, "Gerar post") and the form (the team's
    // choices, the category suggestions) are the resource's own route modules.
    plain: ["list", "import", "export"],
    listDescription: "O que o seu negócio vende por tempo: duração, preço, comissão, quem realiza e os produtos que cada um consome.",
    newDescription: "Nome e duração bastam. Os produtos consumidos você adiciona na página do serviço, depois de salvar.",
    submitLabel: "Salvar serviço",
    formId: "form-servico",
    newValues: { duracaoMin: "30", agendaOnline: true, ativo: true },
  },
  nav: { group: "Agenda", order: 70 },
};
