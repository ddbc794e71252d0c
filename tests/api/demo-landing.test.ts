import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { landingPages, portalSettings } from "../../db/schema/index.ts";
import { DEMO_LANDING_SLUG, seedDemoLanding } from "../../scripts/seed/demo-landing.ts";
import { publicLanding } from "../../worker/services/site/landing-page.ts";
import { createHarness, createOwner, type Harness, userId } from "./harness.ts";
import { insertProperties, readyRow } from "./real-estate/portal-fixtures.ts";

/** The demo's landing page and portal secrets, over a fresh database with a few properties. */

let h: Harness;

beforeAll(async () => {
  h = await createHarness();
});

describe("seedDemoLanding", () => {
  it("publishes /p/imobiliaria-horizonte with the available properties (destaque first) and makes the portal secrets", async () => {
    const owner = await createOwner(h, "Horizonte Demo");
    const ownerId = (await userId(h, owner.email)) as string;
    const o = owner.orgId;
    const plain = readyRow(o);
    const noPhoto = readyRow(o, { fotos: 0, capaChave: null, destaque: true });
    const starred = readyRow(o, { destaque: true });
    const sold = readyRow(o, { status: "vendido", destaque: true });
    const draft = readyRow(o, { status: "rascunho" });
    const foreign = readyRow((await createOwner(h, "Vizinha Demo")).orgId, { destaque: true });
    await insertProperties(h.fresh.db, [plain, noPhoto, starred, sold, draft, foreign]);
    const ids = [plain, noPhoto, starred, sold, draft, foreign].map((p) => p.id as string);

    const now = new Date("2025-03-10T12:00:00Z");
    expect(await seedDemoLanding(h.fresh.db, o, ownerId, ids, now)).toEqual({ slug: DEMO_LANDING_SLUG });

    const view = await publicLanding(h.ctx(), DEMO_LANDING_SLUG);
    expect(view?.negocio).toBe("Negócio Horizonte Demo");
    // Destaque with a cover, then destaque without, then the rest; never sold, drafts nor another business's.
    expect(view?.cards.map((c) => c.slug)).toEqual([starred.slug, noPhoto.slug, plain.slug]);
    expect(view?.page.capaChave).toBe(starred.capaChave);
    expect(view?.page.servico1Titulo).toBe("Venda com avaliação gratuita");
    expect(view?.page.sobre).toMatch(/Zona Oeste de São Paulo/);

    const [page] = await h.fresh.db.select().from(landingPages).where(eq(landingPages.orgId, o));
    expect(page?.publicadoEm?.getTime()).toBe(now.getTime());
    const [settings] = await h.fresh.db.select().from(portalSettings).where(eq(portalSettings.orgId, o));
    expect(settings?.feedTokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(settings?.leadSecretHash).toMatch(/^[0-9a-f]{64}$/);
    expect(settings?.leadUser).toMatch(/^alicerce-[a-z0-9]+$/);
  });

  it("publishes without featured cards or cover when no property is available", async () => {
    const owner = await createOwner(h, "Sem Imoveis");
    const ownerId = (await userId(h, owner.email)) as string;
    // A second business cannot take the same slug: the demo runs on an empty database.
    await h.fresh.db.delete(landingPages).where(eq(landingPages.slug, DEMO_LANDING_SLUG));
    await seedDemoLanding(h.fresh.db, owner.orgId, ownerId, [], new Date());
    const view = await publicLanding(h.ctx(), DEMO_LANDING_SLUG);
    expect(view?.negocio).toBe("Negócio Sem Imoveis");
    expect(view?.cards).toEqual([]);
    expect(view?.page.capaChave).toBeUndefined();
  });
});
