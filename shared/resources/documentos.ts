import { z } from "zod";
import { FILE_KIND, type FileKind } from "../document-files/file-kinds.ts";
import { expiryState } from "../documents/expiry.ts";
import { DOCUMENT_TYPE, type DocumentType } from "../enums/documents.ts";
import { formatFileSize } from "../document-files/file-size.ts";
import { DOCUMENT } from "../permissions.ts";
import { dayIn } from "../time-zone.ts";
import { optionalString, requiredString } from "../validation.ts";
import { auditColumns } from "./address.ts";
import { optionalDate, optionalId, requiredOption, unflatten } from "./schema-helpers.ts";
import type { ColumnDef, FieldDef, FilterOption, ResourceDefinition } from "./types.ts";

/**
 * Documentos (issue 22, ADR 070/074): a stored file (contract, matrícula, RG/CPF…) with its
 * metadata, linked to at most one client, empresa, imóvel, sale or expense. The file goes up
 * through `POST /api/documents/upload` (multipart, the screen) or, small, as `arquivo` (a data
 * URL) in `POST /api/documents`; afterwards only the metadata changes. Client-safe.
 */
export interface DocumentoRow {
  id: string;
  titulo: string;
  tipo: DocumentType;
  nomeArquivo: string;
  formato: FileKind;
  tamanhoBytes: number;
  chave: string;
  /** The last valid day (aaaa-mm-dd, the organização's zone); null: does not expire. */
  vencimento: string | null;
  clienteId: string | null;
  empresaId: string | null;
  imovelId: string | null;
  vendaId: string | null;
  despesaId: string | null;
  /** What the document is linked to, as the list shows it ("Cliente: Ana Souza"), or null. */
  vinculoTitulo: string | null;
  /** The linked record's page, or null. */
  vinculoHref: string | null;
  observacoes: string | null;
  criadoEm: string;
  atualizadoEm: string;
  criadoPor: string | null;
  criadoPorNome: string | null;
  atualizadoPor: string | null;
  atualizadoPorNome: string | null;
}

export const DOCUMENT_TYPE_OPTIONS: readonly FilterOption[] = DOCUMENT_TYPE.options;

/** What a document may be linked to (the list's "Vinculado a" filter). */
export const DOCUMENT_LINK_OPTIONS: readonly FilterOption[] = [
  { value: "cliente", label: "Cliente" },
  { value: "empresa", label: "Empresa" },
  { value: "imovel", label: "Imóvel" },
  { value: "venda", label: "Venda" },
  { value: "despesa", label: "Despesa" },
  { value: "nenhum", label: "Sem vínculo" },
];

/** The link fields, in the order a form and the CHECK list them. */
export const DOCUMENT_LINK_FIELDS = ["clienteId", "empresaId", "imovelId", "vendaId", "despesaId"] as const;
export type DocumentLinkField = (typeof DOCUMENT_LINK_FIELDS)[number];

export const ONE_LINK_MESSAGE = "Um documento fica vinculado a um registro só: escolha um cliente, uma empresa ou um imóvel.";

/** "1,2 MB", "340 kB". */
/** A file sent in JSON: `data:<type>;base64,<bytes>` (the API's small-file door). */
const DATA_URL = /^data:([a-z0-9.+/-]*)(?:;[a-z0-9=.-]+)*;base64,([A-Za-z0-9+/]*={0,2})$/i;

/** The bytes a data URL carries and the type it declares, or null when it is none. */
export function parseDataUrl(text: string): { type: string; bytes: Uint8Array } | null {
  const m = DATA_URL.exec(text.trim());
  if (!m) return null;
  try {
    const binary = atob(m[2] as string);
    const bytes = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
    return { type: (m[1] ?? "").toLowerCase(), bytes };
  } catch {
    return null;
  }
}

const FILE_MESSAGE = "O campo Arquivo deve ser o arquivo em base64 (data:<tipo>;base64,…)";

/**
 * One schema for the API, the edit form and the upload's fields. `arquivo` and `nomeArquivo` only
 * on a create through JSON (an update ignores them: a document's file never changes).
 */
export const documentoSchema = z.preprocess(
  unflatten,
  z
    .object({
      titulo: requiredString("Título", { min: 1, max: 160 }),
      tipo: requiredOption("Tipo", DOCUMENT_TYPE),
      vencimento: optionalDate("Vencimento"),
      clienteId: optionalId("Cliente"),
      empresaId: optionalId("Empresa"),
      imovelId: optionalId("Imóvel"),
      observacoes: optionalString("Observações", { max: 2000, multiline: true }),
      nomeArquivo: optionalString("Nome do arquivo", { max: 200 }),
      arquivo: z.preprocess(
        (v) => (v === "" || v === null ? undefined : v),
        z
          .string({ error: () => FILE_MESSAGE })
          .max(1_400_000, "O arquivo enviado em JSON deve ter no máximo 1 MB: envie arquivos maiores por /api/documents/upload")
          .refine((s) => DATA_URL.test(s.trim()), FILE_MESSAGE)
          .optional(),
      ),
    })
    .superRefine((value, ctx) => {
      const links = [value.clienteId, value.empresaId, value.imovelId].filter(Boolean).length;
      if (links > 1) ctx.addIssue({ code: "custom", path: ["clienteId"], message: ONE_LINK_MESSAGE });
      if (value.arquivo && !value.nomeArquivo)
        ctx.addIssue({ code: "custom", path: ["nomeArquivo"], message: "O campo Nome do arquivo é obrigatório" });
    }),
);

export type DocumentoInput = z.output<typeof documentoSchema>;

/** The fields the upload screen and the edit form show (the file itself travels apart). */
export const DOCUMENT_METADATA_FIELDS = ["titulo", "tipo", "vencimento", "clienteId", "empresaId", "imovelId", "observacoes"] as const;

function expiryTone(row: DocumentoRow, zone: string): "red" | "yellow" | "neutral" {
  const state = expiryState(row.vencimento, dayIn(new Date(), zone));
  return state === "vencido" ? "red" : state === "a_vencer" ? "yellow" : "neutral";
}

/** "12/03/2027", "12/03/2027 · vencido", "12/03/2027 · a vencer". */
export function expiryLabel(row: Pick<DocumentoRow, "vencimento">, today: string): string {
  if (!row.vencimento) return "";
  const [y, m, d] = row.vencimento.split("-");
  const state = expiryState(row.vencimento, today);
  const suffix = state === "vencido" ? " · vencido" : state === "a_vencer" ? " · a vencer" : "";
  return `${d}/${m}/${y}${suffix}`;
}

export const documentoColumns: readonly ColumnDef<DocumentoRow>[] = [
  {
    key: "nome",
    label: "Título",
    text: (r) => r.titulo,
    cell: { kind: "link", href: (r) => `/documents/${r.id}` },
    sort: "text",
    defaultVisible: true,
  },
  {
    key: "tipo",
    label: "Tipo",
    text: (r) => DOCUMENT_TYPE.label(r.tipo),
    cell: { kind: "badge", tone: (r) => DOCUMENT_TYPE.tone(r.tipo) },
    filter: { type: "multi-enum", options: DOCUMENT_TYPE_OPTIONS },
    defaultVisible: true,
  },
  {
    key: "vinculo",
    label: "Vinculado a",
    text: (r) => r.vinculoTitulo ?? "",
    cell: { kind: "link", href: (r) => r.vinculoHref },
    filter: { type: "multi-enum", options: DOCUMENT_LINK_OPTIONS },
    defaultVisible: true,
  },
  {
    key: "vencimento",
    label: "Vencimento",
    text: (r, zone) => expiryLabel(r, dayIn(new Date(), zone)),
    value: (r) => r.vencimento,
    cell: { kind: "badge", tone: (r) => expiryTone(r, "America/Sao_Paulo") },
    sort: "text",
    filter: { type: "date-range" },
    nowrap: true,
    defaultVisible: true,
  },
  {
    key: "tamanho",
    label: "Tamanho",
    text: (r) => `${FILE_KIND[r.formato]?.label ?? r.formato} · ${formatFileSize(r.tamanhoBytes)}`,
    value: (r) => r.tamanhoBytes,
    sort: "number",
    align: "right",
    nowrap: true,
    defaultVisible: false,
  },
  { key: "nomeArquivo", label: "Arquivo", text: (r) => r.nomeArquivo, defaultVisible: false },
  {
    key: "cliente",
    label: "Cliente",
    text: (r) => (r.clienteId ? (r.vinculoTitulo ?? "") : ""),
    filter: { type: "relation", relation: "clients" },
    defaultVisible: false,
  },
  {
    key: "empresa",
    label: "Empresa",
    text: (r) => (r.empresaId ? (r.vinculoTitulo ?? "") : ""),
    filter: { type: "relation", relation: "companies" },
    defaultVisible: false,
  },
  {
    key: "imovel",
    label: "Imóvel",
    text: (r) => (r.imovelId ? (r.vinculoTitulo ?? "") : ""),
    filter: { type: "relation", relation: "properties" },
    defaultVisible: false,
  },
  // The list of one sale's or one expense's documents (their pages' "Ver todos"): a chip names the record.
  {
    key: "venda",
    label: "Venda",
    text: (r) => (r.vendaId ? (r.vinculoTitulo ?? "") : ""),
    filter: { type: "relation", relation: "sales" },
    defaultVisible: false,
  },
  {
    key: "despesa",
    label: "Despesa",
    text: (r) => (r.despesaId ? (r.vinculoTitulo ?? "") : ""),
    filter: { type: "relation", relation: "despesas" },
    defaultVisible: false,
  },
  ...auditColumns<DocumentoRow>(false).map((c) => (c.key === "criadoEm" ? { ...c, label: "Enviado em", defaultVisible: true } : c)),
];

export const documentoFields: readonly FieldDef[] = [
  { name: "titulo", label: "Título", kind: "text", required: true, section: "Documento", autoComplete: "off" },
  { name: "tipo", label: "Tipo", kind: "select", required: true, options: DOCUMENT_TYPE_OPTIONS, section: "Documento" },
  {
    name: "vencimento",
    label: "Vencimento",
    kind: "date",
    section: "Documento",
    hint: "O último dia em que o documento vale. O painel avisa 30 dias antes.",
  },
  { name: "clienteId", label: "Cliente", kind: "relation", relation: "clients", section: "Vinculado a" },
  { name: "empresaId", label: "Empresa", kind: "relation", relation: "companies", section: "Vinculado a" },
  {
    name: "imovelId",
    label: "Imóvel",
    kind: "relation",
    relation: "properties",
    section: "Vinculado a",
    hint: "Um documento fica vinculado a um registro só.",
  },
  { name: "observacoes", label: "Observações", kind: "textarea", section: "Documento" },
  {
    name: "nomeArquivo",
    label: "Nome do arquivo",
    kind: "text",
    section: "Arquivo",
    hint: "Só pela API, ao criar: o nome do arquivo enviado em `arquivo`.",
  },
  {
    name: "arquivo",
    label: "Arquivo",
    kind: "textarea",
    section: "Arquivo",
    hint: "Só pela API, ao criar: o arquivo em base64 (data:<tipo>;base64,…), até 1 MB; arquivos maiores por /api/documents/upload. Numa alteração é ignorado: o arquivo de um documento não muda.",
  },
];

export const documentoDefinition: ResourceDefinition<DocumentoRow, DocumentoInput> = {
  name: "documentos",
  basePath: "/documents",
  api: "documents",
  access: DOCUMENT,
  labels: {
    singular: "documento",
    plural: "documentos",
    listTitle: "Documentos",
    newTitle: "Enviar Documentos",
    editTitle: "Editar Documento",
    newButton: "Enviar documentos",
    empty: "Nenhum documento enviado ainda.",
    emptyHint: "Arraste arquivos para cá, escolha do computador ou tire uma foto com o celular.",
    searchPlaceholder: "Buscar por título ou arquivo",
    deleted: "Documento excluído.",
    restored: "Documento restaurado.",
  },
  columns: documentoColumns,
  fields: documentoFields,
  schema: documentoSchema,
  defaultSort: { key: "criadoEm", dir: "desc" },
  pageSize: 25,
  subtitle: (row) => [DOCUMENT_TYPE.label(row.tipo), row.vinculoTitulo ?? "", formatFileSize(row.tamanhoBytes)].filter(Boolean).join(" · "),
  title: (row) => row.titulo,
  screens: {
    // The list (with the upload area), the record page (preview, download) and the form are the
    // resource's own route modules (app/routes/documents/).
    plain: ["export"],
    listDescription:
      "Contratos, matrículas, RG/CPF, comprovantes, laudos e notas fiscais: guardados com segurança, com aviso de vencimento.",
    newDescription: "Arraste arquivos ou tire uma foto: PDF, JPEG, PNG, HEIC, WebP, DOCX ou XLSX, até 20 MB cada.",
    submitLabel: "Salvar documento",
    formId: "form-documento",
    newValues: { tipo: "outro" },
    detail: { deleteNote: "O documento sai da lista e pode ser restaurado logo em seguida; o arquivo é apagado de vez no dia seguinte." },
  },
  nav: { group: "Negócio", order: 60 },
};
