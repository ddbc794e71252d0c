/**
 * What the shared list and detail render: plain, serialisable data the loader builds from a
 * `ResourceDefinition` (see `view.server.ts`). The definition (with its zod schema and cell
 * formatters) stays on the server, so a list page ships no schema to the browser.
 */
import type { BadgeTone, FilterOption, ResourceLabels } from "../../../shared/resources/types.ts";
import type { ToastData } from "../ui/toast.tsx";

export type { BadgeTone };

/** "Cadastrar novo …" beside a relation picker: the related resource's create form, which returns with the new record chosen. */
export interface RelationCreateLink {
  href: string;
  label: string;
}

/** A record of another resource as pickers and chips name it. */
export interface RelationOption {
  id: string;
  title: string;
  /** Said after the title in the suggestions only ("novo bairro", "pelo CEP"). */
  note?: string;
}

/** A date-range shortcut ("Hoje", "Esta semana", "Este mês", "Mês passado"), in São Paulo days. */
export interface DatePresetView {
  label: string;
  /** The filter's URL value: `aaaa-mm-dd..aaaa-mm-dd`. */
  value: string;
  /** The list with this range chosen (page 1). */
  href: string;
  /** The URL's range is this preset. */
  current: boolean;
}

interface FilterBase {
  key: string;
  label: string;
  /** Current values from the URL (`f.<key>`), canonical. */
  values: string[];
}

/** One filterable column, with what its control needs (see `filters.tsx`). */
export type FilterView = FilterBase &
  (
    | { type: "enum" | "multi-enum"; options: readonly FilterOption[] }
    /** `yes`/`no`: what the choices read ("Sim"/"Não" unless the definition's options name them). */
    | { type: "boolean"; yes: string; no: string }
    /** `options`: values to pick from (the loader's, e.g. the bairros in use) instead of free text. */
    | { type: "text"; options?: readonly FilterOption[] }
    /** `from`/`to`: the range's sides as a person types them ("1.234,56" for money, "2,5" for numbers). */
    | { type: "number-range" | "money-range"; from: string; to: string }
    /** `from`/`to`: `aaaa-mm-dd` (what a date input holds). */
    | { type: "date-range"; from: string; to: string; presets: DatePresetView[] }
    /** `relation`: the API segment searched for options; `selected`: the chosen records, named. */
    | { type: "relation"; relation: string; selected: RelationOption[] }
  );

/** An active filter above the table, with the list's URL without it. */
export interface ActiveFilterView {
  key: string;
  /** "Tipo: Pessoa física", "Cadastrado em: Este mês". */
  label: string;
  removeHref: string;
}

export interface ColumnView {
  key: string;
  label: string;
  align: "left" | "right";
  /** The cell's text stays on one line (codes, money, numbers, dates). */
  nowrap: boolean;
  visible: boolean;
  /** Where the header links to (null when the column can't sort). */
  sortHref: string | null;
  sortDir: "asc" | "desc" | null;
}

/**
 * One cell, formatted on the server (pt-BR): the browser only places strings. `text` is what
 * the cell reads as (and what CSV/XLSX export, from the column's own `text`).
 */
export type CellView =
  | { kind: "text"; text: string }
  /** "R$ 1.234,56": right-aligned, tabular figures. */
  | { kind: "money"; text: string }
  | { kind: "number"; text: string }
  | { kind: "date"; text: string }
  | { kind: "badge"; text: string; tone: BadgeTone }
  /** A small square thumbnail before the text (`src` null: a neutral placeholder). */
  | { kind: "image"; text: string; src: string | null; alt: string }
  /** The text links to a related record (`href` null: plain text). */
  | { kind: "link"; text: string; href: string | null };

export type CellKind = CellView["kind"];

export interface RowView {
  id: string;
  href: string;
  title: string;
  subtitle: string;
  /**
   * The visible columns' cells, by column key: a plain text cell travels as its string, an empty
   * one not at all (the hydration data of a 25-row page is mostly cells).
   */
  cells: Record<string, CellView | string>;
}

/** The totals row: sums over every row the search and filters match, not only this page. */
export interface TotalsView {
  /** "Total (12 registros filtrados)". */
  label: string;
  /** Visible `total: true` columns → "R$ 1.234,56". */
  values: Record<string, string>;
}

/** The list's menus that open over it; `?painel=<name>` opens one without JavaScript. */
export type ListPanel = "filtros" | "colunas";
export const LIST_PANELS: readonly ListPanel[] = ["filtros", "colunas"];

export interface ListView {
  name: string;
  basePath: string;
  /** Where "Novo …" leads: `${basePath}/create`, or the resource's own screen (`/sales/nova`). */
  createPath: string;
  labels: ResourceLabels;
  /** "empresas encontradas" vs "clientes encontrados". */
  feminine: boolean;
  columns: ColumnView[];
  filters: FilterView[];
  /** The filters in the URL, one chip per value, each with its remove link. */
  activeFilters: ActiveFilterView[];
  rows: RowView[];
  /** Null when the definition has no visible total column or the list is empty. */
  totals: TotalsView | null;
  total: number;
  page: number;
  pageCount: number;
  pageSize: number;
  q: string;
  /** Search or any filter is on (an empty list then means "no match", not "nothing yet"). */
  filtered: boolean;
  /** The list's own URL (path + search), what actions come back to. */
  selfHref: string;
  /** The current list state as (name, value) pairs, for hidden inputs of GET forms. */
  params: [string, string][];
  prevHref: string | null;
  nextHref: string | null;
  /** Search and filters cleared. */
  clearHref: string;
  /** Filters cleared, the search kept ("Limpar filtros"). */
  clearFiltersHref: string;
  exportHrefs: { csv: string; xlsx: string };
  /** The menu the URL opened (`?painel=`), rendered open by the server. */
  openPanel: ListPanel | null;
  /** The list's URL with each menu open: the link a browser without JavaScript follows. */
  panelHrefs: Record<ListPanel, string>;
  /** `?excluir=…` asked to delete these rows: the confirmation step. */
  confirmDelete: { ids: string[]; names: string[]; cancelHref: string } | null;
  /** The definition's bulk actions the member may run on a selection (beside "Excluir selecionados"). */
  bulkActions: { key: string; label: string }[];
  /** `?acao=<key>&excluir=…` asked to run one on these rows: its confirmation step. */
  confirmBulk: BulkConfirmView | null;
}

export interface BulkConfirmView {
  key: string;
  title: string;
  note: string;
  confirmLabel: string;
  ids: string[];
  names: string[];
  /** The selected rows' sum in R$, when the action has an amount. */
  totalText: string | null;
  fields: {
    name: string;
    label: string;
    kind: "date" | "select";
    options: readonly { value: string; label: string }[];
    required: boolean;
    placeholder: string | null;
    /** `date`: the last day allowed (today), when it cannot be in the future. */
    max: string | null;
    defaultValue: string;
  }[];
  cancelHref: string;
}

export type DetailValue =
  | { kind: "empty" }
  | { kind: "text"; text: string; multiline?: boolean; numeric?: boolean }
  | { kind: "link"; text: string; href: string; external?: boolean }
  | { kind: "tags"; tags: string[] }
  | { kind: "phones"; phones: { display: string; telHref: string; whatsappHref: string | null }[] };

export interface DetailItem {
  name: string;
  label: string;
  value: DetailValue;
  wide?: boolean;
}

export interface DetailView {
  id: string;
  title: string;
  subtitle: string;
  sections: { title: string; items: DetailItem[] }[];
  /** "Criado em … por …" lines, when the record carries them. */
  audit: string[];
}

export interface TimelineEntry {
  id: string;
  when: string;
  title: string;
  description?: string | null;
  href?: string | null;
}

/** What the screen shows of a resource for the signed-in role (the permission table's answers). */
export type { Permissions } from "../../../shared/permissions.ts";

export type { ToastData };
