/**
 * Turns a `ResourceDefinition` plus loaded rows into the plain data the shared list and detail
 * render (`types.ts`). Runs in loaders only: the definition's cell formatters and zod schema
 * never reach the list page's JavaScript.
 */
import { formatBRL, formatDate, formatNumber, localDay } from "../../../shared/format.ts";
import { listQueryToSearch, parseDateRange, parseNumberRange } from "../../../shared/resources/query.ts";
import type {
  BulkActionDef,
  ColumnDef,
  FieldDef,
  FieldKind,
  FilterOption,
  ListQuery,
  ListResult,
  ResourceDefinition,
} from "../../../shared/resources/types.ts";
import { definitionByApi } from "../../../shared/resources/definitions.ts";
import { type DisplayContext, displayValue, FIELD_KINDS, type FormValue, formValueOf, safeDate } from "./field-kinds.tsx";
import type {
  ActiveFilterView,
  BulkConfirmView,
  CellView,
  DatePresetView,
  DetailItem,
  DetailValue,
  DetailView,
  FilterView,
  ListPanel,
  ListView,
  RelationOption,
  RowView,
  TotalsView,
} from "./types.ts";

type Def<Row extends { id: string }> = ResourceDefinition<Row, unknown>;

function href(pathname: string, params: URLSearchParams): string {
  const search = params.toString();
  return search ? `${pathname}?${search}` : pathname;
}

function withPanel(selfHref: string, panel: ListPanel): string {
  return `${selfHref}${selfHref.includes("?") ? "&" : "?"}painel=${panel}`;
}

/** Columns the person chose (`cols=`), else the definition's defaults; never none. */
export function visibleColumns<Row extends { id: string }>(def: Def<Row>, query: ListQuery): Set<string> {
  const chosen = query.columns?.filter((key) => def.columns.some((c) => c.key === key)) ?? [];
  if (chosen.length) return new Set(chosen);
  return new Set(def.columns.filter((c) => c.defaultVisible !== false).map((c) => c.key));
}

/** Grammatical gender of the resource, read from its own "Empresa excluída." sentence. */
export function isFeminine<Row extends { id: string }>(def: Def<Row>): boolean {
  return /a\.?$/.test(def.labels.deleted.trim().split(" ").at(-1) ?? "");
}

// ---------------------------------------------------------------------------
// Cells

/** An in-app path (`/produtos/1`), never another origin (`//x`, `javascript:`): links are router links. */
function inAppHref(value: string | null | undefined): string | null {
  if (!value?.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return null;
  return value;
}

/** Images come from our own paths or over http(s). */
function imageSrc(value: string | null | undefined): string | null {
  if (!value) return null;
  if (/^https?:\/\//i.test(value)) return value;
  return inAppHref(value);
}

function cellOf<Row extends { id: string }>(def: Def<Row>, column: ColumnDef<Row>, row: Row, zone: string): CellView {
  const cell = column.cell;
  const text = column.text(row, zone);
  switch (cell?.kind) {
    // The definition's text is already "R$ 1.234,56" (its `value` is what XLSX gets, in reais).
    case "money":
      return { kind: "money", text };
    case "number": {
      const value = column.value?.(row);
      return { kind: "number", text: text || (typeof value === "number" && Number.isFinite(value) ? formatNumber(value) : "") };
    }
    case "date":
      return { kind: "date", text };
    case "badge":
      return { kind: "badge", text, tone: cell.tone(row) };
    case "image":
      return { kind: "image", text, src: imageSrc(cell.src(row)), alt: `Imagem de ${def.title(row)}` };
    case "link":
      return { kind: "link", text, href: text ? inAppHref(cell.href(row)) : null };
    default:
      return { kind: "text", text };
  }
}

/** Money and numbers line up on the right unless the definition says otherwise. */
function alignOf<Row>(column: ColumnDef<Row>): "left" | "right" {
  if (column.align) return column.align;
  return column.cell?.kind === "money" || column.cell?.kind === "number" ? "right" : "left";
}

/** Field kinds whose values are read whole: documents, phones, codes, dates, amounts. */
const WHOLE_FIELD_KINDS: ReadonlySet<FieldKind> = new Set<FieldKind>([
  "tel",
  "phones",
  "cpf-cnpj",
  "cnpj",
  "cep",
  "date",
  "datetime",
  "money",
  "number",
  "barcode",
]);

/**
 * Cells whose text must stay on one line (a CPF split in two is misread): by the cell's kind,
 * by the kind of the field the column shows (same name), or the column's own `nowrap`.
 */
function nowrapOf<Row>(column: ColumnDef<Row>, fields: readonly FieldDef[]): boolean {
  const kind = column.cell?.kind;
  if (column.nowrap === true || kind === "money" || kind === "number" || kind === "date") return true;
  const field = fields.find((f) => f.name === column.key);
  return field !== undefined && WHOLE_FIELD_KINDS.has(field.kind);
}

// ---------------------------------------------------------------------------
// Filters

interface Day {
  y: number;
  m: number;
  d: number;
}

/** Today on the organização's calendar. */
function today(now: Date, zone: string): Day {
  const [y, m, d] = localDay(now, zone).split("-").map(Number) as [number, number, number];
  return { y, m, d };
}

/** "aaaa-mm-dd" of a day given as year, month (1–12) and day; out-of-range days roll over. */
function isoDay(y: number, m: number, d: number): string {
  return new Date(Date.UTC(y, m - 1, d)).toISOString().slice(0, 10);
}

/** Hoje, Esta semana (Monday to Sunday), Este mês, Mês passado: the organização's calendar days. */
export function datePresets(now: Date, zone: string): { label: string; value: string }[] {
  const { y, m, d } = today(now, zone);
  const sinceMonday = (new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 6) % 7;
  return [
    { label: "Hoje", value: `${isoDay(y, m, d)}..${isoDay(y, m, d)}` },
    { label: "Esta semana", value: `${isoDay(y, m, d - sinceMonday)}..${isoDay(y, m, d - sinceMonday + 6)}` },
    { label: "Este mês", value: `${isoDay(y, m, 1)}..${isoDay(y, m + 1, 0)}` },
    { label: "Mês passado", value: `${isoDay(y, m - 1, 1)}..${isoDay(y, m, 0)}` },
  ];
}

/** Centavos as a person types them in a money input: 123456 → "1.234,56". */
function moneyInput(centavos: number): string {
  return formatBRL(centavos).replace("R$ ", "");
}

/** A number as a person types it: 2.5 → "2,5" (no grouping). */
function numberInput(value: number): string {
  return formatNumber(value, { maximumFractionDigits: 6, useGrouping: false });
}

function rangeText(from: string | null, to: string | null): string {
  if (from && to) return from === to ? from : `de ${from} até ${to}`;
  if (from) return `a partir de ${from}`;
  return `até ${to}`;
}

const UNKNOWN_RECORD = "Registro não encontrado";

function filterView<Row>(
  column: ColumnDef<Row>,
  values: string[],
  context: { presets: { label: string; value: string }[]; presetHref: (key: string, value: string) => string; titles: RelationOption[] },
): FilterView {
  const base = { key: column.key, label: column.label, values };
  const filter = column.filter;
  const type = filter?.type ?? "text";
  const first = values[0] ?? "";
  switch (type) {
    case "enum":
    case "multi-enum":
      return { ...base, type, options: filter?.options ?? [] };
    case "boolean": {
      const named = (value: string, fallback: string) => filter?.options?.find((o) => o.value === value)?.label ?? fallback;
      return { ...base, type, yes: named("sim", "Sim"), no: named("nao", "Não") };
    }
    case "text":
      return filter?.options?.length ? { ...base, type, options: filter.options } : { ...base, type };
    case "number-range":
    case "money-range": {
      const range = first ? parseNumberRange(first, type === "money-range") : null;
      const show = type === "money-range" ? moneyInput : numberInput;
      const [from, to] = range ?? [null, null];
      return { ...base, type, from: from === null ? "" : show(from), to: to === null ? "" : show(to) };
    }
    case "date-range": {
      const [from, to] = (first ? parseDateRange(first) : null) ?? [null, null];
      const presets: DatePresetView[] = context.presets.map((p) => ({
        ...p,
        href: context.presetHref(column.key, p.value),
        current: p.value === first,
      }));
      return { ...base, type, from: from ?? "", to: to ?? "", presets };
    }
    case "relation":
      return {
        ...base,
        type,
        relation: filter?.relation ?? "",
        selected: values.map((id) => ({ id, title: context.titles.find((t) => t.id === id)?.title ?? UNKNOWN_RECORD })),
      };
  }
}

/** How one active value reads on its chip ("Pessoa física", "R$ 100,00 até R$ 500,00", "Este mês"). */
function chipText(filter: FilterView, value: string): string {
  switch (filter.type) {
    case "enum":
    case "multi-enum":
      return filter.options.find((o) => o.value === value)?.label ?? value;
    case "boolean":
      return value === "sim" ? filter.yes : filter.no;
    case "text":
      return `“${value}”`;
    case "number-range":
    case "money-range": {
      const [from, to] = parseNumberRange(value, filter.type === "money-range") ?? [null, null];
      const show = (n: number | null) => (n === null ? null : filter.type === "money-range" ? formatBRL(n) : formatNumber(n));
      return rangeText(show(from), show(to));
    }
    case "date-range": {
      const preset = filter.presets.find((p) => p.value === value);
      if (preset) return preset.label;
      const [from, to] = parseDateRange(value) ?? [null, null];
      return rangeText(from && formatDate(from), to && formatDate(to));
    }
    case "relation":
      return filter.selected.find((s) => s.id === value)?.title ?? UNKNOWN_RECORD;
  }
}

// ---------------------------------------------------------------------------
// The list

export function buildListView<Row extends { id: string }>(
  def: Def<Row>,
  query: ListQuery,
  result: ListResult<Row>,
  options: {
    pathname: string;
    confirmIds?: readonly string[];
    /** The bulk actions the member may run, and the one the URL asked to confirm (`?acao=`). */
    bulk?: BulkOptions;
    openPanel?: ListPanel | null;
    /** The moment date presets are computed from (tests fix it). */
    now?: Date;
    /** The organização's IANA zone (the session's): dates and times of the cells, the date presets. */
    timeZone: string;
  },
): ListView {
  const zone = options.timeZone;
  const { pathname } = options;
  const at = (patch: Partial<ListQuery>) => href(pathname, listQueryToSearch({ ...query, ...patch }, def));
  const withFilters = (filters: Record<string, string[]>) => at({ filters, page: 1, after: null });
  const visible = visibleColumns(def, query);
  const shownColumns = def.columns.filter((c) => visible.has(c.key));
  const pageCount = Math.max(1, Math.ceil(result.total / Math.max(1, result.pageSize)));
  const page = Math.min(result.page, pageCount);
  const selfHref = at({});
  const filtered = query.q !== "" || Object.keys(query.filters).length > 0;

  const rows: RowView[] = result.rows.map((row) => {
    const cells: RowView["cells"] = {};
    for (const c of shownColumns) {
      const cell = cellOf(def, c, row, zone);
      if (cell.kind === "text") {
        if (cell.text) cells[c.key] = cell.text;
      } else if (cell.text || cell.kind === "image") cells[c.key] = cell;
    }
    return {
      id: row.id,
      href: `${def.basePath}/${encodeURIComponent(row.id)}`,
      title: def.title(row),
      subtitle: def.subtitle(row, zone),
      cells,
    };
  });

  const presets = def.columns.some((c) => c.filter?.type === "date-range") ? datePresets(options.now ?? new Date(), zone) : [];
  const presetHref = (key: string, value: string) => withFilters({ ...query.filters, [key]: [value] });
  const filters: FilterView[] = def.columns
    .filter((c) => c.filter)
    .map((c) => filterView(c, query.filters[c.key] ?? [], { presets, presetHref, titles: result.relationTitles?.[c.key] ?? [] }));

  const activeFilters: ActiveFilterView[] = filters.flatMap((f) =>
    f.values.map((value) => {
      const rest = { ...query.filters };
      const others = f.values.filter((v) => v !== value);
      if (others.length) rest[f.key] = others;
      else delete rest[f.key];
      const text = chipText(f, value);
      // A record whose title already says what it is ("Venda nº 123") is not prefixed again.
      const named = f.type === "relation" && text.startsWith(`${f.label} `);
      return { key: f.key, label: named ? text : `${f.label}: ${text}`, removeHref: withFilters(rest) };
    }),
  );

  const totalColumns = shownColumns.filter((c) => c.total);
  const n = result.total;
  const totals: TotalsView | null =
    totalColumns.length && result.rows.length
      ? {
          label: `Total (${formatNumber(n)} ${n === 1 ? "registro" : "registros"}${filtered ? (n === 1 ? " filtrado" : " filtrados") : ""})`,
          values: Object.fromEntries(totalColumns.map((c) => [c.key, formatBRL(result.totals?.[c.key] ?? 0)])),
        }
      : null;

  const confirmRows = (options.confirmIds ?? []).flatMap((id) => result.rows.filter((r) => r.id === id));
  const bulkAsked = options.bulk?.asked ? (def.bulkActions ?? []).find((a) => a.key === options.bulk?.asked?.key) : undefined;
  const exportSearch = (format: "csv" | "xlsx") => {
    const params = listQueryToSearch({ ...query, page: 1, after: null }, def);
    params.set("formato", format);
    return `${def.basePath}/export?${params}`;
  };

  return {
    name: def.name,
    basePath: def.basePath,
    createPath: def.screens?.createPath ?? `${def.basePath}/create`,
    labels: def.labels,
    feminine: isFeminine(def),
    columns: def.columns.map((c) => ({
      key: c.key,
      label: c.label,
      align: alignOf(c),
      nowrap: nowrapOf(c, def.fields),
      visible: visible.has(c.key),
      sortHref: c.sort
        ? at({ sort: c.key, dir: query.sort === c.key && query.dir === "asc" ? "desc" : "asc", page: 1, after: null })
        : null,
      sortDir: query.sort === c.key ? query.dir : null,
    })),
    filters,
    activeFilters,
    rows,
    totals,
    total: result.total,
    page,
    pageCount,
    pageSize: result.pageSize,
    q: query.q,
    filtered,
    selfHref,
    params: [...listQueryToSearch(query, def)],
    prevHref: page > 1 ? at({ page: page - 1, after: null }) : null,
    nextHref: page < pageCount ? at({ page: page + 1, after: result.nextCursor }) : null,
    clearHref: at({ q: "", filters: {}, page: 1, after: null }),
    clearFiltersHref: withFilters({}),
    openPanel: options.openPanel ?? null,
    panelHrefs: { filtros: withPanel(selfHref, "filtros"), colunas: withPanel(selfHref, "colunas") },
    exportHrefs: { csv: exportSearch("csv"), xlsx: exportSearch("xlsx") },
    confirmDelete:
      confirmRows.length && !bulkAsked
        ? { ids: confirmRows.map((r) => r.id), names: confirmRows.map((r) => def.title(r)), cancelHref: selfHref }
        : null,
    bulkActions: (def.bulkActions ?? []).filter((a) => options.bulk?.allowed.includes(a.key)).map((a) => ({ key: a.key, label: a.label })),
    confirmBulk:
      bulkAsked && confirmRows.length && options.bulk?.asked
        ? bulkConfirmView(bulkAsked, confirmRows, def, options.bulk.asked, selfHref, zone)
        : null,
  };
}

// ---------------------------------------------------------------------------
// Detail and form values (each field kind's reading: field-kinds.tsx)

function shown(field: FieldDef, row: Record<string, unknown>): boolean {
  if (!field.showWhen) return true;
  return field.showWhen.values.includes(String(row[field.showWhen.field] ?? ""));
}

/** Relations link to the related resource's record page, found from its API segment. */
function recordHref(relation: string, id: string): string | null {
  const target = definitionByApi(relation);
  return target ? `${target.basePath}/${encodeURIComponent(id)}` : null;
}

/**
 * A field's reading on the record page: its kind's, with the text the definition gives for it
 * (`screens.detail.fieldText`) in place of the kind's own — the link and alignment stay.
 */
function fieldReading<Row extends { id: string }>(def: Def<Row>, field: FieldDef, row: Row, at: DisplayContext): DetailValue {
  const reading = displayValue(field, row as unknown as Record<string, unknown>, at);
  const textOf = def.screens?.detail?.fieldText?.[field.name];
  if (!textOf) return reading;
  const text = textOf(row);
  if (!text) return { kind: "empty" };
  if (reading.kind === "text" || reading.kind === "link") return { ...reading, text };
  return { kind: "text", text, ...(FIELD_KINDS[field.kind].numeric ? { numeric: true } : {}) };
}

export function buildDetailView<Row extends { id: string }>(
  def: Def<Row>,
  row: Row,
  overrides: Partial<Record<string, DetailValue>>,
  /** The organização's IANA zone (the session's). */
  zone: string,
): DetailView {
  const record = row as unknown as Record<string, unknown>;
  const at: DisplayContext = { recordHref, timeZone: zone };
  const sections: DetailView["sections"] = [];
  for (const field of def.fields) {
    if (!shown(field, record)) continue;
    let section = sections.find((s) => s.title === field.section);
    if (!section) {
      section = { title: field.section, items: [] };
      sections.push(section);
    }
    const item: DetailItem = {
      name: field.name,
      label: field.label,
      value: overrides[field.name] ?? fieldReading(def, field, row, at),
      wide: FIELD_KINDS[field.kind].wideInDetail === true,
    };
    section.items.push(item);
  }
  const audit: string[] = [];
  const by = (name: unknown) => (typeof name === "string" && name ? ` por ${name}` : "");
  if (typeof record.criadoEm === "string") audit.push(`Cadastrado em ${safeDate(record.criadoEm, true, zone)}${by(record.criadoPorNome)}`);
  if (typeof record.atualizadoEm === "string" && record.atualizadoEm !== record.criadoEm) {
    audit.push(`Atualizado em ${safeDate(record.atualizadoEm, true, zone)}${by(record.atualizadoPorNome)}`);
  }
  return { id: row.id, title: def.title(row), subtitle: def.subtitle(row, zone), sections, audit };
}

/** Form values to start editing a record with (strings as the inputs show them). */
export type FormValues = Record<string, FormValue>;

export function formValuesFromRow<Row extends { id: string }>(def: Def<Row>, row: Row, zone: string): FormValues {
  const record = row as unknown as Record<string, unknown>;
  return Object.fromEntries(def.fields.map((field) => [field.name, formValueOf(field, record[field.name], zone)]));
}

// ---------------------------------------------------------------------------
// Bulk actions (a definition's `bulkActions`, run by its module)

export interface BulkOptions {
  allowed: readonly string[];
  asked?: { key: string; choices: Record<string, readonly FilterOption[]>; now: Date };
}

function bulkConfirmView<Row extends { id: string }>(
  action: BulkActionDef<Row>,
  rows: readonly Row[],
  def: Def<Row>,
  asked: NonNullable<BulkOptions["asked"]>,
  cancelHref: string,
  zone: string,
): BulkConfirmView {
  const today = localDay(asked.now, zone);
  const amount = action.amount;
  return {
    key: action.key,
    title: action.title(rows.length),
    note: action.note,
    confirmLabel: action.confirmLabel,
    ids: rows.map((r) => r.id),
    names: rows.map((r) => def.title(r)),
    totalText: amount ? formatBRL(rows.reduce((sum, r) => sum + amount(r), 0)) : null,
    fields: (action.fields ?? []).map((f) => {
      const options = f.options ?? asked.choices[f.name] ?? [];
      return {
        name: f.name,
        label: f.label,
        kind: f.kind,
        options,
        required: f.required ?? false,
        placeholder: f.placeholder ?? null,
        max: f.kind === "date" && f.notFuture ? today : null,
        defaultValue: f.kind === "date" ? today : f.required ? (options[0]?.value ?? "") : "",
      };
    }),
    cancelHref,
  };
}
