import { eq, inArray, isNotNull, isNull, ne, or, type SQL, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { ZodError } from "zod";
import { clients, companies, organizations } from "../../db/schema/index.ts";
import { orgScope } from "../../db/tenant.ts";
import type { ClientInput, ClientRow } from "../../shared/resources/clients.ts";
import type { CompanyInput, CompanyRow } from "../../shared/resources/companies.ts";
import type { ListQuery, ListResult } from "../../shared/resources/types.ts";
import { DomainError, type ServiceContext } from "../services/context.ts";
import {
  type ClientProbe,
  clientById,
  clientDuplicateQueries,
  clientsOfCompany,
  clientValues,
  parseClient,
  toClientRow,
} from "./clients.ts";
import { cursorValue, type Duplicate, MAX_BULK, readCursor } from "./common.ts";
import {
  type CompanyProbe,
  companyById,
  companyDuplicateQueries,
  companyOptionsQuery,
  companyValues,
  parseCompany,
  toCompanyRow,
} from "./companies.ts";
import { encodeCursor } from "./cursor.ts";
import { insertUnless } from "./insert-unless.ts";
import {
  definitionOf,
  fetchPage,
  type InputOf,
  listSpecOf,
  NOT_FOUND,
  type ResourceName,
  type RowOf,
  translateDbError,
} from "./registry.ts";

export {
  definitionOf,
  fetchPage,
  type InputOf,
  isResourceName,
  NOT_FOUND,
  RESOURCE_NAMES,
  type ResourceName,
  type RowOf,
} from "./registry.ts";
export type { Duplicate, DuplicateReason } from "./common.ts";

/**
 * The records layer the UI (loaders/actions) and `/api/<resource>` share. Every query goes
 * through `orgScope`; each call costs one database round trip (a batch) or none.
 */

/** Validates again on the server: callers pass parsed input, but nothing unchecked reaches the database. */
function validated<N extends ResourceName>(name: N, input: InputOf[N]): InputOf[N] {
  const result = definitionOf(name).schema.safeParse(input);
  if (!result.success) throw new ZodError(result.error.issues);
  return result.data;
}

function byId(ids: readonly string[]): string[] {
  const unique = [...new Set(ids.filter((id) => typeof id === "string" && id.length > 0 && id.length <= 64))];
  if (unique.length > MAX_BULK) throw new DomainError(`Selecione no máximo ${MAX_BULK} registros por vez.`, 400);
  return unique;
}

// ---------------------------------------------------------------------------
// Lists

/**
 * One page of a list: search (`q`, accent-insensitive word prefixes), filters, sort, and either
 * the page number (offset) or the `after` cursor (keyset). One round trip: rows and total
 * together.
 */
export async function listRecords<N extends ResourceName>(
  ctx: ServiceContext,
  orgId: string,
  name: N,
  query: ListQuery,
): Promise<ListResult<RowOf[N]>> {
  const pageSize = definitionOf(name).pageSize;
  const cursor = readCursor(query.after, query.sort, query.dir);
  const { rows, keys, total } = await fetchPage(ctx, orgId, name, query, {
    limit: pageSize,
    offset: cursor ? 0 : (query.page - 1) * pageSize,
    cursor,
  });
  const last = keys.at(-1);
  const nextCursor =
    last && rows.length === pageSize && query.page * pageSize < total
      ? encodeCursor({ sort: query.sort, dir: query.dir, value: cursorValue(query.sort, last), id: last.id })
      : null;
  return { rows, total, page: query.page, pageSize, nextCursor, totals: {}, relationTitles: {} };
}

// ---------------------------------------------------------------------------
// One record

/** A live record of the organization; null when missing, soft-deleted or another organization's. */
export async function getRecord<N extends ResourceName>(ctx: ServiceContext, orgId: string, name: N, id: string): Promise<RowOf[N] | null> {
  const scope = orgScope(ctx.db, orgId);
  if (name === "clients") {
    const [raw] = await clientById(ctx.db, scope, id);
    return raw ? (toClientRow(parseClient(raw)) as RowOf[N]) : null;
  }
  const [raw] = await companyById(ctx.db, scope, id);
  return raw ? (toCompanyRow(parseCompany(raw)) as RowOf[N]) : null;
}

function duplicateQueries<N extends ResourceName>(ctx: ServiceContext, orgId: string, name: N, probe: object, excludeId?: string) {
  const scope = orgScope(ctx.db, orgId);
  return name === "clients"
    ? clientDuplicateQueries(ctx.db, scope, probe as ClientProbe, excludeId)
    : companyDuplicateQueries(ctx.db, scope, probe as CompanyProbe, excludeId);
}

function collectDuplicates(reasons: readonly Duplicate["reason"][], results: readonly unknown[]): Duplicate[] {
  const seen = new Set<string>();
  const out: Duplicate[] = [];
  results.forEach((rows, i) => {
    const reason = reasons[i] as Duplicate["reason"];
    for (const row of rows as { id: string; title: string }[]) {
      const key = `${row.id}:${reason}`;
      if (seen.has(key)) continue;
      seen.add(key);
      out.push({ id: row.id, title: row.title, reason });
    }
  });
  return out;
}

/**
 * Records of the organization that share the document (CPF/CNPJ), e-mail or a phone with
 * `input` (raw form values or parsed input). A warning, not a block.
 */
export async function findDuplicates<N extends ResourceName>(
  ctx: ServiceContext,
  orgId: string,
  name: N,
  input: Partial<InputOf[N]> | Record<string, unknown>,
  excludeId?: string,
): Promise<Duplicate[]> {
  const queries = duplicateQueries(ctx, orgId, name, input, excludeId);
  if (!queries.length) return [];
  const results = await ctx.db.batch(queries.map((q) => q.query) as unknown as [BatchItem<"sqlite">]);
  return collectDuplicates(
    queries.map((q) => q.reason),
    results as unknown[],
  );
}

/** Options of a save. */
export interface SaveOptions {
  /**
   * Save only when no live record shares the document, e-mail or a phone (the form's default,
   * before the person confirms "Salvar mesmo assim"): the check and the write are one statement.
   */
  unlessDuplicates?: boolean;
}

/** `NOT EXISTS` body: a live record of the organization (other than `excludeId`) matching any duplicate condition. */
function duplicateGuard(ctx: ServiceContext, orgId: string, name: ResourceName, conditions: SQL[], excludeId?: string): SQL {
  const { table, columns } = listSpecOf(name);
  return ctx.db
    .select({ one: sql`1` })
    .from(table)
    .where(
      orgScope(ctx.db, orgId).where(table, isNull(columns.deletedAt), or(...conditions), excludeId ? ne(columns.id, excludeId) : undefined),
    )
    .getSQL();
}

/**
 * Creates a record; returns its id and, found in the same round trip, the records it may
 * duplicate (to warn about). With `unlessDuplicates`, nothing is saved when there are any
 * (`id` is null).
 */
export async function createRecord<N extends ResourceName>(
  ctx: ServiceContext,
  orgId: string,
  actorUserId: string,
  name: N,
  input: InputOf[N],
): Promise<{ id: string; duplicates: Duplicate[] }>;
export async function createRecord<N extends ResourceName>(
  ctx: ServiceContext,
  orgId: string,
  actorUserId: string,
  name: N,
  input: InputOf[N],
  options: SaveOptions,
): Promise<{ id: string | null; duplicates: Duplicate[] }>;
export async function createRecord<N extends ResourceName>(
  ctx: ServiceContext,
  orgId: string,
  actorUserId: string,
  name: N,
  input: InputOf[N],
  options: SaveOptions = {},
): Promise<{ id: string | null; duplicates: Duplicate[] }> {
  const data = validated(name, input);
  const scope = orgScope(ctx.db, orgId);
  const id = crypto.randomUUID();
  const audit = { id, createdAt: ctx.now, updatedAt: ctx.now, createdBy: actorUserId, updatedBy: actorUserId };
  const values =
    name === "clients"
      ? scope.values({
          ...audit,
          ...clientValues(data as ClientInput),
          lgpdConsentAt: (data as ClientInput).consentimentoLgpd ? ctx.now : null,
        })
      : scope.values({ ...audit, ...companyValues(data as CompanyInput) });
  const queries = duplicateQueries(ctx, orgId, name, data);
  const guarded = options.unlessDuplicates && queries.length > 0;
  const table = name === "clients" ? clients : companies;
  const insert = guarded
    ? insertUnless(
        ctx.db,
        table,
        values,
        duplicateGuard(
          ctx,
          orgId,
          name,
          queries.map((q) => q.condition),
        ),
      )
    : ctx.db.insert(table).values(values as typeof clients.$inferInsert & typeof companies.$inferInsert);
  let results: unknown[];
  try {
    results = (await ctx.db.batch([...queries.map((q) => q.query), insert] as unknown as [BatchItem<"sqlite">])) as unknown[];
  } catch (error) {
    translateDbError(error);
  }
  const duplicates = collectDuplicates(
    queries.map((q) => q.reason),
    results.slice(0, queries.length),
  );
  const inserted = (results.at(-1) as { rowsAffected: number }).rowsAffected > 0;
  return { id: inserted ? id : null, duplicates };
}

/**
 * Replaces a live record's fields with `input` (the whole form). 404 when it is missing,
 * deleted or another organization's. Returns possible duplicates, found in the same round trip;
 * with `unlessDuplicates`, nothing is saved when there are any (`saved` is false).
 */
export async function updateRecord<N extends ResourceName>(
  ctx: ServiceContext,
  orgId: string,
  actorUserId: string,
  name: N,
  id: string,
  input: InputOf[N],
  options: SaveOptions = {},
): Promise<{ saved: boolean; duplicates: Duplicate[] }> {
  const data = validated(name, input);
  const scope = orgScope(ctx.db, orgId);
  const audit = { updatedAt: ctx.now, updatedBy: actorUserId };
  const queries = duplicateQueries(ctx, orgId, name, data, id);
  const guard =
    options.unlessDuplicates && queries.length
      ? sql`not exists (${duplicateGuard(
          ctx,
          orgId,
          name,
          queries.map((q) => q.condition),
          id,
        )})`
      : undefined;
  const update =
    name === "clients"
      ? ctx.db
          .update(clients)
          .set({
            ...clientValues(data as ClientInput),
            ...audit,
            // Consent keeps the date it was first given, and withdrawing it clears the date.
            lgpdConsentAt: (data as ClientInput).consentimentoLgpd ? sql`coalesce(${clients.lgpdConsentAt}, ${ctx.now.getTime()})` : null,
          })
          .where(scope.where(clients, eq(clients.id, id), isNull(clients.deletedAt), guard))
      : ctx.db
          .update(companies)
          .set({ ...companyValues(data as CompanyInput), ...audit })
          .where(scope.where(companies, eq(companies.id, id), isNull(companies.deletedAt), guard));
  let results: unknown[];
  try {
    results = (await ctx.db.batch([...queries.map((q) => q.query), update] as unknown as [BatchItem<"sqlite">])) as unknown[];
  } catch (error) {
    translateDbError(error);
  }
  const duplicates = collectDuplicates(
    queries.map((q) => q.reason),
    results.slice(0, queries.length),
  );
  const updated = results.at(-1) as { rowsAffected: number };
  if (updated.rowsAffected) return { saved: true, duplicates };
  // Held back by the guard, or not there at all.
  if (guard && duplicates.length) return { saved: false, duplicates };
  throw new DomainError(NOT_FOUND[name], 404);
}

/**
 * Marks live records deleted (`deleted` given) or deleted ones live again (`null`); returns how
 * many changed. `updated_at` keeps its value: deleting is not editing.
 */
async function setDeleted(
  ctx: ServiceContext,
  orgId: string,
  name: ResourceName,
  ids: string[],
  deleted: { at: Date; by: string } | null,
): Promise<number> {
  const list = byId(ids);
  if (!list.length) return 0;
  const { table, columns } = listSpecOf(name);
  const values = { deletedAt: deleted?.at ?? null, deletedBy: deleted?.by ?? null, updatedAt: sql`${columns.updatedAt}` };
  const result = await ctx.db
    .update(table)
    // Both tables have these columns; the generic table type cannot say so.
    .set(values as never)
    .where(
      orgScope(ctx.db, orgId).where(table, inArray(columns.id, list), deleted ? isNull(columns.deletedAt) : isNotNull(columns.deletedAt)),
    );
  return result.rowsAffected;
}

/** Soft delete (restorable with `restoreRecords`); returns how many were deleted. */
export function deleteRecords(ctx: ServiceContext, orgId: string, actorUserId: string, name: ResourceName, ids: string[]): Promise<number> {
  return setDeleted(ctx, orgId, name, ids, { at: ctx.now, by: actorUserId });
}

/** Undoes a soft delete; returns how many were restored. */
export function restoreRecords(
  ctx: ServiceContext,
  orgId: string,
  _actorUserId: string,
  name: ResourceName,
  ids: string[],
): Promise<number> {
  return setDeleted(ctx, orgId, name, ids, null);
}

// ---------------------------------------------------------------------------
// Clients only

export type TimelineKind = "created" | "updated" | "consent";

/**
 * One entry of a client's timeline. Later features (appointments, sales, interests, documents,
 * posts) add their own kinds; `href` links to the related record.
 */
export interface TimelineEvent {
  id: string;
  kind: TimelineKind | (string & {});
  /** ISO instant. */
  at: string;
  title: string;
  description: string | null;
  /** Who did it (name), when known. */
  by: string | null;
  href: string | null;
}

/** The timeline of a client row already loaded (no database round trip): for pages that load the row anyway. */
export function timelineOf(row: ClientRow): TimelineEvent[] {
  const events: TimelineEvent[] = [
    {
      id: `created:${row.id}`,
      kind: "created",
      at: row.criadoEm,
      title: "Cliente cadastrado",
      description: null,
      by: row.criadoPorNome,
      href: null,
    },
  ];
  // Saves within a second of the creation are the creation itself.
  if (Date.parse(row.atualizadoEm) - Date.parse(row.criadoEm) > 1000) {
    events.push({
      id: `updated:${row.id}`,
      kind: "updated",
      at: row.atualizadoEm,
      title: "Dados atualizados",
      description: null,
      by: row.atualizadoPorNome,
      href: null,
    });
  }
  if (row.consentimentoLgpd && row.consentimentoLgpdEm) {
    events.push({
      id: `consent:${row.id}`,
      kind: "consent",
      at: row.consentimentoLgpdEm,
      title: "Consentimento LGPD registrado",
      description: "O cliente autorizou o uso dos seus dados pessoais.",
      by: null,
      href: null,
    });
  }
  return events.sort((a, b) => b.at.localeCompare(a.at));
}

/** The client's history, newest first (one round trip). 404 when the client is not found. */
export async function clientTimeline(ctx: ServiceContext, orgId: string, id: string): Promise<TimelineEvent[]> {
  const row = await getRecord(ctx, orgId, "clients", id);
  if (!row) throw new DomainError(NOT_FOUND.clients, 404);
  return timelineOf(row);
}

/** LGPD data-subject export: everything the organization holds about the client, as JSON. */
export interface ClientDataExport {
  formato: "alicerce.lgpd.v1";
  geradoEm: string;
  controlador: { nome: string; documento: string | null; email: string | null };
  titular: ClientRow & { excluidoEm: string | null };
  historico: TimelineEvent[];
}

/** Everything about a client (soft-deleted ones too: a request may come after a deletion). One round trip. */
export async function exportClientData(ctx: ServiceContext, orgId: string, id: string): Promise<ClientDataExport> {
  const scope = orgScope(ctx.db, orgId);
  const [rows, deleted, org] = await ctx.db.batch([
    clientById(ctx.db, scope, id, { includeDeleted: true }),
    ctx.db
      .select({ deletedAt: clients.deletedAt })
      .from(clients)
      .where(scope.where(clients, eq(clients.id, id)))
      .limit(1),
    ctx.db
      .select({ name: organizations.name, document: organizations.document, email: organizations.email })
      .from(organizations)
      .where(scope.self())
      .limit(1),
  ]);
  const raw = rows[0];
  if (!raw) throw new DomainError(NOT_FOUND.clients, 404);
  const row = toClientRow(parseClient(raw));
  return {
    formato: "alicerce.lgpd.v1",
    geradoEm: ctx.now.toISOString(),
    controlador: { nome: org[0]?.name ?? "", documento: org[0]?.document ?? null, email: org[0]?.email ?? null },
    titular: { ...row, excluidoEm: deleted[0]?.deletedAt ? deleted[0].deletedAt.toISOString() : null },
    historico: timelineOf(row),
  };
}

/**
 * LGPD erasure: deletes the client row for good (soft-deleted or not) with its search keys
 * (triggers). Only the fact that an erasure happened is logged, without personal data.
 */
export async function eraseClient(ctx: ServiceContext, orgId: string, actorUserId: string, id: string): Promise<void> {
  const scope = orgScope(ctx.db, orgId);
  const deleted = await ctx.db
    .delete(clients)
    .where(scope.where(clients, eq(clients.id, id)))
    .returning({ id: clients.id });
  if (!deleted.length) throw new DomainError(NOT_FOUND.clients, 404);
  console.log(`lgpd: cliente ${id} eliminado por ${actorUserId} (org ${orgId})`);
}

/** Live clients linked to a live company, by name (at most 500); 404 when the company is not found. One round trip. */
export async function companyClients(ctx: ServiceContext, orgId: string, companyId: string): Promise<ClientRow[]> {
  const scope = orgScope(ctx.db, orgId);
  const [company, rows] = await ctx.db.batch([
    ctx.db
      .select({ id: companies.id })
      .from(companies)
      .where(scope.where(companies, eq(companies.id, companyId), isNull(companies.deletedAt)))
      .limit(1),
    clientsOfCompany(ctx.db, scope, companyId, 500),
  ]);
  if (!company.length) throw new DomainError(NOT_FOUND.companies, 404);
  return rows.map((r) => toClientRow(parseClient(r)));
}

/** A company with its linked clients, in one round trip; null when not found. */
export async function companyWithClients(
  ctx: ServiceContext,
  orgId: string,
  companyId: string,
): Promise<{ company: CompanyRow; clients: ClientRow[] } | null> {
  const scope = orgScope(ctx.db, orgId);
  const [company, rows] = await ctx.db.batch([companyById(ctx.db, scope, companyId), clientsOfCompany(ctx.db, scope, companyId, 500)]);
  const raw = company[0];
  if (!raw) return null;
  return { company: toCompanyRow(parseCompany(raw)), clients: rows.map((r) => toClientRow(parseClient(r))) };
}

/** What the client form needs — the client (when editing) and the company options — in one round trip. */
export async function clientForm(
  ctx: ServiceContext,
  orgId: string,
  id: string | null,
  companyLimit = 200,
): Promise<{ row: ClientRow | null; companies: { id: string; title: string }[] }> {
  const scope = orgScope(ctx.db, orgId);
  const options = companyOptionsQuery(ctx.db, scope, companyLimit);
  if (!id) return { row: null, companies: await options };
  const [rows, companies] = await ctx.db.batch([clientById(ctx.db, scope, id), options]);
  const raw = rows[0];
  return { row: raw ? toClientRow(parseClient(raw)) : null, companies };
}

/** Companies for the client form's "Empresa" select: by name, or matching `q`. */
export async function companyOptions(ctx: ServiceContext, orgId: string, q = "", limit = 20): Promise<{ id: string; title: string }[]> {
  if (!q.trim()) return companyOptionsQuery(ctx.db, orgScope(ctx.db, orgId), limit);
  const { rows } = await fetchPage(
    ctx,
    orgId,
    "companies",
    { q, sort: "nome", dir: "asc", page: 1, after: null, filters: {}, columns: null },
    { limit, offset: 0, cursor: null },
    false,
  );
  return rows.map((r) => ({ id: r.id, title: r.nomeFantasia || r.razaoSocial }));
}

export { exportRecords } from "./export.ts";
export { commitImport, parseDuplicatePolicy, previewImport } from "./import.ts";
export type { DuplicatePolicy, ImportPreview, ImportResult, ImportRow, ImportRowStatus, ImportWarning } from "./import.ts";
