/**
 * The cron's housekeeping deletes (worker/scheduled.ts `sweeps`): expired links go a day after
 * they expire, except invites, kept a month so an old link can still say "Este convite expirou."
 */
import { inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { authTokens } from "../../../db/schema/index.ts";
import { runScheduledSweep } from "../../../worker/scheduled.ts";
import { freshDatabase } from "../../support/db.ts";

const fresh = freshDatabase();
const env = { APP_ENV: "test", DATABASE_URL: fresh.url, JWT_PRIVATE_JWK: "{}" };
const DAY = 24 * 3600_000;
const now = new Date();

async function token(purpose: "invite" | "password_recovery" | "email_confirmation", expiredDaysAgo: number): Promise<string> {
  const id = crypto.randomUUID();
  await fresh.db.insert(authTokens).values({
    id,
    purpose,
    email: `${purpose}-${expiredDaysAgo}@exemplo.com.br`,
    createdAt: new Date(now.getTime() - (expiredDaysAgo + 7) * DAY),
    expiresAt: new Date(now.getTime() - expiredDaysAgo * DAY),
  });
  return id;
}

describe("the cron's sweeps", () => {
  it("deletes expired links after a day, expired invites after a month", async () => {
    const ids = {
      recovery: await token("password_recovery", 2),
      confirmation: await token("email_confirmation", 2),
      freshRecovery: await token("password_recovery", 0.5),
      invite: await token("invite", 2),
      oldInvite: await token("invite", 31),
    };
    await runScheduledSweep(env, now);
    const left = await fresh.db
      .select({ id: authTokens.id })
      .from(authTokens)
      .where(inArray(authTokens.id, Object.values(ids)));
    const names = Object.entries(ids)
      .filter(([, id]) => left.some((row) => row.id === id))
      .map(([name]) => name)
      .sort();
    expect(names).toEqual(["freshRecovery", "invite"]);
  });
});
