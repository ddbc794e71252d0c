import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { properties, propertyPhotos } from "../../../db/schema/index.ts";
import { PHOTO_WIDTHS, photoUrl, shareImageUrl } from "../../../shared/real-estate/photo-url.ts";
import { MAX_PHOTOS } from "../../../worker/services/real-estate/property-photos.ts";
import { createHarness, createOwner, type Harness } from "../harness.ts";
import { webpFile } from "../../support/webp.ts";
import { fakeBucket, insertProperty, jpegBytes, photoFile, webpBytes } from "./property-photos-fixtures.ts";
import { jpegFile } from "../../support/jpeg.ts";
import { addMember } from "../records.ts";

/**
 * Property photos: uploads checked (every size, real WebP — JPEG in property-photos-jpeg.test.ts —, size caps, the organization's own
 * live property, at most MAX_PHOTOS), stored under the organization's prefix, one cover kept
 * with the property's capaChave and count, and served by /media only to whom may see them.
 */

let h: Harness;
let org: Awaited<ReturnType<typeof createOwner>>;
let other: Awaited<ReturnType<typeof createOwner>>;
let bucket: ReturnType<typeof fakeBucket>;

beforeAll(async () => {
  h = await createHarness();
  bucket = fakeBucket();
  h.env.FILES = bucket;
  org = await createOwner(h, "Fotos A");
  other = await createOwner(h, "Fotos B");
});

type PhotoJson = { id: string; chave: string; capa: boolean; posicao: number };

/** Every width of one photo, as the Fotos tab sends it; `bytes` replaces the files, `size` the declared size. */
function photoForm(options: { skip?: number; bytes?: (w: number) => Uint8Array; size?: [number, number] } = {}): FormData {
  const [largura, altura] = options.size ?? [1600, 1200];
  const form = new FormData();
  for (const w of PHOTO_WIDTHS) {
    if (w === options.skip) continue;
    const bytes = (options.bytes ?? ((width) => photoFile(width, largura, altura)))(w);
    form.set(`w${w}`, new File([bytes as BlobPart], `${w}.webp`, { type: "image/webp" }));
  }
  form.set("largura", String(largura));
  form.set("altura", String(altura));
  return form;
}

async function upload(cookie: string, propertyId: string, form = photoForm()) {
  const res = await h.request(`/api/property-photos/${propertyId}`, { method: "POST", body: form, cookie });
  return { status: res.status, body: (await res.json()) as { data: PhotoJson; error?: { message: string } } };
}

async function call(cookie: string, method: string, path: string, json?: unknown) {
  const res = await h.request(path, { method, cookie, ...(json !== undefined ? { json } : {}) });
  return { status: res.status, body: (await res.json()) as { error?: { message: string } } };
}

async function propertyRow(id: string) {
  const [row] = await h.fresh.db.select().from(properties).where(eq(properties.id, id));
  return row;
}

describe("uploading photos", () => {
  it("stores every size under the organization's prefix; the first photo is the cover", async () => {
    const { id } = await insertProperty(h, org.orgId);
    const first = await upload(org.cookie, id);
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body.data.chave).toBe(`orgs/${org.orgId}/properties/${id}/${first.body.data.id}`);
    for (const w of PHOTO_WIDTHS) expect(bucket.objects.get(`${first.body.data.chave}/${w}.webp`)?.contentType).toBe("image/webp");
    const second = await upload(org.cookie, id);
    expect([first.body.data.capa, second.body.data.capa]).toEqual([true, false]);
    expect(second.body.data.posicao).toBe(1);
    expect(await propertyRow(id)).toMatchObject({ fotos: 2, capaChave: first.body.data.chave });
  });

  it("refuses a missing size, a file that is neither WebP nor JPEG, an oversized one, in pt-BR, and keeps nothing", async () => {
    const { id } = await insertProperty(h, org.orgId);
    const before = bucket.objects.size;
    const missing = await upload(org.cookie, id, photoForm({ skip: 640 }));
    expect(missing.status).toBe(400);
    expect(missing.body.error?.message).toBe("Falta o tamanho de 640 px da foto.");
    const png = await upload(
      org.cookie,
      id,
      photoForm({ bytes: () => new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0, 0]) }),
    );
    expect(png.status).toBe(400);
    expect(png.body.error?.message).toContain("WebP");
    const big = await upload(org.cookie, id, photoForm({ bytes: (w) => photoFile(w, 1600, 1200, w === 1600 ? 1600 * 1024 : 100) }));
    expect(big.status).toBe(413);
    expect(bucket.objects.size).toBe(before);
    expect(await propertyRow(id)).toMatchObject({ fotos: 0, capaChave: null });
  });

  it("refuses bytes that only look like WebP, a size other than the declared one, and a photo over 1600 × 4096 px; keeps nothing", async () => {
    const { id } = await insertProperty(h, org.orgId);
    const before = bucket.objects.size;
    const refused = async (form: FormData): Promise<string | undefined> => {
      const res = await upload(org.cookie, id, form);
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      return res.body.error?.message;
    };
    // Garbage behind the 12-byte RIFF…WEBP signature (what the old check accepted).
    expect(await refused(photoForm({ bytes: (w) => webpBytes(100 + w) }))).toBe(
      "A foto deve ser enviada em JPEG ou WebP (redimensionada pelo navegador). Envie a foto de novo.",
    );
    // Real WebP headers, but one width is not the size the declared 1600 × 1200 makes.
    expect(await refused(photoForm({ bytes: (w) => (w === 640 ? photoFile(640, 1600, 1000) : photoFile(w)) }))).toBe(
      "O tamanho 640 px da foto tem 640 × 400 px, e não 640 × 480 px como informado. Envie a foto de novo.",
    );
    // Every file a 20000 × 20000 px image, declared as 1600 × 1200.
    expect(await refused(photoForm({ bytes: () => webpFile("VP8X", 16383, 16383) }))).toMatch(
      /^O tamanho 320 px da foto tem 16383 × 16383 px/,
    );
    // Declared honestly, files matching, but taller than the maximum.
    expect(await refused(photoForm({ size: [1600, 4097] }))).toBe(
      "A foto passa do tamanho máximo (1600 px de largura e 4096 px de altura). Recorte-a e envie de novo.",
    );
    expect(await refused(photoForm({ size: [1601, 1200] }))).toContain("tamanho máximo");
    expect(await refused(photoForm({ size: [20000, 20000] }))).toContain("tamanho máximo");
    expect(bucket.objects.size).toBe(before);
    expect(await propertyRow(id)).toMatchObject({ fotos: 0, capaChave: null });
  });

  it("accepts every kind of WebP header at the declared size: a narrow original, a tall one at the limit, ±1 px rounding", async () => {
    const { id } = await insertProperty(h, org.orgId);
    const narrow = await upload(
      org.cookie,
      id,
      photoForm({ size: [800, 600], bytes: (w) => webpFile("VP8L", Math.min(w, 800), Math.min(w, 800) * 0.75) }),
    );
    expect(narrow.status, JSON.stringify(narrow.body)).toBe(201);
    const tall = await upload(
      org.cookie,
      id,
      photoForm({ size: [1600, 4096], bytes: (w) => webpFile("VP8X", w, Math.round((w * 4096) / 1600)) }),
    );
    expect(tall.status, JSON.stringify(tall.body)).toBe(201);
    // 1001 × 751 original: 320 wide is 240.08 from the declared 1001 × 751 (largest = original), the browser may say 241.
    const rounded = await upload(
      org.cookie,
      id,
      photoForm({ size: [1001, 751], bytes: (w) => (w === 320 ? photoFile(320, 1001, 753) : photoFile(w, 1001, 751)) }),
    );
    expect(rounded.status, JSON.stringify(rounded.body)).toBe(201);
    expect(await propertyRow(id)).toMatchObject({ fotos: 3 });
  });

  it("refuses another organization's property (404) and removes the files it stored", async () => {
    const { id } = await insertProperty(h, other.orgId);
    const before = bucket.objects.size;
    const res = await upload(org.cookie, id);
    expect(res.status).toBe(404);
    expect(res.body.error?.message).toBe("Imóvel não encontrado.");
    await Promise.all(h.pending);
    expect(bucket.objects.size).toBe(before);
    expect(await propertyRow(id)).toMatchObject({ fotos: 0 });
    expect((await h.request(`/api/property-photos/${id}`, { method: "POST", body: photoForm() })).status).toBe(401);
  });

  it(`stops at ${MAX_PHOTOS} photos`, async () => {
    const { id } = await insertProperty(h, org.orgId);
    await h.fresh.db.insert(propertyPhotos).values(
      Array.from({ length: MAX_PHOTOS }, (_, i) => ({
        id: crypto.randomUUID(),
        orgId: org.orgId,
        propertyId: id,
        chave: `orgs/${org.orgId}/properties/${id}/x${i}`,
        tamanhos: [...PHOTO_WIDTHS],
        tipoConteudo: "image/webp",
        largura: 10,
        altura: 10,
        bytes: 1,
        posicao: i,
        capa: i === 0,
        criadoEm: new Date(),
      })),
    );
    const res = await upload(org.cookie, id);
    expect(res.status).toBe(409);
    expect(res.body.error?.message).toContain(`${MAX_PHOTOS} fotos`);
  });

  it("lets a corretor (professional) upload", async () => {
    const { id } = await insertProperty(h, org.orgId);
    const broker = await addMember(h, org.orgId, "professional");
    expect((await upload(broker.cookie, id)).status).toBe(201);
  });
});

describe("order, cover, caption and delete", () => {
  it("reorders only with the complete list, keeps exactly one cover, promotes another when the cover goes", async () => {
    const { id } = await insertProperty(h, org.orgId);
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await upload(org.cookie, id)).body.data.id);
    const [a, b, c] = ids as [string, string, string];
    expect((await call(org.cookie, "PUT", `/api/property-photos/${id}/order`, { ids: [c, a, b] })).status).toBe(200);
    const partial = await call(org.cookie, "PUT", `/api/property-photos/${id}/order`, { ids: [a, b] });
    expect(partial.status).toBe(409);
    const order = async () =>
      (await h.fresh.db.select().from(propertyPhotos).where(eq(propertyPhotos.propertyId, id))).sort((x, y) => x.posicao - y.posicao);
    expect((await order()).map((p) => p.id)).toEqual([c, a, b]);

    expect((await call(org.cookie, "POST", `/api/property-photos/${id}/${b}/cover`)).status).toBe(200);
    expect((await order()).filter((p) => p.capa).map((p) => p.id)).toEqual([b]);
    const bKey = (await order()).find((p) => p.id === b)?.chave;
    expect((await propertyRow(id))?.capaChave).toBe(bKey);

    expect((await call(org.cookie, "PATCH", `/api/property-photos/${id}/${a}`, { legenda: "  Sala   com varanda " })).status).toBe(200);
    expect((await order()).find((p) => p.id === a)?.legenda).toBe("Sala com varanda");

    expect((await call(org.cookie, "DELETE", `/api/property-photos/${id}/${b}`)).status).toBe(200);
    await Promise.all(h.pending);
    expect(bucket.objects.has(`${bKey}/640.webp`)).toBe(false);
    const left = await order();
    expect(left.filter((p) => p.capa).map((p) => p.id)).toEqual([c]);
    expect(await propertyRow(id)).toMatchObject({ fotos: 2, capaChave: left[0]?.chave });
  });

  it("refuses another organization's photo for every change", async () => {
    const { id } = await insertProperty(h, org.orgId);
    const photo = (await upload(org.cookie, id)).body.data.id;
    expect((await call(other.cookie, "POST", `/api/property-photos/${id}/${photo}/cover`)).status).toBe(404);
    expect((await call(other.cookie, "DELETE", `/api/property-photos/${id}/${photo}`)).status).toBe(404);
    expect((await call(other.cookie, "PATCH", `/api/property-photos/${id}/${photo}`, { legenda: "x" })).status).toBe(404);
    expect((await call(other.cookie, "PUT", `/api/property-photos/${id}/order`, { ids: [photo] })).status).toBe(409);
    expect((await call(other.cookie, "GET", `/api/property-photos/${id}`)).status).toBe(404);
    expect(await propertyRow(id)).toMatchObject({ fotos: 1 });
  });
});

describe("serving /media", () => {
  it("serves an available property's photo to anyone, immutable, with ETag; 304 on a match", async () => {
    const { id } = await insertProperty(h, org.orgId);
    const photo = (await upload(org.cookie, id)).body.data;
    const res = await h.request(photoUrl(photo.chave, 640));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/webp");
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const etag = res.headers.get("etag") as string;
    expect(etag).toBeTruthy();
    expect(new Uint8Array(await res.arrayBuffer()).byteLength).toBe(740);
    const again = await h.request(photoUrl(photo.chave, 640), { headers: { "if-none-match": etag } });
    expect(again.status).toBe(304);
  });

  it("serves a draft's photo only to its organization's members, never cached publicly", async () => {
    const { id } = await insertProperty(h, org.orgId, { status: "rascunho" });
    const photo = (await upload(org.cookie, id)).body.data;
    const url = photoUrl(photo.chave, 320);
    const anonymous = await h.request(url);
    expect(anonymous.status).toBe(404);
    expect(await anonymous.text()).toBe("Imagem não encontrada.");
    expect((await h.request(url, { cookie: other.cookie })).status).toBe(404);
    const member = await h.request(url, { cookie: org.cookie });
    expect(member.status).toBe(200);
    expect(member.headers.get("cache-control")).toBe("private, no-store");
  });

  it("answers 404 for a deleted photo, a deleted property, a made-up size or a path outside the layout", async () => {
    const { id } = await insertProperty(h, org.orgId);
    const [kept, gone] = [(await upload(org.cookie, id)).body.data, (await upload(org.cookie, id)).body.data];
    // The row goes; even if its files were still there, they are no longer served.
    await h.fresh.db.delete(propertyPhotos).where(eq(propertyPhotos.id, gone.id));
    expect((await h.request(photoUrl(gone.chave, 320))).status).toBe(404);
    expect((await h.request(photoUrl(kept.chave, 800))).status).toBe(404);
    expect((await h.request(`/media/${kept.chave}/../320.webp`)).status).toBe(404);
    expect((await h.request(`/media/orgs/${org.orgId}/logo.png`)).status).toBe(404);
    await h.fresh.db.update(properties).set({ excluidoEm: new Date() }).where(eq(properties.id, id));
    expect((await h.request(photoUrl(kept.chave, 320))).status).toBe(404);
  });

  it("stores the share image as a JPEG and serves it; refuses another format, another size, and garbage behind a JPEG signature", async () => {
    const { id } = await insertProperty(h, org.orgId);
    const form = new FormData();
    form.set("imagem", new File([jpegFile("baseline", 1200, 630, 300) as BlobPart], "share.jpg", { type: "image/jpeg" }));
    const res = await h.request(`/api/property-photos/${id}/share-image`, { method: "PUT", body: form, cookie: org.cookie });
    expect(res.status).toBe(200);
    const { data } = (await res.json()) as { data: { chave: string } };
    expect((await propertyRow(id))?.imagemCompartilhamentoChave).toBe(data.chave);
    const served = await h.request(shareImageUrl(data.chave));
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/jpeg");
    const bad = new FormData();
    bad.set("imagem", new File([webpBytes() as BlobPart], "share.webp"));
    expect((await h.request(`/api/property-photos/${id}/share-image`, { method: "PUT", body: bad, cookie: org.cookie })).status).toBe(400);
    for (const bytes of [jpegBytes(300), jpegFile("baseline", 1600, 1200, 300)]) {
      const refused = new FormData();
      refused.set("imagem", new File([bytes as BlobPart], "share.jpg", { type: "image/jpeg" }));
      const res = await h.request(`/api/property-photos/${id}/share-image`, { method: "PUT", body: refused, cookie: org.cookie });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: { message: string } }).error.message).toBe(
        "A imagem de compartilhamento deve ser um JPEG de 1200 × 630 px.",
      );
    }
    expect((await propertyRow(id))?.imagemCompartilhamentoChave).toBe(data.chave);
  });
});
