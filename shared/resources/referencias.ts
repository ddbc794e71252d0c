import { z } from "zod";
import { STYLE_REFERENCE } from "../permissions.ts";
import { instagramHandle } from "../social/instagram-handle.ts";
import { optionalString } from "../validation.ts";
import { auditColumns } from "./address.ts";
import { unflatten } from "./schema-helpers.ts";
import type { ColumnDef, FieldDef, ResourceDefinition } from "./types.ts";

/**
 * Contas de Referência (issue 20): Instagram profiles the business admires and what it likes in
 * each; the AI generator reads them (worker/services/ai-content/reference-accounts.ts) to steer
 * the style of captions. Client-safe.
 */

/** Notes are a prompt's worth: enough to say what to imitate, short enough to send every time. */
export const REFERENCE_NOTES_MAX = 500;

export interface ReferenciaRow {
  id: string;
  /** Without "@", lower-case. */
  handle: string;
  notas: string | null;
  criadoEm: string;
  atualizadoEm: string;
  criadoPor: string | null;
  criadoPorNome: string | null;
  atualizadoPor: string | null;
  atualizadoPorNome: string | null;
}

export const referenciaSchema = z.preprocess(
  unflatten,
  z.object({
    handle: instagramHandle("Perfil do Instagram"),
    notas: optionalString("O que você gosta neste perfil", { max: REFERENCE_NOTES_MAX, multiline: true }),
  }),
);

export type ReferenciaInput = z.output<typeof referenciaSchema>;

/** "@casabela.imoveis". */
export function atHandle(handle: string): string {
  return `@${handle}`;
}

export const referenciaColumns: readonly ColumnDef<ReferenciaRow>[] = [
  {
    key: "nome",
    label: "Perfil",
    text: (r) => atHandle(r.handle),
    sort: "text",
    defaultVisible: true,
  },
  { key: "notas", label: "O que você gosta", text: (r) => r.notas ?? "", defaultVisible: true },
  ...auditColumns<ReferenciaRow>(true),
];

export const referenciaFields: readonly FieldDef[] = [
  {
    name: "handle",
    label: "Perfil do Instagram",
    kind: "text",
    required: true,
    section: "Perfil",
    hint: "O @ do perfil ou o link dele (ex.: @casabela.imoveis).",
    autoComplete: "off",
  },
  {
    name: "notas",
    label: "O que você gosta neste perfil",
    kind: "textarea",
    section: "Perfil",
    hint: `Tom, formato das legendas, chamadas, uso de emojis… Até ${REFERENCE_NOTES_MAX} caracteres. A IA usa isto como inspiração, sem copiar.`,
  },
];

export const referenciaDefinition: ResourceDefinition<ReferenciaRow, ReferenciaInput> = {
  name: "referencias",
  basePath: "/ai-content/referencias",
  api: "referencias",
  access: STYLE_REFERENCE,
  labels: {
    singular: "conta de referência",
    plural: "contas de referência",
    listTitle: "Contas de Referência",
    newTitle: "Nova Conta de Referência",
    editTitle: "Editar Conta de Referência",
    newButton: "Nova conta de referência",
    empty: "Nenhuma conta de referência ainda.",
    emptyHint:
      "Cadastre perfis do Instagram que você admira e diga o que gosta em cada um: a IA usa isso para escrever as legendas no estilo que você procura.",
    searchPlaceholder: "Buscar por perfil ou anotação",
    deleted: "Conta de referência excluída.",
    restored: "Conta de referência restaurada.",
  },
  columns: referenciaColumns,
  fields: referenciaFields,
  schema: referenciaSchema,
  defaultSort: { key: "nome", dir: "asc" },
  pageSize: 25,
  subtitle: (row) => row.notas ?? "",
  title: (row) => atHandle(row.handle),
  screens: {
    plain: ["list", "create", "edit", "detail"],
    listDescription: "Perfis do Instagram que inspiram o estilo das legendas geradas pela IA, com o que você gosta em cada um.",
    newDescription: "O perfil e o que você gosta nele.",
    submitLabel: "Salvar conta de referência",
    formId: "form-referencia",
  },
  nav: { group: "Redes Sociais", order: 80 },
};
