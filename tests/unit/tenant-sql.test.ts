import { describe, expect, it } from "vitest";
import { TENANT_ALLOW_LIST } from "../support/tenant-allow-list.ts";
import { judge, ORG_TABLES } from "../support/tenant-check.ts";
import { unscopedReferences } from "../support/tenant-sql.ts";

const ORG = new Set(["clients", "properties", "property_interests", "memberships", "property_photos"]);
const check = (sql: string) => unscopedReferences(sql, ORG).map((r) => r.alias ?? r.table);

describe("tenant SQL rule", () => {
  it("accepts the organization predicate, qualified by name or alias, or unqualified", () => {
    expect(check(`select "id" from "clients" where ("clients"."org_id" = ? and "clients"."id" = ?)`)).toEqual([]);
    expect(check(`select "k2"."id" from "clients" "k2" where "k2"."org_id" = ?`)).toEqual([]);
    expect(check(`UPDATE property_interests SET notes = ? WHERE org_id = ? AND id = ?`)).toEqual([]);
    expect(check(`delete from "clients" where "clients"."org_id" = 'org-a'`)).toEqual([]);
    expect(check(`select "name" from "organizations" where "organizations"."id" = ?`)).toEqual([]);
  });

  it("refuses a reference without it, through an alias or in raw SQL", () => {
    expect(check(`select "k2"."id" from "clients" "k2" where "k2"."id" = ?`)).toEqual(["k2"]);
    expect(check(`select c.name from clients c where c.email = ?`)).toEqual(["c"]);
    expect(check(`update "clients" set "name" = ? where "clients"."id" = ?`)).toEqual(["clients"]);
    expect(check(`select * from memberships m, clients c where m.org_id = ?`)).toEqual(["c"]);
  });

  it("does not count an OR-ed predicate, a SET assignment or a projection", () => {
    expect(check(`select * from clients where clients.org_id = ? or 1 = 1`)).toEqual(["clients"]);
    expect(check(`select * from clients where (clients.org_id = ? or clients.id = ?)`)).toEqual(["clients"]);
    expect(check(`update clients set org_id = ? where id = ?`)).toEqual(["clients"]);
    expect(check(`select clients.org_id = ? from clients`)).toEqual(["clients"]);
    expect(check(`select * from clients where case when clients.org_id = ? then 1 else 1 end`)).toEqual(["clients"]);
  });

  it("reaches a table through a scoped one: joins and correlated sub-selects", () => {
    expect(
      check(`SELECT 1 FROM property_interests i JOIN properties p ON p.org_id = i.org_id AND p.id = ? WHERE i.org_id = ? AND i.id = ?`),
    ).toEqual([]);
    expect(
      check(
        `select "id", (select c.name from clients c where c.id = "property_interests"."client_id") from "property_interests" where "property_interests"."org_id" = ?`,
      ),
    ).toEqual([]);
    expect(check(`select (select c.name from clients c where c.id = i.client_id) from property_interests i where i.id = ?`)).toEqual([
      "c",
      "i",
    ]);
    expect(
      check(
        `select * from "properties" where "properties"."org_id" = ? and exists (select 1 from property_photos f where f.property_id = "properties"."id")`,
      ),
    ).toEqual([]);
  });

  it("accepts inserts that set the organization", () => {
    expect(check(`insert into "clients" ("id", "org_id", "name") values (?, ?, ?)`)).toEqual([]);
    expect(check(`insert into "clients" ("id", "name") values (?, ?)`)).toEqual(["clients"]);
    expect(check(`INSERT INTO property_photos (id, org_id) SELECT ?, ? WHERE EXISTS (SELECT 1 FROM properties p WHERE p.id = ?)`)).toEqual([
      "p",
    ]);
    expect(check(`insert into "organizations" ("id", "name") values (?, ?)`)).toEqual([]);
  });

  it("leaves schema and transaction statements alone, and tables of no organization", () => {
    expect(check(`CREATE INDEX x ON clients(org_id)`)).toEqual([]);
    expect(check(`BEGIN`)).toEqual([]);
    expect(check(`select * from users where email = ?`)).toEqual([]);
    expect(check(`select * from json_each(?) j where j.value = ?`)).toEqual([]);
  });
});

describe("tenant SQL rule with common table expressions", () => {
  it("reaches through a CTE whose own references are scoped", () => {
    const withCte = `WITH i AS (SELECT * FROM property_interests WHERE org_id = ? AND id = ?) SELECT p.id FROM i CROSS JOIN properties p ON p.id = i.property_id`;
    expect(check(withCte)).toEqual([]);
    expect(check(withCte.replace("WHERE org_id = ? AND", "WHERE"))).toEqual(["property_interests"]);
  });
});

describe("tenant allow-list", () => {
  const signIn = `select "users"."id", "users"."email_verified_at", "memberships"."org_id" from "users" left join "memberships" on "memberships"."user_id" = "users"."id" where "users"."email" = ? limit ?`;

  it("admits a listed global statement, and only in its own shape", () => {
    expect(judge(signIn).refusal).toBeNull();
    expect(judge(signIn).allowedBy).toHaveLength(1);
    expect(judge(signIn.replace(`"users"."email" = ?`, `"users"."name" = ?`)).refusal).toMatch(/^tenant check: memberships without/);
    expect(judge(`select "id", "role" from "memberships" where "memberships"."user_id" = ?`).refusal).not.toBeNull();
  });

  it("knows the org-owned tables from the schema, and says why for every entry", () => {
    expect(ORG_TABLES.has("clients")).toBe(true);
    expect(ORG_TABLES.has("auth_tokens")).toBe(false);
    expect(ORG_TABLES.has("job_runs")).toBe(false);
    for (const entry of TENANT_ALLOW_LIST) {
      expect(entry.why.length).toBeGreaterThan(20);
      for (const table of entry.tables) expect(ORG_TABLES.has(table) || table === "organizations").toBe(true);
    }
  });
});

describe("tenant SQL rule with derived tables and unqualified columns", () => {
  it("reaches through a scoped derived table", () => {
    const derived = `SELECT i.id FROM (SELECT * FROM properties WHERE org_id = ? AND id = ?) p JOIN property_interests i ON i.org_id = p.org_id JOIN clients c ON c.id = i.client_id`;
    expect(check(derived)).toEqual([]);
    expect(check(derived.replace("WHERE org_id = ? AND", "WHERE"))).toEqual(["properties"]);
  });

  it("resolves an unqualified column to the enclosing select when its own tables lack it", () => {
    const columns = new Map([
      ["clients", new Set(["id", "org_id", "name"])],
      ["property_interests", new Set(["id", "org_id", "client_id"])],
      ["match_alerts", new Set(["id", "org_id", "interest_id"])],
    ]);
    const alerts = `select (select c.name from clients c join property_interests i on i.client_id = c.id where i.id = "interest_id") from "match_alerts" where "match_alerts"."org_id" = ?`;
    expect(unscopedReferences(alerts, new Set([...ORG, "match_alerts"]), columns)).toEqual([]);
    expect(unscopedReferences(alerts.replace(`"match_alerts"."org_id" = ?`, "1"), new Set([...ORG, "match_alerts"]), columns)).toHaveLength(
      3,
    );
  });
});
