import { z } from "zod";
import { PERSONAL_RECORD } from "../permissions.ts";
import { CLIENT_KIND, CLIENT_ORIGIN, type ClientKind, type ClientOrigin } from "../enums/records.ts";
import { formatCep, formatCnpj, formatCpf, formatPhoneBR, isValidCnpj, isValidCpf, normalizeCnpj } from "../documents.ts";
import { formatDate } from "../format.ts";
import { checkbox, email, messages, optional, optionalString, requiredString } from "../validation.ts";
import {
  optionalDate,
  optionalId,
  optionalOption,
  phones,
  requiredOption,
  tags,
  UF_OPTIONS,
  unflatten,
  YES_NO_OPTIONS,
} from "./schema-helpers.ts";

export { UF_OPTIONS };
import { type AddressRow, addressColumns, addressFields, addressShape, auditColumns } from "./address.ts";
import type { ColumnDef, FieldDef, FilterOption, ResourceDefinition } from "./types.ts";

/** Clientes: people (pessoa física) and companies (pessoa jurídica) the business serves. Client-safe. */

export const CLIENT_KIND_OPTIONS: readonly FilterOption[] = CLIENT_KIND.options;

export const CLIENT_ORIGIN_OPTIONS: readonly FilterOption[] = CLIENT_ORIGIN.options;

export interface ClientPhone {
  /** National digits ("11912345678"); format with `formatPhoneBR`, link with `whatsappLink`. */
  numero: string;
  whatsapp: boolean;
  rotulo: string | null;
}

/** A client as lists, the detail page, the export and the API show it. Dates are ISO strings. */
export interface ClientRow extends AddressRow {
  id: string;
  tipo: ClientKind;
  nome: string;
  /** Bare: CPF digits or CNPJ (letters upper-cased); `formatDocument` shows it. */
  documento: string | null;
  email: string | null;
  telefones: ClientPhone[];
  /** The first phone's digits. */
  telefonePrincipal: string | null;
  /** Calendar date "aaaa-mm-dd". */
  aniversario: string | null;
  tags: string[];
  origem: ClientOrigin | null;
  observacoes: string | null;
  consentimentoLgpd: boolean;
  consentimentoLgpdEm: string | null;
  empresaId: string | null;
  /** The linked company's display name (null when none or deleted). */
  empresaNome: string | null;
  criadoEm: string;
  atualizadoEm: string;
  criadoPor: string | null;
  criadoPorNome: string | null;
  atualizadoPor: string | null;
  atualizadoPorNome: string | null;
}

/**
 * One schema for the form, the action, the API and each imported CSV row. CPF is checked for
 * pessoa física and CNPJ (numeric or alphanumeric) for pessoa jurídica; the output is canonical
 * for storage (bare document, phone digits, "aaaa-mm-dd").
 */
export const clientSchema = z.preprocess(
  unflatten,
  z
    .object({
      tipo: requiredOption("Tipo", CLIENT_KIND),
      nome: requiredString("Nome", { min: 2, max: 120 }),
      documento: optionalString("CPF/CNPJ", { max: 20 }),
      email: optional(email("E-mail")),
      telefones: phones("Telefone"),
      aniversario: optionalDate("Data de nascimento", { past: true }),
      ...addressShape,
      tags: tags("Tags"),
      origem: optionalOption("Origem", CLIENT_ORIGIN),
      observacoes: optionalString("Observações", { max: 2000, multiline: true }),
      consentimentoLgpd: checkbox(),
      empresaId: optionalId("Empresa"),
    })
    .superRefine((value, ctx) => {
      if (!value.documento) return;
      if (value.tipo === "pj" ? !isValidCnpj(value.documento) : !isValidCpf(value.documento)) {
        ctx.addIssue({ code: "custom", path: ["documento"], message: messages.default(value.tipo === "pj" ? "CNPJ" : "CPF") });
      }
    })
    .transform((value) => ({ ...value, documento: value.documento ? normalizeCnpj(value.documento) : undefined })),
);

export type ClientInput = z.output<typeof clientSchema>;

/** "123.456.789-09" or "12.ABC.345/01DE-35" from the bare document. */
export function formatDocument(document: string | null | undefined): string {
  if (!document) return "";
  return document.length === 11 ? formatCpf(document) : formatCnpj(document);
}

/** wa.me link for a national phone number. */
export function whatsappLink(digits: string): string {
  return `https://wa.me/55${digits}`;
}

export const clientColumns: readonly ColumnDef<ClientRow>[] = [
  { key: "nome", label: "Nome", text: (r) => r.nome, sort: "text", defaultVisible: true },
  {
    key: "tipo",
    label: "Tipo",
    text: (r) => CLIENT_KIND.label(r.tipo),
    filter: { type: "enum", options: CLIENT_KIND_OPTIONS },
    defaultVisible: false,
  },
  { key: "documento", label: "CPF/CNPJ", text: (r) => formatDocument(r.documento), defaultVisible: true },
  { key: "email", label: "E-mail", text: (r) => r.email ?? "", defaultVisible: true },
  {
    key: "telefone",
    label: "Telefone",
    text: (r) => (r.telefonePrincipal ? formatPhoneBR(r.telefonePrincipal) : ""),
    nowrap: true,
    defaultVisible: true,
  },
  ...addressColumns<ClientRow>(),
  {
    key: "origem",
    label: "Origem",
    text: (r) => CLIENT_ORIGIN.label(r.origem),
    filter: { type: "multi-enum", options: CLIENT_ORIGIN_OPTIONS },
    defaultVisible: true,
  },
  { key: "tags", label: "Tags", text: (r) => r.tags.join(", "), filter: { type: "text" }, defaultVisible: true },
  {
    key: "aniversario",
    label: "Data de nascimento",
    text: (r) => (r.aniversario ? formatDate(r.aniversario) : ""),
    value: (r) => r.aniversario,
    defaultVisible: false,
  },
  {
    key: "consentimento",
    label: "Consentimento LGPD",
    text: (r) => (r.consentimentoLgpd ? "Sim" : "Não"),
    filter: { type: "boolean", options: YES_NO_OPTIONS },
    defaultVisible: false,
  },
  { key: "empresa", label: "Empresa", text: (r) => r.empresaNome ?? "", defaultVisible: false },
  ...auditColumns<ClientRow>(false),
];

export const clientFields: readonly FieldDef[] = [
  { name: "tipo", label: "Tipo", kind: "select", required: true, options: CLIENT_KIND_OPTIONS, section: "Dados" },
  { name: "nome", label: "Nome", kind: "text", required: true, section: "Dados", autoComplete: "name" },
  {
    name: "documento",
    label: "CPF/CNPJ",
    kind: "cpf-cnpj",
    section: "Dados",
    hint: "CPF para pessoa física, CNPJ para pessoa jurídica.",
    autoComplete: "off",
  },
  { name: "aniversario", label: "Data de nascimento", kind: "date", section: "Dados", autoComplete: "bday" },
  {
    name: "empresaId",
    label: "Empresa",
    kind: "relation",
    relation: "companies",
    section: "Dados",
    hint: "A empresa a que este cliente está ligado.",
  },
  { name: "email", label: "E-mail", kind: "email", section: "Contato", autoComplete: "email" },
  {
    name: "telefones",
    label: "Telefones",
    kind: "phones",
    section: "Contato",
    hint: "Marque WhatsApp para abrir a conversa com um toque.",
  },
  ...addressFields,
  { name: "origem", label: "Origem", kind: "select", options: CLIENT_ORIGIN_OPTIONS, section: "Relacionamento" },
  { name: "tags", label: "Tags", kind: "tags", section: "Relacionamento", hint: "Separe com vírgulas: vip, investidor." },
  { name: "observacoes", label: "Observações", kind: "textarea", section: "Relacionamento" },
  {
    name: "consentimentoLgpd",
    label: "O cliente autorizou o uso dos seus dados (LGPD)",
    kind: "checkbox",
    section: "LGPD",
    hint: "A data do consentimento é registrada ao marcar.",
  },
];

/** For the form: pessoa jurídica shows "CNPJ", física "CPF". */
export function documentLabel(tipo: string | undefined): "CPF" | "CNPJ" {
  return tipo === "pj" ? "CNPJ" : "CPF";
}

export const clientDefinition: ResourceDefinition<ClientRow, ClientInput> = {
  name: "clients",
  basePath: "/clients",
  api: "clients",
  access: PERSONAL_RECORD,
  // A corretor edits the clients they registered: who created the row (the audit trail's column).
  owners: ["criadoPor"],
  labels: {
    singular: "cliente",
    plural: "clientes",
    listTitle: "Clientes",
    newTitle: "Novo Cliente",
    editTitle: "Editar Cliente",
    newButton: "Novo cliente",
    empty: "Nenhum cliente cadastrado ainda.",
    emptyHint: "Cadastre o primeiro cliente ou importe uma planilha CSV.",
    searchPlaceholder: "Buscar por nome, CPF/CNPJ, e-mail ou telefone",
    deleted: "Cliente excluído.",
    restored: "Cliente restaurado.",
  },
  columns: clientColumns,
  fields: clientFields,
  schema: clientSchema,
  defaultSort: { key: "nome", dir: "asc" },
  pageSize: 25,
  subtitle: (row) =>
    [formatDocument(row.documento), row.telefonePrincipal ? formatPhoneBR(row.telefonePrincipal) : "", row.email ?? ""]
      .filter(Boolean)
      .join(" · "),
  title: (row) => row.nome,
  screens: {
    // The detail (timeline, LGPD card) is the resource's own route module.
    plain: ["list", "create", "edit", "import", "export", "personal-data"],
    aliases: ["/clientes"],
    listDescription: "As pessoas e empresas que o seu negócio atende: contatos, documentos, origem e histórico.",
    newDescription: "Só o nome é obrigatório; o resto você completa quando quiser.",
    submitLabel: "Salvar cliente",
    formId: "form-cliente",
    newValues: { tipo: "pf" },
    // "Novo cliente" from a company's page.
    presets: { empresa: "empresaId" },
  },
  nav: { group: "Negócio", order: 10 },
};

/** One line for the detail page: "Rua X, 10 · Apto 2 · Pinheiros - São Paulo/SP · CEP 05422-030". */
export function formatAddress(row: Pick<ClientRow, "rua" | "numero" | "complemento" | "bairro" | "cidade" | "uf" | "cep">): string {
  const street = [row.rua, row.numero].filter(Boolean).join(", ");
  const place = [row.bairro, [row.cidade, row.uf].filter(Boolean).join("/")].filter(Boolean).join(" - ");
  return [street, row.complemento, place, row.cep ? `CEP ${formatCep(row.cep)}` : ""].filter(Boolean).join(" · ");
}
