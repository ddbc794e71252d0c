import { sql } from "drizzle-orm";
import { readJpegHeader } from "../../../shared/image-header.ts";
import { PHOTO_FORMATS, PUBLISH_FILE, publishObjectKey } from "../../../shared/real-estate/photo-url.ts";
import { INSTAGRAM_MAX_RATIO, INSTAGRAM_MIN_RATIO, type Size } from "../../../shared/social/instagram-media.ts";
import {
  displayWidth,
  POST_IMAGE_MAX_WIDTH,
  POST_IMAGE_MIN_WIDTH,
  POST_IMAGE_WIDTHS,
  parsePostImageKey,
  postImageKey,
} from "../../../shared/social/post-image-key.ts";
import { can } from "../../auth/permissions.ts";
import { type Actor, DomainError, type ServiceContext } from "../context.ts";

/**
 * Images uploaded from the device for a post (ADR 044, "Images from the device"): made by the
 * browser (the publishing JPEG cropped into Instagram's range, and two display sizes of the same
 * crop), checked here by their headers only — the Worker never decodes pixels — and stored under
 * the organização. A post's `post_media.key` points at them; the publisher hands Meta the
 * `publish.jpg` at a signed URL (`publishMediaOf`); members see it and the display sizes at `/media/`.
 */

/** One file's cap: a 1080 px JPEG is 150–800 kB; Instagram's own limit is 8 MB. */
export const POST_IMAGE_MAX_BYTES = 1536 * 1024;
/** An upload never saved in a post (the editor closed), or a deleted post's, is removed after this. */
export const POST_IMAGE_GRACE_MS = 2 * 24 * 3600_000;
/** A deleted post can be restored for this long: its images wait as long. */
export const DELETED_POST_KEPT_MS = 30 * 24 * 3600_000;

const FIELD = "imagem";

function refuse(message: string, status: 400 | 413 | 422 = 400): never {
  throw new DomainError(message, status, FIELD);
}

async function bytesOf(file: File | null, what: string): Promise<Uint8Array> {
  if (!file) refuse(`Falta ${what} da imagem. Envie a imagem de novo.`);
  if (file.size > POST_IMAGE_MAX_BYTES) refuse(`A imagem (${what}) passa de 1,5 MB. Envie uma imagem menor.`, 413);
  return new Uint8Array(await file.arrayBuffer());
}

/** Whether `size` is inside Instagram's 4 : 5…1.91 : 1, allowing the pixel rounding leaves. */
function fitsInstagram({ width, height }: Size): boolean {
  return width + 1 >= height * INSTAGRAM_MIN_RATIO && width - 1 <= height * INSTAGRAM_MAX_RATIO;
}

/** The publishing JPEG: decodes as JPEG (SOI…EOI, one frame), 320–1440 px wide, inside Instagram's ratios. */
function checkPublish(bytes: Uint8Array): Size {
  const header = readJpegHeader(bytes);
  if (!header) refuse("A imagem deve ser enviada em JPEG (preparada pelo navegador). Envie a imagem de novo.");
  const size = { width: header.width, height: header.height };
  if (size.width < POST_IMAGE_MIN_WIDTH || size.width > POST_IMAGE_MAX_WIDTH)
    refuse(`A imagem para publicação deve ter de ${POST_IMAGE_MIN_WIDTH} a ${POST_IMAGE_MAX_WIDTH} px de largura. Use uma imagem maior.`);
  if (!fitsInstagram(size))
    refuse("A imagem precisa estar entre o retrato 4:5 e o paisagem 1,91:1, como o Instagram aceita. Envie a imagem de novo.");
  return size;
}

/** A display size: a JPEG of the publishing one's crop at `target` px wide (never enlarged), ±1 px of height. */
function checkDisplay(bytes: Uint8Array, target: number, publish: Size): void {
  const header = readJpegHeader(bytes);
  const width = displayWidth(target, publish.width);
  const height = Math.round((publish.height * width) / publish.width);
  if (!header || header.width !== width || Math.abs(header.height - height) > 1)
    refuse(`O tamanho de ${target} px da imagem deve ser um JPEG de ${width} × ${height} px. Envie a imagem de novo.`);
}

export interface PostImageUpload {
  publicacao: File | null;
  /** Keyed by POST_IMAGE_WIDTHS. */
  files: Map<number, File | null>;
}

export interface StoredPostImage extends Size {
  chave: string;
}

/**
 * Checks and stores one uploaded image for a post of the actor's organização; whoever may create
 * or change a post may upload (everything is checked before the first byte is stored).
 */
export async function addPostImage(
  ctx: ServiceContext,
  actor: Actor,
  bucket: R2Bucket | undefined,
  upload: PostImageUpload,
): Promise<StoredPostImage> {
  if (!can(actor.role, "posts", "create") && !can(actor.role, "posts", "update"))
    throw new DomainError("Você não tem permissão para enviar imagens de posts.", 403);
  if (!bucket) refuse("O armazenamento de arquivos não está configurado. Tente novamente mais tarde.", 422);
  const publish = await bytesOf(upload.publicacao, "a versão para publicação");
  const size = checkPublish(publish);
  const displays = new Map<number, Uint8Array>();
  for (const width of POST_IMAGE_WIDTHS) {
    const bytes = await bytesOf(upload.files.get(width) ?? null, `o tamanho de ${width} px`);
    checkDisplay(bytes, width, size);
    displays.set(width, bytes);
  }
  const chave = postImageKey(actor.orgId, size, crypto.randomUUID());
  const { contentType } = PHOTO_FORMATS.jpeg;
  await Promise.all([
    bucket.put(publishObjectKey(chave), publish, {
      httpMetadata: { contentType },
      customMetadata: { width: String(size.width), height: String(size.height) },
    }),
    ...POST_IMAGE_WIDTHS.map((w) => bucket.put(`${chave}/${w}.jpg`, displays.get(w) as Uint8Array, { httpMetadata: { contentType } })),
  ]);
  ctx.waitUntil(sweepPostImages(ctx, bucket, actor.orgId).catch((error) => console.error("falha ao limpar imagens de posts", error)));
  return { chave, ...size };
}

/** Every object an uploaded image has in the bucket. */
export function postImageFiles(chave: string): string[] {
  return [publishObjectKey(chave), ...POST_IMAGE_WIDTHS.map((w) => `${chave}/${w}.jpg`)];
}

/**
 * A `/media/` path of an uploaded image's display size or of its publishing JPEG (the previews of
 * the approval and of the post show the bytes Meta gets): its key and organização, or null.
 */
export function parsePostImagePath(path: string): { chave: string; orgId: string } | null {
  const slash = path.lastIndexOf("/");
  const chave = path.slice(0, slash);
  const parsed = parsePostImageKey(chave);
  const file = path.slice(slash + 1);
  if (!parsed || !(file === PUBLISH_FILE || POST_IMAGE_WIDTHS.some((w) => file === `${w}.jpg`))) return null;
  return { chave, orgId: parsed.orgId };
}

/**
 * Removes the organização's uploaded images that no post holds: uploaded more than
 * POST_IMAGE_GRACE_MS ago (an editor left open keeps its images that long) and not in the
 * `post_media` of a post that is live or was deleted less than DELETED_POST_KEPT_MS ago (it may be
 * restored). Run after each upload of the organização; lists one page of its `posts/` folder.
 */
export async function sweepPostImages(ctx: Pick<ServiceContext, "db" | "now">, bucket: R2Bucket, orgId: string): Promise<number> {
  const listed = await bucket.list({ prefix: `orgs/${orgId}/posts/`, limit: 1000 });
  const old = ctx.now.getTime() - POST_IMAGE_GRACE_MS;
  const candidates = new Set<string>();
  for (const object of listed.objects) {
    const chave = object.key.slice(0, object.key.lastIndexOf("/"));
    if (parsePostImageKey(chave)?.orgId === orgId && object.uploaded.getTime() < old) candidates.add(chave);
  }
  if (!candidates.size) return 0;
  const keys = [...candidates];
  const kept = await ctx.db.all<{ key: string }>(sql`select distinct m.key as key from post_media m
    join posts p on p.org_id = m.org_id and p.id = m.post_id
    where m.org_id = ${orgId} and m.key in (${sql.join(
      keys.map((k) => sql`${k}`),
      sql`, `,
    )}) and (p.deleted_at is null or p.deleted_at > ${ctx.now.getTime() - DELETED_POST_KEPT_MS})`);
  const held = new Set(kept.map((r) => r.key));
  const orphans = keys.filter((k) => !held.has(k));
  if (orphans.length) await bucket.delete(orphans.flatMap(postImageFiles));
  return orphans.length;
}
