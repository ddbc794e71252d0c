import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { organizations } from "../../../db/schema/index.ts";
import { logoDataUrl, reportLogo } from "../../../worker/services/reports/report-logo.ts";
import { fakeBucket } from "../../support/memory-bucket.ts";
import { BLUE_LOGO_PNG } from "../../support/report-fixture.ts";
import { createHarness, createOwner, type Harness } from "../harness.ts";

/**
 * The business's logo in a report's header (ADR 081): the business profile's logo read from R2 as
 * a data: URL the reports Worker embeds; PNG and JPEG only, only the organização's own key.
 */

let h: Harness;
let org: string;
let other: string;
const PNG = Uint8Array.from(atob(BLUE_LOGO_PNG.split(",")[1] as string), (c) => c.charCodeAt(0));
const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 74, 70, 73, 70]);

beforeAll(async () => {
  h = await createHarness();
  org = (await createOwner(h, "Logo")).orgId;
  other = (await createOwner(h, "Outra")).orgId;
});

async function setLogo(orgId: string, key: string | null) {
  await h.fresh.db.update(organizations).set({ logoKey: key }).where(eq(organizations.id, orgId));
}

describe("report logo", () => {
  it("is the business's PNG or JPEG logo as a data: URL, and nothing without one", async () => {
    const bucket = fakeBucket();
    const ctx = { db: h.fresh.db };
    expect(await reportLogo(ctx, bucket as never, org)).toBeNull();
    await bucket.put(`orgs/${org}/logo.png`, PNG);
    await setLogo(org, `orgs/${org}/logo.png`);
    expect(await reportLogo(ctx, bucket as never, org)).toBe(BLUE_LOGO_PNG);
    await bucket.put(`orgs/${org}/logo.jpg`, JPEG);
    await setLogo(org, `orgs/${org}/logo.jpg`);
    expect(await reportLogo(ctx, bucket as never, org)).toMatch(/^data:image\/jpeg;base64,\/9j\/4A/);
    // Without the bucket, or with a key whose file is gone: the header shows the name alone.
    expect(await reportLogo(ctx, undefined, org)).toBeNull();
    await setLogo(org, `orgs/${org}/sumiu.png`);
    expect(await reportLogo(ctx, bucket as never, org)).toBeNull();
  });

  it("never reads another organização's file", async () => {
    const bucket = fakeBucket();
    await bucket.put(`orgs/${other}/logo.png`, PNG);
    await setLogo(org, `orgs/${other}/logo.png`);
    expect(await reportLogo({ db: h.fresh.db }, bucket as never, org)).toBeNull();
  });

  it("takes only PNG and JPEG up to 2 MB", () => {
    expect(logoDataUrl(PNG)).toBe(BLUE_LOGO_PNG);
    expect(logoDataUrl(new TextEncoder().encode("<svg></svg>"))).toBeNull();
    expect(logoDataUrl(new Uint8Array([0x52, 0x49, 0x46, 0x46, 0, 0, 0, 0, 0x57, 0x45, 0x42, 0x50]))).toBeNull(); // WebP
    const big = new Uint8Array(2 * 1024 * 1024 + 1);
    big.set(PNG.subarray(0, 8));
    expect(logoDataUrl(big)).toBeNull();
    expect(logoDataUrl(new Uint8Array())).toBeNull();
  });
});
