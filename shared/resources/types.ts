import type { z } from "zod";

/**
 * A typed definition per resource drives the shared list, form, detail, export and API
 * (Cal.com's middle path: thin screens over shared pieces, not a metadata engine).
 * This file is client-safe; the server half lives in `worker/resources/`.
 */

export type FilterType = "select" | "multiselect" | "boolean" | "date-range" | "text";

export interface FilterOption {
  value: string;
  label: string;
}

export interface ColumnDef<Row> {
  /** Key in the URL (`sort=nome`, `f.origem=instagram`) and in CSV headers' order. */
  key: string;
  label: string;
  /** Plain text for the table cell, CSV and XLSX (pt-BR formatted). */
  text: (row: Row) => string;
  /** Raw value for XLSX/CSV where a number or date reads better than text. */
  value?: (row: Row) => string | number | Date | null;
  sortable?: boolean;
  filter?: { type: FilterType; options?: readonly FilterOption[] };
  align?: "left" | "right";
  /** Shown unless the person hides it (column choice kept in the URL: `cols=`). */
  defaultVisible?: boolean;
}

export type FieldKind =
  | "text"
  | "email"
  | "tel"
  | "cpf-cnpj"
  | "cnpj"
  | "cep"
  | "date"
  | "select"
  | "textarea"
  | "tags"
  | "checkbox"
  | "phones"
  | "url";

export interface FieldDef {
  name: string;
  label: string;
  kind: FieldKind;
  required?: boolean;
  options?: readonly FilterOption[];
  hint?: string;
  /** Form section heading ("Dados", "Contato", "Endereço", "LGPD"…). */
  section: string;
  /** Only shown when another field has one of these values (e.g. CNPJ only for pessoa jurídica). */
  showWhen?: { field: string; values: readonly string[] };
  autoComplete?: string;
}

export interface ResourceLabels {
  singular: string;
  plural: string;
  /** Page titles (spec): e.g. "Clientes", "Novo Cliente", "Editar Cliente". */
  listTitle: string;
  newTitle: string;
  editTitle: string;
  newButton: string;
  empty: string;
  emptyHint: string;
  searchPlaceholder: string;
  deleted: string;
  restored: string;
}

export interface ResourceDefinition<Row extends { id: string }, Input> {
  /** URL segment and API name: `/clients`, `/api/clients`. */
  name: string;
  basePath: string;
  labels: ResourceLabels;
  columns: readonly ColumnDef<Row>[];
  fields: readonly FieldDef[];
  /** One schema for the browser and the server (pt-BR messages from shared/validation.ts). */
  schema: z.ZodType<Input, unknown>;
  defaultSort: { key: string; dir: "asc" | "desc" };
  pageSize: number;
  /** A short line under the name in lists and the detail header. */
  subtitle: (row: Row) => string;
  title: (row: Row) => string;
}

/** List state, always read from and written to the URL (`?q=&sort=&dir=&page=&f.<key>=&cols=`). */
export interface ListQuery {
  q: string;
  sort: string;
  dir: "asc" | "desc";
  page: number;
  /** Keyset cursor for the next page when the person pages forward (kept in the URL as `after`). */
  after: string | null;
  filters: Record<string, string[]>;
  columns: string[] | null;
}

export interface ListResult<Row> {
  rows: Row[];
  total: number;
  page: number;
  pageSize: number;
  /** Cursor for "next page" (keyset), null on the last page. */
  nextCursor: string | null;
}
