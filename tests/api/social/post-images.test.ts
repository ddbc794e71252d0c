import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { postMedia, posts } from "../../../db/schema/index.ts";
import { publishObjectKey } from "../../../shared/real-estate/photo-url.ts";
import type { PostRow } from "../../../shared/resources/posts.ts";
import { parsePostImageKey } from "../../../shared/social/post-image-key.ts";
import { readConfig } from "../../../worker/config/env.ts";
import { runScheduledSweep } from "../../../worker/scheduled.ts";
import { publishMediaOf } from "../../../worker/services/media/publish-media.ts";
import { POST_IMAGE_GRACE_MS, sweepPostImages } from "../../../worker/services/social/post-images.ts";
import { jpegFile, withJpegSize } from "../../support/jpeg.ts";
import { createHarness, createOwner, type Harness } from "../harness.ts";
import { fakeBucket, photoFile } from "../real-estate/property-photos-fixtures.ts";
import { addMember, api, errorFields } from "../records.ts";

/**
 * Images uploaded from the device for a post (ADR 044): the browser's publishing JPEG and display
 * sizes, checked by their headers, stored under the organização, seen by its members only at
 * /media/, saved in a post's `midias` with an alt text per carousel image, handed to Meta through
 * publishMediaOf at a signed URL, and swept when no post holds them.
 */

let h: Harness;
let org: Awaited<ReturnType<typeof createOwner>>;
let other: Awaited<ReturnType<typeof createOwner>>;
let bucket: ReturnType<typeof fakeBucket>;

beforeAll(async () => {
  h = await createHarness();
  bucket = fakeBucket();
  h.env.FILES = bucket;
  org = await createOwner(h, "Imagens de Post");
  other = await createOwner(h, "Outra Imobiliária");
});

const jpeg = (bytes: Uint8Array, name: string) => new File([bytes as BlobPart], name, { type: "image/jpeg" });

/** What the browser sends for an image whose publishing JPEG is `w` × `h`. */
function imageForm(w = 1080, hgt = 810, parts: Partial<Record<"publicacao" | "w320" | "w640", Uint8Array | string | null>> = {}) {
  const form = new FormData();
  const defaults = {
    publicacao: jpegFile("baseline", w, hgt, 400),
    w320: jpegFile("baseline", Math.min(320, w), Math.round((hgt * Math.min(320, w)) / w)),
    w640: jpegFile("progressive", Math.min(640, w), Math.round((hgt * Math.min(640, w)) / w)),
  };
  for (const name of ["publicacao", "w320", "w640"] as const) {
    const value = name in parts ? parts[name] : defaults[name];
    if (value === null || value === undefined) continue;
    if (typeof value === "string") form.set(name, value);
    else form.set(name, jpeg(value, `${name}.jpg`));
  }
  return form;
}

async function upload(form: FormData, cookie = org.cookie) {
  const res = await h.request("/api/post-images", { method: "POST", body: form, cookie });
  return {
    status: res.status,
    body: (await res.json()) as { data?: { chave: string; width: number; height: number }; error?: { message: string } },
  };
}

async function uploaded(w = 1080, hgt = 810, cookie = org.cookie): Promise<string> {
  const res = await upload(imageForm(w, hgt), cookie);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return (res.body.data as { chave: string }).chave;
}

const pathOf = (url: string) => {
  const u = new URL(url);
  return `${u.pathname}${u.search}`;
};

describe("uploading an image for a post", () => {
  it("stores the three JPEGs under the organização, the size in the key; members see it, nobody else", async () => {
    const res = await upload(imageForm(1080, 1350));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const chave = res.body.data?.chave as string;
    expect(res.body.data).toMatchObject({ width: 1080, height: 1350 });
    expect(parsePostImageKey(chave)).toMatchObject({ orgId: org.orgId, width: 1080, height: 1350 });
    expect(bucket.objects.get(publishObjectKey(chave))).toMatchObject({
      contentType: "image/jpeg",
      customMetadata: { width: "1080", height: "1350" },
    });
    expect(bucket.objects.has(`${chave}/320.jpg`) && bucket.objects.has(`${chave}/640.jpg`)).toBe(true);

    const own = await h.request(`/media/${chave}/640.jpg`, { cookie: org.cookie });
    expect(own.status).toBe(200);
    expect(own.headers.get("content-type")).toBe("image/jpeg");
    expect(own.headers.get("cache-control")).toBe("private, no-store");
    for (const cookie of [other.cookie, undefined]) {
      const res = await h.request(`/media/${chave}/640.jpg`, cookie ? { cookie } : {});
      expect(res.status).toBe(404);
      expect(await res.text()).toBe("Imagem não encontrada.");
    }
    // The publishing JPEG — what Meta gets and what the approval's preview shows — to members only; other names are no file.
    const published = await h.request(`/media/${chave}/publish.jpg`, { cookie: org.cookie });
    expect(published.status).toBe(200);
    expect(published.headers.get("cache-control")).toBe("private, no-store");
    expect(new Uint8Array(await published.arrayBuffer())).toEqual(bucket.objects.get(publishObjectKey(chave))?.bytes);
    for (const cookie of [other.cookie, undefined])
      expect((await h.request(`/media/${chave}/publish.jpg`, cookie ? { cookie } : {})).status).toBe(404);
    expect((await h.request(`/media/${chave}/1024.jpg`, { cookie: org.cookie })).status).toBe(404);
  });

  it("refuses wrong types, sizes and headers in pt-BR, storing nothing", async () => {
    const before = bucket.objects.size;
    const cases: [FormData, number, RegExp][] = [
      [imageForm(1080, 810, { publicacao: photoFile(1024) }), 400, /JPEG/],
      [imageForm(1080, 810, { publicacao: new Uint8Array([0xff, 0xd8, 0xff, 0, 1, 2]) }), 400, /JPEG/],
      [imageForm(1080, 810, { publicacao: withJpegSize(jpegFile("baseline", 1080, 810), 1080, 2000) }), 400, /4:5/],
      [imageForm(300, 240), 400, /de 320 a 1440 px/],
      [imageForm(1600, 1200), 400, /de 320 a 1440 px/],
      [imageForm(1080, 810, { w640: jpegFile("baseline", 640, 500) }), 400, /640 × 480/],
      [imageForm(1080, 810, { w320: photoFile(320) }), 400, /320 px/],
      [imageForm(1080, 810, { publicacao: jpegFile("baseline", 1080, 810, 1536 * 1024 + 1) }), 413, /1,5 MB/],
      [imageForm(1080, 810, { w640: null }), 400, /Falta o tamanho de 640 px/],
      [imageForm(1080, 810, { publicacao: "não é um arquivo" }), 400, /arquivo JPEG/],
    ];
    for (const [form, status, message] of cases) {
      const res = await upload(form);
      expect(res.status, JSON.stringify(res.body)).toBe(status);
      expect(res.body.error?.message).toMatch(message);
    }
    const json = await h.request("/api/post-images", { method: "POST", json: { publicacao: "x" }, cookie: org.cookie });
    expect(json.status).toBe(400);
    expect(bucket.objects.size).toBe(before);
  });

  it("asks for a session, and every member may upload (everyone drafts posts)", async () => {
    const anonymous = await h.request("/api/post-images", { method: "POST", body: imageForm() });
    expect(anonymous.status).toBe(401);
    const staff = await addMember(h, org.orgId, "staff");
    expect((await upload(imageForm(), staff.cookie)).status).toBe(201);
  });
});

describe("a post with uploaded images", () => {
  it("saves them with an alt text per carousel image and publishes them through publishMediaOf at signed URLs", async () => {
    const first = await uploaded(1080, 1350);
    const second = await uploaded(1080, 1350);
    const created = await api<{ data: PostRow }>(h, org.cookie, "POST", "/api/posts", {
      legenda: "Dois ambientes",
      midias: [first, second],
      textosAlternativos: ["Sala com varanda", "Cozinha integrada"],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const read = (await api<{ data: PostRow }>(h, org.cookie, "GET", `/api/posts/${created.body.data.id}`)).body.data;
    expect(read.midias).toEqual([first, second]);
    expect(read.textosAlternativos).toEqual(["Sala com varanda", "Cozinha integrada"]);
    expect(read.capaChave).toBe(first);

    const rows = await h.fresh.db
      .select({ chave: postMedia.chave, alt: postMedia.textoAlternativo, foto: postMedia.fotoId })
      .from(postMedia)
      .where(and(eq(postMedia.orgId, org.orgId), eq(postMedia.postId, created.body.data.id)))
      .orderBy(postMedia.posicao);
    expect(rows).toEqual([
      { chave: first, alt: "Sala com varanda", foto: null },
      { chave: second, alt: "Cozinha integrada", foto: null },
    ]);

    // What the publisher does with a post_media row holding a key (its size comes from the stored object).
    const signing = { config: readConfig(h.env), origin: "http://localhost", now: new Date() };
    const media = await publishMediaOf(signing, bucket as unknown as R2Bucket, org.orgId, { chave: first, largura: 0, altura: 0 });
    expect(media).toMatchObject({ width: 1080, height: 1350 });
    expect(media?.url).toMatch(new RegExp(`^http://localhost/media/signed/${publishObjectKey(first)}\\?exp=\\d+&sig=`));
    const served = await h.request(pathOf(media?.url as string));
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/jpeg");
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(bucket.objects.get(publishObjectKey(first))?.bytes);
  });

  it("keeps the single image's alt text as the post's", async () => {
    const only = await uploaded();
    const created = await api<{ data: PostRow }>(h, org.cookie, "POST", "/api/posts", {
      legenda: "Uma foto",
      midias: [only],
      textoAlternativo: "Fachada do prédio",
    });
    expect(created.status).toBe(201);
    const read = (await api<{ data: PostRow }>(h, org.cookie, "GET", `/api/posts/${created.body.data.id}`)).body.data;
    expect(read.textosAlternativos).toEqual(["Fachada do prédio"]);
  });

  it("refuses another organização's key, a made-up one, and more alt texts than images, saving nothing", async () => {
    const theirs = await uploaded(1080, 810, other.cookie);
    const before = (await h.fresh.db.select({ id: posts.id }).from(posts).where(eq(posts.orgId, org.orgId))).length;
    const stolen = await api(h, org.cookie, "POST", "/api/posts", { legenda: "x", midias: [theirs] });
    expect(stolen.status).toBe(422);
    expect(errorFields(stolen.body).midias).toBe("Imagem não encontrada. Escolha uma foto do imóvel ou uma imagem enviada.");
    const madeUp = await api(h, org.cookie, "POST", "/api/posts", { legenda: "x", midias: [`orgs/${org.orgId}/properties/x/y`] });
    expect(madeUp.status).toBe(422);
    const mine = await uploaded();
    const extra = await api(h, org.cookie, "POST", "/api/posts", { legenda: "x", midias: [mine], textosAlternativos: ["a", "b"] });
    expect(extra.status).toBe(400);
    expect(errorFields(extra.body).textosAlternativos).toBe("Há mais textos alternativos do que imagens no post.");
    const after = (await h.fresh.db.select({ id: posts.id }).from(posts).where(eq(posts.orgId, org.orgId))).length;
    expect(after).toBe(before);
    // Their image is still not ours to see, nor to sign.
    expect((await h.request(`/media/${theirs}/320.jpg`, { cookie: org.cookie })).status).toBe(404);
  });
});

describe("orphan images", () => {
  it("are removed once old and held by no live post; a post's, and a recent upload, stay", async () => {
    const orphan = await uploaded();
    const held = await uploaded();
    const fresh = await uploaded();
    const deletedPostImage = await uploaded();
    const keep = await api<{ data: PostRow }>(h, org.cookie, "POST", "/api/posts", { legenda: "Fica", midias: [held] });
    expect(keep.status).toBe(201);
    const gone = await api<{ data: PostRow }>(h, org.cookie, "POST", "/api/posts", { legenda: "Vai", midias: [deletedPostImage] });
    expect((await api(h, org.cookie, "DELETE", `/api/posts/${gone.body.data.id}`)).status).toBe(200);
    const old = new Date(Date.now() - POST_IMAGE_GRACE_MS - 60_000);
    for (const key of [orphan, held, deletedPostImage])
      for (const [name, object] of bucket.objects) if (name.startsWith(`${key}/`)) object.uploaded = old;

    const ctx = { db: h.fresh.db, now: new Date() };
    // A post deleted a moment ago may be restored: its image waits.
    expect(await sweepPostImages(ctx, bucket as unknown as R2Bucket, org.orgId)).toBe(1);
    expect([...bucket.objects.keys()].some((k) => k.startsWith(`${orphan}/`))).toBe(false);
    for (const key of [held, fresh, deletedPostImage]) expect(bucket.objects.has(publishObjectKey(key))).toBe(true);
    // A month after the deletion it goes too.
    const later = { db: h.fresh.db, now: new Date(Date.now() + 31 * 24 * 3600_000) };
    for (const [name, object] of bucket.objects) if (name.startsWith(`${fresh}/`)) object.uploaded = new Date();
    await sweepPostImages(later, bucket as unknown as R2Bucket, org.orgId);
    expect(bucket.objects.has(publishObjectKey(deletedPostImage))).toBe(false);
    expect(bucket.objects.has(publishObjectKey(held))).toBe(true);
    // Another organização's files are never looked at.
    expect([...bucket.objects.keys()].some((k) => k.startsWith(`orgs/${other.orgId}/posts/`))).toBe(true);
  });

  it("the nightly job sweeps every organização, also one nobody uploaded to since (03:30 in Brasília)", async () => {
    const mine = await uploaded();
    const kept = await uploaded();
    expect((await api(h, org.cookie, "POST", "/api/posts", { legenda: "Guardada", midias: [kept] })).status).toBe(201);
    const old = new Date(Date.now() - POST_IMAGE_GRACE_MS - 60_000);
    for (const [name, object] of bucket.objects) if (name.startsWith(`${mine}/`) || name.startsWith(`${kept}/`)) object.uploaded = old;
    // Not yet 03:30 in São Paulo (06:30 UTC): the job does not run.
    const day = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    await runScheduledSweep(h.env, new Date(`${day}T06:29:00Z`));
    expect(bucket.objects.has(publishObjectKey(mine))).toBe(true);
    await runScheduledSweep(h.env, new Date(`${day}T06:30:00Z`));
    expect([...bucket.objects.keys()].some((k) => k.startsWith(`${mine}/`))).toBe(false);
    expect(bucket.objects.has(publishObjectKey(kept))).toBe(true);
  });
});
