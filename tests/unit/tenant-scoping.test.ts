/**
 * Makes the organization filter impossible to forget: every query that touches an org-owned
 * table must go through `orgScope` (db/tenant.ts) — `.where(scope.where(table, …))`,
 * `.where(scope.self())` or `.values(scope.values(…))` — unless a `tenant-exempt:` comment
 * right above it says why it is account-level (e.g. loading the session's own membership).
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { getTableColumns, getTableName, is } from "drizzle-orm";
import { SQLiteTable } from "drizzle-orm/sqlite-core";
import { describe, expect, it } from "vitest";
import * as schema from "../../db/schema/index.ts";
import { ACCOUNT_LEVEL_TABLES } from "../../db/tenant.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");
const SCANNED = ["worker", "app", "jobs"];

/** Export names of tables with an org_id column, plus the organizations table itself. */
function orgOwnedTables(): string[] {
  return Object.entries(schema)
    .filter(([, value]) => is(value, SQLiteTable))
    .filter(([, table]) => !(ACCOUNT_LEVEL_TABLES as readonly string[]).includes(getTableName(table as SQLiteTable)))
    .filter(([, table]) => "orgId" in getTableColumns(table as SQLiteTable) || getTableName(table as SQLiteTable) === "organizations")
    .map(([name]) => name);
}

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir)) {
    const full = path.join(dir, entry);
    if (entry === "node_modules" || entry.startsWith(".")) continue;
    if (statSync(full).isDirectory()) out.push(...sourceFiles(full));
    else if (/\.(ts|tsx)$/.test(entry) && !entry.endsWith(".d.ts")) out.push(full);
  }
  return out;
}

const ACCESS = /\.(from|update|delete|insert|innerJoin|leftJoin|rightJoin|fullJoin|crossJoin)\(\s*(\w+)\s*[,)]/g;

interface Violation {
  file: string;
  line: number;
  text: string;
}

/** Finds queries on org-owned tables that are neither scoped nor exempted. */
function findUnscoped(source: string, file: string, tables: readonly string[]): Violation[] {
  const violations: Violation[] = [];
  const matches = [...source.matchAll(ACCESS)].filter((m) => tables.includes(m[2] as string));
  for (const match of matches) {
    const start = match.index ?? 0;
    // The query runs to the end of the statement (or the next query in a batch).
    const rest = source.slice(start + match[0].length);
    const nextQuery = rest.search(/\b(ctx\.)?db\s*\.\s*(select|insert|update|delete)\b|;/);
    const query = source.slice(start, start + match[0].length + (nextQuery < 0 ? rest.length : nextQuery));
    // The statement began after the previous `;` or the enclosing function body's `{`.
    // (Comments are blanked first: a `;` inside one ends nothing.)
    const head = source.slice(0, start).replace(/\/\/[^\n]*/g, (c) => " ".repeat(c.length));
    const statementStart = Math.max(head.lastIndexOf(";"), ...[...head.matchAll(/(\)|=>)\s*\{\n/g)].map((m) => m.index ?? 0));
    const before = source.slice(Math.max(0, statementStart), start);
    const verb = match[1];
    const scoped =
      verb === "insert"
        ? /\.values\(\s*(orgScope\([^)]*\)|scope)\.values\(/.test(query)
        : /(orgScope\([^)]*\)|scope)\.(where|self)\(/.test(query);
    if (scoped || /tenant-exempt:/.test(before)) continue;
    const line = source.slice(0, start).split("\n").length;
    violations.push({ file: path.relative(ROOT, file), line, text: match[0] });
  }
  return violations;
}

describe("tenant scoping", () => {
  const tables = orgOwnedTables();

  it("knows the org-owned tables from the schema", () => {
    expect(tables).toContain("memberships");
    expect(tables).toContain("organizations");
  });

  it("every query on an org-owned table goes through orgScope", () => {
    const violations = SCANNED.flatMap((dir) => sourceFiles(path.join(ROOT, dir))).flatMap((file) =>
      findUnscoped(readFileSync(file, "utf8"), file, tables),
    );
    expect(violations, "use orgScope(db, orgId).where/values/self, or explain with a `tenant-exempt:` comment").toEqual([]);
  });

  it("catches a forgotten filter (the check itself can fail)", () => {
    const bad = `const rows = await db.select().from(memberships).where(eq(memberships.userId, id));`;
    const good = `const rows = await db.select().from(memberships).where(scope.where(memberships, eq(memberships.userId, id)));`;
    const insertBad = `await db.insert(memberships).values({ orgId: other, userId });`;
    const insertGood = `await db.insert(memberships).values(scope.values({ userId }));`;
    const exempt = `// tenant-exempt: reason\nconst rows = await db.select().from(memberships).where(eq(memberships.userId, id));`;
    expect(findUnscoped(bad, "x.ts", tables)).toHaveLength(1);
    expect(findUnscoped(good, "x.ts", tables)).toHaveLength(0);
    expect(findUnscoped(insertBad, "x.ts", tables)).toHaveLength(1);
    expect(findUnscoped(insertGood, "x.ts", tables)).toHaveLength(0);
    expect(findUnscoped(exempt, "x.ts", tables)).toHaveLength(0);
  });
});

describe("orgScope", () => {
  it("forces the organization on inserts and filters by it", async () => {
    const { orgScope } = await import("../../db/tenant.ts");
    const scope = orgScope({} as never, "org-a");
    expect(scope.values({ orgId: "org-b", userId: "u" })).toEqual({ orgId: "org-a", userId: "u" });
    expect(() => orgScope({} as never, "")).toThrow();
  });
});
