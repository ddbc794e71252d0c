/**
 * What the shared list and detail render: plain, serialisable data the loader builds from a
 * `ResourceDefinition` (see `view.server.ts`). The definition (with its zod schema and cell
 * formatters) stays on the server, so a list page ships no schema to the browser.
 */
import type { FilterType, ResourceLabels } from "../../../shared/resources/types.ts";
import type { ToastData } from "../ui/toast.tsx";

export interface FilterView {
  key: string;
  label: string;
  type: FilterType;
  options: readonly { value: string; label: string }[];
  /** Current values from the URL (`f.<key>`). */
  values: string[];
}

export interface ColumnView {
  key: string;
  label: string;
  align: "left" | "right";
  visible: boolean;
  /** Where the header links to (null when the column can't sort). */
  sortHref: string | null;
  sortDir: "asc" | "desc" | null;
}

export interface RowView {
  id: string;
  href: string;
  title: string;
  subtitle: string;
  cells: Record<string, string>;
}

/** The list's menus that open over it; `?painel=<name>` opens one without JavaScript. */
export type ListPanel = "filtros" | "colunas";
export const LIST_PANELS: readonly ListPanel[] = ["filtros", "colunas"];

export interface ListView {
  name: string;
  basePath: string;
  labels: ResourceLabels;
  /** "empresas encontradas" vs "clientes encontrados". */
  feminine: boolean;
  columns: ColumnView[];
  filters: FilterView[];
  rows: RowView[];
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
  clearHref: string;
  exportHrefs: { csv: string; xlsx: string };
  /** The menu the URL opened (`?painel=`), rendered open by the server. */
  openPanel: ListPanel | null;
  /** The list's URL with each menu open: the link a browser without JavaScript follows. */
  panelHrefs: Record<ListPanel, string>;
  /** `?excluir=…` asked to delete these rows: the confirmation step. */
  confirmDelete: { ids: string[]; names: string[]; cancelHref: string } | null;
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

export interface Permissions {
  /** owner, admin, staff: create, edit, delete, import. */
  canWrite: boolean;
  /** owner, admin: LGPD export and erase. */
  canManage: boolean;
}

export type { ToastData };
