import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { consumeRateLimit, enforceKeyedLimit, KEYED_LIMITS, RateLimitedError } from "../../worker/security/rate-limit.ts";
import { createHarness, type Harness } from "./harness.ts";

/**
 * ADR 080: a limit counts the last window, not the clock's window. Before, five attempts just
 * before a 15-minute boundary and five just after all passed: a burst straddling the boundary got
 * twice the limit (and a test doing six attempts failed whenever it crossed one).
 */

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});

const REAUTH = KEYED_LIMITS.reauth.user;
/** A window boundary far from the real clock, so nothing else counts on these keys. */
const BOUNDARY = 1_000 * REAUTH.windowMs;

async function refused(key: string, now: number): Promise<boolean> {
  try {
    await enforceKeyedLimit(h.fresh.db, "reauth", { user: key, ip: `ip-${key}` }, now);
    return false;
  } catch (e) {
    if (e instanceof RateLimitedError) return true;
    throw e;
  }
}

describe("rate limits slide over the window boundary", () => {
  it("a burst straddling the boundary is refused past the limit, and passes again once the window has slid", async () => {
    const key = "sliding-a";
    for (let i = 0; i < REAUTH.max; i++) expect(await refused(key, BOUNDARY - 2_000 + i)).toBe(false);
    // Just after the boundary: the clock's window is new, the last 15 minutes are not.
    expect(await refused(key, BOUNDARY + 1_000)).toBe(true);
    expect(await refused(key, BOUNDARY + 2_000)).toBe(true);
    // A full window later the burst has faded out: one attempt passes.
    expect(await refused(key, BOUNDARY + REAUTH.windowMs + REAUTH.windowMs / 2)).toBe(false);
  });

  it("the refusal's Retry-After covers the time until one more attempt fits", async () => {
    const key = "sliding-b";
    for (let i = 0; i < REAUTH.max; i++) await refused(key, BOUNDARY - 2_000 + i);
    let retryAfter = 0;
    try {
      await enforceKeyedLimit(h.fresh.db, "reauth", { user: key, ip: `ip-${key}` }, BOUNDARY + 1_000);
    } catch (e) {
      retryAfter = (e as RateLimitedError).retryAfterSeconds;
    }
    expect(retryAfter).toBeGreaterThan(0);
    expect(await refused(key, BOUNDARY + 1_000 + retryAfter * 1_000 + 1_000)).toBe(false);
  });

  it("the (IP, e-mail) limits of sign-up, resend and forgot slide the same way", async () => {
    const now = 1_000 * 15 * 60_000;
    const email = "deslizante@exemplo.com.br";
    for (let i = 0; i < 3; i++) expect(await consumeRateLimit(h.fresh.db, "forgot", `10.9.9.${i}`, email, now - 1_000)).toBe(true);
    expect(await consumeRateLimit(h.fresh.db, "forgot", "10.9.9.9", email, now + 1_000)).toBe(false);
    const [row] = await h.fresh.db.all<{ count: number; prev_count: number }>(
      sql`SELECT count, prev_count FROM rate_limits WHERE key = ${`forgot:email:${email}`}`,
    );
    expect(row).toEqual({ count: 1, prev_count: 3 });
  });
});
