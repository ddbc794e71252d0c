import { and, eq, inArray, isNull, type SQL, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import type { Database } from "../../db/client.ts";
import { type OrgScope, orgScope } from "../../db/tenant.ts";
import { normalizeText, sortKey } from "../../shared/search.ts";
import { formErrors } from "../../shared/validation.ts";
import { dateTimesInZone } from "../../shared/resources/schema-helpers.ts";
import { timeZoneOf } from "../../shared/time-zone.ts";
import { type Actor, DomainError, type ServiceContext } from "../services/context.ts";
import { CsvError, parseCsv } from "./csv.ts";
import { assertReadableCsv } from "./csv-decode.ts";
import type { ResourceModule } from "./define.ts";
import { insertValues, ownedInput, reached, translateDbError } from "./records.ts";
import { moduleOf } from "./registry.ts";
import { recordChanged } from "../live/record-changed.ts";

/**
 * CSV import with a preview, the same for every resource that declares an `import` spec. Each
 * row is checked against the organization in one batched round trip — the values other records
 * already have (the resource's duplicate checks) and the records the file names in reference
 * columns (a client's "Empresa", a movement's "Produto": by code, else by whole name) — then
 * validated with the resource's own zod schema (the form's pt-BR messages). Rows repeating a
 * live record or an earlier row are duplicates (a warning, not an error).
 *
 * Committing re-reads the file and repeats every check (the preview is never trusted): one
 * round trip for the checks, one batch for the writes — all chosen rows or none. Mode "all"
 * refuses a file with any invalid row; "valid-only" skips them. Duplicates are skipped unless
 * the person chose to import them anyway. Between the two round trips a referenced record may be
 * deleted: the database refuses the link (relation triggers) and the whole import is rolled back.
 */

/** Largest file accepted (characters). */
export const MAX_IMPORT_CHARS = 5_000_000;
/** Most data rows per file. */
export const MAX_IMPORT_ROWS = 5_000;
/** Rows per INSERT statement (SQLite's variable limit is far above 30 × 100). */
const ROWS_PER_INSERT = 100;
/** Values per `IN (…)` of the look-ups (all chunks go in one batch). */
const VALUES_PER_LOOKUP = 200;
/** Longest search key kept by the database (shared/search.ts cuts keys there). */
const MAX_KEY = 120;

/** What to do with rows that repeat an existing record or an earlier row of the file. */
export type DuplicatePolicy = "skip" | "import";

export interface ImportWarning {
  /** "duplicate": repeats a live record or an earlier row; "reference": a reference column could not be linked. */
  kind: "duplicate" | "reference";
  /** The field (column) the warning is about. */
  field: string;
  /** pt-BR, for people. */
  message: string;
}

export type ImportRowStatus = "valid" | "duplicate" | "invalid";

export interface ImportRow {
  /** Line of the file (the header is line 1). */
  line: number;
  /** Cells by field name, as written in the file. */
  values: Record<string, string>;
  /** pt-BR message by field name; empty when the row is valid. */
  errors: Record<string, string>;
  /** Warnings of a valid row (duplicates, reference not found); never on invalid rows. */
  warnings: ImportWarning[];
  /** "valid": imported; "duplicate": imported only when chosen; "invalid": never imported. */
  status: ImportRowStatus;
  /** The records the reference columns were linked to, by column. */
  links?: Record<string, { id: string; name: string }>;
}

export interface ImportPreview {
  rows: ImportRow[];
  /** Rows ready to import (no errors, no duplicate). */
  valid: number;
  /** Rows without errors that repeat a live record or an earlier row. */
  duplicates: number;
  /** Rows with errors. */
  invalid: number;
  /** How each header of the file was understood (`field` null: ignored). */
  columns: { header: string; field: string | null }[];
}

export interface ImportResult {
  imported: number;
  /** Rows left out: `skippedInvalid + skippedDuplicates`. */
  skipped: number;
  skippedInvalid: number;
  skippedDuplicates: number;
}

function specOf(mod: ResourceModule) {
  const spec = mod.import;
  if (!spec) throw new DomainError("Este tipo de registro não tem importação por planilha.", 400);
  return spec;
}

/** Header → field: aliases and reference columns, field labels, column labels (what our export writes), field names. */
function headerMap(mod: ResourceModule): Map<string, string> {
  const def = mod.definition;
  const spec = specOf(mod);
  const references = spec.references ?? {};
  const unread = new Set(Object.values(references).map((r) => r.field));
  const fieldNames = new Set([...def.fields.map((f) => f.name).filter((f) => !unread.has(f)), ...Object.keys(references)]);
  const map = new Map<string, string>();
  const add = (text: string, field: string) => {
    const key = normalizeText(text);
    if (!map.has(key) && fieldNames.has(field)) map.set(key, field);
  };
  // Reference columns first: a form's "Empresa" label names the id field, the file a record.
  for (const [field, reference] of Object.entries(references)) add(reference.label, field);
  for (const field of def.fields) {
    add(field.label, field.name);
    add(field.name, field.name);
  }
  for (const [alias, field] of Object.entries(spec.aliases)) add(alias, field);
  for (const column of def.columns) add(column.label, column.key);
  return map;
}

function mapHeaders(mod: ResourceModule, header: string[]): (string | null)[] {
  const map = headerMap(mod);
  const used = new Set<string>();
  return header.map((h) => {
    const field = map.get(normalizeText(h)) ?? null;
    // A field read from two columns keeps the first (e.g. "Nome" and "Razão social").
    if (!field || used.has(field)) return null;
    used.add(field);
    return field;
  });
}

/** Our export writes a leading apostrophe before text Excel would run as a formula (csv.ts): undo it. */
function unneutralized(value: string): string {
  return value.replace(/^'(?=[=+\-@\t\r])/, "");
}

interface FileRow {
  row: ImportRow;
  /** Reference columns' cells, by column. */
  refs: Record<string, string>;
}

interface Parsed {
  rows: FileRow[];
  columns: ImportPreview["columns"];
}

/** Reads the file into rows of cells (pure: no database). */
function read(mod: ResourceModule, csvText: string): Parsed {
  const spec = specOf(mod);
  if (typeof csvText !== "string" || !csvText.trim()) throw new DomainError("O arquivo está vazio.", 400, "arquivo");
  if (csvText.length > MAX_IMPORT_CHARS) throw new DomainError("O arquivo é grande demais: o limite é 5 MB.", 400, "arquivo");
  // Every door (JSON text, the page's second step) meets the same check as decoded bytes.
  assertReadableCsv(csvText);
  let parsed: ReturnType<typeof parseCsv>;
  try {
    parsed = parseCsv(csvText);
  } catch (error) {
    if (error instanceof CsvError) throw new DomainError(`Não foi possível ler o CSV: ${error.message}`, 400, "arquivo");
    throw error;
  }
  const fields = mapHeaders(mod, parsed.header);
  const columns = parsed.header.map((header, i) => ({ header, field: fields[i] ?? null }));
  if (!fields.includes(spec.required)) {
    const label =
      spec.references?.[spec.required]?.label ?? mod.definition.fields.find((f) => f.name === spec.required)?.label ?? spec.required;
    throw new DomainError(`A planilha precisa de uma coluna "${label}" na primeira linha.`, 400, "arquivo");
  }
  const records = parsed.records.filter((r) => r.fields.some((f) => f.trim() !== ""));
  if (records.length > MAX_IMPORT_ROWS) {
    throw new DomainError(
      `A planilha tem mais de ${MAX_IMPORT_ROWS.toLocaleString("pt-BR")} linhas. Divida-a em arquivos menores.`,
      400,
      "arquivo",
    );
  }
  const references = Object.keys(spec.references ?? {});
  const rows = records.map((record) => {
    const values: Record<string, string> = {};
    fields.forEach((field, i) => {
      if (field) values[field] = (record.fields[i] ?? "").trim();
    });
    const refs: Record<string, string> = {};
    for (const column of references) {
      const ref = unneutralized(values[column] ?? "").trim();
      if (ref) refs[column] = ref;
    }
    return { row: { line: record.line, values, errors: {}, warnings: [], status: "valid" as ImportRowStatus }, refs };
  });
  return { rows, columns };
}

// ---------------------------------------------------------------------------
// Look-ups: every value of the file, in chunks, in one batch

/** The key a name is indexed under: normalized words, cut like the index. */
function nameKey(value: string): string {
  return sortKey(value).slice(0, MAX_KEY);
}

function chunks<T>(list: readonly T[], size = VALUES_PER_LOOKUP): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

interface Match {
  id: string;
  title: string;
  /** Reference look-ups by name: the whole names, to keep only exact matches. */
  names?: string[];
}

/** What one statement of the batch finds: `(value → records)` for a duplicate check or a reference. */
interface Lookup {
  /** `dup:<reason>`, `ref:<column>:exact` or `ref:<column>:name`. */
  kind: string;
  query: BatchItem<"sqlite">;
}

function valuesAmong(
  db: Database,
  scope: OrgScope,
  mod: ResourceModule,
  column: SQLiteColumn,
  values: string[],
  extra: Record<string, SQL> = {},
) {
  const t = mod.table;
  return db
    .select({ value: sql<string>`${column}`, id: sql<string>`${t.id}`, title: sql<string>`${mod.titleSql}`, ...extra })
    .from(t)
    .where(scope.where(t, isNull(t.excluidoEm), inArray(column, values)))
    .orderBy(t.ordem, t.id);
}

function keysAmong(db: Database, scope: OrgScope, mod: ResourceModule, values: string[], extra: Record<string, SQL> = {}) {
  const t = mod.table;
  const keys = mod.keys;
  if (!keys) return null;
  return db
    .select({ value: keys.key, id: sql<string>`${t.id}`, title: sql<string>`${mod.titleSql}`, ...extra })
    .from(keys)
    .innerJoin(t, eq(t.id, keys.recordId))
    .where(and(scope.where(keys, inArray(keys.key, values)), scope.where(t, isNull(t.excluidoEm))))
    .orderBy(t.ordem, t.id);
}

function lookupStatements(db: Database, scope: OrgScope, mod: ResourceModule, parsed: Parsed): Lookup[] {
  const out: Lookup[] = [];
  for (const check of mod.duplicates ?? []) {
    const values = new Set<string>();
    for (const { row } of parsed.rows) for (const v of check.probe({ [check.field]: row.values[check.field] })) values.add(v);
    for (const list of chunks([...values])) {
      const query = "column" in check.match ? valuesAmong(db, scope, mod, check.match.column, list) : keysAmong(db, scope, mod, list);
      if (query) out.push({ kind: `dup:${check.reason}`, query });
    }
  }
  for (const [column, reference] of Object.entries(specOf(mod).references ?? {})) {
    const target = moduleOf(reference.resource);
    const lookup = target.lookup;
    if (!lookup) continue;
    const exact = new Set<string>();
    const names = new Set<string>();
    for (const { refs } of parsed.rows) {
      const ref = refs[column];
      if (!ref) continue;
      if (lookup.exact?.accepts(ref)) exact.add(lookup.exact.normalize(ref));
      if (nameKey(ref)) names.add(nameKey(ref));
    }
    if (lookup.exact)
      for (const list of chunks([...exact]))
        out.push({ kind: `ref:${column}:exact`, query: valuesAmong(db, scope, target, lookup.exact.column, list) });
    const nameColumns = { names: sql<string>`json_array(${sql.join(lookup.names, sql`, `)})` };
    for (const list of chunks([...names])) {
      const query = keysAmong(db, scope, target, list, nameColumns);
      if (query) out.push({ kind: `ref:${column}:name`, query });
    }
  }
  return out;
}

type Found = Map<string, Map<string, Match[]>>;

/** Runs every look-up of the file in one round trip (none when there is nothing to look up). */
async function lookUp(ctx: ServiceContext, scope: OrgScope, mod: ResourceModule, parsed: Parsed): Promise<Found> {
  const found: Found = new Map();
  const statements = lookupStatements(ctx.db, scope, mod, parsed);
  if (!statements.length) return found;
  const results = (await ctx.db.batch(statements.map((s) => s.query) as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]])) as unknown[];
  results.forEach((rows, i) => {
    const kind = statements[i]?.kind as string;
    const map = found.get(kind) ?? new Map<string, Match[]>();
    found.set(kind, map);
    for (const row of rows as (Match & { value: string | null; names?: string })[]) {
      if (row.value === null) continue;
      const list = map.get(row.value) ?? [];
      const names =
        typeof row.names === "string" ? (JSON.parse(row.names) as (string | null)[]).filter((n): n is string => Boolean(n)) : undefined;
      if (!list.some((m) => m.id === row.id)) list.push({ id: row.id, title: row.title, ...(names ? { names } : {}) });
      map.set(row.value, list);
    }
  });
  return found;
}

// ---------------------------------------------------------------------------
// Checking each row

/** "Fulano" / "Fulano e mais 2". */
function names(matches: readonly Match[]): string {
  const [first, ...rest] = matches;
  return rest.length ? `${first?.title} e mais ${rest.length}` : (first?.title ?? "");
}

function isFeminine(mod: ResourceModule): boolean {
  return /a\.?$/.test(mod.definition.labels.deleted.trim().split(" ").at(-1) ?? "");
}

/** "um cliente", "uma empresa". */
function recordNoun(mod: ResourceModule): string {
  return `${isFeminine(mod) ? "uma" : "um"} ${mod.definition.labels.singular}`;
}

type Resolution = { link: { id: string; name: string } } | { warning: string };

/** The live record a reference cell names: by its code (CNPJ, SKU), else by a whole name (accents and case ignored). */
function resolve(mod: ResourceModule, column: string, ref: string, found: Found): Resolution {
  const reference = specOf(mod).references?.[column];
  const target = moduleOf(reference?.resource ?? "");
  const lookup = target.lookup;
  let matches: Match[] = [];
  if (lookup?.exact?.accepts(ref)) matches = found.get(`ref:${column}:exact`)?.get(lookup.exact.normalize(ref)) ?? [];
  if (!matches.length) {
    const key = nameKey(ref);
    // The index also holds the last words of each name ("engenharia ltda"): keep whole names only.
    matches = (found.get(`ref:${column}:name`)?.get(key) ?? []).filter((m) => (m.names ?? []).some((n) => nameKey(n) === key));
  }
  const label = reference?.label ?? column;
  const [only, ...more] = matches;
  if (!only) return { warning: `${label} não encontrad${isFeminine(target) ? "a" : "o"}: ${ref}` };
  if (more.length) return { warning: `Mais de um registro corresponde a “${ref}” em ${label}` };
  return { link: { id: only.id, name: only.title } };
}

/** A valid row: its parsed input, for the writes. */
interface Entry {
  row: ImportRow;
  input: Record<string, unknown>;
}

/**
 * Validates each row with its references resolved, then marks duplicates of live records
 * (found) and of earlier valid rows. Pure.
 */
function check(mod: ResourceModule, parsed: Parsed, found: Found, zone: string): { preview: ImportPreview; entries: Entry[] } {
  const spec = specOf(mod);
  const references = spec.references ?? {};
  const schema = mod.definition.schema;
  const entries: Entry[] = [];
  const noun = recordNoun(mod);
  const firstWith = new Map<string, number>();
  for (const { row, refs } of parsed.rows) {
    const formValues: Record<string, unknown> = { ...row.values };
    for (const column of Object.keys(references)) delete formValues[column];
    const referenceWarnings: ImportWarning[] = [];
    for (const [column, reference] of Object.entries(references)) {
      const ref = refs[column];
      if (!ref) continue;
      const resolution = resolve(mod, column, ref, found);
      if ("link" in resolution) {
        formValues[reference.field] = resolution.link.id;
        row.links = { ...row.links, [column]: resolution.link };
      } else {
        referenceWarnings.push({ kind: "reference", field: column, message: resolution.warning });
      }
    }
    // A date and time in the file is the organização's wall clock.
    const completed = spec.complete ? spec.complete(formValues as Record<string, string>) : formValues;
    const result = schema.safeParse(dateTimesInZone(mod.definition.fields, completed as Record<string, unknown>, zone));
    if (!result.success) {
      // Nested paths ("telefones.0.numero") are shown on their column; a reference's field on its column.
      for (const [path, message] of Object.entries(formErrors(result))) {
        const field = path.split(".")[0] as string;
        const column = Object.entries(references).find(([, r]) => r.field === field)?.[0];
        const warning = column ? referenceWarnings.find((w) => w.field === column) : undefined;
        row.errors[column ?? field] ??= warning?.message ?? message;
      }
      row.status = "invalid";
      continue;
    }
    const input = result.data as Record<string, unknown>;
    for (const warning of referenceWarnings) {
      row.warnings.push({
        ...warning,
        message: `${warning.message} — ${isFeminine(mod) ? "a" : "o"} ${mod.definition.labels.singular} será importad${isFeminine(mod) ? "a" : "o"} sem ${references[warning.field]?.label.toLowerCase()}`,
      });
    }
    for (const dup of mod.duplicates ?? []) {
      const values = dup.probe(input);
      const existing: Match[] = [];
      let earliest: number | undefined;
      for (const value of values) {
        for (const match of found.get(`dup:${dup.reason}`)?.get(value) ?? [])
          if (!existing.some((m) => m.id === match.id)) existing.push(match);
        const key = `${dup.reason}:${value}`;
        const first = firstWith.get(key);
        if (first === undefined) firstWith.set(key, row.line);
        else earliest = Math.min(earliest ?? first, first);
      }
      const label = values[0] ? dup.label(values[0]) : dup.reason;
      if (existing.length)
        row.warnings.push({ kind: "duplicate", field: dup.field, message: `Já existe ${noun} com este ${label}: ${names(existing)}` });
      if (earliest !== undefined)
        row.warnings.push({ kind: "duplicate", field: dup.field, message: `Mesmo ${label} da linha ${earliest}` });
    }
    if (row.warnings.some((w) => w.kind === "duplicate")) row.status = "duplicate";
    entries.push({ row, input });
  }
  const rows = parsed.rows.map((r) => r.row);
  const count = (status: ImportRowStatus) => rows.filter((r) => r.status === status).length;
  return {
    preview: { rows, valid: count("valid"), duplicates: count("duplicate"), invalid: count("invalid"), columns: parsed.columns },
    entries,
  };
}

async function checked(ctx: ServiceContext, actor: Actor, name: string, csvText: string) {
  const { mod, owner } = reached(actor, name, "import");
  const parsed = read(mod, csvText);
  const scope = orgScope(ctx.db, actor.orgId);
  const found = await lookUp(ctx, scope, mod, parsed);
  return { mod, owner, scope, ...check(mod, parsed, found, timeZoneOf(actor.timeZone)) };
}

/** Reads and checks a CSV without saving anything: one round trip for all the look-ups. */
export async function previewImport(ctx: ServiceContext, actor: Actor, name: string, csvText: string): Promise<ImportPreview> {
  return (await checked(ctx, actor, name, csvText)).preview;
}

/** The duplicate policy from what a person or an API client sent; undefined means the default ("skip"). */
export function parseDuplicatePolicy(value: unknown): DuplicatePolicy {
  if (value === undefined || value === null || value === "" || value === "skip") return "skip";
  if (value === "import") return "import";
  throw new DomainError("Opção de duplicados inválida: use skip (pular) ou import (importar mesmo assim).", 400, "duplicates");
}

function plural(n: number, one: string, many: string): string {
  return n === 1 ? `1 ${one}` : `${n.toLocaleString("pt-BR")} ${many}`;
}

/**
 * Checks the file again and saves the chosen rows in one batch (all or nothing). Two round
 * trips: the checks, then the writes.
 */
export async function commitImport(
  ctx: ServiceContext,
  actor: Actor,
  name: string,
  csvText: string,
  mode: "all" | "valid-only",
  options: { duplicates?: DuplicatePolicy } = {},
): Promise<ImportResult> {
  if (mode !== "all" && mode !== "valid-only") throw new DomainError("Modo de importação inválido: use all ou valid-only.", 400, "mode");
  const policy = parseDuplicatePolicy(options.duplicates);
  const { mod, owner, scope, preview, entries } = await checked(ctx, actor, name, csvText);
  if (mode === "all" && preview.invalid > 0) {
    const lines = preview.invalid === 1 ? "1 linha com erro" : `${preview.invalid} linhas com erros`;
    throw new DomainError(`A planilha tem ${lines}. Corrija o arquivo ou importe só as linhas válidas.`, 422, "arquivo");
  }
  if (!entries.length) throw new DomainError("Nenhuma linha válida para importar.", 422, "arquivo");
  const chosen = entries.filter((e) => e.row.status === "valid" || (policy === "import" && e.row.status === "duplicate"));
  if (!chosen.length) {
    throw new DomainError(
      `Nada a importar: ${plural(preview.duplicates, "linha repete", "linhas repetem")} cadastros existentes ou outras linhas da planilha. Escolha “Importar mesmo assim” para incluí-las.`,
      422,
      "duplicates",
    );
  }
  const statements: BatchItem<"sqlite">[] = chunks(chosen, ROWS_PER_INSERT).map((chunk) =>
    ctx.db
      .insert(mod.table)
      .values(chunk.map(({ input }) => insertValues(mod, scope, ownedInput(actor, mod, owner, input), actor.userId, ctx.now)) as never),
  );
  try {
    await ctx.db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  } catch (error) {
    const message = error instanceof Error ? `${error.message} ${String((error as { cause?: unknown }).cause ?? "")}` : "";
    if (message.includes("relacao_invalida")) {
      throw new DomainError(
        "Um registro citado na planilha foi excluído durante a importação. Nada foi salvo: confira a prévia e importe de novo.",
        409,
        "arquivo",
      );
    }
    translateDbError(mod, error);
  }
  recordChanged(ctx, actor, mod, "created");
  const skippedDuplicates = policy === "skip" ? preview.duplicates : 0;
  return { imported: chosen.length, skipped: preview.invalid + skippedDuplicates, skippedInvalid: preview.invalid, skippedDuplicates };
}
