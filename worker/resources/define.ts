import { getTableColumns, getTableName, type SQL, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import type { Context } from "hono";
import type { searchKeyTable } from "../../db/schema/records.ts";
import { frozenSql } from "../../db/frozen-sql.ts";
import type { ResourceDefinition } from "../../shared/resources/types.ts";
import type { JsonSchema } from "../api/route-doc.ts";
import type { AppEnv } from "../http/types.ts";
import type { Actor, ServiceContext } from "../services/context.ts";

/**
 * One kind of record, server side: everything the generic machinery (lists, forms, API,
 * import, export, triggers, OpenAPI, tests) needs to know, in one module per resource
 * (`worker/resources/modules/<domain>/*.ts`) listed once in `registry.ts`. Generic code never names a
 * resource; it reads these modules. See docs/decisions/014-resource-registry.md.
 */

/** What every record table has (db/schema/records.ts): Portuguese keys, the row's own names. */
export type RecordTable = SQLiteTable & {
  id: SQLiteColumn;
  orgId: SQLiteColumn;
  ordem: SQLiteColumn;
  chavesBusca: SQLiteColumn;
  criadoEm: SQLiteColumn;
  atualizadoEm: SQLiteColumn;
  criadoPor: SQLiteColumn;
  atualizadoPor: SQLiteColumn;
  excluidoEm: SQLiteColumn;
  excluidoPor: SQLiteColumn;
};

export type KeyTable = ReturnType<typeof searchKeyTable>;

/**
 * How a filter of the definition reaches the database:
 * - `column`: by the filter's type (enum/relation: any of; ranges: between; dates: São Paulo days; boolean: equals);
 * - `key`: a text filter matched against the indexed search keys (`#c:são paulo`);
 * - `where`: anything else, with the index that serves it named (checked by a test).
 */
export type FilterBinding =
  | { column: SQLiteColumn }
  | { key: (value: string) => string }
  /** `zone`: the organização's IANA zone (a filter on "today" reads its calendar). */
  | { where: (values: readonly string[], zone: string) => SQL | undefined; index: string };

/**
 * A duplicate warning ("já existe um cliente com este CPF"): live records sharing a value.
 * `column`: compared with the column; `keys`: looked up in the search keys (phones).
 */
export interface DuplicateCheck {
  /** The reason shown ("documento", "e-mail", "telefone") and the input field it comes from. */
  reason: string;
  field: string;
  /** How the value is named in messages ("CPF", "e-mail"). */
  label: (value: string) => string;
  match: { column: SQLiteColumn } | { keys: true };
  /** Normalised values to look for, from a form (raw strings) or parsed input; empty: nothing to check. */
  probe: (input: Record<string, unknown>) => string[];
}

/** A column of an imported file that names another record (the client's "Empresa"), resolved to its id. */
export interface ImportReference {
  /** The input field that receives the id. */
  field: string;
  /** The file's column name, as the field is called in the file. */
  label: string;
  /** How the file may name the record, shown on the import page ("nome ou CNPJ"; "nome ou código" when absent). */
  names?: string;
  /** The registry name of the referenced resource (it must declare `lookup`). */
  resource: string;
}

export interface ImportSpec {
  /** The field a file must have a column for ("nome"). */
  required: string;
  /** Header spellings people use, normalised (accents and case ignored) → field name. */
  aliases: Record<string, string>;
  /** Columns naming other records, by the column's field name ("empresa"). */
  references?: Record<string, ImportReference>;
  /** Fills what a spreadsheet usually leaves out (e.g. a client's type from the document's length). */
  complete?: (values: Record<string, string>) => Record<string, unknown>;
}

/** How an import finds this resource's records from what a file says: an exact code, else a name. */
export interface Lookup {
  exact?: { column: SQLiteColumn; accepts: (ref: string) => boolean; normalize: (ref: string) => string };
  /** Columns compared whole (accents and case ignored) with the reference, through the search keys. */
  names: SQLiteColumn[];
}

/** A column that points at another resource: the database refuses a record of another organization or a deleted one. */
export interface Relation {
  column: SQLiteColumn;
  /** Registry name of the target. */
  target: string;
  /** Input field (for the error) and the pt-BR message. */
  field: string;
  message: string;
}

/** What `values` knows about the write. */
export interface WriteInfo {
  mode: "create" | "update";
  now: Date;
  /** The organization written for: a sub-select of the module's values reads only its rows. */
  orgId: string;
}

export interface BulkActionRunner {
  choices?: (ctx: ServiceContext, actor: Actor) => Promise<Record<string, { value: string; label: string }[]>>;
  run: (ctx: ServiceContext, actor: Actor, ids: string[], values: Record<string, string>) => Promise<void>;
}

export interface ResourceModule<Row extends { id: string } = { id: string }, Input = unknown> {
  definition: ResourceDefinition<Row, Input>;
  table: RecordTable;
  /** The search-key table, when the resource is searchable. */
  keys: KeyTable | null;
  /** The display title in SQL (options, duplicates, relation filters). */
  titleSql: SQL;
  /** Values packed into each row besides the table's own columns (correlated subqueries, no parameters). */
  extras?: Record<string, SQL>;
  /** Columns never read into a row (a link token's hash): no page, API answer or export sees them. */
  privateColumns?: readonly string[];
  /** The API reference's shape of an extra that is not a plain text or number (a list, its items' fields). */
  extraSchemas?: Record<string, JsonSchema>;
  /**
   * Column values that are not plain copies of input fields (sort key, search keys, derived
   * columns); everything else is copied from the input by name. SQL values are allowed.
   */
  values: (input: Input, info: WriteInfo) => Record<string, unknown>;
  /** Sortable columns of the definition (besides "nome" → ordem and the audit dates). */
  sorts?: Record<string, SQLiteColumn>;
  /**
   * The record's own number (a sale's, an order's): a search of digits alone finds the record
   * with exactly that number ("7" is nº 7, not every name starting with 7), never a prefix.
   */
  numberColumn?: SQLiteColumn;
  filters?: Record<string, FilterBinding>;
  /** Money columns of the definition with `total: true` → the column summed. */
  totals?: Record<string, SQLiteColumn>;
  /**
   * The totals are always summed from the rows, never kept in `record_totals` (a ledger: its
   * organização-wide sum would be a stored balance, ADR 072). Costs a scan of the filtered rows.
   */
  liveTotals?: boolean;
  /**
   * The runners of the definition's `bulkActions`, by key: `choices` reads the options of its
   * fields the definition cannot hold (the organização's accounts), `run` makes the ONE write for
   * the chosen ids with the confirmation's values (a refusal is a DomainError: nothing changed).
   */
  bulkActions?: Record<string, BulkActionRunner>;
  /**
   * POST routes of its own (path after `/api/<api>/`, a regex source) that read first and then
   * make ONE write: their session lookup may ride with that read (as `save`'s do).
   */
  readFirstWrites?: readonly string[];
  duplicates?: DuplicateCheck[];
  import?: ImportSpec;
  lookup?: Lookup;
  relations?: Relation[];
  /** Database errors raised by this resource's own triggers or constraints → pt-BR. */
  errors?: { match: string; message: string; field?: string; status?: 409 | 422 }[];
  /**
   * Triggers of its own (beyond the search keys, counts, totals and relations every record gets);
   * `on`: the table a trigger is on when not the resource's own (a sale's items).
   */
  triggers?: { name: string; sql: string; on?: string }[];
  /** Removes the row for good (LGPD erasure): only resources holding personal data. */
  erase?: boolean;
  /**
   * A valid body for `POST /api/<api>` (the API reference shows it; the bad-input and role
   * harnesses start from it). `related(api)` is the id of a record it may point at; `unique`
   * (empty in the docs) tells apart values that must be unique (a SKU).
   */
  example: (related: (api: string) => string, unique?: string) => Record<string, unknown>;
  /**
   * Statements riding in a create's batch right after the insert: rows derived from the new
   * record that must exist whichever door created it (pages, API, imports, the demo seed).
   */
  alsoOnCreate?: (ctx: ServiceContext, actor: Actor, id: string) => BatchItem<"sqlite">[];
  /**
   * Statements riding in a create's or an update's batch right after the write: rows of other
   * tables written from input fields that are not columns (a post's networks and images).
   * `written` is an SQL condition true only when the write happened (a refused or guarded write
   * leaves them without effect).
   */
  alsoOnWrite?: (ctx: ServiceContext, actor: Actor, id: string, input: Input, written: SQL, info: WriteInfo) => BatchItem<"sqlite">[];
  /**
   * Other resources (registry names) whose rows `alsoOnCreate`/`alsoOnWrite` write — an
   * account's opening balance is a movement — so the harnesses know what a write may touch.
   */
  alsoWrites?: readonly string[];
  /**
   * A condition on the row that an update or delete needs besides the permission table's reach
   * (a drafter changes only drafts). A row the actor reaches that fails it is refused with
   * `message` (409) on an update, and left alone by a delete (not counted).
   */
  writeCondition?: (actor: Actor, action: "update" | "delete") => { where: SQL; message: string } | undefined;
  /**
   * Writes that go through a service of the resource's own instead of the generic insert and
   * update (appointments: the agenda's rules, then one statement that checks the overlap and
   * writes). The generic create and update authorize, validate, then hand the input over; the
   * service answers its refusals and publishes its own live events. Such a resource is never
   * created in bulk (createRecordsUnless refuses it: imports cannot skip the service).
   */
  save?: {
    create: (ctx: ServiceContext, actor: Actor, input: Input) => Promise<string>;
    update: (ctx: ServiceContext, actor: Actor, id: string, input: Input) => Promise<void>;
  };
  /**
   * Work after a create or an update landed (its batch committed): what the write must set in
   * motion outside the database (a post's publishing runs). Awaited, so a failure is the request's.
   */
  afterWrite?: (ctx: ServiceContext, actor: Actor, id: string, action: "created" | "updated") => Promise<void>;
}

/** What a resource's own routes (own-routes.ts) get to stay as thin as the generic ones. */
export interface RouteHelpers {
  /** Signed-in member → service context and actor; refusals and domain errors → pt-BR JSON. */
  run: (c: Context<AppEnv>, handler: (ctx: ServiceContext, actor: Actor) => Promise<Response>) => Promise<Response>;
  /** A 404 in the resource's words. */
  notFound: (c: Context<AppEnv>) => Response;
}

/** Keys of the table never shown as row fields. */
const HIDDEN = new Set(["orgId", "chavesBusca", "ordem", "excluidoEm", "excluidoPor"]);

type Decode = (value: unknown) => unknown;

/** What a row's packed JSON needs to become the row: how each column decodes. */
interface Packing {
  selection: { j: SQL<string> };
  decoders: [key: string, decode: Decode][];
}

function decoderOf(column: SQLiteColumn): Decode | null {
  const type = column.columnType;
  if (type === "SQLiteTimestamp") return (v) => (v === null || v === undefined ? null : new Date(Number(v)).toISOString());
  if (type === "SQLiteBoolean") return (v) => Boolean(v);
  if (type === "SQLiteCustomColumn") return (v) => (v === null || v === undefined ? null : column.mapFromDriverValue(v));
  return null;
}

/** A JSON key as SQL text: keys are identifiers of our own code, never input. */
function literal(key: string): SQL {
  if (!/^(\$\.)?[A-Za-z][A-Za-z0-9]*$/.test(key)) throw new Error(`chave inválida: ${key}`);
  return sql.raw(`'${key}'`);
}

const packings = new WeakMap<ResourceModule, Packing>();

/** SQLite functions take at most 127 arguments: 60 pairs per call. */
const PAIRS_PER_CALL = 60;

/**
 * `json_object(k1, v1, …)` for any number of pairs: the first 60 in `json_object`, the rest
 * added by `json_insert(…, '$.k', v, …)` (which, unlike `json_patch`, keeps null values).
 */
function packedObject(parts: readonly { key: string; value: SQL }[]): SQL<string> {
  const first = parts.slice(0, PAIRS_PER_CALL).map((p) => sql`${literal(p.key)}, ${p.value}`);
  let packed = sql<string>`json_object(${sql.join(first, sql`, `)})`;
  for (let i = PAIRS_PER_CALL; i < parts.length; i += PAIRS_PER_CALL) {
    const more = parts.slice(i, i + PAIRS_PER_CALL).map((p) => sql`${literal(`$.${p.key}`)}, ${p.value}`);
    packed = sql<string>`json_insert(${packed}, ${sql.join(more, sql`, `)})`;
  }
  return packed;
}

/**
 * Every column of the table and every extra, packed by SQLite into one JSON text per row (the
 * database client converts one value per row instead of thirty: ADR 007/011). Rendered to SQL
 * text once per isolate (frozenSql). Author names come from `users` by primary key.
 */
export function packingOf(mod: ResourceModule): Packing {
  const cached = packings.get(mod);
  if (cached) return cached;
  const t = mod.table;
  const columns = getTableColumns(t) as Record<string, SQLiteColumn>;
  const parts: { key: string; value: SQL }[] = [];
  const decoders: Packing["decoders"] = [];
  for (const [key, column] of Object.entries(columns)) {
    if (key === "orgId" || key === "chavesBusca" || key === "excluidoPor" || mod.privateColumns?.includes(key)) continue;
    const json = column.columnType === "SQLiteTextJson";
    parts.push({ key, value: json ? sql`json(${column})` : sql`${column}` });
    const decode = decoderOf(column);
    if (decode) decoders.push([key, decode]);
  }
  const extras: Record<string, SQL> = {
    criadoPorNome: sql`(select name from users where users.id = ${t.criadoPor})`,
    atualizadoPorNome: sql`(select name from users where users.id = ${t.atualizadoPor})`,
    ...mod.extras,
  };
  for (const [key, expression] of Object.entries(extras)) parts.push({ key, value: expression });
  const packing: Packing = {
    selection: { j: frozenSql(packedObject(parts)) },
    decoders,
  };
  packings.set(mod, packing);
  return packing;
}

/** A packed row as the database sent it: raw column values (timestamps in ms), for cursors. */
export type RawRow = Record<string, unknown> & { id: string };

export function unpack(packed: { j: string }): RawRow {
  return JSON.parse(packed.j) as RawRow;
}

/** The row the app shows: decoded values, without the internal columns. */
export function toRow<Row>(mod: ResourceModule, raw: RawRow): Row {
  const row: Record<string, unknown> = { ...raw };
  for (const [key, decode] of packingOf(mod).decoders) row[key] = decode(raw[key]);
  for (const key of HIDDEN) delete row[key];
  return row as Row;
}

/** The SQL table name of a resource (for trigger text). */
export function tableName(mod: ResourceModule): string {
  return getTableName(mod.table);
}

/**
 * Column values of a write: every form field that is a column (absent → null: a save replaces
 * the whole form), then the module's own values (derived columns; they win).
 */
export function writeValues(mod: ResourceModule, input: Record<string, unknown>, info: WriteInfo): Record<string, unknown> {
  const columns = getTableColumns(mod.table);
  const out: Record<string, unknown> = {};
  for (const field of mod.definition.fields) {
    const key = field.name;
    if (key in columns && !HIDDEN.has(key) && key !== "id" && !(key in AUDIT)) out[key] = input[key] ?? null;
  }
  const own = mod.values(input as never, info);
  for (const [key, value] of Object.entries(own)) {
    if (value === undefined) delete out[key];
    else out[key] = value;
  }
  return out;
}

const AUDIT = { criadoEm: 1, atualizadoEm: 1, criadoPor: 1, atualizadoPor: 1 } as const;
