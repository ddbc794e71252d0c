import { z } from "zod";
import { instant, MAX_SERVICES_PER_APPOINTMENT } from "../agenda/booking-input.ts";
import { APPOINTMENT_ORIGIN, APPOINTMENT_STATUS, type AppointmentOrigin, type AppointmentStatus } from "../enums.ts";
import { formatDateTime, formatTime } from "../format.ts";
import { ID_RE } from "../id.ts";
import { APPOINTMENT } from "../permissions.ts";
import { messages, optionalString } from "../validation.ts";
import { auditColumns } from "./address.ts";
import { moneyColumn } from "./columns.ts";
import { unflatten } from "./schema-helpers.ts";
import type { ColumnDef, FieldDef, ResourceDefinition } from "./types.ts";

/**
 * Agendamentos (issue 21, ADR 059): client + professional + services + start, the end from the
 * durations. A registry resource for the list, the API, export and the permission table; every
 * write goes through worker/services/agenda/appointments.ts (the rules and the overlap guard in
 * one statement), never a plain insert. The screen is the calendar at `/agenda` (its own route
 * modules); the plain list, for searching and exporting, is `/agenda/lista`. Client-safe.
 */

export interface AgendamentoRow {
  id: string;
  clienteId: string;
  clienteNome: string | null;
  profissionalId: string;
  profissionalNome: string | null;
  profissionalCor: string | null;
  /** The member linked to the profissional (their own agenda), if any. */
  profissionalUsuarioId: string | null;
  servicoIds: string[];
  /** "Corte feminino, Escova" as booked. */
  servicoNomes: string | null;
  inicio: string;
  fim: string;
  status: AppointmentStatus;
  origem: AppointmentOrigin;
  totalCentavos: number;
  observacoes: string | null;
  chegadaEm: string | null;
  iniciadoEm: string | null;
  concluidoEm: string | null;
  lembreteEm: string | null;
  criadoEm: string;
  atualizadoEm: string;
  criadoPor: string | null;
  criadoPorNome: string | null;
  atualizadoPor: string | null;
  atualizadoPorNome: string | null;
}

const id = (field: string) =>
  z
    .string({ error: (iss) => (iss.input === undefined ? messages.required(field) : messages.default(field)) })
    .trim()
    .min(1, messages.required(field))
    .regex(ID_RE, messages.default(field));

/**
 * The form and the API's body: who, with whom, what and when. The status is the booking's
 * (pendente or confirmado when new; any allowed transition on an edit, checked by the service).
 */
export const agendamentoSchema = z.preprocess(
  unflatten,
  z.object({
    clienteId: id("Cliente"),
    profissionalId: id("Profissional"),
    servicoIds: z.preprocess(
      (v) => (typeof v === "string" ? (v ? [v] : []) : v),
      z
        .array(id("Serviço"), { error: () => "Escolha ao menos um serviço" })
        .min(1, "Escolha ao menos um serviço")
        .max(MAX_SERVICES_PER_APPOINTMENT, `Escolha no máximo ${MAX_SERVICES_PER_APPOINTMENT} serviços`)
        .refine((ids) => new Set(ids).size === ids.length, "Cada serviço entra uma vez só"),
    ),
    inicio: z.preprocess((v) => (v === "" ? undefined : v), instant("Início")),
    status: z.preprocess(
      (v) => (v === "" ? undefined : v),
      z.enum(APPOINTMENT_STATUS.values, { error: () => messages.one_of("Status") }).optional(),
    ),
    observacoes: optionalString("Observações", { max: 1000, multiline: true }),
  }),
);

export type AgendamentoInput = z.output<typeof agendamentoSchema>;

export const agendamentoColumns: readonly ColumnDef<AgendamentoRow>[] = [
  {
    key: "inicio",
    label: "Início",
    text: (r, zone) => formatDateTime(r.inicio, zone),
    value: (r) => r.inicio,
    cell: { kind: "date" },
    sort: "date",
    filter: { type: "date-range" },
    defaultVisible: true,
  },
  {
    key: "fim",
    label: "Fim",
    text: (r, zone) => formatTime(r.fim, zone),
    value: (r) => r.fim,
    defaultVisible: false,
  },
  {
    key: "nome",
    label: "Cliente",
    text: (r) => r.clienteNome ?? "Cliente excluído",
    cell: { kind: "link", href: (r) => (r.clienteNome ? `/clients/${r.clienteId}` : null) },
    sort: "text",
    filter: { type: "relation", relation: "clients" },
    defaultVisible: true,
  },
  {
    key: "profissional",
    label: "Profissional",
    text: (r) => r.profissionalNome ?? "",
    filter: { type: "relation", relation: "profissionais" },
    defaultVisible: true,
  },
  { key: "servicos", label: "Serviços", text: (r) => r.servicoNomes ?? "", defaultVisible: true },
  {
    key: "status",
    label: "Status",
    text: (r) => APPOINTMENT_STATUS.label(r.status),
    cell: { kind: "badge", tone: (r) => APPOINTMENT_STATUS.tone(r.status) },
    filter: { type: "multi-enum", options: APPOINTMENT_STATUS.options },
    defaultVisible: true,
  },
  {
    key: "origem",
    label: "Origem",
    text: (r) => APPOINTMENT_ORIGIN.label(r.origem),
    defaultVisible: false,
  },
  moneyColumn<AgendamentoRow>("total", "Total", (r) => r.totalCentavos, { total: true }),
  { key: "observacoes", label: "Observações", text: (r) => r.observacoes ?? "", defaultVisible: false },
  ...auditColumns<AgendamentoRow>(false),
];

export const agendamentoFields: readonly FieldDef[] = [
  { name: "clienteId", label: "Cliente", kind: "relation", relation: "clients", required: true, section: "Agendamento" },
  { name: "profissionalId", label: "Profissional", kind: "relation", relation: "profissionais", required: true, section: "Agendamento" },
  {
    name: "servicoIds",
    label: "Serviços",
    kind: "choices",
    required: true,
    section: "Agendamento",
    hint: "Um ou mais, na ordem em que serão feitos; o fim vem da soma das durações. O profissional precisa realizar todos.",
  },
  {
    name: "inicio",
    label: "Início",
    kind: "datetime",
    required: true,
    section: "Agendamento",
    hint: "No horário da organização, dentro do horário de funcionamento, da disponibilidade do profissional e da grade da agenda.",
  },
  {
    name: "status",
    label: "Status",
    kind: "select",
    options: APPOINTMENT_STATUS.options,
    section: "Agendamento",
    hint: "Novo: pendente ou confirmado (em branco, confirmado). Cancelado e faltou liberam o horário.",
  },
  { name: "observacoes", label: "Observações", kind: "textarea", section: "Agendamento" },
];

export const agendamentoDefinition: ResourceDefinition<AgendamentoRow, AgendamentoInput> = {
  name: "agendamentos",
  basePath: "/agenda",
  api: "agendamentos",
  access: APPOINTMENT,
  ownerLink: { field: "profissionalId", table: "professionals", userColumn: "user_id", rowKey: "profissionalUsuarioId" },
  labels: {
    singular: "agendamento",
    plural: "agendamentos",
    listTitle: "Agendamentos",
    newTitle: "Novo Agendamento",
    editTitle: "Editar Agendamento",
    newButton: "Novo agendamento",
    empty: "Nenhum agendamento ainda.",
    emptyHint: "Agende um cliente com um profissional e os serviços que ele vai fazer.",
    searchPlaceholder: "Buscar por cliente, profissional ou serviço",
    deleted: "Agendamento excluído.",
    restored: "Agendamento restaurado.",
  },
  columns: agendamentoColumns,
  fields: agendamentoFields,
  schema: agendamentoSchema,
  defaultSort: { key: "inicio", dir: "desc" },
  pageSize: 25,
  subtitle: (row, zone) =>
    [formatDateTime(row.inicio, zone), row.profissionalNome ?? "", APPOINTMENT_STATUS.label(row.status)].filter(Boolean).join(" · "),
  title: (row) => [row.clienteNome ?? "Cliente excluído", row.servicoNomes].filter(Boolean).join(" — "),
};
