/**
 * Post art through the main Worker (ADR 051): the live preview route (permission, validation,
 * the organização's photos only) and the service the generation job calls (one slide, a
 * carousel), stored as post images. The art Worker's handler runs in Node here; in workerd in
 * tests/workers/art.test.ts.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { readJpegHeader } from "../../../shared/image-header.ts";
import { publishObjectKey } from "../../../shared/real-estate/photo-url.ts";
import { parsePostImageKey } from "../../../shared/social/post-image-key.ts";
import { DEFAULT_BRAND } from "../../../shared/brand/brand-style.ts";
import type { Actor } from "../../../worker/services/context.ts";
import { carouselSlides, storeArt, storeCarousel } from "../../../worker/services/art/post-art.ts";
import { saveBrandStyle } from "../../../worker/services/brand/brand-style.ts";
import { nodeArtBinding } from "../../support/art-binding.ts";
import { demoPhoto, SHORT } from "../../support/art-samples.ts";
import { createHarness, createOwner, type Harness, userId } from "../harness.ts";
import { fakeBucket } from "../real-estate/property-photos-fixtures.ts";

let h: Harness;
let bucket: ReturnType<typeof fakeBucket>;
let art: ReturnType<typeof nodeArtBinding>;
let org: Awaited<ReturnType<typeof createOwner>>;
let other: Awaited<ReturnType<typeof createOwner>>;
let actor: Actor;
let photoKey: string;
let otherPhotoKey: string;

beforeAll(async () => {
  h = await createHarness();
  bucket = fakeBucket();
  art = nodeArtBinding();
  h.env.FILES = bucket;
  h.env.ART = art;
  org = await createOwner(h, "Artes");
  other = await createOwner(h, "Outra das Artes");
  actor = { userId: (await userId(h, org.email)) as string, orgId: org.orgId, role: "owner" };
  photoKey = `orgs/${org.orgId}/properties/p1/jpeg-foto1`;
  otherPhotoKey = `orgs/${other.orgId}/properties/p9/jpeg-foto9`;
  await bucket.put(publishObjectKey(photoKey), demoPhoto("casa-1"));
  await bucket.put(publishObjectKey(otherPhotoKey), demoPhoto("sala-1"));
});

const body = (over: Record<string, unknown> = {}) => ({
  modelo: "faixa-preco",
  formato: "retrato",
  conteudo: SHORT,
  fotoChave: photoKey,
  ...over,
});

/** `cookie` null: a visitor. */
async function preview(json: unknown, cookie: string | null = org.cookie) {
  return h.request("/api/posts/arte/previa", { method: "POST", json, ...(cookie ? { cookie } : {}) });
}

describe("POST /api/posts/arte/previa", () => {
  it("answers a 540 px JPEG of the slide, in the format asked, stored nowhere", async () => {
    const stored = bucket.objects.size;
    for (const [formato, height] of [
      ["quadrado", 540],
      ["retrato", 675],
      ["story", 960],
    ] as const) {
      const res = await preview(body({ formato }));
      expect(res.status, await res.clone().text()).toBe(200);
      expect(res.headers.get("content-type")).toBe("image/jpeg");
      expect(res.headers.get("cache-control")).toContain("no-store");
      expect(readJpegHeader(new Uint8Array(await res.arrayBuffer()))).toMatchObject({ width: 540, height });
    }
    expect(bucket.objects.size).toBe(stored);
  });

  it("draws with the brand sent (a /cores preview) and without a photo", async () => {
    const res = await preview(
      body({ fotoChave: null, modelo: "destaque", marca: { ...DEFAULT_BRAND, corPrimaria: "#7a1f3d", fonte: "playfair" } }),
    );
    expect(res.status).toBe(200);
  });

  it("draws, when no brand is sent, with the one saved on /cores — not Alicerce's", async () => {
    const branded = await createOwner(h, "Marca Salva");
    const owner: Actor = { userId: (await userId(h, branded.email)) as string, orgId: branded.orgId, role: "owner" };
    const saved = { ...DEFAULT_BRAND, corPrimaria: "#7a1f3d", corSecundaria: "#f5d06f", fonte: "playfair" } as const;
    await saveBrandStyle(h.ctx("10.9.0.2"), owner, {
      corPrimaria: saved.corPrimaria,
      corSecundaria: saved.corSecundaria,
      corTextoSobrePrimaria: saved.corTextoSobrePrimaria,
      fonte: saved.fonte,
      corDestaqueApp: null,
    });
    const jpeg = async (over: Record<string, unknown>) => {
      const res = await preview(body({ fotoChave: null, modelo: "destaque", ...over }), branded.cookie);
      expect(res.status, await res.clone().text()).toBe(200);
      return Buffer.from(await res.arrayBuffer()).toString("base64");
    };
    const unsent = await jpeg({});
    // Rendering is deterministic: the same brand draws the same bytes.
    expect(unsent).toBe(await jpeg({ marca: saved }));
    expect(unsent).not.toBe(await jpeg({ marca: DEFAULT_BRAND }));
  });

  it("refuses another organização's photo with the same 404 as a missing one, before rendering", async () => {
    const calls = art.calls;
    for (const fotoChave of [otherPhotoKey, `orgs/${org.orgId}/properties/p1/nao-existe`, "../../etc/passwd"]) {
      const res = await preview(body({ fotoChave }));
      expect(res.status).toBe(404);
      expect(((await res.json()) as { error: { message: string } }).error.message).toBe(
        "Foto não encontrada. Escolha outra foto para a arte.",
      );
    }
    expect(art.calls).toBe(calls);
  });

  it("refuses a visitor (401) and a body outside the schema (400)", async () => {
    expect((await preview(body(), null)).status).toBe(401);
    expect((await preview(body({ modelo: "inexistente" }))).status).toBe(400);
    expect((await preview(body({ conteudo: { ...SHORT, titulo: "x".repeat(121) } }))).status).toBe(400);
    expect((await preview(body({ marca: { ...DEFAULT_BRAND, corPrimaria: "red" } }))).status).toBe(400);
  });

  it("says so in pt-BR when the art Worker is not bound", async () => {
    h.env.ART = undefined;
    try {
      const res = await preview(body());
      expect(res.status).toBe(422);
      expect(((await res.json()) as { error: { message: string } }).error.message).toContain("gerador de artes não está disponível");
    } finally {
      h.env.ART = art;
    }
  });
});

describe("the art service (what the generation job calls)", () => {
  it("stores a slide as a post image of the organização: the 1080 JPEG for Meta and the display sizes", async () => {
    const stored = await storeArt(
      h.ctx("10.9.0.1"),
      actor,
      { art, bucket: bucket as never },
      {
        template: "elegante",
        slide: "capa",
        format: "retrato",
        content: SHORT,
        brand: DEFAULT_BRAND,
        photoKey,
      },
    );
    expect(parsePostImageKey(stored.chave)).toMatchObject({ orgId: org.orgId, width: 1080, height: 1350 });
    const publish = bucket.objects.get(publishObjectKey(stored.chave));
    expect(publish?.contentType).toBe("image/jpeg");
    expect(readJpegHeader(publish?.bytes as Uint8Array)).toMatchObject({ width: 1080, height: 1350 });
    expect(publish?.bytes.byteLength).toBeLessThan(8 * 1024 * 1024);
    expect(publish?.customMetadata).toMatchObject({ width: "1080", height: "1350" });
    expect(readJpegHeader(bucket.objects.get(`${stored.chave}/640.jpg`)?.bytes as Uint8Array)).toMatchObject({ width: 640, height: 800 });
    expect(readJpegHeader(bucket.objects.get(`${stored.chave}/320.jpg`)?.bytes as Uint8Array)).toMatchObject({ width: 320, height: 400 });
  });

  it("makes a carousel: the cover, one slide per further photo, the facts, the contact — at most 10", async () => {
    const input = { template: "faixa-preco" as const, format: "quadrado" as const, content: SHORT, brand: DEFAULT_BRAND };
    expect(carouselSlides({ ...input, photoKeys: ["a", "b", "c"] }).map((s) => [s.slide, s.photoKey])).toEqual([
      ["capa", "a"],
      ["foto", "b"],
      ["foto", "c"],
      ["ficha", "a"],
      ["contato", null],
    ]);
    const many = carouselSlides({ ...input, photoKeys: Array.from({ length: 15 }, (_, i) => `p${i}`) });
    expect(many).toHaveLength(10);
    expect(many.at(-1)?.slide).toBe("contato");
    // A produto without facts: no facts slide.
    expect(carouselSlides({ ...input, content: { ...SHORT, fatos: [] }, photoKeys: ["a"] }).map((s) => s.slide)).toEqual([
      "capa",
      "contato",
    ]);

    const stored = await storeCarousel(
      h.ctx("10.9.0.2"),
      actor,
      { art, bucket: bucket as never },
      { ...input, photoKeys: [photoKey, photoKey] },
    );
    expect(stored).toHaveLength(4);
    for (const s of stored) expect(parsePostImageKey(s.chave)).toMatchObject({ orgId: org.orgId, width: 1080, height: 1080 });
  });

  it("draws only the organização's own photos, whoever calls it", async () => {
    await expect(
      storeArt(
        h.ctx("10.9.0.3"),
        { ...actor, role: "professional" },
        { art, bucket: bucket as never },
        {
          template: "ficha",
          slide: "capa",
          format: "story",
          content: SHORT,
          brand: DEFAULT_BRAND,
          photoKey: otherPhotoKey,
        },
      ),
    ).rejects.toThrow("Foto não encontrada");
  });
});
