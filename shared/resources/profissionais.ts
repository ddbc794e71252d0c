import { z } from "zod";
import { normalizeHex } from "../brand/contrast.ts";
import { commissionRule, formatCommission, percentToBasisPoints } from "../agenda/commission.ts";
import { CALENDAR_PALETTE, colorName } from "../agenda/calendar-palette.ts";
import { COMMISSION_KIND, type CommissionKind } from "../enums/agenda.ts";
import { formatPhoneBR } from "../documents.ts";
import { ID_RE } from "../id.ts";
import { AGENDA_SETUP } from "../permissions.ts";
import { checkbox, email, messages, moneyCentavos, numberValue, optional, optionalString, phone, requiredString } from "../validation.ts";
import { auditColumns } from "./address.ts";
import { optionalId, optionalOption, unflatten } from "./schema-helpers.ts";
import type { ColumnDef, FieldDef, FilterOption, ResourceDefinition } from "./types.ts";

/**
 * Profissionais (issue 21, ADR 064): who serves the business's clients — the services they
 * perform, their commission, their calendar colour and an optional login. Their weekly
 * availability and time off are edited on their page (worker/services/agenda/professional-*.ts),
 * not in this form: both are checked against the business hours and the organização's zone.
 * Client-safe.
 */

/** A professional as lists, the record page, the export and the API show it. Dates are ISO strings. */
export interface ProfissionalRow {
  id: string;
  nome: string;
  /** "#rrggbb". */
  cor: string;
  telefone: string | null;
  email: string | null;
  /** The member who signs in as this professional (null: no login). */
  usuarioId: string | null;
  /** That member's name while they are still on the team. */
  usuarioNome: string | null;
  comissaoTipo: CommissionKind | null;
  /** Basis points (percentual) or centavos (fixo); null with the business default. */
  comissaoValor: number | null;
  /** The form's readings of the commission: "12,5" (%) and centavos. */
  comissaoPercentual: number | null;
  comissaoFixa: number | null;
  /** WeeklyIntervals JSON (7 arrays, 0 = domingo). */
  semana: string;
  agendaOnline: boolean;
  ativo: boolean;
  observacoes: string | null;
  /** The live services they perform, ids and names in name order. */
  servicoIds: string[];
  servicoNomes: string | null;
  criadoEm: string;
  atualizadoEm: string;
  criadoPor: string | null;
  criadoPorNome: string | null;
  atualizadoPor: string | null;
  atualizadoPorNome: string | null;
}

/** Services one professional may be given at once (a salon's whole menu fits). */
export const MAX_SERVICES_PER_PROFESSIONAL = 200;

const COLOR_LABEL = "Cor na agenda";

/** "#2563EB", "#abc" → "#2563eb"; anything else is refused in pt-BR. */
function calendarColor(): z.ZodType<string, unknown> {
  return z.preprocess(
    (v) => (typeof v === "string" ? (normalizeHex(v) ?? v.trim()) : v),
    z
      .string({ error: (iss) => (iss.input === undefined ? messages.required(COLOR_LABEL) : messages.default(COLOR_LABEL)) })
      .min(1, messages.required(COLOR_LABEL))
      .regex(/^#[0-9a-f]{6}$/, `O campo ${COLOR_LABEL} deve ser uma cor no formato #RRGGBB`),
  );
}

/** Ids of services, from the form's checkboxes (one value each), an API array, or "a, b". Blank → []. */
function serviceIds(field: string): z.ZodType<string[], unknown> {
  return z.preprocess(
    (v) => {
      if (v === undefined || v === null || v === "") return [];
      const list = typeof v === "string" ? v.split(",") : v;
      return Array.isArray(list) ? list.map((x) => (typeof x === "string" ? x.trim() : x)).filter((x) => x !== "") : list;
    },
    z
      .array(z.string({ error: () => messages.default(field) }).regex(ID_RE, messages.default(field)), {
        error: () => messages.default(field),
      })
      .max(MAX_SERVICES_PER_PROFESSIONAL, `O campo ${field} aceita no máximo ${MAX_SERVICES_PER_PROFESSIONAL} serviços`)
      .transform((list) => [...new Set(list)]),
  ) as z.ZodType<string[], unknown>;
}

/** A percentage with at most two decimals, 0 to 100. */
const percent = numberValue("Comissão (%)", { min: 0, max: 100 }).refine(
  (n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6,
  "O campo Comissão (%) aceita no máximo 2 casas decimais",
);

/** One schema for the form, the action and the API. Commission: empty kind = the business default. */
export const profissionalSchema = z.preprocess(
  unflatten,
  z
    .object({
      nome: requiredString("Nome", { min: 2, max: 120 }),
      cor: calendarColor(),
      telefone: optional(phone("Telefone")),
      email: optional(email("E-mail")),
      usuarioId: optionalId("Acesso ao sistema"),
      comissaoTipo: optionalOption("Comissão", COMMISSION_KIND),
      comissaoPercentual: optional(percent),
      comissaoFixa: optional(moneyCentavos("Comissão (R$)", { min: 0, max: 1_000_000_00 })),
      servicoIds: serviceIds("Serviços que realiza"),
      // Absent (an API body that says nothing): offered online and active.
      agendaOnline: checkbox({ absent: true }),
      ativo: checkbox({ absent: true }),
      observacoes: optionalString("Observações", { max: 2000, multiline: true }),
    })
    .superRefine((v, ctx) => {
      if (v.comissaoTipo === "percentual" && v.comissaoPercentual === undefined)
        ctx.addIssue({ code: "custom", path: ["comissaoPercentual"], message: messages.required("Comissão (%)") });
      if (v.comissaoTipo === "fixo" && v.comissaoFixa === undefined)
        ctx.addIssue({ code: "custom", path: ["comissaoFixa"], message: messages.required("Comissão (R$)") });
    })
    .transform((v) => {
      // Only the chosen kind's value counts (the other input may still hold what was typed before).
      const comissaoValor =
        v.comissaoTipo === "percentual"
          ? percentToBasisPoints(v.comissaoPercentual ?? 0)
          : v.comissaoTipo === "fixo"
            ? (v.comissaoFixa ?? 0)
            : undefined;
      return {
        ...v,
        comissaoPercentual: v.comissaoTipo === "percentual" ? v.comissaoPercentual : undefined,
        comissaoFixa: v.comissaoTipo === "fixo" ? v.comissaoFixa : undefined,
        comissaoValor,
      };
    }),
);

export type ProfissionalInput = z.output<typeof profissionalSchema>;

/** "12,5%", "R$ 25,00", or "Padrão do negócio". */
export function commissionText(row: Pick<ProfissionalRow, "comissaoTipo" | "comissaoValor">): string {
  return formatCommission(commissionRule(row.comissaoTipo, row.comissaoValor)) || "Padrão do negócio";
}

const STATUS_OPTIONS: readonly FilterOption[] = [
  { value: "sim", label: "Ativos" },
  { value: "nao", label: "Inativos" },
];

export const profissionalColumns: readonly ColumnDef<ProfissionalRow>[] = [
  { key: "nome", label: "Nome", text: (r) => r.nome, sort: "text", defaultVisible: true },
  { key: "servicos", label: "Serviços", text: (r) => r.servicoNomes ?? "", defaultVisible: true },
  { key: "telefone", label: "Telefone", text: (r) => (r.telefone ? formatPhoneBR(r.telefone) : ""), defaultVisible: true },
  { key: "email", label: "E-mail", text: (r) => r.email ?? "", defaultVisible: false },
  { key: "comissao", label: "Comissão", text: commissionText, align: "right", defaultVisible: true },
  { key: "cor", label: "Cor na agenda", text: (r) => colorName(r.cor), defaultVisible: false },
  { key: "acesso", label: "Acesso ao sistema", text: (r) => r.usuarioNome ?? "", defaultVisible: false },
  {
    key: "agendaOnline",
    label: "Agenda online",
    text: (r) => (r.agendaOnline ? "Sim" : "Não"),
    defaultVisible: false,
  },
  {
    key: "ativo",
    label: "Situação",
    text: (r) => (r.ativo ? "Ativo" : "Inativo"),
    cell: { kind: "badge", tone: (r) => (r.ativo ? "green" : "neutral") },
    filter: { type: "boolean", options: STATUS_OPTIONS },
    defaultVisible: true,
  },
  ...auditColumns<ProfissionalRow>(false),
];

export const profissionalFields: readonly FieldDef[] = [
  { name: "nome", label: "Nome", kind: "text", required: true, section: "Profissional", autoComplete: "off" },
  {
    name: "cor",
    label: COLOR_LABEL,
    kind: "color",
    required: true,
    options: CALENDAR_PALETTE,
    section: "Profissional",
    hint: "Os agendamentos aparecem nesta cor. O texto fica branco ou preto, o que ler melhor.",
  },
  { name: "telefone", label: "Telefone", kind: "tel", section: "Contato", autoComplete: "off" },
  { name: "email", label: "E-mail", kind: "email", section: "Contato", autoComplete: "off" },
  {
    name: "servicoIds",
    label: "Serviços que realiza",
    kind: "choices",
    section: "Serviços",
    hint: "Só os serviços marcados podem ser agendados com este profissional.",
  },
  {
    name: "comissaoTipo",
    label: "Comissão",
    kind: "select",
    options: COMMISSION_KIND.options,
    placeholder: "Padrão do negócio",
    section: "Comissão",
    hint: "Deixe no padrão para usar a comissão de Configurações do Negócio.",
  },
  {
    name: "comissaoPercentual",
    label: "Comissão (%)",
    kind: "number",
    step: "0.01",
    section: "Comissão",
    hint: "Percentual sobre o preço de cada serviço realizado.",
    showWhen: { field: "comissaoTipo", values: ["percentual"] },
  },
  {
    name: "comissaoFixa",
    label: "Comissão (R$)",
    kind: "money",
    section: "Comissão",
    hint: "Valor fixo por serviço realizado.",
    showWhen: { field: "comissaoTipo", values: ["fixo"] },
  },
  {
    name: "agendaOnline",
    label: "Aceita agendamento online",
    kind: "checkbox",
    section: "Agenda",
    hint: "Aparece para os clientes na página de agendamento do negócio.",
  },
  { name: "ativo", label: "Profissional ativo", kind: "checkbox", section: "Agenda", hint: "Inativos não recebem novos agendamentos." },
  {
    name: "usuarioId",
    label: "Acesso ao sistema",
    kind: "select",
    placeholder: "Sem acesso",
    section: "Acesso ao sistema",
    hint: "Um membro da equipe que entra no Alicerce como este profissional e vê a própria agenda. Para quem ainda não tem conta, use “Convidar por e-mail” na página do profissional.",
  },
  { name: "observacoes", label: "Observações", kind: "textarea", section: "Profissional" },
];

export const profissionalDefinition: ResourceDefinition<ProfissionalRow, ProfissionalInput> = {
  name: "profissionais",
  basePath: "/profissionais",
  api: "profissionais",
  access: AGENDA_SETUP,
  labels: {
    singular: "profissional",
    plural: "profissionais",
    listTitle: "Profissionais",
    newTitle: "Novo Profissional",
    editTitle: "Editar Profissional",
    newButton: "Novo profissional",
    empty: "Nenhum profissional cadastrado ainda.",
    emptyHint: "Cadastre quem atende: os serviços que realiza, a comissão, os dias e horários de trabalho e a cor na agenda.",
    searchPlaceholder: "Buscar por nome, telefone ou e-mail",
    deleted: "Profissional excluído.",
    restored: "Profissional restaurado.",
  },
  columns: profissionalColumns,
  fields: profissionalFields,
  schema: profissionalSchema,
  defaultSort: { key: "nome", dir: "asc" },
  pageSize: 25,
  subtitle: (row) => [row.servicoNomes ?? "", row.ativo ? "" : "Inativo"].filter(Boolean).join(" · "),
  title: (row) => row.nome,
  screens: {
    // The form (services and members to choose from) and the page (availability, time off,
    // login) are the resource's own route modules.
    plain: ["list", "export"],
    listDescription: "Quem atende: serviços que realiza, comissão, disponibilidade semanal, folgas, cor na agenda e acesso ao sistema.",
    newDescription:
      "Nome e cor bastam. A disponibilidade começa igual ao horário de funcionamento; ajuste depois na página do profissional.",
    submitLabel: "Salvar profissional",
    formId: "form-profissional",
    newValues: { agendaOnline: true, ativo: true },
  },
  nav: { group: "Agenda", order: 40 },
};
