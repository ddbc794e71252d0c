import { type Context, Hono } from "hono";
import { z } from "zod";
import { MEDIA_PREFIX, PHOTO_WIDTHS } from "../../shared/real-estate/photo-url.ts";
import { serviceContext } from "../context.ts";
import { apiError } from "../http/errors.ts";
import { runAsMember } from "../http/member-route.ts";
import type { AppEnv } from "../http/types.ts";
import { enforceKeyedLimit } from "../security/rate-limit.ts";
import { DomainError } from "../services/context.ts";
import {
  addPhoto,
  deletePhoto,
  mediaAccess,
  parseMediaPath,
  photoPage,
  reorderPhotos,
  setCaption,
  setCover,
  setPublishRendition,
  setShareImage,
} from "../services/real-estate/property-photos.ts";
import { addPostImage, parsePostImagePath } from "../services/social/post-images.ts";
import { POST_IMAGE_WIDTHS } from "../../shared/social/post-image-key.ts";

/**
 * Property photos over HTTP.
 *
 * - `GET /media/<key>/<file>`: a stored photo size or share image, served by the Worker only
 *   (the bucket is never listed or public): immutable and public when the property may be shown
 *   to anyone, `private, no-store` for members when it is a draft or inactive, the same pt-BR
 *   404 for anything else (another organization's draft, a deleted photo, a made-up key).
 * - `/api/property-photos/<propertyId>`: the photo manager's calls (list, upload, order, cover,
 *   caption, delete, share image, a photo's publishing JPEG) for signed-in members, as JSON.
 */
export const mediaApi = new Hono<AppEnv>();

const NOT_FOUND_TEXT = "Imagem não encontrada.";

mediaApi.on(["GET", "HEAD"], `${MEDIA_PREFIX}*`, async (c) => {
  const rc = c.get("rc");
  const raw = decodeURIComponent(new URL(c.req.url).pathname.slice(MEDIA_PREFIX.length));
  const notFound = () => c.text(NOT_FOUND_TEXT, 404, { "cache-control": "no-store", "content-type": "text/plain; charset=utf-8" });
  if (!rc.env.FILES) return notFound();
  // An image uploaded for a post: its organização's members only, whether or not a post holds it yet.
  const postImage = parsePostImagePath(raw);
  const path = postImage ? null : parseMediaPath(raw);
  let access: "public" | "private" | null = null;
  if (postImage) access = rc.auth?.org?.id === postImage.orgId ? "private" : null;
  else if (path) access = await mediaAccess(serviceContext(rc), path, rc.auth?.org?.id ?? null);
  if (!access) return notFound();
  const contentType = postImage ? "image/jpeg" : (path?.contentType as string);
  const object = await rc.env.FILES.get(raw);
  if (!object) return notFound();
  const headers = new Headers({
    "content-type": contentType,
    "cache-control": access === "public" ? "public, max-age=31536000, immutable" : "private, no-store",
    etag: object.httpEtag,
    "x-content-type-options": "nosniff",
    "content-security-policy": "default-src 'none'; sandbox",
    "content-disposition": "inline",
  });
  if (c.req.header("if-none-match") === object.httpEtag || c.req.method === "HEAD") {
    object.body.cancel().catch(() => {});
    return new Response(null, { status: c.req.method === "HEAD" ? 200 : 304, headers });
  }
  headers.set("content-length", String(object.size));
  return new Response(object.body, { headers });
});

type Ctx = Context<AppEnv>;

/** Signed-in member of an organization → service context and actor; errors → pt-BR JSON. */
const run = runAsMember;

async function json<T>(c: Ctx, schema: z.ZodType<T>): Promise<T> {
  const body = await c.req.json().catch(() => {
    throw new DomainError("Corpo da requisição deve ser JSON.", 400);
  });
  return schema.parse(body);
}

async function form(c: Ctx): Promise<FormData> {
  if (!(c.req.header("content-type") ?? "").toLowerCase().includes("multipart/form-data"))
    throw new DomainError("Envie a foto como multipart/form-data.", 400, "foto");
  const data = await c.req.formData().catch((error) => {
    if (error instanceof DomainError) throw error; // 413 from the body limit
    throw new DomainError("Envio de arquivo inválido.", 400, "foto");
  });
  return data;
}

/** An optional file field: absent is null, text where a file belongs is refused. */
function fileOrNull(value: FormDataEntryValue | null, field: string): File | null {
  if (value === null) return null;
  if (value instanceof File) return value;
  throw new DomainError("Envie a versão para publicação da foto como arquivo JPEG.", 400, field);
}

const base = "/api/property-photos/:propertyId";

mediaApi.get(base, (c) =>
  run(c, async (ctx, actor) => {
    const page = await photoPage(ctx, actor, c.req.param("propertyId"));
    if (!page) return apiError(c, 404, "Imóvel não encontrado.", "not_found");
    return c.json({ data: page });
  }),
);

mediaApi.post(base, (c) =>
  run(c, async (ctx, actor) => {
    await enforceKeyedLimit(ctx.db, "propertyPhotoUpload", { user: actor.userId, ip: ctx.ip });
    const data = await form(c);
    const files = new Map<number, File>();
    for (const w of PHOTO_WIDTHS) {
      const file = data.get(`w${w}`);
      if (file instanceof File) files.set(w, file);
    }
    const photo = await addPhoto(ctx, actor, c.get("rc").env.FILES, c.req.param("propertyId"), {
      files,
      largura: Number(data.get("largura")),
      altura: Number(data.get("altura")),
      legenda: typeof data.get("legenda") === "string" ? (data.get("legenda") as string) : null,
      publicacao: fileOrNull(data.get("publicacao"), "publicacao"),
    });
    return c.json({ data: photo }, 201);
  }),
);

mediaApi.put(`${base}/order`, (c) =>
  run(c, async (ctx, actor) => {
    const { ids } = await json(c, z.object({ ids: z.array(z.string().max(64)).min(1).max(100) }));
    await reorderPhotos(ctx, actor, c.req.param("propertyId"), ids);
    return c.json({ ok: true });
  }),
);

mediaApi.post(`${base}/:photoId/cover`, (c) =>
  run(c, async (ctx, actor) => {
    await setCover(ctx, actor, c.req.param("propertyId"), c.req.param("photoId"));
    return c.json({ ok: true });
  }),
);

mediaApi.patch(`${base}/:photoId`, (c) =>
  run(c, async (ctx, actor) => {
    const { legenda } = await json(c, z.object({ legenda: z.string().max(1000).nullable() }));
    await setCaption(ctx, actor, c.req.param("propertyId"), c.req.param("photoId"), legenda);
    return c.json({ ok: true });
  }),
);

mediaApi.delete(`${base}/:photoId`, (c) =>
  run(c, async (ctx, actor) => {
    await deletePhoto(ctx, actor, c.get("rc").env.FILES, c.req.param("propertyId"), c.req.param("photoId"));
    return c.json({ ok: true });
  }),
);

/** The publishing JPEG of a photo uploaded before it existed (ADR 042): made by the browser, checked here. */
mediaApi.put(`${base}/:photoId/publicacao`, (c) =>
  run(c, async (ctx, actor) => {
    await enforceKeyedLimit(ctx.db, "propertyPhotoUpload", { user: actor.userId, ip: ctx.ip });
    const data = await form(c);
    const file = fileOrNull(data.get("publicacao"), "publicacao");
    if (!file) throw new DomainError("Envie a versão para publicação da foto.", 400, "publicacao");
    const saved = await setPublishRendition(ctx, actor, c.get("rc").env.FILES, c.req.param("propertyId"), c.req.param("photoId"), file);
    return c.json({ data: saved });
  }),
);

mediaApi.put(`${base}/share-image`, (c) =>
  run(c, async (ctx, actor) => {
    const data = await form(c);
    const image = data.get("imagem");
    if (!(image instanceof File)) throw new DomainError("Envie a imagem de compartilhamento.", 400, "imagem");
    const fingerprint = data.get("impressao");
    const saved = await setShareImage(
      ctx,
      actor,
      c.get("rc").env.FILES,
      c.req.param("propertyId"),
      image,
      typeof fingerprint === "string" ? fingerprint : null,
    );
    return c.json({ data: saved });
  }),
);

/**
 * An image from the device for a post (ADR 044): the publishing JPEG (`publicacao`) and the display
 * sizes (`w320`, `w640`) the browser made of the same crop. Answers its key for the post's `midias`.
 */
mediaApi.post("/api/post-images", (c) =>
  run(c, async (ctx, actor) => {
    await enforceKeyedLimit(ctx.db, "postImageUpload", { user: actor.userId, ip: ctx.ip });
    const data = await form(c);
    const file = (name: string) => {
      const value = data.get(name);
      if (value !== null && !(value instanceof File)) throw new DomainError("Envie a imagem como arquivo JPEG.", 400, "imagem");
      return value;
    };
    const saved = await addPostImage(ctx, actor, c.get("rc").env.FILES, {
      publicacao: file("publicacao"),
      files: new Map(POST_IMAGE_WIDTHS.map((w) => [w, file(`w${w}`)])),
    });
    return c.json({ data: saved }, 201);
  }),
);
