/**
 * The run-time tenant check (ADR 027) can fail: an unscoped query through an alias and one in raw
 * SQL, sent as the app sends them, are refused and recorded (a recorded refusal fails the file,
 * tests/support/tenant-guard.ts); the same queries with the organization predicate run.
 */
import { and, eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { describe, expect, it } from "vitest";
import { clients } from "../../db/schema/index.ts";
import { freshDatabase } from "../support/db.ts";
import { asApp, expectRefused } from "../support/tenant-guard.ts";

const { db } = freshDatabase();

describe("tenant check", () => {
  it("refuses an unscoped query through an alias", async () => {
    const k = alias(clients, "k");
    const refusal = await expectRefused(() => db.select({ id: k.id }).from(k).where(eq(k.email, "ana@exemplo.com.br")));
    expect(refusal).toMatch(/^tenant check: clients k without its organization predicate/);
    expect(refusal).toContain(`from "clients" "k" where "k"."email" = ?`);
  });

  it("refuses an unscoped query in raw SQL, through drizzle and through the client", async () => {
    const viaDrizzle = await expectRefused(() => db.all(sql`select c.name from clients c where c.email = ${"ana@exemplo.com.br"}`));
    expect(viaDrizzle).toMatch(/^tenant check: clients c without/);
    const viaClient = await expectRefused(() => db.$client.execute({ sql: "UPDATE clients SET notes = '' WHERE id = ?", args: ["x"] }));
    expect(viaClient).toMatch(/^tenant check: clients without/);
  });

  it("lets the same queries run with the organization predicate", async () => {
    const k = alias(clients, "k");
    const scoped = asApp(() =>
      db
        .select({ id: k.id })
        .from(k)
        .where(and(eq(k.orgId, "org-a"), eq(k.email, "ana@exemplo.com.br"))),
    );
    await expect(scoped).resolves.toEqual([]);
    await expect(asApp(() => db.all(sql`select c.name from clients c where c.org_id = ${"org-a"} and c.email = ${"x"}`))).resolves.toEqual(
      [],
    );
  });
});
