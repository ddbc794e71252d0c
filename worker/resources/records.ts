import { eq, getTableColumns, inArray, isNotNull, isNull, ne, or, type SQL, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { ZodError } from "zod";
import type { Database } from "../../db/client.ts";
import { type OrgScope, orgScope } from "../../db/tenant.ts";
import type { Action } from "../../shared/permissions.ts";
import type { ListQuery, ListResult } from "../../shared/resources/types.ts";
import { authorize, can, FORBIDDEN_MESSAGE, ownerCondition } from "../auth/permissions.ts";
import { REAUTH_FIELD, REAUTH_REQUIRED, type RecentAuth } from "../auth/reauth.ts";
import { type Actor, DomainError, type ServiceContext } from "../services/context.ts";
import { encodeCursor, readCursor } from "./cursor.ts";
import { type RawRow, type ResourceModule, toRow, writeValues } from "./define.ts";
import { insertUnless } from "./insert-unless.ts";
import { insertValues } from "./insert-values.ts";

export { insertValues };
import { cursorValueOf, matchingIds, type PageRequest, pageQueries, selectRows, sortTypeOf, unpackRows } from "./list-engine.ts";
import { moduleByApi, moduleOf, notFoundMessage } from "./registry.ts";
import { relationError } from "./triggers.ts";
import { isId } from "../../shared/id.ts";
import { recordChanged } from "../live/record-changed.ts";
import { timeZoneOf } from "../../shared/time-zone.ts";

/**
 * The records layer every door shares (pages, `/api/<resource>`, imports, the demo seed): one
 * implementation for every resource of the registry. Each function starts with the permission
 * table (`authorize`); every query goes through `orgScope`; each call costs one database round
 * trip (a batch) or none.
 */

/** The most ids a bulk action takes at once. */
export const MAX_BULK = 500;

export type AnyRow = { id: string } & Record<string, unknown>;

/** Why a record may duplicate another ("documento", "e-mail", "telefone"…). */
export interface Duplicate {
  id: string;
  title: string;
  reason: string;
}

/** The module, after the permission table allowed the action. */
export function allowed(actor: Actor, name: string, action: Action): ResourceModule {
  const mod = moduleOf(name);
  authorize(actor, name, action);
  return mod;
}

/**
 * The module and what narrows it to the actor's rows when the table gives them only their own
 * for `action` (undefined: every row of the organization). A row outside it is not found (404).
 */
export function reached(actor: Actor, name: string, action: Action): { mod: ResourceModule; owner: SQL | undefined } {
  const mod = moduleOf(name);
  return { mod, owner: ownerCondition(actor, name, action, mod.table) };
}

/** What a read of another resource (a picker's options, a filter's titles) adds for the actor, where they may read it. */
function readerOwner(actor: Actor, target: ResourceModule): SQL | undefined {
  const name = target.definition.name;
  return can(actor.role, name, "read") ? ownerCondition(actor, name, "read", target.table) : undefined;
}

/**
 * A new record of an actor who reaches only their own: when no owner column names anyone, the
 * first names them (a corretor's new imóvel is theirs), so they can see what they created.
 */
export function ownedInput(
  actor: Actor,
  mod: ResourceModule,
  owner: SQL | undefined,
  data: Record<string, unknown>,
): Record<string, unknown> {
  const owners = mod.definition.owners ?? [];
  if (!owner || !owners.length || owners.some((key) => data[key])) return data;
  return { ...data, [owners[0] as string]: actor.userId };
}

/** Validates again on the server: callers pass parsed input, but nothing unchecked reaches the database. */
function validated(mod: ResourceModule, input: unknown): Record<string, unknown> {
  const result = mod.definition.schema.safeParse(input);
  if (!result.success) throw new ZodError(result.error.issues);
  return result.data as Record<string, unknown>;
}

function byId(ids: readonly string[]): string[] {
  const unique = [...new Set(ids.filter((id) => typeof id === "string" && isId(id)))];
  if (unique.length > MAX_BULK) throw new DomainError(`Selecione no máximo ${MAX_BULK} registros por vez.`, 400);
  return unique;
}

/** Turns database-enforced rules (triggers, unique indexes) into pt-BR answers. */
export function translateDbError(mod: ResourceModule, error: unknown): never {
  const message = error instanceof Error ? `${error.message} ${String((error as { cause?: unknown }).cause ?? "")}` : "";
  for (const known of mod.errors ?? []) {
    if (message.includes(known.match)) throw new DomainError(known.message, known.status ?? 422, known.field);
  }
  for (const relation of mod.relations ?? []) {
    if (message.includes(relationError(mod, relation.column))) throw new DomainError(relation.message, 422, relation.field);
  }
  throw error;
}

// ---------------------------------------------------------------------------
// Lists

export interface RawPage {
  rows: AnyRow[];
  raws: RawRow[];
  total: number;
  totals: Record<string, number>;
}

/** Rows (and total and totals, unless `withTotal` is false) of one page in one round trip. */
export async function fetchPage(
  ctx: ServiceContext,
  scope: OrgScope,
  mod: ResourceModule,
  query: ListQuery,
  page: PageRequest,
  withTotal = true,
  extra: BatchItem<"sqlite">[] = [],
  /** The actor's own rows only ("own" reach). */
  owner?: SQL,
  /** The organização's IANA zone (Actor.timeZone): date filters are its calendar days. */
  zone?: string,
): Promise<RawPage & { extra: unknown[] }> {
  const q = pageQueries(ctx.db, scope, mod, query, page, owner, timeZoneOf(zone));
  const statements: BatchItem<"sqlite">[] = [q.rows];
  if (withTotal) statements.push(q.total, ...(q.totals ? [q.totals] : []));
  statements.push(...extra);
  const results = (await ctx.db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]])) as unknown[];
  const raws = unpackRows(results[0] as { j: string }[]);
  const total = withTotal ? Number((results[1] as { n: number }[])[0]?.n ?? 0) : 0;
  const totalsJson = withTotal
    ? q.totals
      ? (results[2] as { j: string | null }[])[0]?.j
      : (results[1] as { j?: string | null }[])[0]?.j
    : null;
  const totals: Record<string, number> = {};
  if (totalsJson)
    for (const [key, value] of Object.entries(JSON.parse(totalsJson) as Record<string, unknown>)) totals[key] = Number(value) || 0;
  for (const key of Object.keys(mod.totals ?? {})) totals[key] ??= 0;
  const used = 1 + (withTotal ? 1 + (q.totals ? 1 : 0) : 0);
  return { rows: raws.map((raw) => toRow<AnyRow>(mod, raw)), raws, total, totals, extra: results.slice(used) };
}

/** Titles of the records chosen in the list's relation filters (read in the page's round trip). */
function relationTitleQueries(ctx: ServiceContext, actor: Actor, scope: OrgScope, mod: ResourceModule, query: ListQuery) {
  const out: { key: string; statement: BatchItem<"sqlite"> }[] = [];
  for (const column of mod.definition.columns) {
    const ids = query.filters[column.key];
    if (column.filter?.type !== "relation" || !column.filter.relation || !ids?.length) continue;
    const target = moduleByApi(column.filter.relation);
    if (!target) continue;
    out.push({
      key: column.key,
      statement: ctx.db
        .select({ id: target.table.id, title: sql<string>`${target.titleSql}` })
        .from(target.table)
        .where(scope.where(target.table, inArray(target.table.id, ids), readerOwner(actor, target))),
    });
  }
  return out;
}

/**
 * One page of a list: search (accent-insensitive word prefixes), filters, sort, and either the
 * page number (offset) or the `after` cursor (keyset). One round trip: rows, total, totals and
 * the titles of relation filters together.
 */
export async function listRecords(ctx: ServiceContext, actor: Actor, name: string, query: ListQuery): Promise<ListResult<AnyRow>> {
  const { mod, owner } = reached(actor, name, "read");
  const scope = orgScope(ctx.db, actor.orgId);
  const pageSize = mod.definition.pageSize;
  const cursor = readCursor(query.after, query.sort, query.dir, sortTypeOf(mod, query.sort));
  const titles = relationTitleQueries(ctx, actor, scope, mod, query);
  const page = await fetchPage(
    ctx,
    scope,
    mod,
    query,
    { limit: pageSize, offset: cursor ? 0 : (query.page - 1) * pageSize, cursor },
    true,
    titles.map((t) => t.statement),
    owner,
    actor.timeZone,
  );
  const last = page.raws.at(-1);
  const nextCursor =
    last && page.rows.length === pageSize && query.page * pageSize < page.total
      ? encodeCursor({ sort: query.sort, dir: query.dir, value: cursorValueOf(mod, query.sort, last), id: last.id })
      : null;
  const relationTitles: ListResult<AnyRow>["relationTitles"] = {};
  titles.forEach((t, i) => {
    relationTitles[t.key] = page.extra[i] as { id: string; title: string }[];
  });
  return { rows: page.rows, total: page.total, page: query.page, pageSize, nextCursor, totals: page.totals, relationTitles };
}

/** Records for a select or a picker: by name, or matching `q` (at most `limit`). */
export async function recordOptions(
  ctx: ServiceContext,
  actor: Actor,
  name: string,
  q = "",
  limit = 20,
): Promise<{ id: string; title: string }[]> {
  const { mod, owner } = reached(actor, name, "read");
  const scope = orgScope(ctx.db, actor.orgId);
  const rows = await ctx.db
    .select({ id: sql<string>`${mod.table.id}`, title: sql<string>`${mod.titleSql}` })
    .from(mod.table)
    .where(scope.where(mod.table, isNull(mod.table.excluidoEm), owner, q.trim() ? optionCondition(ctx.db, scope, mod, q) : undefined))
    .orderBy(mod.table.ordem, mod.table.id)
    .limit(Math.min(Math.max(1, limit), 200));
  return rows;
}

/** A picker's search: the records whose keys start with every term (or whose sort key does, without keys). */
function optionCondition(db: Database, scope: OrgScope, mod: ResourceModule, q: string): SQL | undefined {
  return matchingIds(db, scope, mod, q);
}

// ---------------------------------------------------------------------------
// One record

/** One record by id; `owner` narrows it to the actor's own ("own" reach: another member's is not found). */
function byIdQuery(ctx: ServiceContext, scope: OrgScope, mod: ResourceModule, id: string, owner: SQL | undefined, includeDeleted = false) {
  const live = includeDeleted ? undefined : isNull(mod.table.excluidoEm);
  return selectRows(ctx.db, scope, mod, null, eq(mod.table.id, id), owner, live).limit(1);
}

/** A live record of the organization; null when missing, soft-deleted or another organization's. */
export async function getRecord(ctx: ServiceContext, actor: Actor, name: string, id: string): Promise<AnyRow | null> {
  const { mod, owner } = reached(actor, name, "read");
  if (!isId(id)) return null;
  const [packed] = await byIdQuery(ctx, orgScope(ctx.db, actor.orgId), mod, id, owner);
  return packed ? toRow<AnyRow>(mod, unpackRows([packed])[0] as RawRow) : null;
}

/** The statement reading one record (for pages that batch it with other reads). */
export function recordStatement(ctx: ServiceContext, actor: Actor, name: string, id: string, includeDeleted = false) {
  const { mod, owner } = reached(actor, name, "read");
  return { mod, statement: byIdQuery(ctx, orgScope(ctx.db, actor.orgId), mod, id, owner, includeDeleted) };
}

/** Rows of a statement made by `recordStatement` or `childrenStatement`. */
export function rowsOf(mod: ResourceModule, packed: readonly { j: string }[]): AnyRow[] {
  return unpackRows(packed).map((raw) => toRow<AnyRow>(mod, raw));
}

/** Live records of `name` whose `column` is `value` (a company's clients, a product's…), by name. */
export function childrenStatement(ctx: ServiceContext, actor: Actor, name: string, column: SQLiteColumn, value: string, limit = 500) {
  const { mod, owner } = reached(actor, name, "read");
  const scope = orgScope(ctx.db, actor.orgId);
  return {
    mod,
    statement: selectRows(ctx.db, scope, mod, null, eq(column, value), owner, isNull(mod.table.excluidoEm))
      .orderBy(mod.table.ordem, mod.table.id)
      .limit(limit),
  };
}

/**
 * The reads a form needs, to batch in one round trip: the record (when editing) and, for each
 * relation field, the first options by name plus the chosen one (so a select names it).
 * `preset` pre-chooses relations of a new record (by field name).
 */
export function recordFormStatements(
  ctx: ServiceContext,
  actor: Actor,
  name: string,
  id: string | null,
  presets: Record<string, string> = {},
) {
  const { mod, owner } = reached(actor, name, id ? "update" : "create");
  const scope = orgScope(ctx.db, actor.orgId);
  const statements: BatchItem<"sqlite">[] = [];
  if (id) statements.push(byIdQuery(ctx, scope, mod, id, owner));
  const relationFields = mod.definition.fields.filter((f) => f.kind === "relation" && f.relation);
  const targets = relationFields.map((field) => {
    const target = moduleByApi(field.relation as string);
    if (!target) throw new Error(`${name}.${field.name}: relação desconhecida ${field.relation}`);
    return { field: field.name, target };
  });
  const columns = getTableColumns(mod.table) as Record<string, SQLiteColumn>;
  for (const { field, target } of targets) {
    const t = target.table;
    const targetOwner = readerOwner(actor, target);
    const options = (...conditions: SQL[]) =>
      ctx.db
        .select({ id: sql<string>`${t.id}`, title: sql<string>`${target.titleSql}` })
        .from(t)
        .where(scope.where(t, isNull(t.excluidoEm), targetOwner, ...conditions));
    statements.push(options().orderBy(t.ordem, t.id).limit(200));
    // The chosen record, wherever it sorts: the edited row's own value, or a preset of a new one.
    const column = columns[field];
    const preset = presets[field];
    const chosen =
      id && column
        ? sql`${t.id} = (select ${column} from ${mod.table} where ${scope.where(mod.table, eq(mod.table.id, id))})`
        : !id && preset && isId(preset)
          ? eq(t.id, preset)
          : sql`0`;
    statements.push(options(chosen).limit(1));
  }
  return {
    statements,
    read(results: readonly unknown[]): { row: AnyRow | null; relations: Record<string, { id: string; title: string }[]> } {
      const row = id ? (rowsOf(mod, results[0] as { j: string }[])[0] ?? null) : null;
      const relations: Record<string, { id: string; title: string }[]> = {};
      let i = id ? 1 : 0;
      for (const { field } of targets) {
        const options = [...(results[i] as { id: string; title: string }[])];
        for (const o of results[i + 1] as { id: string; title: string }[]) if (!options.some((x) => x.id === o.id)) options.unshift(o);
        i += 2;
        relations[field] = options;
      }
      return { row, relations };
    },
  };
}

// ---------------------------------------------------------------------------
// Duplicates

interface DuplicateStatement {
  reason: string;
  query: BatchItem<"sqlite">;
  condition: SQL;
}

function duplicateStatements(db: Database, scope: OrgScope, mod: ResourceModule, input: Record<string, unknown>, excludeId?: string) {
  const t = mod.table;
  const notSelf = excludeId ? ne(t.id, excludeId) : undefined;
  const out: DuplicateStatement[] = [];
  for (const check of mod.duplicates ?? []) {
    const values = check.probe(input);
    if (!values.length) continue;
    let condition: SQL;
    if ("column" in check.match) condition = inArray(check.match.column, values);
    else if (mod.keys) {
      const keys = mod.keys;
      condition = inArray(
        t.id,
        db
          .select({ id: keys.recordId })
          .from(keys)
          .where(scope.where(keys, inArray(keys.key, values))),
      );
    } else continue;
    const query = db
      .select({ id: t.id, title: sql<string>`${mod.titleSql}` })
      .from(t)
      .where(scope.where(t, isNull(t.excluidoEm), condition, notSelf))
      .orderBy(t.ordem)
      .limit(5);
    out.push({ reason: check.reason, query, condition });
  }
  return out;
}

function collectDuplicates(statements: readonly DuplicateStatement[], results: readonly unknown[]): Duplicate[] {
  const seen = new Set<string>();
  const out: Duplicate[] = [];
  statements.forEach((s, i) => {
    for (const row of (results[i] ?? []) as { id: string; title: string }[]) {
      const key = `${row.id}:${s.reason}`;
      if (seen.has(key)) continue;
      seen.add(key);
      out.push({ id: row.id, title: row.title, reason: s.reason });
    }
  });
  return out;
}

/** Records sharing the document, e-mail, phone… with `input` (raw form values or parsed input). A warning, not a block. */
export async function findDuplicates(
  ctx: ServiceContext,
  actor: Actor,
  name: string,
  input: Record<string, unknown>,
  excludeId?: string,
): Promise<Duplicate[]> {
  const mod = allowed(actor, name, excludeId ? "update" : "create");
  const statements = duplicateStatements(ctx.db, orgScope(ctx.db, actor.orgId), mod, input, excludeId);
  if (!statements.length) return [];
  const results = await ctx.db.batch(statements.map((s) => s.query) as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  return collectDuplicates(statements, results as unknown[]);
}

/** `NOT EXISTS` body: a live record of the organization (other than `excludeId`) matching any duplicate condition. */
function duplicateGuard(db: Database, scope: OrgScope, mod: ResourceModule, conditions: SQL[], excludeId?: string): SQL {
  const t = mod.table;
  return db
    .select({ one: sql`1` })
    .from(t)
    .where(scope.where(t, isNull(t.excluidoEm), or(...conditions), excludeId ? ne(t.id, excludeId) : undefined))
    .getSQL();
}

// ---------------------------------------------------------------------------
// Writes

/**
 * The duplicate look-ups and the write in one batch (one round trip, one transaction); the
 * database's refusals become pt-BR answers. Returns the duplicates found and the rows written.
 */
async function checkAndWrite(
  ctx: ServiceContext,
  mod: ResourceModule,
  statements: readonly DuplicateStatement[],
  write: BatchItem<"sqlite">,
  /** Statements after the write in the same batch (`alsoOnCreate`). */
  after: readonly BatchItem<"sqlite">[] = [],
): Promise<{ duplicates: Duplicate[]; affected: number; after: unknown[] }> {
  let results: unknown[];
  try {
    results = (await ctx.db.batch([...statements.map((s) => s.query), write, ...after] as unknown as [BatchItem<"sqlite">])) as unknown[];
  } catch (error) {
    translateDbError(mod, error);
  }
  return {
    duplicates: collectDuplicates(statements, results.slice(0, statements.length)),
    affected: (results[statements.length] as { rowsAffected: number }).rowsAffected,
    after: results.slice(statements.length + 1),
  };
}

export interface SaveOptions {
  /**
   * Save only when no live record shares a duplicate-checked value (the form's default, before
   * the person confirms "Salvar mesmo assim"): the check and the write are one statement.
   */
  unlessDuplicates?: boolean;
}

/**
 * Creates a record; returns its id and, found in the same round trip, the records it may
 * duplicate. With `unlessDuplicates`, nothing is saved when there are any (`id` is null).
 */
export async function createRecord(
  ctx: ServiceContext,
  actor: Actor,
  name: string,
  input: unknown,
  options: SaveOptions = {},
): Promise<{ id: string | null; duplicates: Duplicate[] }> {
  const { mod, owner } = reached(actor, name, "create");
  const data = ownedInput(actor, mod, owner, validated(mod, input));
  if (mod.save) return { id: await mod.save.create(ctx, actor, data), duplicates: [] };
  const scope = orgScope(ctx.db, actor.orgId);
  const values = insertValues(mod, scope, data, actor.userId, ctx.now);
  const statements = duplicateStatements(ctx.db, scope, mod, data);
  const guarded = options.unlessDuplicates && statements.length > 0;
  const insert = guarded
    ? insertUnless(
        ctx.db,
        mod.table,
        values,
        duplicateGuard(
          ctx.db,
          scope,
          mod,
          statements.map((s) => s.condition),
        ),
      )
    : ctx.db.insert(mod.table).values(values as never);
  const id = values.id as string;
  const after = [
    ...(mod.alsoOnCreate?.(ctx, actor, id) ?? []),
    ...(mod.alsoOnWrite?.(ctx, actor, id, data, writtenCondition(mod, scope, id, ctx.now), {
      mode: "create",
      now: ctx.now,
      orgId: scope.orgId,
    }) ?? []),
  ];
  const { duplicates, affected } = await checkAndWrite(ctx, mod, statements, insert, after);
  if (affected) {
    recordChanged(ctx, actor, mod, "created", [id]);
    await mod.afterWrite?.(ctx, actor, id, "created");
  }
  return { id: affected ? id : null, duplicates };
}

/** One record of `createRecordsUnless`: its input, the condition that skips it, what follows it. */
export interface GuardedCreate {
  input: unknown;
  /** A `NOT EXISTS` body: when it finds a row at write time, this record is not created. */
  unless: SQL;
  /** Statements after the insert, in the same batch; `written` is true only when it happened. */
  after?: (id: string, written: SQL) => BatchItem<"sqlite">[];
}

/**
 * Creates several records in one batch (one round trip, one transaction): each is inserted only
 * when its `unless` finds nothing at that moment, so a repeated request creates nothing twice.
 * Each insert carries its module's own statements (alsoOnWrite) and the caller's `after`, all
 * guarded by "this insert happened". Returns, per item in order, the id created or null (skipped).
 */
export async function createRecordsUnless(
  ctx: ServiceContext,
  actor: Actor,
  name: string,
  items: readonly GuardedCreate[],
): Promise<(string | null)[]> {
  if (!items.length) return [];
  if (items.length > MAX_BULK) throw new DomainError(`Selecione no máximo ${MAX_BULK} registros por vez.`, 400);
  const { mod, owner } = reached(actor, name, "create");
  // A resource whose writes are its service's is never inserted in bulk around it.
  if (mod.save) throw new Error(`${name}: criação em lote não passa pelo serviço do recurso`);
  const scope = orgScope(ctx.db, actor.orgId);
  const batch: BatchItem<"sqlite">[] = [];
  const inserts: { id: string; at: number }[] = [];
  for (const item of items) {
    const data = ownedInput(actor, mod, owner, validated(mod, item.input));
    const values = insertValues(mod, scope, data, actor.userId, ctx.now);
    const id = values.id as string;
    const written = writtenCondition(mod, scope, id, ctx.now);
    inserts.push({ id, at: batch.length });
    batch.push(
      insertUnless(ctx.db, mod.table, values, item.unless),
      ...(mod.alsoOnCreate?.(ctx, actor, id) ?? []),
      ...(mod.alsoOnWrite?.(ctx, actor, id, data, written, { mode: "create", now: ctx.now, orgId: scope.orgId }) ?? []),
      ...(item.after?.(id, written) ?? []),
    );
  }
  let results: unknown[];
  try {
    results = (await ctx.db.batch(batch as unknown as [BatchItem<"sqlite">])) as unknown[];
  } catch (error) {
    translateDbError(mod, error);
  }
  const outcome = inserts.map((i) => ((results[i.at] as { rowsAffected: number }).rowsAffected > 0 ? i.id : null));
  const created = outcome.filter((id): id is string => id !== null);
  if (created.length) {
    recordChanged(ctx, actor, mod, "created", created);
    for (const id of created) await mod.afterWrite?.(ctx, actor, id, "created");
  }
  return outcome;
}

/**
 * Replaces a live record's fields with `input` (the whole form). 404 when it is missing,
 * deleted or another organization's; with `unlessDuplicates`, nothing is saved when there are
 * possible duplicates (`saved` false).
 */
export async function updateRecord(
  ctx: ServiceContext,
  actor: Actor,
  name: string,
  id: string,
  input: unknown,
  options: SaveOptions = {},
): Promise<{ saved: boolean; duplicates: Duplicate[] }> {
  const { mod, owner } = reached(actor, name, "update");
  const data = validated(mod, input);
  if (mod.save) {
    await mod.save.update(ctx, actor, id, data);
    return { saved: true, duplicates: [] };
  }
  const scope = orgScope(ctx.db, actor.orgId);
  const t = mod.table;
  const statements = duplicateStatements(ctx.db, scope, mod, data, id);
  const condition = mod.writeCondition?.(actor, "update");
  const guard =
    options.unlessDuplicates && statements.length
      ? sql`not exists (${duplicateGuard(
          ctx.db,
          scope,
          mod,
          statements.map((s) => s.condition),
          id,
        )})`
      : undefined;
  const update = ctx.db
    .update(t)
    .set({
      ...writeValues(mod, data, { mode: "update", now: ctx.now, orgId: scope.orgId }),
      atualizadoEm: ctx.now,
      atualizadoPor: actor.userId,
    } as never)
    .where(scope.where(t, eq(t.id, id), isNull(t.excluidoEm), owner, guard, condition?.where));
  const visible = owner ? visibleStatement(ctx, actor, mod, id) : undefined;
  const refused = condition ? refusedStatement(ctx, actor, mod, id, owner, condition.where) : undefined;
  const also =
    mod.alsoOnWrite?.(ctx, actor, id, data, writtenCondition(mod, scope, id, ctx.now), {
      mode: "update",
      now: ctx.now,
      orgId: scope.orgId,
    }) ?? [];
  const reads = [refused, visible].filter((s): s is BatchItem<"sqlite"> => s !== undefined);
  const { duplicates, affected, after } = await checkAndWrite(ctx, mod, statements, update, [...reads, ...also]);
  if (affected) {
    recordChanged(ctx, actor, mod, "updated", [id]);
    await mod.afterWrite?.(ctx, actor, id, "updated");
    return { saved: true, duplicates };
  }
  if (guard && duplicates.length) return { saved: false, duplicates };
  const found = (read: BatchItem<"sqlite"> | undefined) => read !== undefined && (after[reads.indexOf(read)] as unknown[]).length > 0;
  if (condition && found(refused)) throw new DomainError(condition.message, 409);
  if (found(visible)) throw new DomainError(FORBIDDEN_MESSAGE, 403);
  throw new DomainError(notFoundMessage(mod), 404);
}

/** True only when the create or update of `id` in this batch happened (its `atualizadoEm` is this request's). */
function writtenCondition(mod: ResourceModule, scope: OrgScope, id: string, now: Date): SQL {
  const t = mod.table;
  return sql`exists (select 1 from ${t} where ${scope.where(t, eq(t.id, id), eq(t.atualizadoEm, now))})`;
}

/** The row the actor reaches, live, that the module's write condition refuses (read in the write's batch). */
function refusedStatement(
  ctx: ServiceContext,
  actor: Actor,
  mod: ResourceModule,
  id: string,
  owner: SQL | undefined,
  where: SQL,
): BatchItem<"sqlite"> {
  const t = mod.table;
  return ctx.db
    .select({ id: t.id })
    .from(t)
    .where(orgScope(ctx.db, actor.orgId).where(t, eq(t.id, id), isNull(t.excluidoEm), owner, sql`not (${where})`))
    .limit(1);
}

/**
 * For a write an "own" reach narrows: the row, live, when the actor may read every row of the
 * kind (only the write is theirs alone). Then a row the write did not reach is no secret, and
 * the answer is the 403 rather than "não encontrado". Read in the write's batch (no round trip).
 */
function visibleStatement(ctx: ServiceContext, actor: Actor, mod: ResourceModule, id: string): BatchItem<"sqlite"> | undefined {
  const name = mod.definition.name;
  if (!can(actor.role, name, "read") || ownerCondition(actor, name, "read", mod.table)) return undefined;
  const t = mod.table;
  return ctx.db
    .select({ id: t.id })
    .from(t)
    .where(orgScope(ctx.db, actor.orgId).where(t, eq(t.id, id), isNull(t.excluidoEm)))
    .limit(1);
}

/**
 * Marks live records deleted (`deleted` given) or deleted ones live again (`null`); returns how
 * many changed. `atualizadoEm` keeps its value: deleting is not editing.
 */
async function setDeleted(ctx: ServiceContext, actor: Actor, name: string, ids: string[], deleted: boolean): Promise<number> {
  const { mod, owner } = reached(actor, name, "delete");
  const list = byId(ids);
  if (!list.length) return 0;
  const t = mod.table;
  const values = {
    excluidoEm: deleted ? ctx.now : null,
    excluidoPor: deleted ? actor.userId : null,
    atualizadoEm: sql`${t.atualizadoEm}`,
  };
  try {
    const result = await ctx.db
      .update(t)
      .set(values as never)
      .where(
        orgScope(ctx.db, actor.orgId).where(
          t,
          inArray(t.id, list),
          owner,
          mod.writeCondition?.(actor, "delete")?.where,
          deleted ? isNull(t.excluidoEm) : isNotNull(t.excluidoEm),
        ),
      );
    if (result.rowsAffected > 0) recordChanged(ctx, actor, mod, deleted ? "deleted" : "restored", list);
    return result.rowsAffected;
  } catch (error) {
    translateDbError(mod, error);
  }
}

/**
 * Soft-deletes one record and says why not when it cannot: 409 with the module's reason when
 * its write condition refuses a row the actor reaches, 403 when the actor reads the row but may
 * delete only their own, else 404. One round trip (the reads ride in the write's batch).
 */
export async function deleteRecord(ctx: ServiceContext, actor: Actor, name: string, id: string): Promise<void> {
  const { mod, owner } = reached(actor, name, "delete");
  if (!isId(id)) throw new DomainError(notFoundMessage(mod), 404);
  const t = mod.table;
  const condition = mod.writeCondition?.(actor, "delete");
  const update = ctx.db
    .update(t)
    .set({ excluidoEm: ctx.now, excluidoPor: actor.userId, atualizadoEm: sql`${t.atualizadoEm}` } as never)
    .where(orgScope(ctx.db, actor.orgId).where(t, eq(t.id, id), owner, condition?.where, isNull(t.excluidoEm)));
  const refused = condition ? refusedStatement(ctx, actor, mod, id, owner, condition.where) : undefined;
  const visible = owner ? visibleStatement(ctx, actor, mod, id) : undefined;
  const reads = [refused, visible].filter((s): s is BatchItem<"sqlite"> => s !== undefined);
  let results: unknown[];
  try {
    results = (await ctx.db.batch([update, ...reads] as unknown as [BatchItem<"sqlite">])) as unknown[];
  } catch (error) {
    translateDbError(mod, error);
  }
  if ((results[0] as { rowsAffected: number }).rowsAffected) {
    recordChanged(ctx, actor, mod, "deleted", [id]);
    return;
  }
  const found = (read: BatchItem<"sqlite"> | undefined) => read !== undefined && (results[1 + reads.indexOf(read)] as unknown[]).length > 0;
  if (condition && found(refused)) throw new DomainError(condition.message, 409);
  if (found(visible)) throw new DomainError(FORBIDDEN_MESSAGE, 403);
  throw new DomainError(notFoundMessage(mod), 404);
}

/** Soft delete (restorable with `restoreRecords`); returns how many were deleted. */
export function deleteRecords(ctx: ServiceContext, actor: Actor, name: string, ids: string[]): Promise<number> {
  return setDeleted(ctx, actor, name, ids, true);
}

/** Undoes a soft delete; returns how many were restored. */
export function restoreRecords(ctx: ServiceContext, actor: Actor, name: string, ids: string[]): Promise<number> {
  return setDeleted(ctx, actor, name, ids, false);
}

/**
 * LGPD erasure: deletes the row for good (soft-deleted or not) with its search keys (triggers).
 * Only the fact that an erasure happened is logged, without personal data. The caller proves a
 * recent authentication (`requireRecentAuth`): the password typed within 10 minutes, or sent
 * with the request by API clients.
 */
export async function eraseRecord(ctx: ServiceContext, actor: Actor, name: string, id: string, proof: RecentAuth): Promise<void> {
  const { mod, owner } = reached(actor, name, "lgpd");
  // Irreversible: only with a recent password of the actor (worker/auth/reauth.ts, ADR 019).
  if (proof?.userId !== actor.userId) throw new DomainError(REAUTH_REQUIRED, 403, REAUTH_FIELD);
  if (!mod.erase) throw new DomainError("Este tipo de registro não tem dados pessoais a eliminar.", 400);
  const t = mod.table;
  const deleted = await ctx.db
    .delete(t)
    .where(orgScope(ctx.db, actor.orgId).where(t, eq(t.id, id), owner))
    .returning({ id: t.id });
  if (!deleted.length) throw new DomainError(notFoundMessage(mod), 404);
  recordChanged(ctx, actor, mod, "deleted", [id]);
  console.log(`lgpd: ${mod.definition.name} ${id} eliminado por ${actor.userId} (org ${actor.orgId})`);
}
