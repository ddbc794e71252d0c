import { eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { propertyPhotos } from "../../../db/schema/index.ts";
import { PHOTO_WIDTHS, publishObjectKey } from "../../../shared/real-estate/photo-url.ts";
import { readConfig } from "../../../worker/config/env.ts";
import { publishMediaOf } from "../../../worker/services/media/publish-media.ts";
import { signedMediaUrl } from "../../../worker/services/media/signed-media.ts";
import { jpegFile, withJpegSize } from "../../support/jpeg.ts";
import { createHarness, createOwner, type Harness } from "../harness.ts";
import { fakeBucket, insertProperty, jpegBytes, photoFile } from "../real-estate/property-photos-fixtures.ts";

/**
 * Media for Meta (ADR 042): each photo's publishing JPEG (sent with the upload, or later for an
 * older photo), checked by its header against the size the crop makes, stored beside the widths
 * and deleted with them; served to Meta only at a signed, expiring URL of our own domain.
 */

let h: Harness;
let org: Awaited<ReturnType<typeof createOwner>>;
let other: Awaited<ReturnType<typeof createOwner>>;
let bucket: ReturnType<typeof fakeBucket>;

beforeAll(async () => {
  h = await createHarness();
  bucket = fakeBucket();
  h.env.FILES = bucket;
  org = await createOwner(h, "Mídia Meta");
  other = await createOwner(h, "Outra Mídia");
});

afterEach(() => {
  vi.restoreAllMocks();
});

type PhotoJson = { id: string; chave: string };

/** A 1600 × 1200 WebP photo's form; `publish` the publishing JPEG part, or none. */
function photoForm(publish?: Uint8Array, size: [number, number] = [1600, 1200]): FormData {
  const form = new FormData();
  for (const w of PHOTO_WIDTHS) form.set(`w${w}`, new File([photoFile(w, ...size) as BlobPart], `${w}.webp`, { type: "image/webp" }));
  form.set("largura", String(size[0]));
  form.set("altura", String(size[1]));
  if (publish) form.set("publicacao", new File([publish as BlobPart], "publish.jpg", { type: "image/jpeg" }));
  return form;
}

async function upload(propertyId: string, form: FormData, cookie = org.cookie) {
  const res = await h.request(`/api/property-photos/${propertyId}`, { method: "POST", body: form, cookie });
  return { status: res.status, body: (await res.json()) as { data: PhotoJson; error?: { message: string } } };
}

async function putRendition(propertyId: string, photoId: string, bytes: Uint8Array, cookie = org.cookie) {
  const form = new FormData();
  form.set("publicacao", new File([bytes as BlobPart], "publish.jpg", { type: "image/jpeg" }));
  const res = await h.request(`/api/property-photos/${propertyId}/${photoId}/publicacao`, { method: "PUT", body: form, cookie });
  return { status: res.status, body: (await res.json()) as { data?: { width: number; height: number }; error?: { message: string } } };
}

const signing = (now = new Date()) => ({ config: readConfig(h.env), origin: "http://localhost", now });

describe("the publishing JPEG", () => {
  it("is stored with the upload beside the widths, with its size, and deleted with the photo", async () => {
    const { id } = await insertProperty(h, org.orgId);
    const publish = jpegFile("baseline", 1080, 810, 500);
    const saved = await upload(id, photoForm(publish));
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    const key = publishObjectKey(saved.body.data.chave);
    expect(key).toBe(`${saved.body.data.chave}/publish.jpg`);
    expect(bucket.objects.get(key)).toMatchObject({ contentType: "image/jpeg", customMetadata: { width: "1080", height: "810" } });
    expect(bucket.objects.get(key)?.bytes).toEqual(publish);
    // Never through the public media route: only signed.
    expect((await h.request(`/media/${key}`)).status).toBe(404);

    const del = await h.request(`/api/property-photos/${id}/${saved.body.data.id}`, { method: "DELETE", cookie: org.cookie });
    expect(del.status).toBe(200);
    await Promise.all(h.pending);
    expect(bucket.objects.has(key)).toBe(false);
    expect(PHOTO_WIDTHS.some((w) => bucket.objects.has(`${saved.body.data.chave}/${w}.webp`))).toBe(false);
  });

  it("is cropped to Instagram's range: a tall phone photo's is 4:5", async () => {
    const { id } = await insertProperty(h, org.orgId);
    // 9:16 at 1600 px wide is 1600 × 2844: its JPEG is 1080 × 1350 (4:5), not 1080 × 1920.
    const tall = await upload(id, photoForm(jpegFile("baseline", 1080, 1920), [1600, 2844]));
    expect(tall.status).toBe(400);
    expect(tall.body.error?.message).toBe("A versão para publicação deve ser um JPEG de 1080 × 1350 px. Envie a foto de novo.");
    expect((await upload(id, photoForm(jpegFile("progressive", 1080, 1350), [1600, 2844]))).status).toBe(201);
  });

  it("refuses garbage, a lying header, the wrong size or too many bytes, and stores nothing", async () => {
    const { id } = await insertProperty(h, org.orgId);
    const before = bucket.objects.size;
    const cases: [Uint8Array, number][] = [
      [jpegBytes(200), 400], // a JPEG signature and nothing decodable
      [photoFile(1024), 400], // a WebP
      [withJpegSize(jpegFile("baseline", 1080, 810), 1080, 811), 400], // a header that lies by a pixel
      [jpegFile("baseline", 1024, 768), 400], // another size
      [jpegFile("baseline", 1080, 810, 1536 * 1024 + 1), 413],
    ];
    for (const [bytes, status] of cases) {
      const res = await upload(id, photoForm(bytes));
      expect(res.status, JSON.stringify(res.body)).toBe(status);
      expect(res.body.error?.message).toMatch(/versão para publicação/);
    }
    // Text where the file belongs.
    const form = photoForm();
    form.set("publicacao", "não é um arquivo");
    expect((await upload(id, form)).status).toBe(400);
    expect(bucket.objects.size).toBe(before);
    expect(await h.fresh.db.select().from(propertyPhotos).where(eq(propertyPhotos.propertyId, id))).toEqual([]);
  });

  it("is made later for an older photo (PUT), with the same checks; not for another organização's", async () => {
    const { id } = await insertProperty(h, org.orgId);
    const saved = await upload(id, photoForm(undefined, [800, 600]));
    expect(saved.status).toBe(201);
    const key = publishObjectKey(saved.body.data.chave);
    expect(bucket.objects.has(key)).toBe(false);
    expect(
      await publishMediaOf(signing(), bucket as unknown as R2Bucket, org.orgId, {
        chave: saved.body.data.chave,
        largura: 800,
        altura: 600,
      }),
    ).toBeNull();

    expect((await putRendition(id, saved.body.data.id, jpegFile("baseline", 1080, 810))).status).toBe(400); // never enlarged
    expect((await putRendition(id, saved.body.data.id, jpegBytes(100))).status).toBe(400);
    expect((await putRendition(id, saved.body.data.id, jpegFile("baseline", 800, 600), other.cookie)).status).toBe(404);
    expect(bucket.objects.has(key)).toBe(false);

    const ok = await putRendition(id, saved.body.data.id, jpegFile("baseline", 800, 600));
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.data).toMatchObject({ width: 800, height: 600 });
    const media = await publishMediaOf(signing(), bucket as unknown as R2Bucket, org.orgId, {
      chave: saved.body.data.chave,
      largura: 800,
      altura: 600,
    });
    expect(media).toMatchObject({ width: 800, height: 600 });
    expect(media?.url).toMatch(new RegExp(`^http://localhost/media/signed/${key}\\?exp=\\d+&sig=[A-Za-z0-9_-]{43}$`));
  });

  it("a demo photo's is the committed static file, at its public URL", async () => {
    const media = await publishMediaOf(signing(), undefined, org.orgId, { chave: "demo/sala-1", largura: 1600, altura: 1200 });
    expect(media).toEqual({ url: "http://localhost/media/demo/sala-1/publish.jpg", width: 1080, height: 810, uploaded: null });
  });
});

describe("signed media URLs", () => {
  async function storedPhoto(owner = org): Promise<{ key: string; bytes: Uint8Array; photoId: string; propertyId: string }> {
    const { id } = await insertProperty(h, owner.orgId);
    const bytes = jpegFile("baseline", 1080, 810, 300);
    const saved = await upload(id, photoForm(bytes), owner.cookie);
    expect(saved.status).toBe(201);
    return { key: publishObjectKey(saved.body.data.chave), bytes, photoId: saved.body.data.id, propertyId: id };
  }
  const pathOf = (url: string) => {
    const u = new URL(url);
    return `${u.pathname}${u.search}`;
  };

  it("serve the JPEG to anyone holding one (no session), private and uncached; HEAD too", async () => {
    const { key, bytes } = await storedPhoto();
    const url = await signedMediaUrl(signing(), org.orgId, key);
    const res = await h.request(pathOf(url));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/jpeg");
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    expect(res.headers.get("content-length")).toBe(String(bytes.byteLength));
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(bytes);
    const head = await h.request(pathOf(url), { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("content-type")).toBe("image/jpeg");
    // The photo's own widths can be signed too (Facebook takes WebP).
    const webp = await signedMediaUrl(signing(), org.orgId, key.replace("publish.jpg", "1600.webp"));
    const widthRes = await h.request(pathOf(webp));
    expect(widthRes.status).toBe(200);
    expect(widthRes.headers.get("content-type")).toBe("image/webp");
  });

  it("answer one 403 for an expired, tampered, unsigned or unknown URL, whether the file exists or not", async () => {
    const { key } = await storedPhoto();
    const expired = await signedMediaUrl(signing(new Date(Date.now() - 2 * 3600_000)), org.orgId, key);
    const good = new URL(await signedMediaUrl(signing(), org.orgId, key));
    const sig = good.searchParams.get("sig") as string;
    const exp = good.searchParams.get("exp") as string;
    const missing = key.replace(/[0-9a-f]{8}-[0-9a-f-]+\/publish\.jpg$/, "00000000-0000-4000-8000-000000000000/publish.jpg");
    const attempts = [
      pathOf(expired),
      `/media/signed/${key}?exp=${Number(exp) + 10}&sig=${sig}`,
      `/media/signed/${key}?exp=${exp}&sig=${sig.startsWith("A") ? "B" : "A"}${sig.slice(1)}`,
      `/media/signed/${key}`,
      `/media/signed/${key.replace("publish.jpg", "1024.webp")}?exp=${exp}&sig=${sig}`,
      `/media/signed/${missing}?exp=${exp}&sig=${sig}`,
      `/media/signed/${encodeURIComponent(key)}?exp=${exp}&sig=${sig}`,
    ];
    const bodies = new Set<string>();
    for (const path of attempts) {
      const res = await h.request(path);
      expect(res.status, path).toBe(403);
      expect(res.headers.get("cache-control")).toBe("no-store");
      bodies.add(await res.text());
    }
    expect([...bodies]).toEqual(["Link de mídia inválido ou expirado."]);
  });

  it("never serve another organização's file: its key under our signature is 403, and ours are never signed for it", async () => {
    const mine = await storedPhoto(org);
    const theirs = await storedPhoto(other);
    const url = new URL(await signedMediaUrl(signing(), org.orgId, mine.key));
    const swapped = `/media/signed/${theirs.key}${url.search}`;
    expect((await h.request(swapped)).status).toBe(403);
    await expect(signedMediaUrl(signing(), org.orgId, theirs.key)).rejects.toThrow("Arquivo não encontrado.");
    // Their own signature serves their file.
    expect((await h.request(pathOf(await signedMediaUrl(signing(), other.orgId, theirs.key)))).status).toBe(200);
  });

  it("answer 404 when a validly signed file was deleted since; 403 when the server has no signing key", async () => {
    const { key, photoId, propertyId } = await storedPhoto();
    const url = pathOf(await signedMediaUrl(signing(), org.orgId, key));
    expect((await h.request(url)).status).toBe(200);
    await h.request(`/api/property-photos/${propertyId}/${photoId}`, { method: "DELETE", cookie: org.cookie });
    await Promise.all(h.pending);
    expect((await h.request(url)).status).toBe(404);

    const again = await storedPhoto();
    const signed = pathOf(await signedMediaUrl(signing(), org.orgId, again.key));
    const unset = await h.app.request(`http://localhost${signed}`, {}, { ...h.env, MEDIA_SIGNING_KEY: "" });
    expect(unset.status).toBe(403);
  });

  it("are logged without their signature", async () => {
    const { key } = await storedPhoto();
    const url = new URL(await signedMediaUrl(signing(), org.orgId, key));
    const sig = url.searchParams.get("sig") as string;
    const log = vi.spyOn(console, "log").mockImplementation(() => {});
    const res = await h.request(`${url.pathname}${url.search}`);
    const lines = log.mock.calls.map((call) => call.join(" "));
    log.mockRestore();
    expect(res.status).toBe(200);
    expect(lines.some((l) => l.startsWith(`GET /media/signed/${key} 200`))).toBe(true);
    expect(lines.join("\n")).not.toContain(sig);
    expect(lines.join("\n")).not.toContain("exp=");
  });
});
