import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { asc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { seedDemoPhotos } from "../../../scripts/seed/demo-photos.ts";
import { properties, propertyPhotos } from "../../../db/schema/index.ts";
import { PHOTO_WIDTHS, publishObjectKey } from "../../../shared/real-estate/photo-url.ts";
import { readJpegHeader } from "../../../shared/image-header.ts";
import { publishPlan } from "../../../shared/social/instagram-media.ts";
import { DEMO_PHOTOS } from "../../../scripts/seed/photos/names.ts";
import { createHarness, createOwner, type Harness } from "../harness.ts";
import { insertProperty } from "./property-photos-fixtures.ts";

/** The demo photos: 3–6 per property, an exterior cover, the same every time, files shipped. */

let h: Harness;

beforeAll(async () => {
  h = await createHarness();
});

async function seeded(name: string) {
  const org = await createOwner(h, name);
  const ids = [
    (await insertProperty(h, org.orgId, { tipo: "apartamento" })).id,
    (await insertProperty(h, org.orgId, { tipo: "casa" })).id,
    (await insertProperty(h, org.orgId, { tipo: "apartamento" })).id,
  ];
  await seedDemoPhotos(h.fresh.db, null, org.orgId, ids);
  return Promise.all(
    ids.map(async (id) => ({
      property: (await h.fresh.db.select().from(properties).where(eq(properties.id, id)))[0],
      photos: await h.fresh.db.select().from(propertyPhotos).where(eq(propertyPhotos.propertyId, id)).orderBy(asc(propertyPhotos.posicao)),
    })),
  );
}

describe("seedDemoPhotos", () => {
  it("gives each property 3–6 shipped photos, one exterior cover, with the property's count and cover key", async () => {
    const result = await seeded("Demo A");
    for (const { property, photos } of result) {
      expect(photos.length).toBeGreaterThanOrEqual(3);
      expect(photos.length).toBeLessThanOrEqual(6);
      expect(photos.filter((p) => p.capa).map((p) => p.posicao)).toEqual([0]);
      expect(property?.fotos).toBe(photos.length);
      expect(property?.capaChave).toBe(photos[0]?.chave);
      expect(new Set(photos.map((p) => p.chave)).size).toBe(photos.length);
      for (const photo of photos) {
        expect(photo.chave).toMatch(/^demo\/[a-z0-9-]+$/);
        for (const w of PHOTO_WIDTHS)
          expect(existsSync(path.resolve("public/media", photo.chave, `${w}.webp`)), `${photo.chave}/${w}`).toBe(true);
      }
    }
    expect(result[0]?.photos[0]?.chave).toMatch(/^demo\/fachada-/);
    expect(result[1]?.photos[0]?.chave).toMatch(/^demo\/casa-/);
  });

  it("ships each demo photo's publishing JPEG (ADR 042): a real JPEG at the size the crop gives the stored photo", async () => {
    const result = await seeded("Demo D");
    const expected = publishPlan({ width: 1600, height: 1200 }).output;
    for (const photo of result.flatMap((r) => r.photos))
      expect({ largura: photo.largura, altura: photo.altura }).toEqual({ largura: 1600, altura: 1200 });
    for (const { name } of DEMO_PHOTOS) {
      const file = path.resolve("public/media", publishObjectKey(`demo/${name}`));
      expect(readJpegHeader(new Uint8Array(readFileSync(file))), name).toEqual({ format: "jpeg", ...expected });
      expect(statSync(file).size, name).toBeLessThan(120 * 1024);
    }
  });

  it("is deterministic", async () => {
    const keys = (r: Awaited<ReturnType<typeof seeded>>) => r.map((x) => x.photos.map((p) => p.chave));
    expect(keys(await seeded("Demo B"))).toEqual(keys(await seeded("Demo C")));
  });
});
