/**
 * What every resource screen's loader and action do, so the route modules stay thin: guard,
 * read the URL, call the server layer (`worker/resources`), build the view, answer.
 */
import { data, redirect, type RouterContextProvider } from "react-router";
import { z } from "zod";
import type { Role } from "../../shared/enums/account.ts";
import type { Action, Permissions } from "../../shared/permissions.ts";
import type { ResourceDefinition } from "../../shared/resources/types.ts";
import { can, permissionsFor, reachFor } from "../../worker/auth/permissions.ts";
import { fillReturn, returnAddress } from "./return-to.server.ts";
import { serviceContext } from "../../worker/context.ts";
import type { Actor, ServiceContext } from "../../worker/services/context.ts";
import { exportRecords } from "../../worker/resources/export.ts";
import { commitImport, type ImportPreview, previewImport } from "../../worker/resources/import.ts";
import {
  createRecord,
  deleteRecords,
  eraseRecord,
  getRecord,
  listRecords,
  recordFormStatements,
  recordStatement,
  restoreRecords,
  rowsOf,
  updateRecord,
} from "../../worker/resources/records.ts";
import { DomainError } from "../../worker/services/context.ts";
import { needsReauth, REAUTH_FIELD, requireRecentAuth } from "../../worker/auth/reauth.ts";
import { RateLimitedError } from "../../worker/security/rate-limit.ts";
import { moduleByApi, moduleOf } from "../../worker/resources/registry.ts";
import { needsNormalizing, normalizeListParams } from "../components/data/list-params.ts";
import { LIST_PANELS, type ToastData } from "../components/data/types.ts";
import { type BulkOptions, buildListView, isFeminine } from "../components/data/view.server.ts";
import { safeRedirectPath } from "../lib/safe-redirect.ts";
import { FORM_ERROR_KEY, validateForm } from "../../shared/validation.ts";
import { parseListQuery } from "../../shared/resources/query.ts";
import { localDateTimeInstant } from "../../shared/resources/schema-helpers.ts";
import { timeZoneOf } from "../../shared/time-zone.ts";
import { readForm, unknownIntent } from "./forms.server.ts";
import { FORBIDDEN_MESSAGE, normalizePath, readCookie, requireOrg, requirePermission } from "./guards.server.ts";
import { isId } from "../../shared/id.ts";
import { decodeCsvBytes } from "../../worker/resources/csv-decode.ts";

// biome-ignore lint/suspicious/noExplicitAny: a definition of any resource (rows and inputs differ per resource)
export type AnyDefinition = ResourceDefinition<any, any>;

type Args = { request: Request; context: Readonly<RouterContextProvider> };

/** The member, after the permission table allowed `action` on the definition's resource (else a 403 page). */
export function guard(args: Args, def: AnyDefinition, action: Action) {
  const signed = requirePermission(args.context, args.request, def.name, action);
  return { ...signed, ctx: serviceContext(signed.rc) as ServiceContext };
}

/** What the screen may show for the member's role (buttons, links), from the permission table. */
export function screenPermissions(args: Args, def: AnyDefinition): Permissions {
  return permissionsFor(requireOrg(args.context, args.request).org.role, def.name);
}

/** A domain refusal as the page's answer (403/404 pages), anything else unchanged. */
function asPageError(error: unknown): never {
  if (error instanceof DomainError && (error.status === 403 || error.status === 404)) throw data(error.message, { status: error.status });
  throw error;
}

/**
 * Runs a list or record action's write: 403/404 become those pages; any other refusal the
 * database or a rule gave (the stock ledger's "Estoque insuficiente") is answered on the same
 * page with its pt-BR message and status, nothing changed.
 */
async function refusable<T>(write: () => Promise<T>): Promise<T | ReturnType<typeof data<{ error: string }>>> {
  try {
    return await write();
  } catch (error) {
    if (error instanceof DomainError && error.status !== 403 && error.status !== 404) {
      return data({ error: error.message }, { status: error.status });
    }
    return asPageError(error);
  }
}

// ---------------------------------------------------------------------------
// Flash: one message carried across the redirect after an action, read once by the next page.

const FLASH_COOKIE = "alicerce_flash";

const flashSchema = z.object({
  kind: z.enum(["deleted", "restored", "created", "updated", "erased", "imported", "done"]),
  /** `done`: the bulk action's own words ("2 despesas marcadas como pagas."). */
  message: z.string().max(300).optional(),
  resource: z.string().max(40),
  ids: z.array(z.string().max(64)).max(200).optional(),
  count: z.number().int().min(0).optional(),
  skipped: z.number().int().min(0).optional(),
  /** Import: duplicate rows left out. */
  duplicates: z.number().int().min(0).optional(),
  /** Where "Desfazer" comes back to. */
  back: z.string().max(2048).optional(),
});
export type Flash = z.infer<typeof flashSchema>;

export function setFlash(args: Args, flash: Flash): void {
  const rc = requireOrg(args.context, args.request).rc;
  const value = encodeURIComponent(JSON.stringify(flash));
  rc.setCookies.push(`${FLASH_COOKIE}=${value}; Path=/; HttpOnly; SameSite=Lax; Max-Age=60${rc.secureCookies ? "; Secure" : ""}`);
}

/** Reads the flash (if any) and clears it. */
export function takeFlash(args: Args): Flash | null {
  const raw = readCookie(args.request, FLASH_COOKIE);
  if (raw === null) return null;
  const rc = requireOrg(args.context, args.request).rc;
  rc.setCookies.push(`${FLASH_COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0`);
  try {
    const parsed = flashSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** "3 clientes excluídos." / "3 empresas excluídas." */
function countPhrase(def: AnyDefinition, n: number, masculine: string, feminine: string): string {
  return `${n} ${def.labels.plural} ${isFeminine(def) ? feminine : masculine}.`;
}

/** " 2 linhas com erro e 1 duplicada ficaram de fora." (empty when nothing was left out). */
function skippedPhrase(invalid: number, duplicates: number): string {
  const parts: string[] = [];
  if (invalid) parts.push(invalid === 1 ? "1 linha com erro" : `${invalid} linhas com erro`);
  if (duplicates) {
    const alone = parts.length === 0;
    parts.push(
      `${duplicates} ${duplicates === 1 ? (alone ? "linha duplicada" : "duplicada") : alone ? "linhas duplicadas" : "duplicadas"}`,
    );
  }
  if (!parts.length) return "";
  return ` ${parts.join(" e ")} ${invalid + duplicates === 1 ? "ficou" : "ficaram"} de fora.`;
}

export function toastFor(def: AnyDefinition, flash: Flash | null): ToastData | null {
  if (!flash || flash.resource !== def.name) return null;
  const id = crypto.randomUUID();
  const n = flash.count ?? flash.ids?.length ?? 1;
  const singular = def.labels.singular.charAt(0).toUpperCase() + def.labels.singular.slice(1);
  const fem = isFeminine(def);
  switch (flash.kind) {
    case "deleted":
      return {
        id,
        message: n === 1 ? def.labels.deleted : countPhrase(def, n, "excluídos", "excluídas"),
        undo: flash.ids?.length
          ? {
              action: def.basePath,
              fields: { intent: "restaurar", ids: flash.ids, redirectTo: flash.back ?? def.basePath },
            }
          : undefined,
      };
    case "restored":
      return { id, message: n === 1 ? def.labels.restored : countPhrase(def, n, "restaurados", "restauradas") };
    case "done":
      return { id, message: flash.message ?? "Pronto." };
    case "created":
      return { id, message: `${singular} ${fem ? "cadastrada" : "cadastrado"}.` };
    case "updated":
      return { id, message: "Alterações salvas." };
    case "erased":
      return { id, message: `${singular} e seus dados pessoais foram apagados definitivamente.` };
    case "imported": {
      const done =
        n === 1 ? `1 ${def.labels.singular} ${fem ? "importada" : "importado"}.` : countPhrase(def, n, "importados", "importadas");
      return { id, message: done + skippedPhrase(flash.skipped ?? 0, flash.duplicates ?? 0) };
    }
  }
}

// ---------------------------------------------------------------------------
// List

function withSearch(pathname: string, params: URLSearchParams): string {
  const search = params.toString();
  return search ? `${pathname}?${search}` : pathname;
}

/**
 * `rowData`: what a screen needs of each listed row beyond its cells (the Imóveis cards' share
 * link), by row id, read from the same rows (no extra round trip).
 */
export async function listLoader<Extra = never>(args: Args, def: AnyDefinition, rowData?: (row: Record<string, unknown>) => Extra) {
  const { ctx, actor, org } = guard(args, def, "read");
  const url = new URL(args.request.url);
  // Client navigations load `/clients.data?…`: links are built on the page's own path.
  const pathname = normalizePath(url.pathname);
  // A GET form submitted without JavaScript: go to the same list's normal URL.
  if (needsNormalizing(url.searchParams)) throw redirect(withSearch(pathname, normalizeListParams(url.searchParams)));
  const query = parseListQuery(url, def);
  const result = await listRecords(ctx, actor, def.name, query).catch(asPageError);
  const lastPage = Math.max(1, Math.ceil(result.total / Math.max(1, result.pageSize)));
  // A copied link to a page that no longer exists (records deleted since): the last page.
  if (result.rows.length === 0 && query.page > lastPage) {
    const params = new URLSearchParams(url.searchParams);
    params.delete("after");
    if (lastPage > 1) params.set("page", String(lastPage));
    else params.delete("page");
    throw redirect(withSearch(pathname, params));
  }
  const permissions = permissionsFor(org.role, def.name);
  const bulk = await bulkOptions(ctx, actor, def, org.role, url.searchParams.get("acao"));
  // The selection (`excluir=`) is confirmed for deleting, or for the bulk action `acao=` asked.
  const confirmIds = permissions.canDelete || bulk.asked ? url.searchParams.getAll("excluir").slice(0, 200) : [];
  const panel = url.searchParams.get("painel");
  const openPanel = LIST_PANELS.find((p) => p === panel) ?? null;
  const built = buildListView(def, query, result, { pathname, confirmIds, bulk, openPanel, timeZone: timeZoneOf(org.timeZone) });
  // A relation filter over records the role may not read (staff and Despesas on /documents) is
  // not offered: its search would be refused. One already in the URL stays, with its chip.
  const view = {
    ...built,
    filters: built.filters.filter((f) => f.type !== "relation" || f.values.length > 0 || mayRead(org.role, f.relation)),
  };
  const extras: Record<string, Extra> = {};
  if (rowData) for (const row of result.rows as Record<string, unknown>[]) extras[String(row.id)] = rowData(row);
  return { view, permissions, toast: toastFor(def, takeFlash(args)), rowData: extras };
}

/** Whether a role reads the records behind a relation (its API segment); unknown segments are not judged here. */
function mayRead(role: Role, relation: string): boolean {
  const target = moduleByApi(relation);
  return !target || can(role, target.definition.name, "read");
}

function idsFrom(form: FormData): string[] {
  return [...new Set(form.getAll("ids").filter(isId))].slice(0, 200);
}

/** The bulk actions the role may run (the permission table), and the runner's choices for the one asked. */
async function bulkOptions(ctx: ServiceContext, actor: Actor, def: AnyDefinition, role: Role, asked: string | null): Promise<BulkOptions> {
  const allowed = (def.bulkActions ?? []).filter((a) => can(role, def.name, a.access)).map((a) => a.key);
  if (!asked || !allowed.includes(asked)) return { allowed };
  const choices = (await moduleOf(def.name).bulkActions?.[asked]?.choices?.(ctx, actor)) ?? {};
  return { allowed, asked: { key: asked, choices, now: new Date() } };
}

/** A definition's bulk action on the selection (after its confirmation): one write, a toast, back to the list. */
async function runBulkAction(args: Args, def: AnyDefinition, key: string, form: FormData) {
  const action = (def.bulkActions ?? []).find((a) => a.key === key);
  const runner = moduleOf(def.name).bulkActions?.[key];
  if (!action || !runner) return unknownIntent();
  const { ctx, actor } = guard(args, def, action.access);
  const ids = idsFrom(form);
  if (!ids.length) return data({ error: `Selecione ao menos um ${def.labels.singular}.` }, { status: 400 });
  const values: Record<string, string> = {};
  for (const field of action.fields ?? []) {
    const value = form.get(field.name);
    if (typeof value === "string" && value.trim() !== "") values[field.name] = value.trim();
  }
  try {
    await runner.run(ctx, actor, ids, values);
  } catch (error) {
    // A selection gone stale (one deleted meanwhile: 404) is said on the list too; nothing changed.
    if (error instanceof DomainError && error.status !== 403) return data({ error: error.message }, { status: error.status });
    throw error;
  }
  const done = ids.length;
  setFlash(args, { kind: "done", resource: def.name, count: done, message: action.done(done) });
  const back = safeRedirectPath(typeof form.get("redirectTo") === "string" ? (form.get("redirectTo") as string) : null, def.basePath);
  throw redirect(back);
}

/** The list's POST: delete a selection (after the confirmation step), undo a deletion, or a bulk action. */
export async function listAction(args: Args, def: AnyDefinition) {
  // A role with no door on this list (no delete, no bulk action) is refused before its body is read.
  const role = requireOrg(args.context, args.request).org.role;
  if (!(def.bulkActions ?? []).some((a) => can(role, def.name, a.access))) guard(args, def, "delete");
  const form = await readForm(args.request);
  const intent = form.get("intent");
  if (typeof intent === "string" && def.bulkActions?.some((a) => a.key === intent)) return runBulkAction(args, def, intent, form);
  const { ctx, actor } = guard(args, def, "delete");
  const ids = idsFrom(form);
  const back = safeRedirectPath(typeof form.get("redirectTo") === "string" ? (form.get("redirectTo") as string) : null, def.basePath);
  if (!ids.length) return data({ error: `Selecione ao menos um ${def.labels.singular}.` }, { status: 400 });
  if (intent === "excluir") {
    const count = await refusable(() => deleteRecords(ctx, actor, def.name, ids));
    if (typeof count !== "number") return count;
    setFlash(args, { kind: "deleted", resource: def.name, ids, count, back });
    throw redirect(back);
  }
  if (intent === "restaurar") {
    const count = await refusable(() => restoreRecords(ctx, actor, def.name, ids));
    if (typeof count !== "number") return count;
    setFlash(args, { kind: "restored", resource: def.name, count });
    throw redirect(back);
  }
  return unknownIntent();
}

// ---------------------------------------------------------------------------
// One record

/** The record or a 404 (also for another organization's id: never says it exists). */
export async function loadRecord<Row>(args: Args, def: AnyDefinition, id: string | undefined): Promise<Row> {
  const { ctx, actor } = guard(args, def, "read");
  const found = id && isId(id) ? recordStatement(ctx, actor, def.name, id) : null;
  const [row] = found ? rowsOf(found.mod, await found.statement) : [];
  if (!row) throw data(`${def.labels.singular.charAt(0).toUpperCase()}${def.labels.singular.slice(1)} não encontrado(a).`, { status: 404 });
  return row as Row;
}

/** Options of a form's relation fields (first by name, plus the chosen ones), by field name. */
export type RelationOptions = Record<string, { id: string; title: string }[]>;

/**
 * What a create or edit form needs in one round trip: the record (when editing) and the
 * options of its relation fields. `preset` pre-chooses relations on a new record (`?empresa=`).
 */
export async function formLoader<Row>(
  args: Args,
  def: AnyDefinition,
  id: string | undefined,
  preset: Record<string, string> = {},
): Promise<{ row: Row | null; relations: RelationOptions; permissions: Permissions }> {
  const { ctx, actor, org } = guard(args, def, id ? "update" : "create");
  if (id !== undefined && !isId(id)) throw data("Registro não encontrado.", { status: 404 });
  const { statements, read } = recordFormStatements(ctx, actor, def.name, id ?? null, preset);
  const results = statements.length ? ((await ctx.db.batch(statements as never)) as unknown[]) : [];
  const { row, relations } = read(results);
  // Kept off by an "own" reach, yet readable by them (a corretor's view of a teammate's client): refused, not missing.
  if (id && !row && reachFor(actor, def.name, "update") === "own" && (await getRecord(ctx, actor, def.name, id)))
    throw data(FORBIDDEN_MESSAGE, { status: 403 });
  if (id && !row)
    throw data(`${def.labels.singular.charAt(0).toUpperCase()}${def.labels.singular.slice(1)} não encontrado(a).`, { status: 404 });
  return { row: row as Row | null, relations, permissions: permissionsFor(org.role, def.name) };
}

/** Deleting from the detail page: back to the list, with "Desfazer" returning to the record. */
export async function deleteOne(args: Args, def: AnyDefinition, id: string) {
  const { ctx, actor } = guard(args, def, "delete");
  const count = await refusable(() => deleteRecords(ctx, actor, def.name, [id]));
  // Refused (e.g. the stock would go below zero): the record page says why.
  if (typeof count !== "number") return count;
  if (count === 0) throw data("Registro não encontrado.", { status: 404 });
  setFlash(args, { kind: "deleted", resource: def.name, ids: [id], count, back: `${def.basePath}/${id}` });
  throw redirect(def.basePath);
}

/** Whether the erase dialog must ask for the password again (the last one is older than the re-auth window). */
export function erasureNeedsPassword(args: Args): boolean {
  const { auth } = requireOrg(args.context, args.request);
  return needsReauth(auth, new Date());
}

/**
 * LGPD erasure, after the typed confirmation ("APAGAR") and a recent password (typed in the
 * same submit when asked): who the permission table allows (owner, admin). A refusal names
 * its field, so the dialog shows it where it belongs; nothing is erased.
 */
export async function eraseOne(
  args: Args,
  def: AnyDefinition,
  id: string,
  confirmation: FormDataEntryValue | null,
  password: FormDataEntryValue | null,
) {
  const { ctx, actor, auth } = guard(args, def, "lgpd");
  if (typeof confirmation !== "string" || confirmation.trim().toUpperCase() !== "APAGAR") {
    return data({ error: "Digite APAGAR para confirmar.", field: "confirmacao" }, { status: 400 });
  }
  try {
    const proof = await requireRecentAuth(ctx, auth, typeof password === "string" ? password : null);
    await eraseRecord(ctx, actor, def.name, id, proof);
  } catch (error) {
    if (error instanceof DomainError && error.status === 404) throw data(error.message, { status: 404 });
    if (error instanceof RateLimitedError) {
      return data({ error: error.message, field: "senha" }, { status: 429, headers: { "retry-after": String(error.retryAfterSeconds) } });
    }
    if (error instanceof DomainError && error.field === REAUTH_FIELD)
      return data({ error: error.message, field: "senha" }, { status: error.status });
    throw error;
  }
  setFlash(args, { kind: "erased", resource: def.name });
  throw redirect(def.basePath);
}

// ---------------------------------------------------------------------------
// Create and edit

export type EchoValues = Record<string, string | string[]>;

/** What was typed, so a form re-rendered without JavaScript keeps it (repeated names as lists). */
export function echoValues(form: FormData): EchoValues {
  const values: EchoValues = {};
  for (const [key, value] of form.entries()) {
    if (typeof value !== "string" || key === "intent" || key === "confirmarDuplicado") continue;
    const prev = values[key];
    values[key] = prev === undefined ? value : Array.isArray(prev) ? [...prev, value] : [prev, value];
  }
  return values;
}

export interface Duplicate {
  id: string;
  title: string;
  reason: string;
}

export type SaveFailure =
  | { errors: Record<string, string>; values: EchoValues; duplicates?: undefined }
  | { duplicates: Duplicate[]; values: EchoValues; errors?: undefined };

/**
 * Validates with the definition's schema (the same the browser ran), warns about possible
 * duplicates unless the person confirmed ("Salvar mesmo assim"), then saves and goes to the record.
 */
export async function saveAction(args: Args, def: AnyDefinition, id?: string) {
  const { ctx, actor } = guard(args, def, id ? "update" : "create");
  const form = await readForm(args.request);
  const values = echoValues(form);
  // A typed date and time means the organização's wall clock (the schema alone reads São Paulo's).
  // A repeated field is left as sent, for validation to judge as before.
  for (const field of def.fields) {
    const typed = field.kind === "datetime" ? form.getAll(field.name) : [];
    const only = typed.length === 1 ? typed[0] : null;
    const instant = typeof only === "string" ? localDateTimeInstant(only.trim(), timeZoneOf(actor.timeZone)) : null;
    if (instant) form.set(field.name, instant);
  }
  const parsed = validateForm(def.schema, form);
  if (!parsed.ok) return data<SaveFailure>({ errors: parsed.errors, values }, { status: 400 });
  // Until the person confirms ("Salvar mesmo assim"), possible duplicates hold the save back;
  // the check and the write are one statement in one round trip.
  const options = { unlessDuplicates: form.get("confirmarDuplicado") !== "1" };
  try {
    if (id) {
      const updated = await updateRecord(ctx, actor, def.name, id, parsed.data, options);
      // A question, not an error: 200 so the browser logs nothing.
      if (!updated.saved) return data<SaveFailure>({ duplicates: updated.duplicates as Duplicate[], values });
      setFlash(args, { kind: "updated", resource: def.name });
      throw redirect(`${def.basePath}/${id}`);
    }
    const created = await createRecord(ctx, actor, def.name, parsed.data, options);
    if (created.id === null) return data<SaveFailure>({ duplicates: created.duplicates as Duplicate[], values });
    // Opened from another form's "Cadastrar novo …": back to it, the new record chosen there.
    const back = returnAddress(args.request);
    if (back) throw redirect(fillReturn(back, created.id));
    setFlash(args, { kind: "created", resource: def.name });
    throw redirect(`${def.basePath}/${created.id}`);
  } catch (error) {
    if (error instanceof DomainError) {
      if (error.status === 404) throw data(error.message, { status: 404 });
      return data<SaveFailure>({ errors: { [error.field ?? FORM_ERROR_KEY]: error.message }, values }, { status: error.status });
    }
    throw error;
  }
}

// ---------------------------------------------------------------------------
// Export and import

/** The file of exactly what the list shows (same search, filters, sort and columns), all pages. */
export async function exportResponse(args: Args, def: AnyDefinition): Promise<Response> {
  const { ctx, actor } = guard(args, def, "export");
  const url = new URL(args.request.url);
  const query = parseListQuery(url, def);
  const format = url.searchParams.get("formato") === "xlsx" ? "xlsx" : "csv";
  const file = await exportRecords(ctx, actor, def.name, query, format);
  return new Response(file.body, {
    headers: {
      "content-type": file.contentType,
      "content-disposition": `attachment; filename="${file.filename}"`,
      "cache-control": "no-store",
    },
  });
}

/**
 * The columns a resource's CSV may have, for the import page: its form fields, with a reference
 * column (the file names a record: "Fornecedor", "Produto") in place of the id field it fills.
 */
export function importFields(args: Args, def: AnyDefinition): { name: string; label: string; required?: boolean | undefined }[] {
  guard(args, def, "import");
  const references = Object.entries(moduleOf(def.name).import?.references ?? {});
  return def.fields.map((f: AnyDefinition["fields"][number]) => {
    const reference = references.find(([, r]) => r.field === f.name);
    return reference
      ? { name: reference[0], label: `${reference[1].label} (${reference[1].names ?? "nome ou código"})`, required: f.required }
      : { name: f.name, label: f.label, required: f.required };
  });
}

/** Largest upload read (the server layer refuses more than 5 million characters anyway). */
const MAX_UPLOAD_BYTES = 6 * 1024 * 1024;
/** Rows sent back for the preview table: the first ones and every row with an error. */
const PREVIEW_ROWS = 100;
const PREVIEW_ERROR_ROWS = 500;

export interface ImportState {
  fileName: string;
  csv: string;
  preview: Omit<ImportPreview, "rows"> & { rows: ImportPreview["rows"]; total: number };
  /** What the person chose for duplicate rows ("pular" unless they chose "importar"). */
  duplicadas: "pular" | "importar";
  error?: string | undefined;
}

export type ImportActionData = ImportState | { error: string; fileName?: undefined; csv?: undefined; preview?: undefined };

/** The first rows, then every row with an error or a warning (up to a limit). */
function trimPreview(preview: ImportPreview): ImportState["preview"] {
  const first = preview.rows.slice(0, PREVIEW_ROWS);
  const errors = preview.rows
    .filter((r, i) => i >= PREVIEW_ROWS && (r.status !== "valid" || r.warnings.length > 0))
    .slice(0, PREVIEW_ERROR_ROWS);
  return { ...preview, rows: [...first, ...errors], total: preview.rows.length };
}

/**
 * Import in two steps. "previa": read the uploaded file and validate every row (nothing saved).
 * "importar": the same text comes back from the preview form and is saved — all rows, or only the
 * valid ones when the person chose so; the server layer checks the file again either way.
 */
export async function importAction(args: Args, def: AnyDefinition) {
  const { ctx, actor } = guard(args, def, "import");
  const form = await readForm(args.request);
  const intent = form.get("intent");
  try {
    if (intent === "previa") {
      const file = form.get("arquivo");
      if (!(file instanceof File) || file.size === 0) return data<ImportActionData>({ error: "Escolha um arquivo CSV." }, { status: 400 });
      if (file.size > MAX_UPLOAD_BYTES)
        return data<ImportActionData>({ error: "O arquivo é grande demais: o limite é 5 MB." }, { status: 400 });
      const csv = decodeCsvBytes(await file.arrayBuffer());
      const preview = await previewImport(ctx, actor, def.name, csv);
      return data<ImportActionData>({ fileName: file.name.slice(0, 200), csv, preview: trimPreview(preview), duplicadas: "pular" });
    }
    if (intent === "importar") {
      const csv = form.get("csv");
      const fileName = String(form.get("arquivoNome") ?? "").slice(0, 200);
      if (typeof csv !== "string" || !csv.trim()) return data<ImportActionData>({ error: "Envie o arquivo de novo." }, { status: 400 });
      const mode = form.get("modo") === "valid-only" ? "valid-only" : "all";
      const duplicadas = form.get("duplicadas") === "importar" ? "importar" : "pular";
      try {
        const result = await commitImport(ctx, actor, def.name, csv, mode, {
          duplicates: duplicadas === "importar" ? "import" : "skip",
        });
        setFlash(args, {
          kind: "imported",
          resource: def.name,
          count: result.imported,
          skipped: result.skippedInvalid,
          duplicates: result.skippedDuplicates,
        });
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        // Show the preview again with what went wrong.
        const preview = await previewImport(ctx, actor, def.name, csv).catch(() => null);
        if (!preview) return data<ImportActionData>({ error: error.message }, { status: error.status });
        return data<ImportActionData>(
          { fileName, csv, preview: trimPreview(preview), duplicadas, error: error.message },
          { status: error.status },
        );
      }
      throw redirect(def.basePath);
    }
    return unknownIntent<ImportActionData>();
  } catch (error) {
    if (error instanceof DomainError) return data<ImportActionData>({ error: error.message }, { status: error.status });
    throw error;
  }
}
