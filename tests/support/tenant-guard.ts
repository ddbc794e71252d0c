/**
 * `api` project setup: every statement the app sends goes through the tenant check
 * (tenant-check.ts). The drizzle handle is wrapped where db/client.ts makes it, so both query
 * builders and raw `$client` SQL pass the check, and a refused statement fails with an error (and
 * fails its test file even when the app swallowed that error).
 *
 * The tests' own fixture and assertion queries (`fresh.db.select()…` in a test file) are not the
 * app's and are not checked: a statement is attributed to the source file that built it (the
 * caller of `db.select`, `db.run`, `$client.execute`…), carried to the client through an
 * AsyncLocalStorage because drizzle runs a query later, from a `then`.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import path from "node:path";
import type { Client, InStatement } from "@libsql/client";
import { afterAll, expect, vi } from "vitest";
import { TenantRecord } from "./tenant-check.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");
/** Frames that are the database plumbing, never the code that asked for a query. */
const PLUMBING = ["node_modules/", "db/client.ts", "db/prelude.ts", "tests/support/tenant-guard.ts"];

export const tenantRecord = new TenantRecord();
/** `TENANT_CHECK=record`: refuse nothing, only record (to survey a whole run at once). */
const RECORD_ONLY = process.env.TENANT_CHECK === "record";
const builtBy = new AsyncLocalStorage<string>();
/** Set by `asApp`: statements run as if the app had sent them (the check's own tests). */
const planted = new AsyncLocalStorage<string>();

/** The refusal in an error or its causes (drizzle wraps it in "Failed query: …"). */
function refusalIn(error: unknown): string | null {
  for (let e = error; e instanceof Error; e = e.cause) if (e.message.startsWith("tenant check:")) return e.message;
  return null;
}

/** Runs `query` as app code would: its statements are checked although a test file builds them. */
export function asApp<T>(query: () => PromiseLike<T>): Promise<T> {
  return planted.run("a planted query", async () => await query());
}

/** Runs `query` as app code, expects the check to refuse it, and takes that refusal off the record. */
export async function expectRefused(query: () => PromiseLike<unknown>): Promise<string> {
  const before = tenantRecord.refusals.length;
  const outcome = await asApp(query).then(
    () => null,
    (error: unknown) => refusalIn(error) ?? String(error),
  );
  const recorded = tenantRecord.refusals.splice(before);
  if (outcome === null || !outcome.startsWith("tenant check:"))
    throw new Error(`the tenant check let it through: ${outcome ?? "no error"}`);
  if (recorded.length !== 1) throw new Error(`expected one refusal on record, got ${recorded.length}`);
  return outcome;
}

/** The project file that called into the database handle (null when the stack does not say). */
function callerFile(): string | null {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 60;
  const stack = new Error().stack ?? "";
  Error.stackTraceLimit = limit;
  for (const line of stack.split("\n").slice(1)) {
    const file = /(?:file:\/\/)?(\/[^():]+):\d+:\d+\)?$/.exec(line.trim())?.[1];
    if (!file?.startsWith(ROOT)) continue;
    const relative = path.relative(ROOT, file);
    if (!PLUMBING.some((p) => relative.startsWith(p) || relative.includes(`/${p}`))) return relative;
  }
  return null;
}

function sqlOf(stmt: InStatement | string): string {
  return typeof stmt === "string" ? stmt : stmt.sql;
}

/** Checks one statement unless a test file built it; throws the refusal. */
function screen(stmt: InStatement | string): void {
  const origin = planted.getStore() ?? builtBy.getStore() ?? callerFile();
  if (origin?.startsWith("tests/")) return;
  const refusal = tenantRecord.check(sqlOf(stmt), origin);
  // A planted query (`asApp`) is refused in record mode too: its test expects it.
  if (refusal && (!RECORD_ONLY || planted.getStore())) throw new Error(refusal);
}

/** The client drizzle talks to, checking each statement before it is sent. */
export function checkingClient(client: Client): Client {
  return new Proxy(client, {
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver);
      if (prop === "execute") {
        return (stmt: InStatement | string, args?: unknown) => {
          screen(stmt);
          return (value as (...a: unknown[]) => unknown).call(target, stmt, args);
        };
      }
      if (prop === "batch") {
        return (stmts: (InStatement | string)[], mode?: unknown) => {
          for (const stmt of stmts) screen(stmt);
          return (value as (...a: unknown[]) => unknown).call(target, stmts, mode);
        };
      }
      return typeof value === "function" && prop !== "constructor" ? value.bind(target) : value;
    },
  });
}

/** Methods of the drizzle handle that start a query. */
const STARTERS = new Set([
  "select",
  "selectDistinct",
  "insert",
  "update",
  "delete",
  "with",
  "run",
  "all",
  "get",
  "values",
  "batch",
  "$count",
]);

/** A query builder at any step: `db.select()` (from), `db.insert()` (values), `db.update()` (set), a query (then). */
const isQuery = (value: unknown): value is object =>
  typeof value === "object" &&
  value !== null &&
  !(value instanceof Promise) &&
  ["then", "from", "values", "set"].some((step) => typeof (value as Record<string, unknown>)[step] === "function");

/** A query builder whose every step and execution runs as built by `origin`. */
function attributed<T extends object>(builder: T, origin: string): T {
  return new Proxy(builder, {
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver);
      if (typeof value !== "function" || prop === "constructor" || typeof prop === "symbol") return value;
      return (...args: unknown[]) => {
        const result = builtBy.run(origin, () => (value as (...a: unknown[]) => unknown).apply(target, args));
        return isQuery(result) ? attributed(result, origin) : result;
      };
    },
  });
}

/** The drizzle handle: a query started here remembers the file that started it. */
export function attributingDatabase<T extends object>(db: T): T {
  return new Proxy(db, {
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver);
      if (typeof prop !== "string" || !STARTERS.has(prop) || typeof value !== "function") return value;
      return (...args: unknown[]) => {
        const origin = planted.getStore() ?? callerFile() ?? "unknown";
        const result = builtBy.run(origin, () => (value as (...a: unknown[]) => unknown).apply(target, args));
        return isQuery(result) ? attributed(result, origin) : result;
      };
    },
  });
}

vi.mock("drizzle-orm/libsql", async (importOriginal) => {
  const actual = await importOriginal<typeof import("drizzle-orm/libsql")>();
  const guard = await import("./tenant-guard.ts");
  const original = actual.drizzle as unknown as (...a: unknown[]) => object;
  const drizzle = ((client: Client, ...rest: unknown[]) =>
    guard.attributingDatabase(original(guard.checkingClient(client), ...rest))) as unknown as typeof actual.drizzle;
  return { ...actual, drizzle };
});

afterAll(() => {
  tenantRecord.flush("api");
  expect(tenantRecord.refusals, "unscoped statements on org-owned tables (tests/support/tenant-allow-list.ts)").toEqual([]);
});
