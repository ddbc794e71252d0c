import { and, asc, eq, sql } from "drizzle-orm";
import { properties, propertyPhotos } from "../../../db/schema/index.ts";
import { orgScope } from "../../../db/tenant.ts";
import type { PropertyStatus } from "../../../shared/enums.ts";
import {
  JPEG_KEY_PREFIX,
  PHOTO_FORMATS,
  PHOTO_WIDTHS,
  type PhotoFormat,
  type PhotoWidth,
  photoFormatOfKey,
  photoKeyLeaf,
  photoObjectKey,
  PUBLISH_FILE,
  publishObjectKey,
  SHARE_IMAGE,
} from "../../../shared/real-estate/photo-url.ts";
import { publishPlan, type Size } from "../../../shared/social/instagram-media.ts";
import { authorizeRecord } from "../../auth/own-records.ts";
import { ownerCondition } from "../../auth/permissions.ts";
import { type Actor, DomainError, type ServiceContext } from "../context.ts";
import { orgPrefix } from "../organization/organization.ts";
import { readJpegHeader } from "../../../shared/image-header.ts";
import { checkDeclaredSize, checkPhotoFile } from "./photo-upload-check.ts";
import { ID_CHARS, isId } from "../../../shared/id.ts";

/**
 * A property's photos: files in R2 under `orgs/<orgId>/properties/<propertyId>/<photoId>/`
 * (one object per width, made by the browser: `<width>.webp`, or `<width>.jpg` under a
 * `jpeg-<photoId>` key; ADR 031), rows in property_photos in order, exactly one
 * cover. The property's `capaChave` and `fotos` are rewritten in the same batch as every change,
 * so lists and the public page never disagree with the photos.
 */

export const MAX_PHOTOS = 40;
/** The largest size of one stored width (a 1600 px WebP is usually 150–400 kB, a JPEG 250–600 kB). */
export const PHOTO_MAX_BYTES = 1536 * 1024;
export const SHARE_MAX_BYTES = 1024 * 1024;
const NOT_FOUND = "Imóvel não encontrado.";

/** Statuses whose photos anyone may see (the public page, portals, WhatsApp previews). */
export function isPublicStatus(status: PropertyStatus): boolean {
  return status !== "rascunho" && status !== "inativo";
}

/** The permission table's name for Imóveis (photos are part of the property: its read and update). */
const RESOURCE = "imoveis";

function checkId(id: string): string {
  if (!isId(id)) throw new DomainError(NOT_FOUND, 404);
  return id;
}

export function propertyPrefix(orgId: string, propertyId: string): string {
  return `${orgPrefix(orgId)}properties/${propertyId}/`;
}

export interface PhotoRow {
  id: string;
  chave: string;
  largura: number;
  altura: number;
  posicao: number;
  capa: boolean;
  legenda: string | null;
}

const photoColumns = {
  id: propertyPhotos.id,
  chave: propertyPhotos.chave,
  largura: propertyPhotos.largura,
  altura: propertyPhotos.altura,
  posicao: propertyPhotos.posicao,
  capa: propertyPhotos.capa,
  legenda: propertyPhotos.legenda,
};

/** What the photo manager needs of the property (the share image shows title, bairro and price). */
export interface PhotoProperty {
  id: string;
  codigo: string;
  titulo: string | null;
  bairro: string | null;
  cidade: string | null;
  finalidade: string | null;
  valorVendaCentavos: number | null;
  valorLocacaoCentavos: number | null;
  status: PropertyStatus;
  capaChave: string | null;
  imagemCompartilhamentoChave: string | null;
  fotos: number;
}

/** The property and its photos in order, one round trip; null when not the actor's. */
export async function photoPage(
  ctx: ServiceContext,
  actor: Actor,
  propertyId: string,
): Promise<{ property: PhotoProperty; photos: PhotoRow[] } | null> {
  const owner = ownerCondition(actor, RESOURCE, "read", properties);
  if (!isId(propertyId)) return null;
  const scope = orgScope(ctx.db, actor.orgId);
  const [found, photos] = await ctx.db.batch([
    ctx.db
      .select({
        id: properties.id,
        codigo: properties.codigo,
        titulo: properties.titulo,
        bairro: properties.bairro,
        cidade: properties.cidade,
        finalidade: properties.finalidade,
        valorVendaCentavos: properties.valorVendaCentavos,
        valorLocacaoCentavos: properties.valorLocacaoCentavos,
        status: properties.status,
        capaChave: properties.capaChave,
        imagemCompartilhamentoChave: properties.imagemCompartilhamentoChave,
        fotos: properties.fotos,
      })
      .from(properties)
      .where(scope.where(properties, eq(properties.id, propertyId), sql`${properties.excluidoEm} is null`, owner))
      .limit(1),
    ctx.db
      .select(photoColumns)
      .from(propertyPhotos)
      .where(scope.where(propertyPhotos, eq(propertyPhotos.propertyId, propertyId)))
      .orderBy(asc(propertyPhotos.posicao), asc(propertyPhotos.id)),
  ]);
  const property = found[0];
  return property ? { property, photos } : null;
}

/** `fotos` and `capaChave` of the property recomputed from its photos (runs last in a batch). */
function syncProperty(ctx: ServiceContext, orgId: string, propertyId: string) {
  const scope = orgScope(ctx.db, orgId);
  const ofProperty = sql`${propertyPhotos.orgId} = ${orgId} and ${propertyPhotos.propertyId} = ${propertyId}`;
  const count = sql<number>`(select count(*) from ${propertyPhotos} where ${ofProperty})`;
  const cover = sql<
    string | null
  >`(select ${propertyPhotos.chave} from ${propertyPhotos} where ${ofProperty} and ${propertyPhotos.capa} = 1)`;
  return (
    ctx.db
      .update(properties)
      .set({ fotos: count, capaChave: cover, atualizadoEm: ctx.now })
      // Only when something changed: a refused or empty change (a photo already gone) leaves the property as it was.
      .where(
        scope.where(
          properties,
          eq(properties.id, propertyId),
          sql`(${properties.fotos} is not ${count} or ${properties.capaChave} is not ${cover})`,
        ),
      )
  );
}

export interface PhotoUpload {
  /** One file per width of PHOTO_WIDTHS, keyed by width, all WebP or all JPEG. */
  files: Map<number, File>;
  largura: number;
  altura: number;
  legenda?: string | null;
  /**
   * The JPEG for publishing (ADR 042). Optional: a page opened before it existed uploads without
   * it, and the post editor has the browser make it later (`setPublishRendition`), as for older photos.
   */
  publicacao?: File | null;
}

const ALREADY_RENDERED =
  "Esta foto já tem a versão para publicação, e ela não é trocada: um post aprovado publica exatamente a imagem que foi aprovada. Para outra imagem, envie uma nova foto.";

/** The most a publishing JPEG may weigh here (Instagram takes up to 8 MB; a 1080 px JPEG is 150–600 kB). */
export const PUBLISH_MAX_BYTES = PHOTO_MAX_BYTES;

/**
 * A publishing JPEG's bytes, checked: a JPEG whose header decodes to exactly the size
 * `publishPlan` makes from the photo's declared size (both sides compute it from the same integers).
 */
async function publishBytes(file: File, largura: number, altura: number): Promise<{ bytes: Uint8Array; size: Size }> {
  if (file.size > PUBLISH_MAX_BYTES)
    throw new DomainError("A versão para publicação da foto passa de 1,5 MB. Envie a foto de novo.", 413, "publicacao");
  const bytes = new Uint8Array(await file.arrayBuffer());
  const header = readJpegHeader(bytes);
  const size = publishPlan({ width: largura, height: altura }).output;
  if (header?.width !== size.width || header.height !== size.height)
    throw new DomainError(
      `A versão para publicação deve ser um JPEG de ${size.width} × ${size.height} px. Envie a foto de novo.`,
      400,
      "publicacao",
    );
  return { bytes, size };
}

/** Stores a publishing JPEG; its size goes with it (the publisher reads it without decoding). */
function putPublish(bucket: R2Bucket, chave: string, bytes: Uint8Array, size: Size): Promise<unknown> {
  return bucket.put(publishObjectKey(chave), bytes, {
    httpMetadata: { contentType: PHOTO_FORMATS.jpeg.contentType },
    customMetadata: { width: String(size.width), height: String(size.height) },
  });
}

/** One width's bytes, after its size cap (the header and dimensions are checked by checkPhotoFile). */
async function photoBytes(file: File, width: number): Promise<Uint8Array> {
  if (file.size > PHOTO_MAX_BYTES) throw new DomainError(`A foto (${width} px) passa de 1,5 MB. Envie uma foto menor.`, 413, "foto");
  return new Uint8Array(await file.arrayBuffer());
}

function cleanCaption(legenda: string | null | undefined): string | null {
  const text = (legenda ?? "").replace(/\s+/g, " ").trim();
  if (text.length > 140) throw new DomainError("A legenda deve ter no máximo 140 caracteres.", 400, "legenda");
  return text || null;
}

/**
 * Stores one photo (every width) and adds it last; the first photo becomes the cover. The
 * property must be a live one of the actor's organization and have fewer than MAX_PHOTOS:
 * checked by the insert itself, so two uploads at once cannot pass the limit. Files go to R2
 * first, under the actor's own organization prefix; a refused insert removes them again.
 */
export async function addPhoto(
  ctx: ServiceContext,
  actor: Actor,
  bucket: R2Bucket | undefined,
  propertyId: string,
  upload: PhotoUpload,
): Promise<PhotoRow> {
  await authorizeRecord(ctx, actor, RESOURCE, "update", properties, propertyId, NOT_FOUND);
  checkId(propertyId);
  if (!bucket) throw new DomainError("O armazenamento de arquivos não está configurado. Tente novamente mais tarde.", 422, "foto");
  const files = new Map<PhotoWidth, Uint8Array>();
  for (const width of PHOTO_WIDTHS) {
    const file = upload.files.get(width);
    if (!file) throw new DomainError(`Falta o tamanho de ${width} px da foto.`, 400, "foto");
    files.set(width, await photoBytes(file, width));
  }
  const { largura, altura } = upload;
  checkDeclaredSize(largura, altura);
  let format: PhotoFormat | undefined;
  for (const [width, bytes] of files) format = checkPhotoFile(bytes, width, largura, altura, format);
  const { contentType } = PHOTO_FORMATS[format as PhotoFormat];
  const legenda = cleanCaption(upload.legenda);
  const publish = upload.publicacao ? await publishBytes(upload.publicacao, largura, altura) : null;

  const id = crypto.randomUUID();
  const chave = `${propertyPrefix(actor.orgId, propertyId)}${photoKeyLeaf(format as PhotoFormat, id)}`;
  await Promise.all([
    ...PHOTO_WIDTHS.map((w) => bucket.put(photoObjectKey(chave, w), files.get(w) as Uint8Array, { httpMetadata: { contentType } })),
    publish ? putPublish(bucket, chave, publish.bytes, publish.size) : null,
  ]);
  const bytes = PHOTO_WIDTHS.reduce((sum, w) => sum + (files.get(w) as Uint8Array).byteLength, 0);

  const scope = orgScope(ctx.db, actor.orgId);
  const ofProperty = sql`${propertyPhotos.orgId} = ${actor.orgId} and ${propertyPhotos.propertyId} = ${propertyId}`;
  const live = sql`exists (select 1 from ${properties} where ${scope.where(properties, eq(properties.id, propertyId), sql`${properties.excluidoEm} is null`)})`;
  const insert = ctx.db.run(sql`
    insert into ${propertyPhotos} (id, org_id, property_id, key, sizes, content_type, width, height, bytes, position, cover, caption, created_at, created_by)
    select ${id}, ${actor.orgId}, ${propertyId}, ${chave}, ${JSON.stringify(PHOTO_WIDTHS)}, ${contentType}, ${largura}, ${altura}, ${bytes},
      coalesce((select max(${propertyPhotos.posicao}) + 1 from ${propertyPhotos} where ${ofProperty}), 0),
      not exists (select 1 from ${propertyPhotos} where ${ofProperty} and ${propertyPhotos.capa} = 1),
      ${legenda}, ${ctx.now.getTime()}, ${actor.userId}
    where ${live} and (select count(*) from ${propertyPhotos} where ${ofProperty}) < ${MAX_PHOTOS}`);
  const [, , added, property] = await ctx.db.batch([
    insert,
    syncProperty(ctx, actor.orgId, propertyId),
    ctx.db
      .select(photoColumns)
      .from(propertyPhotos)
      .where(scope.where(propertyPhotos, eq(propertyPhotos.id, id))),
    ctx.db
      .select({ fotos: properties.fotos })
      .from(properties)
      .where(scope.where(properties, eq(properties.id, propertyId), sql`${properties.excluidoEm} is null`)),
  ]);
  const row = added[0];
  if (row) return row;
  ctx.waitUntil(bucket.delete(photoFiles(chave)).catch((error) => console.error(`falha ao apagar ${chave}`, error)));
  if (!property[0]) throw new DomainError(NOT_FOUND, 404);
  throw new DomainError(`Este imóvel já tem ${MAX_PHOTOS} fotos, o máximo. Exclua alguma para enviar outra.`, 409, "foto");
}

/**
 * Puts the photos in the order given, which must name every photo of the property exactly once
 * (a list that changed meanwhile, in another tab, is refused and nothing moves).
 */
export async function reorderPhotos(ctx: ServiceContext, actor: Actor, propertyId: string, ids: readonly string[]): Promise<void> {
  await authorizeRecord(ctx, actor, RESOURCE, "update", properties, propertyId, NOT_FOUND);
  checkId(propertyId);
  const unique = [...new Set(ids)];
  if (unique.length !== ids.length || unique.length === 0 || unique.length > MAX_PHOTOS || !unique.every((id) => isId(id)))
    throw new DomainError("Ordem de fotos inválida.", 400, "ids");
  const scope = orgScope(ctx.db, actor.orgId);
  const cases = sql.join(
    unique.map((id, i) => sql`when ${id} then ${i}`),
    sql` `,
  );
  const ofProperty = sql`${propertyPhotos.orgId} = ${actor.orgId} and ${propertyPhotos.propertyId} = ${propertyId}`;
  const result = await ctx.db
    .update(propertyPhotos)
    .set({ posicao: sql`case ${propertyPhotos.id} ${cases} end` })
    .where(
      scope.where(
        propertyPhotos,
        eq(propertyPhotos.propertyId, propertyId),
        sql`${propertyPhotos.id} in (${sql.join(
          unique.map((id) => sql`${id}`),
          sql`, `,
        )})`,
        sql`(select count(*) from ${propertyPhotos} where ${ofProperty}) = ${unique.length}`,
      ),
    );
  if (result.rowsAffected !== unique.length)
    throw new DomainError("As fotos mudaram enquanto você ordenava. Recarregue a página e tente de novo.", 409, "ids");
}

/** Makes `photoId` the cover (and only it), and the property's `capaChave` with it. */
export async function setCover(ctx: ServiceContext, actor: Actor, propertyId: string, photoId: string): Promise<void> {
  await authorizeRecord(ctx, actor, RESOURCE, "update", properties, propertyId, NOT_FOUND);
  checkId(propertyId);
  checkId(photoId);
  const scope = orgScope(ctx.db, actor.orgId);
  const target = sql`exists (select 1 from ${propertyPhotos} p where p.org_id = ${actor.orgId} and p.property_id = ${propertyId} and p.id = ${photoId})`;
  // Unset first: the unique index allows one cover per property at any moment of the batch.
  const [, set] = await ctx.db.batch([
    ctx.db
      .update(propertyPhotos)
      .set({ capa: false })
      .where(
        scope.where(
          propertyPhotos,
          eq(propertyPhotos.propertyId, propertyId),
          sql`${propertyPhotos.capa} = 1`,
          sql`${propertyPhotos.id} <> ${photoId}`,
          target,
        ),
      ),
    ctx.db
      .update(propertyPhotos)
      .set({ capa: true })
      .where(scope.where(propertyPhotos, eq(propertyPhotos.propertyId, propertyId), eq(propertyPhotos.id, photoId))),
    syncProperty(ctx, actor.orgId, propertyId),
  ]);
  if (set.rowsAffected === 0) throw new DomainError("Foto não encontrada.", 404);
}

export async function setCaption(
  ctx: ServiceContext,
  actor: Actor,
  propertyId: string,
  photoId: string,
  legenda: string | null,
): Promise<void> {
  await authorizeRecord(ctx, actor, RESOURCE, "update", properties, propertyId, NOT_FOUND);
  checkId(propertyId);
  checkId(photoId);
  const scope = orgScope(ctx.db, actor.orgId);
  const result = await ctx.db
    .update(propertyPhotos)
    .set({ legenda: cleanCaption(legenda) })
    .where(scope.where(propertyPhotos, eq(propertyPhotos.propertyId, propertyId), eq(propertyPhotos.id, photoId)));
  if (result.rowsAffected === 0) throw new DomainError("Foto não encontrada.", 404);
}

/**
 * Removes a photo; when it was the cover, the first remaining photo becomes the cover. Its files
 * leave R2 after the answer (a failure there leaves orphans the media route no longer serves).
 */
export async function deletePhoto(
  ctx: ServiceContext,
  actor: Actor,
  bucket: R2Bucket | undefined,
  propertyId: string,
  photoId: string,
): Promise<void> {
  await authorizeRecord(ctx, actor, RESOURCE, "update", properties, propertyId, NOT_FOUND);
  checkId(propertyId);
  checkId(photoId);
  const scope = orgScope(ctx.db, actor.orgId);
  const [removed] = await ctx.db.batch([
    ctx.db
      .delete(propertyPhotos)
      .where(scope.where(propertyPhotos, eq(propertyPhotos.propertyId, propertyId), eq(propertyPhotos.id, photoId)))
      .returning({ chave: propertyPhotos.chave }),
    ctx.db
      .update(propertyPhotos)
      .set({ capa: true })
      .where(
        scope.where(
          propertyPhotos,
          eq(propertyPhotos.propertyId, propertyId),
          sql`${propertyPhotos.id} = (select p.id from ${propertyPhotos} p where p.org_id = ${actor.orgId} and p.property_id = ${propertyId} order by p.position, p.id limit 1)`,
          sql`not exists (select 1 from ${propertyPhotos} p where p.org_id = ${actor.orgId} and p.property_id = ${propertyId} and p.cover = 1)`,
        ),
      ),
    syncProperty(ctx, actor.orgId, propertyId),
  ]);
  const chave = removed[0]?.chave;
  if (!chave) throw new DomainError("Foto não encontrada.", 404);
  if (bucket) ctx.waitUntil(bucket.delete(photoFiles(chave)).catch((e) => console.error(`falha ao apagar ${chave}`, e)));
}

/** Every object a photo has in the bucket: its widths and its publishing JPEG. */
export function photoFiles(chave: string): string[] {
  return [...PHOTO_WIDTHS.map((w) => photoObjectKey(chave, w)), publishObjectKey(chave)];
}

/**
 * Stores the publishing JPEG of a photo that has none: those uploaded before it existed. The
 * browser makes it from the photo's largest size (`makePublishRendition`); the same rights as any
 * change to the photos (Imóveis' update). **Written once**: what is stored here is what Meta
 * publishes, and an approved post publishes the bytes its approver saw, so an existing one is
 * never replaced (409; a new photo gets a new key). A demo photo already has its own, among the
 * static files.
 */
export async function setPublishRendition(
  ctx: ServiceContext,
  actor: Actor,
  bucket: R2Bucket | undefined,
  propertyId: string,
  photoId: string,
  file: File,
): Promise<{ chave: string } & Size> {
  await authorizeRecord(ctx, actor, RESOURCE, "update", properties, propertyId, NOT_FOUND);
  checkId(propertyId);
  checkId(photoId);
  if (!bucket) throw new DomainError("O armazenamento de arquivos não está configurado. Tente novamente mais tarde.", 422, "publicacao");
  const scope = orgScope(ctx.db, actor.orgId);
  const [photo] = await ctx.db
    .select({ chave: propertyPhotos.chave, largura: propertyPhotos.largura, altura: propertyPhotos.altura })
    .from(propertyPhotos)
    .where(scope.where(propertyPhotos, eq(propertyPhotos.propertyId, propertyId), eq(propertyPhotos.id, photoId)))
    .limit(1);
  if (!photo) throw new DomainError("Foto não encontrada.", 404);
  if (!photo.chave.startsWith(propertyPrefix(actor.orgId, propertyId)))
    throw new DomainError("Esta foto de demonstração já tem a versão para publicação.", 409, "publicacao");
  const { bytes, size } = await publishBytes(file, photo.largura, photo.altura);
  if (await bucket.head(publishObjectKey(photo.chave))) throw new DomainError(ALREADY_RENDERED, 409, "publicacao");
  await putPublish(bucket, photo.chave, bytes, size);
  return { chave: photo.chave, ...size };
}

/**
 * Stores the share image (1200×630 JPEG the browser composed from the cover and the price) and
 * points the property at it; the one it replaces leaves R2 after the answer. Its header must
 * decode to that size, as a photo's must (garbage behind a JPEG signature is not served).
 */
export async function setShareImage(
  ctx: ServiceContext,
  actor: Actor,
  bucket: R2Bucket | undefined,
  propertyId: string,
  image: File,
  fingerprint: string | null = null,
): Promise<{ chave: string }> {
  await authorizeRecord(ctx, actor, RESOURCE, "update", properties, propertyId, NOT_FOUND);
  checkId(propertyId);
  if (!bucket) throw new DomainError("O armazenamento de arquivos não está configurado. Tente novamente mais tarde.", 422, "imagem");
  if (image.size > SHARE_MAX_BYTES) throw new DomainError("A imagem de compartilhamento passa de 1 MB.", 413, "imagem");
  const bytes = new Uint8Array(await image.arrayBuffer());
  const header = readJpegHeader(bytes);
  if (header?.width !== SHARE_IMAGE.width || header.height !== SHARE_IMAGE.height)
    throw new DomainError(
      `A imagem de compartilhamento deve ser um JPEG de ${SHARE_IMAGE.width} × ${SHARE_IMAGE.height} px.`,
      400,
      "imagem",
    );
  // Named after what it shows (the browser's digest of cover, price and text): the same picture keeps its URL.
  const name = fingerprint && /^[0-9a-f]{32}$/.test(fingerprint) ? fingerprint : crypto.randomUUID();
  const chave = `${propertyPrefix(actor.orgId, propertyId)}share-${name}`;
  const objectKey = `${chave}/share.${SHARE_IMAGE.ext}`;
  await bucket.put(objectKey, bytes, { httpMetadata: { contentType: SHARE_IMAGE.contentType } });
  const scope = orgScope(ctx.db, actor.orgId);
  const live = sql`${properties.excluidoEm} is null`;
  const [before, updated] = await ctx.db.batch([
    ctx.db
      .select({ chave: properties.imagemCompartilhamentoChave })
      .from(properties)
      .where(scope.where(properties, eq(properties.id, propertyId), live)),
    ctx.db
      .update(properties)
      .set({ imagemCompartilhamentoChave: chave })
      .where(scope.where(properties, eq(properties.id, propertyId), live)),
  ]);
  if (updated.rowsAffected === 0) {
    ctx.waitUntil(bucket.delete(objectKey).catch(() => {}));
    throw new DomainError(NOT_FOUND, 404);
  }
  const previous = before[0]?.chave;
  if (previous !== chave && previous?.startsWith(propertyPrefix(actor.orgId, propertyId)))
    ctx.waitUntil(bucket.delete(`${previous}/share.${SHARE_IMAGE.ext}`).catch(() => {}));
  return { chave };
}

// ---------------------------------------------------------------------------
// Serving

/** A media path split: `orgs/<org>/properties/<property>/<item>/<file>`. */
export interface MediaPath {
  orgId: string;
  propertyId: string;
  /** The photo's (or share image's) key: everything before the file name. */
  chave: string;
  file: string;
  contentType: string;
  /** The publishing JPEG: never public, whatever the property's status. */
  membersOnly?: true;
}

const MEDIA_PATH = new RegExp(
  `^orgs/(${ID_CHARS})/properties/(${ID_CHARS})/((?:share-|${JPEG_KEY_PREFIX})?${ID_CHARS})/([0-9a-z]+\\.[a-z]+)$`,
);

/** The files stored under `chave`: each width in the key's format, or the share image. */
function filesOf(chave: string): Map<string, string> {
  if (chave.slice(chave.lastIndexOf("/") + 1).startsWith("share-")) return new Map([[`share.${SHARE_IMAGE.ext}`, SHARE_IMAGE.contentType]]);
  const { contentType } = PHOTO_FORMATS[photoFormatOfKey(chave)];
  return new Map(PHOTO_WIDTHS.map((w) => [photoObjectKey(chave, w).slice(chave.length + 1), contentType]));
}

/**
 * The media path's parts, or null for anything that is not a stored photo size (in its key's
 * format: `320.jpg` of a WebP photo is no file) or share image.
 */
export function parseMediaPath(path: string): MediaPath | null {
  const match = MEDIA_PATH.exec(path);
  if (!match) return null;
  const [, orgId, propertyId, item, file] = match as unknown as [string, string, string, string, string];
  const chave = `orgs/${orgId}/properties/${propertyId}/${item}`;
  // A photo's publishing JPEG: members only (the approval's preview shows it); Meta gets it signed.
  if (file === PUBLISH_FILE && !item.startsWith("share-"))
    return { orgId, propertyId, chave, file, contentType: PHOTO_FORMATS.jpeg.contentType, membersOnly: true };
  const contentType = filesOf(chave).get(file);
  if (!contentType) return null;
  return { orgId, propertyId, chave, file, contentType };
}

/**
 * Who may see a media file: "public" when its property may be shown to anyone, "private" when
 * only to the organization's members (and the viewer is one), null otherwise — also for a
 * deleted photo whose files are still in R2, another organization's key, or a deleted property.
 * One query: the property's status and whether the key is still one of its photos or its
 * share image.
 */
export async function mediaAccess(ctx: ServiceContext, path: MediaPath, viewerOrgId: string | null): Promise<"public" | "private" | null> {
  const scope = orgScope(ctx.db, path.orgId);
  const [row] = await ctx.db
    .select({
      status: properties.status,
      known: sql<number>`(${properties.imagemCompartilhamentoChave} = ${path.chave} or exists (select 1 from ${propertyPhotos} where ${and(
        eq(propertyPhotos.orgId, path.orgId),
        eq(propertyPhotos.propertyId, path.propertyId),
        eq(propertyPhotos.chave, path.chave),
      )}))`,
    })
    .from(properties)
    .where(scope.where(properties, eq(properties.id, path.propertyId), sql`${properties.excluidoEm} is null`))
    .limit(1);
  if (!row?.known) return null;
  if (isPublicStatus(row.status) && !path.membersOnly) return "public";
  return viewerOrgId === path.orgId ? "private" : null;
}
