import { createClient } from "@libsql/client";
import { eq, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/libsql";
import { alias } from "drizzle-orm/sqlite-core";
import { describe, expect, it } from "vitest";
import { frozenSql } from "../../db/frozen-sql.ts";
import { clients, users } from "../../db/schema/index.ts";

describe("frozenSql", () => {
  const db = drizzle(createClient({ url: "file::memory:" }));
  const creator = alias(users, "creator");
  const fragment = () => sql<string>`json_object('id', ${clients.id}, 'name', ${clients.nome}, 'by', ${creator.name})`;
  const query = (j: ReturnType<typeof fragment>) =>
    db.select({ j }).from(clients).leftJoin(creator, eq(creator.id, clients.criadoPor)).where(eq(clients.orgId, "org-1")).toSQL();

  it("renders exactly what Drizzle renders in place (qualified names, aliases) and keeps the values as parameters", () => {
    const frozen = query(frozenSql(fragment()));
    expect(frozen).toEqual(query(fragment()));
    expect(frozen.sql).toContain(`"creator"."name"`);
    expect(frozen.params).toEqual(["org-1"]);
  });

  it("refuses a fragment that carries a value (it would be baked into the text)", () => {
    expect(() => frozenSql(sql`${clients.nome} = ${"João"}`)).toThrow(/can't be frozen/);
  });
});
