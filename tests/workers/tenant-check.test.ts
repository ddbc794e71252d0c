/**
 * The tenant check in the local libSQL server (ADR 027) refuses what reaches it over HTTP from
 * workerd: an unscoped query through an alias and one in raw SQL come back as `SQL_REFUSED`.
 * They carry the PLANTED mark (inside the statement: the server drops a trailing comment) so that,
 * refused as they are, they do not fail the run.
 */
import { env } from "cloudflare:workers";
import { and, eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { describe, expect, it } from "vitest";
import { createDb } from "../../db/client.ts";
import { clients } from "../../db/schema/index.ts";
import { readConfig } from "../../worker/config/env.ts";
import { PLANTED } from "../support/tenant-sql.ts";

const db = createDb({ url: readConfig(env as unknown as Record<string, unknown>).DATABASE_URL });
const mark = sql.raw(PLANTED);

/** The server's refusal, through drizzle's "Failed query" wrapper. */
async function refusal(query: PromiseLike<unknown>): Promise<string> {
  try {
    await query;
  } catch (error) {
    for (let e: unknown = error; e instanceof Error; e = e.cause) {
      if ((e as { code?: string }).code === "SQL_REFUSED") return e.message;
    }
    throw error;
  }
  throw new Error("the tenant check let it through");
}

describe("tenant check in the database server", () => {
  it("refuses an unscoped query through an alias", async () => {
    const k = alias(clients, "k");
    const message = await refusal(db.select({ id: k.id }).from(k).where(sql`${mark} ${k.email} = ${"ana@exemplo.com.br"}`));
    expect(message).toContain("tenant check: clients k without its organization predicate");
  });

  it("refuses an unscoped query in raw SQL", async () => {
    const message = await refusal(db.$client.execute({ sql: `UPDATE clients ${PLANTED} SET notes = '' WHERE id = ?`, args: ["x"] }));
    expect(message).toContain("tenant check: clients without its organization predicate");
  });

  it("runs them with the organization predicate", async () => {
    const k = alias(clients, "k");
    await expect(
      db
        .select({ id: k.id })
        .from(k)
        .where(and(eq(k.orgId, "org-a"), eq(k.email, "ana@exemplo.com.br"))),
    ).resolves.toEqual([]);
    await expect(
      db.$client.execute({ sql: "UPDATE clients SET notes = '' WHERE org_id = ? AND id = ?", args: ["org-a", "x"] }),
    ).resolves.toBeTruthy();
  });
});
