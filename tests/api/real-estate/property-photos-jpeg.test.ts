import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { properties, propertyPhotos } from "../../../db/schema/index.ts";
import { PHOTO_WIDTHS, photoSrcSet, photoUrl } from "../../../shared/real-estate/photo-url.ts";
import { createHarness, createOwner, type Harness } from "../harness.ts";
import { jpegFile, withJpegSize } from "../../support/jpeg.ts";
import { fakeBucket, insertProperty, photoFile } from "./property-photos-fixtures.ts";

/**
 * JPEG photos (ADR 031): what Safari, and so every iOS browser, makes, since its canvas does
 * not encode WebP. Accepted when every width's header decodes to the declared size, stored under
 * a `jpeg-` key as `<width>.jpg`, served as image/jpeg like WebP ones, and deleted by the same
 * names; garbage behind a JPEG signature is refused as garbage behind a WebP one is.
 */

let h: Harness;
let org: Awaited<ReturnType<typeof createOwner>>;
let bucket: ReturnType<typeof fakeBucket>;

beforeAll(async () => {
  h = await createHarness();
  bucket = fakeBucket();
  h.env.FILES = bucket;
  org = await createOwner(h, "Fotos JPEG");
});

type PhotoJson = { id: string; chave: string; capa: boolean };

/** One width of a JPEG photo as Safari's resizer makes it from a `largura` × `altura` original. */
function jpegPhoto(width: number, largura = 1600, altura = 1200, kind: "baseline" | "progressive" = "baseline"): Uint8Array {
  const real = Math.min(width, largura);
  return jpegFile(kind, real, Math.round((altura * real) / largura), 200 + width);
}

function photoForm(bytes: (w: number) => Uint8Array, size: [number, number] = [1600, 1200]): FormData {
  const form = new FormData();
  for (const w of PHOTO_WIDTHS) form.set(`w${w}`, new File([bytes(w) as BlobPart], `${w}.jpg`, { type: "image/jpeg" }));
  form.set("largura", String(size[0]));
  form.set("altura", String(size[1]));
  return form;
}

async function upload(propertyId: string, form: FormData) {
  const res = await h.request(`/api/property-photos/${propertyId}`, { method: "POST", body: form, cookie: org.cookie });
  return { status: res.status, body: (await res.json()) as { data: PhotoJson; error?: { message: string } } };
}

describe("uploading a JPEG photo", () => {
  it("stores every width as .jpg under a jpeg- key with image/jpeg, and the row and cover say JPEG", async () => {
    const { id } = await insertProperty(h, org.orgId);
    const saved = await upload(
      id,
      photoForm((w) => jpegPhoto(w)),
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    const { chave } = saved.body.data;
    expect(chave).toBe(`orgs/${org.orgId}/properties/${id}/jpeg-${saved.body.data.id}`);
    for (const w of PHOTO_WIDTHS) expect(bucket.objects.get(`${chave}/${w}.jpg`)?.contentType).toBe("image/jpeg");
    expect(PHOTO_WIDTHS.some((w) => bucket.objects.has(`${chave}/${w}.webp`))).toBe(false);
    const [row] = await h.fresh.db.select().from(propertyPhotos).where(eq(propertyPhotos.id, saved.body.data.id));
    expect(row?.tipoConteudo).toBe("image/jpeg");
    const [property] = await h.fresh.db.select().from(properties).where(eq(properties.id, id));
    expect(property).toMatchObject({ fotos: 1, capaChave: chave });
    // Progressive JPEG and a narrow original (kept at its own size under the wider names) too.
    const progressive = await upload(
      id,
      photoForm((w) => jpegPhoto(w, 800, 600, "progressive"), [800, 600]),
    );
    expect(progressive.status, JSON.stringify(progressive.body)).toBe(201);
  });

  it("serves it as image/jpeg at .jpg URLs (srcset included), immutable; its .webp names are no file", async () => {
    const { id } = await insertProperty(h, org.orgId);
    const { chave } = (
      await upload(
        id,
        photoForm((w) => jpegPhoto(w)),
      )
    ).body.data;
    expect(photoUrl(chave, 640)).toBe(`/media/${chave}/640.jpg`);
    expect(photoSrcSet(chave)).toBe(PHOTO_WIDTHS.map((w) => `/media/${chave}/${w}.jpg ${w}w`).join(", "));
    const res = await h.request(photoUrl(chave, 640));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/jpeg");
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(jpegPhoto(640));
    expect((await h.request(`/media/${chave}/640.webp`)).status).toBe(404);
  });

  it("deletes its .jpg files with the photo", async () => {
    const { id } = await insertProperty(h, org.orgId);
    const { id: photoId, chave } = (
      await upload(
        id,
        photoForm((w) => jpegPhoto(w)),
      )
    ).body.data;
    const res = await h.request(`/api/property-photos/${id}/${photoId}`, { method: "DELETE", cookie: org.cookie });
    expect(res.status).toBe(200);
    await Promise.all(h.pending);
    expect(PHOTO_WIDTHS.some((w) => bucket.objects.has(`${chave}/${w}.jpg`))).toBe(false);
  });
});

describe("refusing JPEG uploads, in pt-BR, keeping nothing", () => {
  it("refuses garbage behind the JPEG signature, a lying header, a photo over 1600 × 4096 px, and mixed formats", async () => {
    const { id } = await insertProperty(h, org.orgId);
    const before = bucket.objects.size;
    const refused = async (form: FormData): Promise<string | undefined> => {
      const res = await upload(id, form);
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      return res.body.error?.message;
    };
    // FF D8 FF E0 then noise, even ending in EOI: what a signature check would store and serve for a year.
    const garbage = (w: number): Uint8Array => {
      const bytes = new Uint8Array(300 + w).map((_, i) => (i * 7919) % 251);
      bytes.set([0xff, 0xd8, 0xff, 0xe0], 0);
      bytes.set([0xff, 0xd9], bytes.length - 2);
      return bytes;
    };
    expect(await refused(photoForm(garbage))).toBe(
      "A foto deve ser enviada em JPEG ou WebP (redimensionada pelo navegador). Envie a foto de novo.",
    );
    // Cut off in the middle of a width (an interrupted encode).
    expect(await refused(photoForm((w) => jpegPhoto(w).subarray(0, 40)))).toContain("JPEG ou WebP");
    // Real headers, but one width says another size than the declared 1600 × 1200 makes.
    expect(await refused(photoForm((w) => (w === 640 ? withJpegSize(jpegPhoto(640), 640, 400) : jpegPhoto(w))))).toBe(
      "O tamanho 640 px da foto tem 640 × 400 px, e não 640 × 480 px como informado. Envie a foto de novo.",
    );
    // Every file 20000 × 20000 px, declared 1600 × 1200; and an honest photo taller than the maximum.
    expect(await refused(photoForm(() => jpegFile("baseline", 20000, 20000)))).toMatch(/^O tamanho 320 px da foto tem 20000 × 20000 px/);
    expect(await refused(photoForm((w) => jpegPhoto(w, 1600, 4097), [1600, 4097]))).toBe(
      "A foto passa do tamanho máximo (1600 px de largura e 4096 px de altura). Recorte-a e envie de novo.",
    );
    // Some widths WebP, some JPEG: one photo is one format.
    expect(await refused(photoForm((w) => (w === 1024 ? photoFile(w) : jpegPhoto(w))))).toBe(
      "Todos os tamanhos da foto devem estar no mesmo formato (JPEG ou WebP). Envie a foto de novo.",
    );
    expect(bucket.objects.size).toBe(before);
    const [property] = await h.fresh.db.select().from(properties).where(eq(properties.id, id));
    expect(property).toMatchObject({ fotos: 0, capaChave: null });
  });
});
