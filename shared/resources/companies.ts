import { z } from "zod";
import { OFFICE_RECORD } from "../permissions.ts";
import { COMPANY_TYPE, type CompanyType } from "../enums/records.ts";
import { formatCnpj, formatPhoneBR } from "../documents.ts";
import { cnpj, email, messages, optional, optionalString, phone, requiredString, url } from "../validation.ts";
import { requiredOption, unflatten } from "./schema-helpers.ts";
import { type AddressRow, addressColumns, addressFields, addressShape, auditColumns } from "./address.ts";
import type { ColumnDef, FieldDef, FilterOption, ResourceDefinition } from "./types.ts";

/** Empresas: construtoras, incorporadoras, condomínios, fornecedores, clientes PJ, parceiros. Client-safe. */

export const COMPANY_TYPE_OPTIONS: readonly FilterOption[] = COMPANY_TYPE.options;

/** A company as lists, the detail page, the export and the API show it. Dates are ISO strings. */
export interface CompanyRow extends AddressRow {
  id: string;
  tipo: CompanyType;
  /** Bare, 14 characters (alphanumeric CNPJ upper-cased). */
  cnpj: string | null;
  razaoSocial: string;
  nomeFantasia: string | null;
  inscricaoEstadual: string | null;
  email: string | null;
  /** National digits. */
  telefone: string | null;
  site: string | null;
  observacoes: string | null;
  /** Live clients linked to this company. */
  totalClientes: number;
  criadoEm: string;
  atualizadoEm: string;
  criadoPor: string | null;
  criadoPorNome: string | null;
  atualizadoPor: string | null;
  atualizadoPorNome: string | null;
}

export const companySchema = z.preprocess(
  unflatten,
  z.object({
    tipo: requiredOption("Tipo", COMPANY_TYPE),
    cnpj: optional(cnpj("CNPJ")),
    razaoSocial: requiredString("Razão social", { min: 2, max: 160 }),
    nomeFantasia: optionalString("Nome fantasia", { max: 120 }),
    inscricaoEstadual: z.preprocess(
      (v) => (typeof v === "string" && v.trim().toLowerCase() === "isento" ? "ISENTO" : v),
      optionalString("Inscrição estadual", { max: 20 }).refine(
        (v) => v === undefined || v === "ISENTO" || /^[0-9][0-9.\-/]*$/.test(v),
        messages.regex("Inscrição estadual"),
      ),
    ),
    email: optional(email("E-mail")),
    telefone: optional(phone("Telefone")),
    site: optional(url("Site")),
    ...addressShape,
    observacoes: optionalString("Observações", { max: 2000, multiline: true }),
  }),
);

export type CompanyInput = z.output<typeof companySchema>;

/** Nome fantasia when there is one, else razão social. */
export function companyDisplayName(row: { razaoSocial: string; nomeFantasia?: string | null | undefined }): string {
  return row.nomeFantasia || row.razaoSocial;
}

export const companyColumns: readonly ColumnDef<CompanyRow>[] = [
  { key: "nome", label: "Nome", text: (r) => companyDisplayName(r), sort: "text", defaultVisible: true },
  { key: "razaoSocial", label: "Razão social", text: (r) => r.razaoSocial, defaultVisible: false },
  {
    key: "tipo",
    label: "Tipo",
    text: (r) => COMPANY_TYPE.label(r.tipo),
    filter: { type: "multi-enum", options: COMPANY_TYPE_OPTIONS },
    defaultVisible: true,
  },
  { key: "cnpj", label: "CNPJ", text: (r) => (r.cnpj ? formatCnpj(r.cnpj) : ""), defaultVisible: true },
  { key: "inscricaoEstadual", label: "Inscrição estadual", text: (r) => r.inscricaoEstadual ?? "", defaultVisible: false },
  { key: "email", label: "E-mail", text: (r) => r.email ?? "", defaultVisible: true },
  { key: "telefone", label: "Telefone", text: (r) => (r.telefone ? formatPhoneBR(r.telefone) : ""), defaultVisible: true },
  { key: "site", label: "Site", text: (r) => r.site ?? "", defaultVisible: false },
  ...addressColumns<CompanyRow>(),
  {
    key: "totalClientes",
    label: "Clientes",
    text: (r) => String(r.totalClientes),
    value: (r) => r.totalClientes,
    align: "right",
    defaultVisible: false,
  },
  ...auditColumns<CompanyRow>(true),
];

export const companyFields: readonly FieldDef[] = [
  { name: "tipo", label: "Tipo", kind: "select", required: true, options: COMPANY_TYPE_OPTIONS, section: "Dados" },
  { name: "cnpj", label: "CNPJ", kind: "cnpj", section: "Dados", autoComplete: "off" },
  { name: "razaoSocial", label: "Razão social", kind: "text", required: true, section: "Dados", autoComplete: "organization" },
  { name: "nomeFantasia", label: "Nome fantasia", kind: "text", section: "Dados" },
  { name: "inscricaoEstadual", label: "Inscrição estadual", kind: "text", section: "Dados", hint: "Números ou ISENTO." },
  { name: "email", label: "E-mail", kind: "email", section: "Contato", autoComplete: "email" },
  { name: "telefone", label: "Telefone", kind: "tel", section: "Contato", autoComplete: "tel-national" },
  { name: "site", label: "Site", kind: "url", section: "Contato", autoComplete: "url" },
  ...addressFields,
  { name: "observacoes", label: "Observações", kind: "textarea", section: "Observações" },
];

export const companyDefinition: ResourceDefinition<CompanyRow, CompanyInput> = {
  name: "companies",
  basePath: "/companies",
  api: "companies",
  access: OFFICE_RECORD,
  labels: {
    singular: "empresa",
    plural: "empresas",
    listTitle: "Empresas",
    newTitle: "Nova Empresa",
    editTitle: "Editar Empresa",
    newButton: "Nova empresa",
    empty: "Nenhuma empresa cadastrada ainda.",
    emptyHint: "Cadastre construtoras, condomínios, fornecedores e parceiros, ou importe uma planilha CSV.",
    searchPlaceholder: "Buscar por nome, CNPJ, e-mail ou telefone",
    deleted: "Empresa excluída.",
    restored: "Empresa restaurada.",
  },
  columns: companyColumns,
  fields: companyFields,
  schema: companySchema,
  defaultSort: { key: "nome", dir: "asc" },
  pageSize: 25,
  subtitle: (row) => [COMPANY_TYPE.label(row.tipo), row.cnpj ? formatCnpj(row.cnpj) : "", row.cidade ?? ""].filter(Boolean).join(" · "),
  title: (row) => companyDisplayName(row),
  screens: {
    // The detail (its linked clients) is the resource's own route module.
    plain: ["list", "create", "edit", "import", "export"],
    listDescription: "Construtoras, incorporadoras, condomínios, fornecedores e parceiros com quem você trabalha.",
    newDescription: "Tipo e razão social bastam para começar.",
    submitLabel: "Salvar empresa",
    formId: "form-empresa",
  },
  nav: { group: "Negócio", order: 20 },
};
