/**
 * The demo shows /analytics alive (ADR 085): seeded as `npm start` seeds it, the last 30 days hold
 * published posts with reach over several weeks at varied hours, enough for the best-time
 * recommendation; leads from several origins, some closed and some lost; concluded sales with a
 * client who came back.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startMetaDemo, type MetaDemo } from "../../scripts/lib/meta-demo.ts";
import { demoMetaTokens } from "../../scripts/seed/demo-meta.ts";
import { seedDemo } from "../../scripts/seed/demo.ts";
import { addDays } from "../../shared/finance/recurrence.ts";
import { DEFAULT_TIME_ZONE, dayIn } from "../../shared/time-zone.ts";
import { analyticsOf } from "../../worker/services/reports/analytics.ts";
import { createHarness, type Harness } from "./harness.ts";

// The demo is seeded around the real clock, as `npm start` does (some parts validate against it).
const NOW = new Date();
const SECRET = "demo-analytics-test-secret";

let h: Harness;
let meta: MetaDemo;
let orgId: string;

beforeAll(async () => {
  h = await createHarness();
  const { mkdtempSync } = await import("node:fs");
  const { tmpdir } = await import("node:os");
  const path = await import("node:path");
  meta = await startMetaDemo({ dataDir: mkdtempSync(path.join(tmpdir(), "alicerce-demo-analytics-")), tokenSecret: SECRET, port: 0 });
  const seeded = await seedDemo(h.fresh.db, NOW, {
    social: {
      tokenKeys: h.env.TOKEN_ENCRYPTION_KEYS as string,
      tokens: demoMetaTokens(SECRET),
      standinUrl: meta.standin.url,
      appUrl: "http://localhost:8787",
    },
  });
  orgId = seeded.orgId;
}, 120_000);
afterAll(() => meta?.close());

describe("the demo's /analytics", () => {
  it("has the last 30 days' posts with reach, and the best time to post recommended from them", async () => {
    const today = dayIn(NOW, DEFAULT_TIME_ZONE);
    const owner = { orgId, userId: "demo", role: "owner" as const, timeZone: DEFAULT_TIME_ZONE };
    const r = await analyticsOf(h.fresh.db, owner, { de: addDays(today, -29), ate: today });
    const posts = r.social?.posts ?? [];
    expect(posts.length).toBeGreaterThanOrEqual(15);
    expect(posts.filter((p) => (p.alcance ?? 0) > 0).length).toBeGreaterThanOrEqual(15);
    // Several weeks and several hours of the day.
    const weeks = new Set(posts.map((p) => Math.floor((NOW.getTime() - p.publicadoEm) / (7 * 86_400_000))));
    expect(weeks.size).toBeGreaterThanOrEqual(4);
    expect(r.social?.best.hours.length).toBeGreaterThanOrEqual(4);
    expect(r.social?.best.best?.text).toMatch(/^Seus posts vão melhor (às|aos) \S+, \d{1,2}h\.$/);
    expect(r.social?.series.filter((s) => s.posts > 0).length).toBeGreaterThanOrEqual(10);
  });

  it("has leads from several origins, closed and lost, and sales with a returning client", async () => {
    const today = dayIn(NOW, DEFAULT_TIME_ZONE);
    const owner = { orgId, userId: "demo", role: "owner" as const, timeZone: DEFAULT_TIME_ZONE };
    const r = await analyticsOf(h.fresh.db, owner, { de: addDays(today, -89), ate: today });
    const b = r.business;
    expect(b?.leads.length).toBeGreaterThanOrEqual(3);
    expect(b?.leads.reduce((t, l) => t + l.fechados, 0)).toBeGreaterThan(0);
    expect(b?.leads.reduce((t, l) => t + l.perdidos, 0)).toBeGreaterThan(0);
    expect(b?.newClients.length).toBeGreaterThanOrEqual(2);
    expect(b?.sales.count).toBeGreaterThan(0);
    expect(b?.clients.returning).toBeGreaterThan(0);
  });
});
