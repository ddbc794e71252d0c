/**
 * Turns a `ResourceDefinition` plus loaded rows into the plain data the shared list and detail
 * render (`types.ts`). Runs in loaders only: the definition's cell formatters and zod schema
 * never reach the list page's JavaScript.
 */
import { formatCep, formatCnpj, formatCpf, formatPhoneBR } from "../../../shared/documents.ts";
import { formatDate, formatDateTime } from "../../../shared/format.ts";
import { listQueryToSearch } from "../../../shared/resources/query.ts";
import type { FieldDef, ListQuery, ListResult, ResourceDefinition } from "../../../shared/resources/types.ts";
import type { DetailItem, DetailValue, DetailView, FilterView, ListPanel, ListView, RowView } from "./types.ts";

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

export function buildListView<Row extends { id: string }>(
  def: Def<Row>,
  query: ListQuery,
  result: ListResult<Row>,
  options: { pathname: string; confirmIds?: readonly string[]; openPanel?: ListPanel | null },
): ListView {
  const { pathname } = options;
  const at = (patch: Partial<ListQuery>) => href(pathname, listQueryToSearch({ ...query, ...patch }, def));
  const visible = visibleColumns(def, query);
  const pageCount = Math.max(1, Math.ceil(result.total / Math.max(1, result.pageSize)));
  const page = Math.min(result.page, pageCount);
  const selfHref = at({});

  const rows: RowView[] = result.rows.map((row) => {
    const cells: Record<string, string> = {};
    for (const c of def.columns) if (visible.has(c.key)) cells[c.key] = c.text(row);
    return { id: row.id, href: `${def.basePath}/${encodeURIComponent(row.id)}`, title: def.title(row), subtitle: def.subtitle(row), cells };
  });

  const filters: FilterView[] = def.columns
    .filter((c) => c.filter)
    .map((c) => ({
      key: c.key,
      label: c.label,
      type: c.filter?.type ?? "text",
      options: c.filter?.options ?? [],
      values: query.filters[c.key] ?? [],
    }));

  const confirmRows = (options.confirmIds ?? []).flatMap((id) => result.rows.filter((r) => r.id === id));
  const exportSearch = (format: "csv" | "xlsx") => {
    const params = listQueryToSearch({ ...query, page: 1, after: null }, def);
    params.set("formato", format);
    return `${def.basePath}/export?${params}`;
  };

  return {
    name: def.name,
    basePath: def.basePath,
    labels: def.labels,
    feminine: isFeminine(def),
    columns: def.columns.map((c) => ({
      key: c.key,
      label: c.label,
      align: c.align ?? "left",
      visible: visible.has(c.key),
      sortHref: c.sort
        ? at({ sort: c.key, dir: query.sort === c.key && query.dir === "asc" ? "desc" : "asc", page: 1, after: null })
        : null,
      sortDir: query.sort === c.key ? query.dir : null,
    })),
    filters,
    rows,
    total: result.total,
    page,
    pageCount,
    pageSize: result.pageSize,
    q: query.q,
    filtered: query.q !== "" || Object.keys(query.filters).length > 0,
    selfHref,
    params: [...listQueryToSearch(query, def)],
    prevHref: page > 1 ? at({ page: page - 1, after: null }) : null,
    nextHref: page < pageCount ? at({ page: page + 1, after: result.nextCursor }) : null,
    clearHref: at({ q: "", filters: {}, page: 1, after: null }),
    openPanel: options.openPanel ?? null,
    panelHrefs: { filtros: withPanel(selfHref, "filtros"), colunas: withPanel(selfHref, "colunas") },
    exportHrefs: { csv: exportSearch("csv"), xlsx: exportSearch("xlsx") },
    confirmDelete: confirmRows.length
      ? { ids: confirmRows.map((r) => r.id), names: confirmRows.map((r) => def.title(r)), cancelHref: selfHref }
      : null,
  };
}

// ---------------------------------------------------------------------------
// Detail and form values

function isBlank(value: unknown): boolean {
  return (
    value === null || value === undefined || (typeof value === "string" && value.trim() === "") || (Array.isArray(value) && !value.length)
  );
}

function formatDocument(value: string): string {
  return value.length === 11 ? formatCpf(value) : formatCnpj(value);
}

function safeDate(value: string, withTime = false): string {
  try {
    return withTime ? formatDateTime(value) : formatDate(value);
  } catch {
    return value;
  }
}

interface StoredPhone {
  numero: string;
  whatsapp?: boolean;
  rotulo?: string | null;
}

function phonesOf(value: unknown): StoredPhone[] {
  if (!Array.isArray(value)) return [];
  return value.filter((p): p is StoredPhone => typeof p === "object" && p !== null && typeof (p as StoredPhone).numero === "string");
}

export function whatsappHref(digits: string): string {
  return `https://wa.me/55${digits.replace(/\D/g, "")}`;
}

/** How one field of a record reads on the detail page. */
export function displayValue(field: FieldDef, row: Record<string, unknown>): DetailValue {
  const value = row[field.name];
  if (field.kind === "checkbox") {
    const when = row[`${field.name}Em`];
    const yes = value === true;
    return { kind: "text", text: yes ? (typeof when === "string" && when ? `Sim, desde ${safeDate(when)}` : "Sim") : "Não" };
  }
  if (isBlank(value)) return { kind: "empty" };
  const text = String(value);
  switch (field.kind) {
    case "cpf-cnpj":
      return { kind: "text", text: formatDocument(text), numeric: true };
    case "cnpj":
      return { kind: "text", text: formatCnpj(text), numeric: true };
    case "cep":
      return { kind: "text", text: formatCep(text), numeric: true };
    case "tel":
      return { kind: "link", text: formatPhoneBR(text), href: `tel:+55${text.replace(/\D/g, "")}` };
    case "date":
      return { kind: "text", text: safeDate(text), numeric: true };
    case "email":
      return { kind: "link", text, href: `mailto:${text}` };
    case "url":
      return /^https?:\/\//i.test(text)
        ? { kind: "link", text: text.replace(/^https?:\/\//i, ""), href: text, external: true }
        : { kind: "text", text };
    case "select": {
      const label = field.options?.find((o) => o.value === text)?.label;
      return { kind: "text", text: label ?? text };
    }
    case "tags":
      return { kind: "tags", tags: Array.isArray(value) ? value.map(String) : text.split(",").map((t) => t.trim()) };
    case "phones": {
      const phones = phonesOf(value);
      if (!phones.length) return { kind: "empty" };
      return {
        kind: "phones",
        phones: phones.map((p) => ({
          display: `${formatPhoneBR(p.numero)}${p.rotulo ? ` (${p.rotulo})` : ""}`,
          telHref: `tel:+55${p.numero}`,
          whatsappHref: p.whatsapp ? whatsappHref(p.numero) : null,
        })),
      };
    }
    case "textarea":
      return { kind: "text", text, multiline: true };
    default:
      return { kind: "text", text };
  }
}

function shown(field: FieldDef, row: Record<string, unknown>): boolean {
  if (!field.showWhen) return true;
  return field.showWhen.values.includes(String(row[field.showWhen.field] ?? ""));
}

export function buildDetailView<Row extends { id: string }>(
  def: Def<Row>,
  row: Row,
  overrides: Partial<Record<string, DetailValue>> = {},
): DetailView {
  const record = row as unknown as Record<string, unknown>;
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
      value: overrides[field.name] ?? displayValue(field, record),
      wide: field.kind === "textarea" || field.kind === "phones" || field.kind === "checkbox",
    };
    section.items.push(item);
  }
  const audit: string[] = [];
  const by = (name: unknown) => (typeof name === "string" && name ? ` por ${name}` : "");
  if (typeof record.criadoEm === "string") audit.push(`Cadastrado em ${safeDate(record.criadoEm, true)}${by(record.criadoPorNome)}`);
  if (typeof record.atualizadoEm === "string" && record.atualizadoEm !== record.criadoEm) {
    audit.push(`Atualizado em ${safeDate(record.atualizadoEm, true)}${by(record.atualizadoPorNome)}`);
  }
  return { id: row.id, title: def.title(row), subtitle: def.subtitle(row), sections, audit };
}

/** Form values to start editing a record with (strings as the inputs show them). */
export type FormValues = Record<string, string | boolean | string[] | { numero: string; whatsapp: boolean; rotulo: string }[]>;

export function formValuesFromRow<Row extends { id: string }>(def: Def<Row>, row: Row): FormValues {
  const record = row as unknown as Record<string, unknown>;
  const values: FormValues = {};
  for (const field of def.fields) {
    const value = record[field.name];
    switch (field.kind) {
      case "checkbox":
        values[field.name] = value === true;
        break;
      case "tags":
        values[field.name] = Array.isArray(value) ? value.map(String) : [];
        break;
      case "phones":
        values[field.name] = phonesOf(value).map((p) => ({
          numero: formatPhoneBR(p.numero),
          whatsapp: p.whatsapp === true,
          rotulo: p.rotulo ?? "",
        }));
        break;
      case "cpf-cnpj":
        values[field.name] = typeof value === "string" && value ? formatDocument(value) : "";
        break;
      case "cnpj":
        values[field.name] = typeof value === "string" && value ? formatCnpj(value) : "";
        break;
      case "cep":
        values[field.name] = typeof value === "string" && value ? formatCep(value) : "";
        break;
      case "tel":
        values[field.name] = typeof value === "string" && value ? formatPhoneBR(value) : "";
        break;
      default:
        values[field.name] = isBlank(value) ? "" : String(value);
    }
  }
  return values;
}
