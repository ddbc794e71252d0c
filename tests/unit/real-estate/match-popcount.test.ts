import { createClient } from "@libsql/client";
import { afterAll, describe, expect, it } from "vitest";
import { PROPERTY_FEATURES } from "../../../shared/enums.ts";
import { popcountSql } from "../../../worker/services/real-estate/match-sql.ts";

/** The matching score's bit count, in SQLite itself, against a plain count of the bits. */
const db = createClient({ url: ":memory:", intMode: "bigint" });
afterAll(() => db.close());

function bits(n: bigint): number {
  let count = 0;
  for (let v = n; v > 0n; v >>= 1n) count += Number(v & 1n);
  return count;
}

describe("popcountSql (worker/services/real-estate/match-sql.ts)", () => {
  it("counts the bits of every feature mask SQLite can hold (up to 62 bits)", async () => {
    const masks: bigint[] = [0n, 1n, 2n, 3n, 255n, 256n, (1n << 31n) - 1n, 1n << 31n, (1n << 62n) - 1n, 1n << 61n, 0x2aaaaaaaaaaaaaaan];
    // Deterministic pseudo-random masks over the features that exist, and over 62 bits.
    let seed = 12345n;
    for (let i = 0; i < 300; i++) {
      seed = (seed * 6364136223846793005n + 1442695040888963407n) & ((1n << 64n) - 1n);
      masks.push(seed & ((1n << BigInt(i % 2 ? PROPERTY_FEATURES.length : 62)) - 1n));
    }
    const { rows } = await db.execute({
      sql: `SELECT v, ${popcountSql("v")} AS n FROM (SELECT key, CAST(value AS INTEGER) AS v FROM json_each(?)) ORDER BY key`,
      args: [JSON.stringify(masks.map(String))],
    });
    expect(rows).toHaveLength(masks.length);
    for (const [i, row] of rows.entries()) {
      expect(String(row.v), "the mask SQLite read").toBe(String(masks[i]));
      expect(Number(row.n), String(masks[i])).toBe(bits(masks[i] as bigint));
    }
  });

  it("is one short expression whatever the number of features", () => {
    expect(popcountSql("(i.features_mask & p.features_mask)").length).toBeLessThan(700);
  });
});
