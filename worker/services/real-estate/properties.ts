import { desc, eq, isNull, ne, sql } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { memberships, properties, propertyStatusHistory, propertyVisits, users } from "../../../db/schema/index.ts";
import { orgScope } from "../../../db/tenant.ts";
import { PROPERTY_STATUSES, type PropertyPurpose, type PropertyStatus } from "../../../shared/enums.ts";
import {
  type ChecklistItem,
  FEATURE_FIELD_PREFIX,
  featuresOf,
  type ImovelRow,
  listingChecklist,
  type PropertyDraftInput,
  propertyShape,
  RESIDENTIAL_TYPES,
} from "../../../shared/resources/imoveis.ts";
import type { FilterOption } from "../../../shared/resources/types.ts";
import { optionalString } from "../../../shared/validation.ts";
import { authorize, can, ownerCondition } from "../../auth/permissions.ts";
import { derivedValues } from "../../resources/modules/real-estate/properties.ts";
import { createRecord, getRecord, recordStatement, rowsOf, translateDbError } from "../../resources/records.ts";
import { moduleOf } from "../../resources/registry.ts";
import { propertyInterestCount, propertyInterestStatements } from "./matching.ts";
import { type Actor, DomainError, type ServiceContext } from "../context.ts";
import { isId } from "../../../shared/id.ts";
import { DraftConflict, differingFields, draftBase } from "./draft-conflict.ts";

/** Imóveis beyond the generic records layer: team choices, status changes with a reason, drafts. */

const RESOURCE = "imoveis";
export const PROPERTY_NOT_FOUND = "Imóvel não encontrado.";

/** The organization's active members, by name: the captador and corretor choices (users are not a resource). */
export async function teamOptions(ctx: ServiceContext, actor: Actor): Promise<FilterOption[]> {
  return teamStatement(ctx, actor);
}

/** The team's statement, for screens that batch it with their own reads (the forms: one round trip). */
export function teamStatement(ctx: ServiceContext, actor: Actor) {
  authorize(actor, RESOURCE, "read");
  return ctx.db
    .select({ value: users.id, label: users.name })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(orgScope(ctx.db, actor.orgId).where(memberships, isNull(memberships.deactivatedAt)))
    .orderBy(users.name);
}

export interface StatusChange {
  id: string;
  de: PropertyStatus | null;
  para: PropertyStatus;
  motivo: string | null;
  em: string;
  porNome: string | null;
}

/** The statement reading a property's status history, newest first. */
function historyStatement(ctx: ServiceContext, actor: Actor, id: string) {
  const h = propertyStatusHistory;
  return ctx.db
    .select({ id: h.id, de: h.de, para: h.para, motivo: h.motivo, em: h.em, porNome: users.name })
    .from(h)
    .leftJoin(users, eq(users.id, h.por))
    .where(orgScope(ctx.db, actor.orgId).where(h, eq(h.propertyId, id)))
    .orderBy(desc(h.em), desc(sql`${h}.rowid`))
    .limit(100);
}

export interface PropertyData {
  property: ImovelRow;
  history: StatusChange[];
}

/** The "Dados" tab: the property and its status history, in one round trip. */
export async function propertyData(ctx: ServiceContext, actor: Actor, id: string): Promise<PropertyData | null> {
  if (!isId(id)) return null;
  const { mod, statement } = recordStatement(ctx, actor, RESOURCE, id);
  const [rows, history] = await ctx.db.batch([statement, historyStatement(ctx, actor, id)]);
  const [property] = rowsOf(mod, rows) as unknown as ImovelRow[];
  if (!property) return null;
  return { property, history: history.map((h) => ({ ...h, em: (h.em as Date).toISOString() })) };
}

export interface PropertyHeader {
  id: string;
  titulo: string | null;
  codigo: string;
  status: PropertyStatus;
  slug: string;
  capaChave: string | null;
  precoCentavos: number | null;
  finalidade: PropertyPurpose | null;
  fotos: number;
  /** What the Interesses tab lists (the same statements); null when the actor may not read interests. */
  interesses: number | null;
  visitas: number;
}

/** What the property layout shows above its tabs (each tab loads its own data): one round trip. */
export async function propertyHeader(ctx: ServiceContext, actor: Actor, id: string): Promise<PropertyHeader | null> {
  const owner = ownerCondition(actor, RESOURCE, "read", properties);
  if (!isId(id)) return null;
  const scope = orgScope(ctx.db, actor.orgId);
  const p = properties;
  // The interests counted are the rows the Interesses tab lists (its own statements, own reach included).
  const interests = can(actor.role, "interesses", "read") ? propertyInterestStatements(ctx.db, actor, id) : null;
  const head = ctx.db
    .select({
      id: p.id,
      titulo: p.titulo,
      codigo: p.codigo,
      status: p.status,
      slug: p.slug,
      capaChave: p.capaChave,
      precoCentavos: p.precoCentavos,
      finalidade: p.finalidade,
      fotos: p.fotos,
    })
    .from(p)
    .where(scope.where(p, eq(p.id, id), isNull(p.excluidoEm), owner))
    .limit(1);
  const visits = ctx.db
    .select({ n: sql<number>`count(*)` })
    .from(propertyVisits)
    .where(scope.where(propertyVisits, eq(propertyVisits.imovelId, id), isNull(propertyVisits.excluidoEm)));
  const [rows, visitCount, direct, matches] = interests
    ? await ctx.db.batch([head, visits, interests[0], interests[1]])
    : [...(await ctx.db.batch([head, visits])), null, null];
  const row = rows[0];
  if (!row) return null;
  return {
    ...row,
    interesses: direct && matches ? propertyInterestCount(direct, matches) : null,
    visitas: Number(visitCount[0]?.n ?? 0),
  };
}

function firstMessage(issues: readonly { message: string }[]): string {
  return issues[0]?.message ?? "Valor inválido.";
}

const reasonSchema = optionalString("Motivo", { max: 300, multiline: true });

/**
 * Moves a live property to another status, with an optional reason, in one batch: the update
 * (its trigger writes the history row and `publicadoEm`) and the reason on that row.
 */
export async function changeStatus(ctx: ServiceContext, actor: Actor, id: string, status: unknown, reason: unknown): Promise<void> {
  const owner = ownerCondition(actor, RESOURCE, "update", properties);
  if (!isId(id)) throw new DomainError(PROPERTY_NOT_FOUND, 404);
  if (typeof status !== "string" || !(PROPERTY_STATUSES as readonly string[]).includes(status) || status === "rascunho") {
    throw new DomainError("Escolha um status válido.", 400, "status");
  }
  const motivo = reasonSchema.safeParse(reason);
  if (!motivo.success) throw new DomainError(firstMessage(motivo.error.issues), 400, "motivo");
  const to = status as PropertyStatus;
  const scope = orgScope(ctx.db, actor.orgId);
  const p = properties;
  const h = propertyStatusHistory;
  // Drafts are published (with the checklist), never moved here; the same status is no change.
  const update = ctx.db
    .update(p)
    .set({ status: to, atualizadoEm: ctx.now, atualizadoPor: actor.userId })
    .where(scope.where(p, eq(p.id, id), isNull(p.excluidoEm), owner, ne(p.status, to), ne(p.status, "rascunho")));
  // The row the trigger just wrote: this property, this instant, this new status.
  const annotate = ctx.db
    .update(h)
    .set({ motivo: motivo.data ?? null })
    .where(scope.where(h, eq(h.propertyId, id), eq(h.em, ctx.now), eq(h.para, to)));
  const after = ctx.db
    .select({ status: p.status })
    .from(p)
    .where(scope.where(p, eq(p.id, id), isNull(p.excluidoEm), owner));
  let results: unknown[];
  try {
    results = (await ctx.db.batch([update, annotate, after])) as unknown[];
  } catch (error) {
    translateDbError(moduleOf(RESOURCE), error);
  }
  if ((results[0] as { rowsAffected: number }).rowsAffected) return;
  const now = (results[2] as { status: PropertyStatus }[])[0]?.status;
  if (!now) throw new DomainError(PROPERTY_NOT_FOUND, 404);
  if (now === "rascunho") throw new DomainError("Publique o rascunho antes de mudar o status.", 409, "status");
  throw new DomainError("O imóvel já está com este status.", 409, "status");
}

// ---------------------------------------------------------------------------
// Drafts

/** Fields a draft's autosave may write (the status moves only by publishing). */
const DRAFT_FIELDS = Object.keys(propertyShape).filter((k) => k !== "status") as (keyof typeof propertyShape)[];

/** What the browser typed that is not valid yet, kept until it is (never in the columns). */
export interface DraftState {
  values: Record<string, unknown>;
  errors: Record<string, string>;
}

export function readDraftState(text: string | null): DraftState {
  if (!text) return { values: {}, errors: {} };
  try {
    const parsed = JSON.parse(text) as Partial<DraftState>;
    return { values: parsed.values ?? {}, errors: parsed.errors ?? {} };
  } catch {
    return { values: {}, errors: {} };
  }
}

/** A new draft, at once: the person capturing is its captador and corretor. */
export async function createDraft(ctx: ServiceContext, actor: Actor): Promise<string> {
  const created = await createRecord(ctx, actor, RESOURCE, { status: "rascunho", captadorId: actor.userId, corretorId: actor.userId });
  return created.id as string;
}

/** The biggest autosave body taken (a whole form is a few kB). */
const MAX_DRAFT_FIELDS = 200;
const MAX_DRAFT_TEXT = 4000;

export interface DraftSaved {
  atualizadoEm: string;
  errors: Record<string, string>;
}

/** The feature checkboxes of a body that are valid and ticked. */
function validFeatures(input: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(input)) {
    if (!key.startsWith(FEATURE_FIELD_PREFIX) || !(key in propertyShape)) continue;
    const parsed = propertyShape[key as keyof typeof propertyShape].safeParse(value);
    if (parsed.success) out[key] = parsed.data;
  }
  return out;
}

/** Each field present, validated alone: valid values for the columns, the rest kept as typed with its message. */
function validateDraftFields(input: Record<string, unknown>): { valid: Record<string, unknown>; state: DraftState } {
  const valid: Record<string, unknown> = {};
  const state: DraftState = { values: {}, errors: {} };
  for (const field of DRAFT_FIELDS) {
    if (!(field in input)) continue;
    const raw = input[field];
    const parsed = propertyShape[field].safeParse(raw);
    if (parsed.success) {
      valid[field] = parsed.data ?? null;
    } else {
      // Nothing invalid reaches a column: it is cleared, and what was typed waits in the draft state.
      valid[field] = null;
      state.values[field] = typeof raw === "string" ? raw.slice(0, MAX_DRAFT_TEXT) : raw;
      state.errors[field] = firstMessage(parsed.error.issues);
    }
  }
  return { valid, state };
}

/**
 * Autosave: each field present is validated alone with its type and limits (nothing is
 * required); valid values go to their columns, invalid ones stay in `rascunhoEstado` as typed
 * with their message, so nothing invalid reaches a column and nothing typed is lost. The form
 * sends every field: one round trip (write, then read the status and version to tell why nothing
 * changed). A partial body (an API client's PATCH) is merged with the stored row first (one more).
 *
 * With `versao` (the atualizadoEm the edit started from) the write is conditional in the same
 * statement, so of two writes from one version only one wins; a newer server copy answers
 * `DraftConflict` (409) with the fields that differ, and nothing is written (ADR 037).
 */
export async function saveDraft(ctx: ServiceContext, actor: Actor, id: string, body: unknown): Promise<DraftSaved> {
  const owner = ownerCondition(actor, RESOURCE, "update", properties);
  if (!isId(id)) throw new DomainError(PROPERTY_NOT_FOUND, 404);
  if (typeof body !== "object" || body === null || Array.isArray(body)) throw new DomainError("Envie os campos do rascunho.", 400);
  if (Object.keys(body).length > MAX_DRAFT_FIELDS) throw new DomainError("Campos demais de uma vez.", 413);
  const { versao, ...input } = body as Record<string, unknown>;
  const base = draftBase(versao);
  const { valid, state } = validateDraftFields(input);
  // The feature checkboxes are fields of the form, one column (the list) in the table.
  const features = Object.keys(valid).filter((k) => k.startsWith(FEATURE_FIELD_PREFIX));
  for (const k of features) delete valid[k];
  const sentFeatures = featuresOf(validFeatures(input)) as string[];
  let merged: Record<string, unknown> = { ...valid, caracteristicas: sentFeatures };
  if (!DRAFT_FIELDS.every((f) => f in input)) {
    const current = await getRecord(ctx, actor, RESOURCE, id);
    if (!current) throw new DomainError(PROPERTY_NOT_FOUND, 404);
    const stored = readDraftState(current.rascunhoEstado as string | null);
    for (const f of Object.keys(stored.errors)) {
      if (f in input) continue;
      state.values[f] = stored.values[f];
      state.errors[f] = stored.errors[f] as string;
    }
    const kept = (current.caracteristicas as string[]).filter((f) => !(`${FEATURE_FIELD_PREFIX}${f}` in input));
    merged = { ...current, ...valid, caracteristicas: [...new Set([...kept, ...(merged.caracteristicas as string[])])] };
  }
  const scope = orgScope(ctx.db, actor.orgId);
  const p = properties;
  const update = ctx.db
    .update(p)
    .set({
      ...valid,
      ...derivedValues(merged as PropertyDraftInput, "update"),
      rascunhoEstado: Object.keys(state.errors).length ? JSON.stringify(state) : null,
      // The version: strictly later than the one replaced, even within one millisecond.
      atualizadoEm: sql`max(${ctx.now.getTime()}, ${p.atualizadoEm} + 1)`,
      atualizadoPor: actor.userId,
    } as never)
    .where(
      scope.where(p, eq(p.id, id), isNull(p.excluidoEm), owner, eq(p.status, "rascunho"), base ? eq(p.atualizadoEm, base) : undefined),
    );
  // Who saved last and the whole row come in the same round trip: a conflict needs them, at no extra wait.
  const after = ctx.db
    .select({ status: p.status, atualizadoEm: p.atualizadoEm, por: users.name })
    .from(p)
    .leftJoin(users, eq(users.id, p.atualizadoPor))
    .where(scope.where(p, eq(p.id, id), isNull(p.excluidoEm), owner));
  const { mod, statement } = recordStatement(ctx, actor, RESOURCE, id);
  let results: unknown[];
  try {
    results = (await ctx.db.batch([update, after, statement])) as unknown[];
  } catch (error) {
    translateDbError(moduleOf(RESOURCE), error);
  }
  const [row] = results[1] as { status: string; atualizadoEm: Date; por: string | null }[];
  if (!row) throw new DomainError(PROPERTY_NOT_FOUND, 404);
  if (!(results[0] as { rowsAffected: number }).rowsAffected) {
    if (row.status !== "rascunho") throw new DomainError("Este imóvel já foi publicado: edite-o pela ficha.", 409);
    const [current] = rowsOf(mod, results[2] as { j: string }[]);
    if (!current) throw new DomainError(PROPERTY_NOT_FOUND, 404);
    const stored = readDraftState(current.rascunhoEstado as string | null);
    const mine = { ...valid, ...state.values };
    const saved = { ...current, ...stored.values };
    const campos = differingFields(Object.keys(input), mine, saved, sentFeatures, (current.caracteristicas as string[]) ?? []);
    // A body that only repeats the saved copy (an autosave that raced its own publish) is no conflict.
    if (campos.length) throw new DraftConflict(row.atualizadoEm.toISOString(), row.por, campos);
  }
  return { atualizadoEm: row.atualizadoEm.toISOString(), errors: state.errors };
}

/** The publish checklist of a draft row: what a listing needs, plus no field left invalid. */
export function draftChecklist(row: ImovelRow): ChecklistItem[] {
  const items = listingChecklist(row as unknown as PropertyDraftInput, row.fotos);
  const invalid = Object.keys(readDraftState(row.rascunhoEstado).errors);
  if (invalid.length) {
    items.push({
      key: "invalidos",
      label: "Corrigir os campos com erro",
      field: invalid[0] as string,
      done: false,
      message: "Corrija este campo",
    });
  }
  return items;
}

const RESIDENTIAL_SQL = sql.raw(RESIDENTIAL_TYPES.map((t) => `'${t}'`).join(", "));

/** The listing checklist in SQL (the same rules as `listingChecklist`), so publishing is one conditional update. */
function publishable() {
  const p = properties;
  const filled = (c: SQLiteColumn) => sql`coalesce(${c}, '') <> ''`;
  return sql`${p.finalidade} is not null and ${p.tipo} is not null and ${filled(p.titulo)}
    and (${p.finalidade} = 'locacao' or coalesce(${p.valorVendaCentavos}, 0) > 0)
    and (${p.finalidade} = 'venda' or coalesce(${p.valorLocacaoCentavos}, 0) > 0)
    and ${filled(p.bairro)} and ${filled(p.cidade)} and ${filled(p.uf)}
    and (${p.tipo} not in (${RESIDENTIAL_SQL}) or ${p.quartos} is not null)
    and (coalesce(${p.areaUtil}, 0) > 0 or coalesce(${p.areaTotal}, 0) > 0 or coalesce(${p.areaTerreno}, 0) > 0)
    and ${p.fotos} > 0 and ${p.rascunhoEstado} is null`;
}

/**
 * Publishes a draft in one round trip: a conditional update to disponível that only passes the
 * listing checklist (its trigger writes the history row and `publicadoEm`), then the row. When
 * nothing changed, the row's checklist says what is missing (in pt-BR, with the fields).
 */
export async function publishDraft(ctx: ServiceContext, actor: Actor, id: string): Promise<ChecklistItem[]> {
  const owner = ownerCondition(actor, RESOURCE, "update", properties);
  if (!isId(id)) throw new DomainError(PROPERTY_NOT_FOUND, 404);
  const scope = orgScope(ctx.db, actor.orgId);
  const p = properties;
  const update = ctx.db
    .update(p)
    .set({ status: "disponivel", atualizadoEm: ctx.now, atualizadoPor: actor.userId })
    .where(scope.where(p, eq(p.id, id), isNull(p.excluidoEm), owner, eq(p.status, "rascunho"), publishable()));
  const { mod, statement } = recordStatement(ctx, actor, RESOURCE, id);
  const [result, rows] = await ctx.db.batch([update, statement]);
  const [row] = rowsOf(mod, rows) as unknown as ImovelRow[];
  if (!row) throw new DomainError(PROPERTY_NOT_FOUND, 404);
  if (result.rowsAffected) return [];
  if (row.status !== "rascunho") throw new DomainError("Este imóvel já foi publicado.", 409);
  const missing = draftChecklist(row).filter((i) => !i.done);
  return missing.length
    ? missing
    : [{ key: "mudou", label: "Tente de novo", field: "titulo", done: false, message: "O rascunho mudou enquanto você publicava." }];
}
