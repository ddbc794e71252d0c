import { eq, isNull, sql } from "drizzle-orm";
import { documents } from "../../../db/schema/index.ts";
import { orgScope } from "../../../db/tenant.ts";
import { checkDocumentFile, type DeclaredFile } from "../../../shared/document-files/check.ts";
import { FILE_KIND, type FileKind } from "../../../shared/document-files/file-kinds.ts";
import { documentStorageKey } from "../../../shared/document-files/storage-key.ts";
import { type DocumentoInput, parseDataUrl } from "../../../shared/resources/documentos.ts";
import { searchKeys, sortKey } from "../../../shared/search.ts";
import { authorize } from "../../auth/permissions.ts";
import type { ResourceModule } from "../../resources/define.ts";
import { recordChanged } from "../../live/record-changed.ts";
import { type Actor, DomainError, type ServiceContext } from "../context.ts";

/**
 * Documentos' writes (ADR 070/074). A document is a file in R2 plus its row; the object is put
 * first and the row inserted after, so a row never points at a missing file; when the insert is
 * refused (a link to another organização's record, a deleted client…) the object is removed again
 * before the refusal is answered. Only the metadata changes afterwards. Deleting is the registry's
 * soft delete (undo works); `purgeDeletedDocuments` removes the object and the row for good a day
 * later (jobs/handlers/sweep-documents.ts).
 */

const RESOURCE = "documentos";
const t = documents;

export const STORAGE_MISSING = "O armazenamento de arquivos não está configurado. Tente novamente mais tarde.";

/** A received file: what the browser declared and the bytes. */
export interface ReceivedFile extends DeclaredFile {
  bytes: Uint8Array;
}

/** The metadata of an upload (the screen's per-file choices, or the JSON body). */
export type DocumentMeta = Omit<DocumentoInput, "arquivo" | "nomeArquivo"> & {
  vendaId?: string | undefined;
  despesaId?: string | undefined;
};

/**
 * The sort and search columns: sorted by title, found by the title and by the file's original
 * name ("IMG_2024" finds the photo someone retitled "RG da Ana"), through the list's one index.
 */
export function documentDerived(titulo: string, nomeArquivo: string) {
  return { ordem: sortKey(titulo), chavesBusca: JSON.stringify(searchKeys({ names: [titulo, nomeArquivo] })) };
}

/** A database refusal in pt-BR (the module's errors, its relations), else the error itself. */
function translated(mod: ResourceModule, error: unknown): unknown {
  const text = error instanceof Error ? `${error.message} ${String((error as { cause?: unknown }).cause ?? "")}` : "";
  for (const known of mod.errors ?? [])
    if (text.includes(known.match)) return new DomainError(known.message, known.status ?? 422, known.field);
  for (const relation of mod.relations ?? []) {
    const column = (relation.column as unknown as { name: string }).name;
    if (text.includes(`relacao_invalida:documents.${column}`)) return new DomainError(relation.message, 422, relation.field);
  }
  return error;
}

/**
 * Checks and stores one file with its metadata; returns the new document's id. Throws the pt-BR
 * refusal (the file's check names the file) and leaves nothing behind.
 */
export async function storeDocument(
  ctx: ServiceContext,
  actor: Actor,
  mod: ResourceModule,
  file: ReceivedFile,
  meta: DocumentMeta,
): Promise<string> {
  authorize(actor, RESOURCE, "create");
  const bucket = ctx.files;
  if (!bucket) throw new DomainError(STORAGE_MISSING, 422, "arquivo");
  const check = checkDocumentFile(file, file.bytes);
  if (!check.ok) throw new DomainError(check.message, 422, "arquivo");
  const kind: FileKind = check.kind;
  const links = [meta.clienteId, meta.empresaId, meta.imovelId, meta.vendaId, meta.despesaId].filter(Boolean).length;
  if (links > 1) throw new DomainError("Um documento fica vinculado a um registro só.", 422, "clienteId");
  const id = crypto.randomUUID();
  const chave = documentStorageKey(actor.orgId, id, kind);
  const nomeArquivo = file.name.slice(0, 200);
  await bucket.put(chave, file.bytes, {
    httpMetadata: { contentType: FILE_KIND[kind].mime },
    customMetadata: { orgId: actor.orgId, documentId: id },
  });
  const scope = orgScope(ctx.db, actor.orgId);
  try {
    await ctx.db.insert(t).values(
      scope.values({
        id,
        titulo: meta.titulo,
        tipo: meta.tipo,
        nomeArquivo,
        formato: kind,
        tamanhoBytes: file.bytes.byteLength,
        chave,
        vencimento: meta.vencimento ?? null,
        clienteId: meta.clienteId ?? null,
        empresaId: meta.empresaId ?? null,
        imovelId: meta.imovelId ?? null,
        vendaId: meta.vendaId ?? null,
        despesaId: meta.despesaId ?? null,
        observacoes: meta.observacoes ?? null,
        ...documentDerived(meta.titulo, nomeArquivo),
        criadoEm: ctx.now,
        atualizadoEm: ctx.now,
        criadoPor: actor.userId,
        atualizadoPor: actor.userId,
      }),
    );
  } catch (error) {
    // No row: the object must not stay (an orphan nobody can reach, holding someone's RG).
    await bucket.delete(chave).catch((e) => console.error(`falha ao apagar ${chave}`, e));
    throw translated(mod, error);
  }
  recordChanged(ctx, actor, mod, "created", [id]);
  return id;
}

/** The API's JSON create: the file as a data URL in `arquivo`, named by `nomeArquivo`. */
export async function createDocumentFromJson(
  ctx: ServiceContext,
  actor: Actor,
  mod: ResourceModule,
  input: DocumentoInput,
): Promise<string> {
  authorize(actor, RESOURCE, "create");
  if (!input.arquivo || !input.nomeArquivo)
    throw new DomainError("Envie o arquivo do documento em `arquivo` (data:<tipo>;base64,…).", 422, "arquivo");
  const parsed = parseDataUrl(input.arquivo);
  if (!parsed) throw new DomainError("O campo Arquivo deve ser o arquivo em base64 (data:<tipo>;base64,…)", 422, "arquivo");
  const { arquivo: _file, nomeArquivo, ...meta } = input;
  return storeDocument(ctx, actor, mod, { name: nomeArquivo, type: parsed.type, size: parsed.bytes.byteLength, bytes: parsed.bytes }, meta);
}

/** Changes a live document's metadata (title, type, expiry, link, notes) in one statement after reading its file name; the file never changes. */
export async function updateDocument(
  ctx: ServiceContext,
  actor: Actor,
  mod: ResourceModule,
  id: string,
  input: DocumentoInput,
): Promise<void> {
  // `arquivo` and `nomeArquivo` are read on a create only: a document's file never changes (send a new document).
  authorize(actor, RESOURCE, "update");
  const scope = orgScope(ctx.db, actor.orgId);
  // A registry link (client, empresa, imóvel) chosen here replaces any other link, sale and expense too.
  const linked = Boolean(input.clienteId || input.empresaId || input.imovelId);
  // The file's name never changes, so reading it before the update races with nothing; the
  // search keys it joins are rebuilt with the new title.
  const [current] = await ctx.db
    .select({ nomeArquivo: t.nomeArquivo })
    .from(t)
    .where(scope.where(t, eq(t.id, id), isNull(t.excluidoEm)))
    .limit(1);
  if (!current) throw new DomainError("Documento não encontrado.", 404);
  let changed: number;
  try {
    const result = await ctx.db
      .update(t)
      .set({
        titulo: input.titulo,
        tipo: input.tipo,
        vencimento: input.vencimento ?? null,
        clienteId: input.clienteId ?? null,
        empresaId: input.empresaId ?? null,
        imovelId: input.imovelId ?? null,
        vendaId: linked ? null : sql`${t.vendaId}`,
        despesaId: linked ? null : sql`${t.despesaId}`,
        observacoes: input.observacoes ?? null,
        ...documentDerived(input.titulo, current.nomeArquivo),
        atualizadoEm: ctx.now,
        atualizadoPor: actor.userId,
      } as never)
      .where(scope.where(t, eq(t.id, id), isNull(t.excluidoEm)));
    changed = result.rowsAffected;
  } catch (error) {
    throw translated(mod, error);
  }
  if (!changed) throw new DomainError("Documento não encontrado.", 404);
  recordChanged(ctx, actor, mod, "updated", [id]);
}

/** A live document of the actor's organização, for serving (the key comes from here, never from a URL). */
export async function documentForServing(
  ctx: ServiceContext,
  orgId: string,
  id: string,
): Promise<{ chave: string; formato: FileKind; nomeArquivo: string; tamanhoBytes: number } | null> {
  const scope = orgScope(ctx.db, orgId);
  const rows = await ctx.db
    .select({ chave: t.chave, formato: t.formato, nomeArquivo: t.nomeArquivo, tamanhoBytes: t.tamanhoBytes })
    .from(t)
    .where(scope.where(t, eq(t.id, id), isNull(t.excluidoEm)))
    .limit(1);
  return rows[0] ?? null;
}

/** How long a deleted document can still be restored before its file and row go for good. */
export const PURGE_AFTER_MS = 24 * 3600_000;

/**
 * Removes, for one organização, the documents deleted more than a day ago: the objects first,
 * then the rows (a failure between leaves rows the next run retries; never a live row without
 * its file). Bounded per call; returns how many went.
 */
export async function purgeDeletedDocuments(
  ctx: Pick<ServiceContext, "db" | "now">,
  bucket: R2Bucket,
  orgId: string,
  limit = 200,
): Promise<number> {
  const scope = orgScope(ctx.db, orgId);
  const before = new Date(ctx.now.getTime() - PURGE_AFTER_MS);
  const rows = await ctx.db
    .select({ id: t.id, chave: t.chave })
    .from(t)
    .where(scope.where(t, sql`${t.excluidoEm} is not null and ${t.excluidoEm} < ${before.getTime()}`))
    .limit(limit);
  if (!rows.length) return 0;
  await bucket.delete(rows.map((r) => r.chave));
  await ctx.db.delete(t).where(
    scope.where(
      t,
      sql`${t.id} in (${sql.join(
        rows.map((r) => sql`${r.id}`),
        sql`, `,
      )}) and ${t.excluidoEm} is not null`,
    ),
  );
  return rows.length;
}

/**
 * Objects under the organização's documents prefix that no row names, older than a day (a Worker
 * that died between the put and the insert): removed. Bounded per call; returns how many.
 */
export async function sweepOrphanDocuments(ctx: Pick<ServiceContext, "db" | "now">, bucket: R2Bucket, orgId: string): Promise<number> {
  const listed = await bucket.list({ prefix: `orgs/${orgId}/documents/`, limit: 500 });
  const old = listed.objects.filter((o) => ctx.now.getTime() - o.uploaded.getTime() > PURGE_AFTER_MS);
  if (!old.length) return 0;
  const scope = orgScope(ctx.db, orgId);
  const known = await ctx.db
    .select({ chave: t.chave })
    .from(t)
    .where(
      scope.where(
        t,
        sql`${t.chave} in (${sql.join(
          old.map((o) => sql`${o.key}`),
          sql`, `,
        )})`,
      ),
    );
  const kept = new Set(known.map((k) => k.chave));
  const orphans = old.map((o) => o.key).filter((key) => !kept.has(key));
  if (orphans.length) await bucket.delete(orphans);
  return orphans.length;
}
