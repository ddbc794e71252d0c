import { inArray, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { PHOTO_FORMATS, PHOTO_WIDTHS, photoFormatOfKey } from "../../shared/real-estate/photo-url.ts";
import type { Database } from "../../db/client.ts";
import { properties, propertyPhotos } from "../../db/schema/index.ts";
import { orgScope } from "../../db/tenant.ts";
import { createRng } from "./demo-random.ts";
import { DEMO_PHOTO_PREFIX, DEMO_PHOTOS, type DemoPhoto } from "./photos/names.ts";

/** Kinds whose cover is a house front rather than a building's façade. */
const HOUSES = new Set(["casa", "sobrado", "casa_condominio", "chacara", "sitio", "fazenda"]);

/**
 * Gives each demo property 3–6 photos, deterministically (same properties in, same photos
 * out): an exterior first, as the cover, then interiors. Rows, cover and the property's
 * `fotos`/`capaChave` are written in one batch.
 *
 * The files are static assets, not R2 objects: every key is `demo/<name>`, whose URLs
 * (`/media/demo/<name>/<width>.webp`, or `.jpg` for a `jpeg-` name: ADR 031) the assets in `public/media/demo/` answer before the
 * Worker runs (made by scripts/seed/photos/generate.ts). So the seed, which runs in Node before the
 * Worker starts, writes nothing to storage and `bucket` may be null; it is accepted so a seed
 * running inside the Worker has the same call, and is not needed there either.
 */
export async function seedDemoPhotos(db: Database, _bucket: R2Bucket | null, orgId: string, propertyIds: string[]): Promise<void> {
  if (!propertyIds.length) return;
  const scope = orgScope(db, orgId);
  const kinds = await db
    .select({ id: properties.id, tipo: properties.tipo })
    .from(properties)
    .where(scope.where(properties, inArray(properties.id, propertyIds)));
  const kindOf = new Map(kinds.map((k) => [k.id, k.tipo]));
  const exteriors = (house: boolean) => DEMO_PHOTOS.filter((p) => p.kind === (house ? "casa" : "fachada"));
  const interiors = DEMO_PHOTOS.filter((p) => p.kind !== "casa" && p.kind !== "fachada");
  const rng = createRng(0x5eed_f070);
  const now = new Date();
  const rows: (typeof propertyPhotos.$inferInsert)[] = [];
  for (const propertyId of propertyIds) {
    if (!kindOf.has(propertyId)) continue;
    const house = HOUSES.has(kindOf.get(propertyId) ?? "");
    const chosen: DemoPhoto[] = [rng.pick(exteriors(house)), ...rng.shuffle(interiors).slice(0, rng.int(2, 5))];
    chosen.forEach((photo, posicao) => {
      const chave = `${DEMO_PHOTO_PREFIX}${photo.name}`;
      rows.push(
        scope.values({
          id: crypto.randomUUID(),
          propertyId,
          chave,
          tamanhos: [...PHOTO_WIDTHS],
          tipoConteudo: PHOTO_FORMATS[photoFormatOfKey(chave)].contentType,
          largura: 1600,
          altura: 1200,
          bytes: 0,
          posicao,
          capa: posicao === 0,
          legenda: photo.legenda,
          criadoEm: now,
        }),
      );
    });
  }
  if (!rows.length) return;
  const ofProperty = sql`${propertyPhotos.orgId} = ${properties.orgId} and ${propertyPhotos.propertyId} = ${properties.id}`;
  const statements: BatchItem<"sqlite">[] = [];
  for (let i = 0; i < rows.length; i += 100) statements.push(db.insert(propertyPhotos).values(rows.slice(i, i + 100)));
  statements.push(
    db
      .update(properties)
      .set({
        fotos: sql`(select count(*) from ${propertyPhotos} where ${ofProperty})`,
        capaChave: sql`(select ${propertyPhotos.chave} from ${propertyPhotos} where ${ofProperty} and ${propertyPhotos.capa} = 1)`,
      })
      .where(scope.where(properties, inArray(properties.id, propertyIds))),
  );
  await db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
}
