import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { organizations } from "../../db/schema/index.ts";
import { DEMO_BRAND, DEMO_REFERENCES, seedDemoBrand, seedMissingDemoBrand } from "../../scripts/seed/demo-brand.ts";
import { accentContrast, contrastRatio, MIN_TEXT_CONTRAST } from "../../shared/brand/contrast.ts";
import { loadSession } from "../../worker/auth/sessions.ts";
import { referenceAccountsForPrompt } from "../../worker/services/ai-content/reference-accounts.ts";
import { getBrandStyle } from "../../worker/services/brand/brand-style.ts";
import { getAiMonthlyTokenLimit } from "../../worker/services/organization/business-settings.ts";
import { createHarness, createOwner, type Harness, userId } from "./harness.ts";

/** The demo's brand, accent, reference accounts and AI limit, written through the app's services. */

let h: Harness;

beforeAll(async () => {
  h = await createHarness();
});

describe("seedDemoBrand", () => {
  it("gives the demo business a legible brand with its accent, two reference accounts with notes and a set limit", async () => {
    const owner = await createOwner(h, "Horizonte Marca");
    await seedDemoBrand(h.fresh.db, owner.orgId, (await userId(h, owner.email)) as string, new Date());
    const brand = await getBrandStyle({ db: h.fresh.db }, owner.orgId);
    expect(brand).toEqual({ ...DEMO_BRAND, logoKey: null });
    expect(contrastRatio(brand.corPrimaria, brand.corTextoSobrePrimaria)).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
    expect(accentContrast(brand.corDestaqueApp ?? "#ffffff")).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
    const references = await referenceAccountsForPrompt({ db: h.fresh.db }, owner.orgId);
    expect(references).toEqual(DEMO_REFERENCES.map(({ handle, notas }) => ({ handle, notas })));
    for (const r of references) expect(r.notas.length).toBeGreaterThan(40);
    expect(await getAiMonthlyTokenLimit({ db: h.fresh.db }, owner.orgId)).toBe(500_000);
    // Every page of the demo organização draws with its accent.
    const auth = await loadSession(h.fresh.db, owner.cookie.split("=")[1] as string);
    expect(auth?.org?.accent).toBe(DEMO_BRAND.corDestaqueApp);
  });

  it("adds them once to a demo database seeded before they existed", async () => {
    const owner = await createOwner(h, "Horizonte Antiga");
    const document = "45723174000110";
    await h.fresh.db.update(organizations).set({ document }).where(eq(organizations.id, owner.orgId));
    expect(await seedMissingDemoBrand(h.fresh.db, document)).toBe(true);
    expect((await getBrandStyle({ db: h.fresh.db }, owner.orgId)).corPrimaria).toBe(DEMO_BRAND.corPrimaria);
    expect(await seedMissingDemoBrand(h.fresh.db, document)).toBe(false);
    expect(await referenceAccountsForPrompt({ db: h.fresh.db }, owner.orgId)).toHaveLength(2);
    expect(await seedMissingDemoBrand(h.fresh.db, "00000000000000")).toBe(false);
  });
});
