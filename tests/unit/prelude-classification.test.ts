import { describe, expect, it } from "vitest";
import { isRead } from "../../db/prelude.ts";

/** Only reads may ride with the session check (ADR 011): a write misjudged as a read would run before it. */
describe("prelude classification", () => {
  it("lets plain reads ride along", () => {
    expect(isRead("SELECT 1")).toBe(true);
    expect(isRead({ sql: "  select * from clients where org_id = ?", args: ["o"] })).toBe(true);
    expect(isRead("WITH k(a) AS (VALUES (1)) SELECT a FROM k")).toBe(true);
    expect(isRead("WITH t AS (SELECT replace(name, 'a', 'b') AS n FROM clients) SELECT n FROM t")).toBe(true);
    // Keywords inside literals, quoted names and comments are not statements.
    expect(isRead(`WITH t AS (SELECT 'delete me' AS "update", [insert] FROM x) SELECT * FROM t -- update`)).toBe(true);
    // Column names that begin with a keyword are not one (the agenda's reads filter on deleted_at).
    expect(isRead("WITH d(s) AS (VALUES (1)) SELECT a.id FROM appointments a WHERE a.deleted_at IS NULL AND a.updated_by = ?")).toBe(true);
    expect(isRead("with k as (select 1) select inserted_rows, replaced from t")).toBe(true);
  });

  it("never lets a WITH that writes ride along", () => {
    expect(isRead("WITH k AS (SELECT id FROM sessions) DELETE FROM sessions WHERE id IN k")).toBe(false);
    expect(isRead("with k as (select 1) update users set name = 'x'")).toBe(false);
    expect(isRead("WITH k(key) AS (VALUES ('a')) INSERT INTO rate_limits SELECT key, 1, 1 FROM k")).toBe(false);
    expect(isRead("WITH k AS (SELECT 1) REPLACE INTO t VALUES (1)")).toBe(false);
    expect(isRead("WITH k AS (SELECT 1)\n/* c */ DELETE FROM t")).toBe(false);
  });

  it("treats everything else as a write", () => {
    expect(isRead("INSERT INTO t VALUES (1)")).toBe(false);
    expect(isRead("UPDATE t SET a = 1")).toBe(false);
    expect(isRead("PRAGMA foreign_keys = ON")).toBe(false);
    expect(isRead("")).toBe(false);
  });
});
