import type { z } from "zod";
import type { Tone } from "../define-enum.ts";
import type { Access, Action } from "../permissions.ts";

/**
 * A typed definition per resource drives the shared list, form, detail, export and API
 * (Cal.com's middle path: thin screens over shared pieces, not a metadata engine).
 * This file is client-safe; the server half lives in `worker/resources/`.
 */

/**
 * How a list can be filtered by a column; each type has one URL form (shared/resources/query.ts)
 * and one server mapping (worker/resources/list-engine.ts):
 * - `enum` / `multi-enum`: option values (`f.tipo=pf`; several mean "any of");
 * - `number-range` / `money-range`: `min..max`, either side may be empty (money in centavos);
 * - `date-range`: `aaaa-mm-dd..aaaa-mm-dd` (São Paulo calendar, both days included), with the
 *   presets hoje, esta semana, este mês, mês passado;
 * - `relation`: the id of a record of another resource (`f.fornecedor=<id>`), picked by search;
 * - `boolean`: `sim` / `nao`;
 * - `text`: free text compared without accents or case (an indexed search key).
 */
export type FilterType = "enum" | "multi-enum" | "number-range" | "money-range" | "date-range" | "relation" | "boolean" | "text";

export interface FilterDef {
  type: FilterType;
  options?: readonly FilterOption[];
  /** `relation`: the API segment of the related resource (`companies`, `produtos`), searched through `/api/<segment>/options?q=`. */
  relation?: string;
}

/** What a sort compares: it decides the cursor's value type and the index that serves it. */
export type SortType = "text" | "number" | "money" | "date";

/** Colours of a status badge (mapped to light/dark-safe classes by the list): the enums' tones (shared/define-enum.ts). */
export type BadgeTone = Tone;

/** How a cell renders; `text` formats it for every kind (and is what CSV and screen readers get). */
export type CellDef<Row> =
  | { kind: "text" }
  /** Right-aligned tabular R$ (the column's `text`); `value(row)` gives reais as a number for XLSX/CSV. */
  | { kind: "money" }
  | { kind: "number" }
  | { kind: "date" }
  | { kind: "badge"; tone: (row: Row) => BadgeTone }
  /** A small square thumbnail before the text (null: a placeholder). */
  | { kind: "image"; src: (row: Row) => string | null }
  /** The text links to a related record (null: plain text). */
  | { kind: "link"; href: (row: Row) => string | null };

export interface FilterOption {
  value: string;
  label: string;
}

export interface ColumnDef<Row> {
  /** Key in the URL (`sort=nome`, `f.origem=instagram`) and in CSV headers' order. */
  key: string;
  label: string;
  /** Plain text for the table cell, CSV and XLSX (pt-BR formatted; times in the organização's IANA `zone`). */
  text: (row: Row, zone: string) => string;
  /** Raw value for XLSX/CSV where a number or date reads better than text. */
  value?: (row: Row) => string | number | Date | null;
  /** Sortable, comparing values of this type (the server maps it to an indexed column). */
  sort?: SortType;
  filter?: FilterDef;
  /** Rendering; plain text when absent. */
  cell?: CellDef<Row>;
  /** Money columns: the filtered list's sum is shown in a totals row (and computed by the database). */
  total?: boolean;
  align?: "left" | "right";
  /**
   * The cell never breaks inside (documents, phones). Implied by a money, number or date cell and
   * by the kind of the field of the same name (tel, cpf-cnpj, cnpj, cep, date…): set it only for a
   * column whose field has another name (the main phone of `telefones`).
   */
  nowrap?: boolean;
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
  /** Several values of `options` (checkboxes): a list that must hold only those values. */
  | "choices"
  /** Places (bairro, cidade - UF, or a whole city), picked from those the page offers or typed. */
  | "places"
  | "checkbox"
  | "phones"
  | "url"
  /** R$ typed with a mask ("1.234,56"), submitted as that text; the schema turns it into centavos. */
  | "money"
  /** A number (quantities, percentages); `step` allows decimals. */
  | "number"
  /** An EAN-13/GTIN barcode (digits, check digit validated by the schema). */
  | "barcode"
  /** A record of another resource (`relation`), picked from a searchable list. */
  | "relation"
  /** Date and time in the organização's time zone (`aaaa-mm-ddTHH:mm`; shared/time-zone.ts). */
  | "datetime"
  /** A colour "#rrggbb": one of `options` (a palette, value = hex) or any other typed or picked. */
  | "color"
  /**
   * Lines of products and services (an order's items): each with quantity, unit price and
   * discount, priced by shared/money (ADR 067). Edited by the resource's own form.
   */
  | "lines"
  /**
   * A value a screen of its own builds (a sale's items and payments, an id it carries): no generic
   * input renders it; the API reference takes its JSON Schema from the zod schema.
   */
  | "draft";

export interface FieldDef {
  name: string;
  label: string;
  kind: FieldKind;
  required?: boolean;
  /** `select`/`choices`: the allowed values; `color`: the palette offered (any "#rrggbb" is still accepted). */
  options?: readonly FilterOption[];
  /** `text`: values offered as one types (a datalist), any other text kept — the usual categories. */
  suggestions?: readonly string[];
  hint?: string;
  /** Form section heading ("Dados", "Contato", "Endereço", "LGPD"…). */
  section: string;
  /** Only shown when another field has one of these values (e.g. CNPJ only for pessoa jurídica). */
  showWhen?: { field: string; values: readonly string[] };
  autoComplete?: string;
  /** `relation`: the API segment of the related resource (`companies`, `produtos`); options come from `/api/<segment>/options?q=`. */
  relation?: string;
  /** `number`: the input's step ("1" by default; "0.001" for fractional quantities). */
  step?: string;
  /** Read-only in the form (shown, not submitted): computed values such as the margin. */
  readOnly?: boolean;
  /** `select`: the empty choice's text when the field is optional (default "Não informado"). */
  placeholder?: string;
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

/** A screen of a resource's set: the shared route modules serve these from the definition alone. */
export type ScreenKind = "list" | "create" | "edit" | "detail" | "import" | "export" | "personal-data";

/** A line of text whose figures stand out (bold, tabular): `["Valor: ", { figure: "R$ 10,00" }, "."]`. */
export type NoteText = readonly (string | { figure: string })[];

/** The plain record page's twists (app/routes/records/detail.tsx), as data. */
export interface DetailScreen<Row> {
  /** A line above the fields: what the record is worth, how it is corrected. */
  note?: (row: Row) => NoteText;
  /** What deleting does, in the confirmation (default: the record leaves the list and can be restored). */
  deleteNote?: string;
  /**
   * A field's text on the record page where its kind's reading says too little (a signed quantity
   * with its unit, a relation's name with its code): it replaces the reading's text, while the
   * kind keeps its link and alignment; a blank reading becomes this text.
   */
  fieldText?: { readonly [field: string]: (row: Row) => string };
}

/**
 * What the shared screens say and do for one resource (app/routes/records/): the texts the
 * route files used to hard-code, and the few per-resource twists as data.
 */
export interface ResourceScreens<Row = { id: string }> {
  /**
   * The screens the shared route modules serve. A screen with real behaviour (the client's
   * timeline, the product's ledger) is left out and written as the resource's own route module.
   */
  plain: readonly ScreenKind[];
  /** Other paths of the list (`/clientes` shows `/clients`). */
  aliases?: readonly string[];
  /**
   * Where the list's "Novo …" button leads when creating is the resource's own screen rather than
   * the shared form (`/sales/nova`, the point of sale); absent: `${basePath}/create`.
   */
  createPath?: string;
  /** The line under the list's title. */
  listDescription: string;
  /** The line under "Novo …" on the create form. */
  newDescription: string;
  /** The form's submit button ("Salvar cliente"). */
  submitLabel: string;
  /** The form element's id ("form-cliente"). */
  formId: string;
  /** What a new record's form starts with. */
  newValues?: Readonly<Record<string, string | boolean>>;
  /**
   * Query parameters of the create URL that choose a field (`?empresa=<id>` from a company's page):
   * parameter → field. Kept only when valid: a relation the member may pick, a select's option.
   */
  presets?: Readonly<Record<string, string>>;
  /** The record page's note, delete note and field texts. */
  detail?: DetailScreen<Row>;
}

/** The definition's entry in the main menu (app/modules/navigation.ts). */
export interface NavEntry {
  /** The menu's group ("Negócio", "Imóveis"…). */
  group: string;
  /** Position among the group's items (hand-listed areas use the same scale). */
  order: number;
  /** The item's text, when not the list's title. */
  label?: string;
}

export interface ResourceDefinition<Row extends { id: string }, Input> {
  /** Registry name (also its key in `record_counts` and in the permission table). */
  name: string;
  /** The screens' path: `/clients`, `/produtos`. */
  basePath: string;
  /** The API's path segment: `/api/clients`, `/api/produtos`. */
  api: string;
  /** Who may do what (see shared/permissions.ts). */
  access: Access;
  /**
   * The row's owner columns (keys of the table holding a member's user id: the captador, the
   * corretor): a member whose reach is "own" sees and acts on the rows where one of them is
   * theirs. Required when a cell of `access` is `own` or `business` (checked by a test). Each is
   * a form field, or `criadoPor`: the audit trail's creator, set from the session, never from input.
   */
  owners?: readonly string[];
  /**
   * Owner through a linked record, for a row that names no member itself: the row is the
   * member's when the record its `field` points at, in `table`, names them in `userColumn` (an
   * appointment whose profissional is linked to the member's login). The row carries that member
   * as `rowKey` (an extra), for checks on rows already read.
   */
  ownerLink?: { field: string; table: string; userColumn: string; rowKey: string };
  labels: ResourceLabels;
  columns: readonly ColumnDef<Row>[];
  fields: readonly FieldDef[];
  /** One schema for the browser and the server (pt-BR messages from shared/validation.ts). */
  schema: z.ZodType<Input, unknown>;
  defaultSort: { key: string; dir: "asc" | "desc" };
  pageSize: number;
  /** A short line under the name in lists and the detail header. */
  subtitle: (row: Row, zone: string) => string;
  title: (row: Row) => string;
  /** The screens' texts and twists (absent: the resource has no screens of its own yet). */
  screens?: ResourceScreens<Row>;
  /** Its entry in the main menu. */
  nav?: NavEntry;
  /** What the list's selection can do besides deleting (each run by the module's `bulkActions`). */
  bulkActions?: readonly BulkActionDef<Row>[];
}

/**
 * A field asked in a bulk action's confirmation: a day (`date`: today by default, never after
 * today with `notFuture`) or a choice among `options` — the definition's own, or those the
 * module's `choices` read for the organização (its accounts) under the same name.
 */
export interface BulkFieldDef {
  name: string;
  label: string;
  kind: "date" | "select";
  options?: readonly FilterOption[];
  required?: boolean;
  /** `select` without `required`: the text of the empty choice. */
  placeholder?: string;
  notFuture?: boolean;
}

/**
 * An action on the list's selected rows ("Marcar como pago"): a button beside "Excluir
 * selecionados", then a confirmation naming the rows (and their sum when `amount` is given) with
 * its `fields`, then one write by the module's runner under the same `key`.
 */
export interface BulkActionDef<Row> {
  /** The form's intent and the URL's `acao=`. */
  key: string;
  /** The button's text ("Marcar como pago"). */
  label: string;
  /** The permission table's action the member needs on this resource. */
  access: Action;
  /** The confirmation's title, given the count ("Marcar 2 despesas como pagas?"). */
  title: (count: number) => string;
  /** A line under the names (what happens, that it is all or nothing). */
  note: string;
  confirmLabel: string;
  /** The toast after it, given the count. */
  done: (count: number) => string;
  /** Centavos of a row, summed in the confirmation ("Total: R$ 1.234,56"). */
  amount?: (row: Row) => number;
  fields?: readonly BulkFieldDef[];
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
  /** Sums (centavos) of the `total: true` money columns over every row the search and filters match. */
  totals: Record<string, number>;
  /** Titles of the records chosen in `relation` filters, by filter key (so the filter can name them). */
  relationTitles: Record<string, { id: string; title: string }[]>;
}
