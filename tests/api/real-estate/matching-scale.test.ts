import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createRng } from "../../../scripts/seed/demo-random.ts";
import { seedRealEstate } from "../../../scripts/lib/bench-real-estate.ts";
import { interestsForPropertySql, propertiesForInterestSql } from "../../../worker/services/real-estate/match-sql.ts";
import { createHarness, createOwner, type Harness } from "../harness.ts";

/**
 * Matching runs on its indexes (EXPLAIN QUERY PLAN), and at the benchmark's size — 20,000
 * properties and 50,000 interests in one organização, realistic spreads — each direction stays
 * fast. The big part is opt-in (MATCH_SCALE=1: about a minute to seed); it prints ms per query.
 */

let h: Harness;
let orgId: string;

async function plan(query: ReturnType<typeof sql>): Promise<string[]> {
  const rows = await h.fresh.db.all<{ detail: string }>(sql`EXPLAIN QUERY PLAN ${query}`);
  return rows.map((r) => r.detail);
}

/** A full scan of a big table, by name or by the queries' aliases (a SCAN without an index): matching must never do one. */
const fullScan = (detail: string) =>
  /^SCAN (properties|property_interests|clients|property_interest_places|p|i|c|pl)\b(?!.*USING)/.test(detail);

beforeAll(async () => {
  h = await createHarness();
  orgId = (await createOwner(h, "Matching em escala")).orgId;
});

describe("matching: indexes and scale", () => {
  let small: { propertyIds: string[]; interestIds: string[] };
  beforeAll(async () => {
    small = await seedRealEstate(h.fresh.db, orgId, { clients: 50, properties: 300, interests: 600 }, "s");
  });

  it("a property's interests are found by the places' key (its city, bairro, anywhere), then read by id, never a scan", async () => {
    const detail = await plan(interestsForPropertySql(orgId, small.propertyIds[0] as string));
    const text = detail.join("\n");
    expect(
      text.match(
        /SEARCH property_interest_places USING (COVERING )?INDEX sqlite_autoindex_property_interest_places_1 \(org_id=\? AND city_key=\? AND district_key=\?\)/g,
      )?.length,
      text,
    ).toBe(3);
    expect(text).toMatch(/SEARCH i USING INDEX sqlite_autoindex_property_interests_1 \(id=\?\)/);
    expect(detail.filter(fullScan), text).toEqual([]);
  });

  it("an interest's properties come from properties_match_idx per city, never a scan", async () => {
    const detail = await plan(propertiesForInterestSql(orgId, small.interestIds[0] as string));
    expect(detail.join("\n")).toContain("USING INDEX properties_match_idx");
    expect(detail.filter(fullScan), detail.join("\n")).toEqual([]);
  });

  it.runIf(process.env.MATCH_SCALE === "1")(
    "at 20,000 properties and 50,000 interests both directions answer in milliseconds",
    async () => {
      const big = await seedRealEstate(h.fresh.db, orgId, { clients: 5_000, properties: 20_000, interests: 50_000 }, "s");
      const time = async (query: ReturnType<typeof sql>) => {
        const start = performance.now();
        await h.fresh.db.all(query);
        return performance.now() - start;
      };
      const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
      const rng = createRng(7);
      const byProperty: number[] = [];
      const byInterest: number[] = [];
      for (let k = 0; k < 50; k++) {
        byProperty.push(await time(interestsForPropertySql(orgId, rng.pick(big.propertyIds))));
        byInterest.push(await time(propertiesForInterestSql(orgId, rng.pick(big.interestIds))));
      }
      const report = {
        propertyToInterests: { median: median([...byProperty]), max: Math.max(...byProperty) },
        interestToProperties: { median: median([...byInterest]), max: Math.max(...byInterest) },
      };
      console.log(`[matching em escala] ms por consulta: ${JSON.stringify(report)}`);
      expect(report.propertyToInterests.median).toBeLessThan(50);
      expect(report.interestToProperties.median).toBeLessThan(50);
    },
    600_000,
  );
});
