import { existsSync } from "node:fs";
import path from "node:path";
import { asc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { seedDemoPhotos } from "../../../scripts/seed/demo-photos.ts";
import { properties, propertyPhotos } from "../../../db/schema/index.ts";
import { PHOTO_WIDTHS } from "../../../shared/real-estate/photo-url.ts";
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

  it("is deterministic", async () => {
    const keys = (r: Awaited<ReturnType<typeof seeded>>) => r.map((x) => x.photos.map((p) => p.chave));
    expect(keys(await seeded("Demo B"))).toEqual(keys(await seeded("Demo C")));
  });
});
