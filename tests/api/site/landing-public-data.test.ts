import { eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import * as landingPage from "../../../app/routes/site/landing-page.public.tsx";
import { properties } from "../../../db/schema/index.ts";
import { previewLanding, publicLanding, publishLanding, saveLandingDraft } from "../../../worker/services/site/landing-page.ts";
import { createPageHarness } from "../page-harness.ts";
import { createOwner, type Harness, userId } from "../harness.ts";
import { insertProperties, readyRow } from "../real-estate/portal-fixtures.ts";
import { actorFor } from "../records.ts";

/**
 * The public page `/p/{slug}` (its loader data, as the `.data` request and the document carry it)
 * holds nothing of properties that are no longer live, though the published copy still lists the
 * chosen ids and the cover chosen then; the cards carry no id (a live photo's key names its own).
 */

let h: Harness;

beforeAll(async () => {
  h = await createPageHarness({ "p/:slug": landingPage });
});

describe("the public landing page's data", () => {
  it("carries no id nor cover of properties sold or deleted after publishing, and cards without ids", async () => {
    const owner = await createOwner(h, "Vitrine");
    const actor = actorFor(owner.orgId, (await userId(h, owner.email)) as string);
    const [live, sold, deleted] = [readyRow(owner.orgId), readyRow(owner.orgId), readyRow(owner.orgId)];
    await insertProperties(h.fresh.db, [live, sold, deleted]);
    const ids = [live.id, sold.id, deleted.id] as string[];
    await saveLandingDraft(h.ctx(), actor, {
      slug: "vitrine-imoveis",
      titulo: "Imóveis da Vitrine",
      corPrimaria: "#0f766e",
      destaques: ids,
      capaChave: sold.capaChave,
    });
    await publishLanding(h.ctx(), actor);
    await h.fresh.db
      .update(properties)
      .set({ status: "vendido" })
      .where(eq(properties.id, sold.id as string));
    await h.fresh.db
      .update(properties)
      .set({ excluidoEm: new Date() })
      .where(inArray(properties.id, [deleted.id as string]));

    const view = await publicLanding(h.ctx(), "vitrine-imoveis");
    expect(view?.cards.map((c) => c.slug)).toEqual([live.slug]);
    expect(view?.page.capaChave).toBeUndefined();
    expect(view?.page).not.toHaveProperty("destaques");
    expect(view?.cards[0]).not.toHaveProperty("id");
    const preview = await previewLanding(h.ctx(), actor);
    expect(preview).toEqual(view);

    const data = await h.request("/p/vitrine-imoveis.data", { headers: { "cf-connecting-ip": "10.45.0.1" } });
    expect(data.status).toBe(200);
    const text = await data.text();
    expect(text).toContain(live.slug as string);
    for (const [what, value] of [
      ["sold id", sold.id],
      ["deleted id", deleted.id],
      ["sold slug", sold.slug],
      ["deleted slug", deleted.slug],
    ] as const) {
      expect(JSON.stringify(view), what).not.toContain(value as string);
      expect(text, what).not.toContain(value as string);
    }
  });
});
