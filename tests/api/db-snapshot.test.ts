/**
 * The fuzz harnesses' database snapshots (tests/support/db-snapshot.ts), hashed inside libSQL:
 * a hash must change with any cell and only then (row order apart), the JSON rows must be the
 * rows a plain SELECT reads, and the other organização's digest must cover rows without one.
 */
import type { Client } from "@libsql/client";
import { beforeAll, describe, expect, it } from "vitest";
import { hashRows } from "../e2e/support/form-fuzz.ts";
import {
  columnList,
  digestOf,
  digestSql,
  rowsJsonSql,
  rowsOfJson,
  snapshotLayout,
  snapshotTables,
  tableAndForeignDigestSql,
  tableColumns,
  tableDigestSql,
} from "../support/db-snapshot.ts";
import { freshDatabase } from "../support/db.ts";

const fresh = freshDatabase();
let client: Client;
const COLUMNS = ["id", "org_id", "label", "amount"] as const;

async function digest(): Promise<string> {
  return digestOf((await client.execute(digestSql('SELECT * FROM "scratch"', COLUMNS))).rows[0] as { body?: unknown });
}

async function fill(rows: readonly (readonly unknown[])[]): Promise<void> {
  await client.execute('DELETE FROM "scratch"');
  for (const row of rows) await client.execute({ sql: 'INSERT INTO "scratch" VALUES (?, ?, ?, ?)', args: row as never });
}

beforeAll(async () => {
  client = fresh.db.$client;
  await client.execute('CREATE TABLE "scratch" ("id" text PRIMARY KEY, "org_id" text, "label" text, "amount")');
});

describe("digestSql", () => {
  it("tells apart every change of a cell — NULL, '', 'NULL', 1, '1', 1.5, a quote, a comma, a new line — and no row order", async () => {
    const base = [
      ["a", "org-1", "texto", 1],
      ["b", null, "outro", 2],
    ] as const;
    await fill(base);
    const first = await digest();
    await fill([...base].reverse());
    expect(await digest(), "the same rows in another order").toBe(first);
    const seen = new Set([first]);
    const variants: unknown[][] = [
      [null, "org-1", "texto", 1],
      ["a", "org-1", "", 1],
      ["a", "org-1", null, 1],
      ["a", "org-1", "NULL", 1],
      ["a", "org-1", "texto", "1"],
      ["a", "org-1", "texto", 1.5],
      ["a", "org-1", "tex'to", 1],
      ["a", "org-1", "tex,to", 1],
      ["a", "org-1", "tex\nto", 1],
      ["a", "org-2", "texto", 1],
    ];
    for (const variant of variants) {
      await fill([variant, base[1]]);
      const hash = await digest();
      expect(seen.has(hash), `${JSON.stringify(variant)} hashed as an earlier table`).toBe(false);
      seen.add(hash);
    }
    // A comma or a line break inside a value never reads as the separators between values or rows.
    await fill([["x", "'y','z'", null, null]]);
    const one = await digest();
    await fill([
      ["x", "y", "z", null],
      ["w", null, null, null],
    ]);
    expect(await digest()).not.toBe(one);
    await fill([]);
    const empty = (await client.execute(digestSql('SELECT * FROM "scratch"', COLUMNS))).rows[0];
    expect(Number(empty?.n)).toBe(0);
  });
});

describe("rowsJsonSql", () => {
  it("answers the rows a plain SELECT reads, values and types alike, in one text", async () => {
    await fill([
      ["a", "org-1", 'Ação "com" aspas, vírgula\ne linha', 1_795_708_769_290],
      ["b", null, null, 2.5],
      ["c", "org-2", "", -3],
    ]);
    const plain = (await client.execute('SELECT * FROM "scratch"')).rows.map((r) => Object.fromEntries(COLUMNS.map((c) => [c, r[c]])));
    const json = rowsOfJson((await client.execute(rowsJsonSql('SELECT * FROM "scratch"', COLUMNS))).rows[0] as { body?: unknown });
    const byId = (rows: Record<string, unknown>[]) => [...rows].sort((x, y) => String(x.id).localeCompare(String(y.id)));
    expect(byId(json)).toEqual(byId(plain));
    expect(json.map((r) => Object.keys(r))).toEqual(json.map(() => [...COLUMNS]));
    expect(hashRows(json)).toBe(hashRows(plain));
    await fill([]);
    expect(rowsOfJson((await client.execute(rowsJsonSql('SELECT * FROM "scratch"', COLUMNS))).rows[0] as { body?: unknown })).toEqual([]);
  });

  it("fails loudly on a blob (JSON has none) rather than answering something else", async () => {
    await fill([["a", "org-1", "texto", new Uint8Array([1, 2, 3])]]);
    await expect(client.execute(rowsJsonSql('SELECT * FROM "scratch"', COLUMNS))).rejects.toThrow();
  });
});

describe("layout and the other organização's digest", () => {
  it("reads every table's columns in order, leaves out skipped tables and volatile columns", async () => {
    const layout = await tableColumns(client);
    expect(layout.find((t) => t.table === "scratch")?.columns).toEqual([...COLUMNS]);
    const pragma = (await client.execute('PRAGMA table_info("sessions")')).rows.map((r) => String(r.name));
    expect(layout.find((t) => t.table === "sessions")?.columns).toEqual(pragma);
    const tables = (await client.execute("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")).rows.map(
      (r) => String(r.name),
    );
    expect(layout.map((t) => t.table).sort()).toEqual(tables.sort());
    const fuzz = await snapshotLayout(client, new Set(["rate_limits"]), { scratch: ["amount"] });
    expect(fuzz.some((t) => t.table === "rate_limits")).toBe(false);
    expect(fuzz.find((t) => t.table === "scratch")).toEqual({ table: "scratch", columns: ["id", "org_id", "label"], orgScoped: true });
    expect(columnList(["a", 'b"c'])).toBe('"a", "b""c"');
  });

  it("hashes the rows of every organização but ours, those without one included, and ignores volatile columns", async () => {
    const [scratch] = (await snapshotLayout(client, new Set(), { scratch: ["amount"] })).filter((t) => t.table === "scratch");
    if (!scratch) throw new Error("no scratch table");
    const both = async () => (await client.execute({ sql: tableAndForeignDigestSql(scratch), args: ["org-1"] })).rows[0];
    const foreign = async () => digestOf({ body: (await both())?.foreign });
    const whole = async () => {
      // The whole table's part is tableDigestSql's, to the character.
      const alone = (await client.execute(tableDigestSql(scratch))).rows[0];
      const combined = await both();
      expect([combined?.n, combined?.body]).toEqual([alone?.n, alone?.body]);
      return digestOf(alone as { body?: unknown });
    };
    await fill([
      ["a", "org-1", "nosso", 1],
      ["b", "org-2", "alheio", 1],
      ["c", null, "sem organização", 1],
    ]);
    const [f0, w0] = [await foreign(), await whole()];
    await client.execute(`UPDATE "scratch" SET "label" = 'mudou' WHERE id = 'a'`);
    expect([await foreign(), await whole()], "our row changed").toEqual([f0, expect.not.stringMatching(w0)]);
    const w1 = await whole();
    await client.execute(`UPDATE "scratch" SET "label" = 'mudou' WHERE id = 'c'`);
    expect(await foreign(), "a row without an organização changed").not.toBe(f0);
    const f2 = await foreign();
    expect(await whole()).not.toBe(w1);
    await client.execute(`UPDATE "scratch" SET "amount" = 99`);
    expect(await foreign(), "a volatile column changed").toBe(f2);
  });
});

describe("snapshotTables", () => {
  it("counts every table's rows and changes the hash of the one table written", async () => {
    await fill([["a", "org-1", "texto", 1]]);
    const before = await snapshotTables(client, new Set(["rate_limits"]));
    expect(before.counts.scratch).toBe(1);
    expect(Object.hasOwn(before.counts, "rate_limits")).toBe(false);
    expect(await snapshotTables(client, new Set(["rate_limits"]))).toEqual(before);
    await client.execute(`UPDATE "scratch" SET "amount" = 2`);
    const after = await snapshotTables(client, new Set(["rate_limits"]));
    expect(Object.keys(after.hashes).filter((t) => after.hashes[t] !== before.hashes[t])).toEqual(["scratch"]);
    expect(after.counts).toEqual(before.counts);
    // Its layout is cached per client: a table or column added later is still seen.
    await client.execute('CREATE TABLE "scratch_late" ("id" text)');
    await client.execute(`INSERT INTO "scratch_late" VALUES ('x')`);
    expect((await snapshotTables(client, new Set())).counts.scratch_late).toBe(1);
    const late = await snapshotTables(client, new Set());
    await client.execute('ALTER TABLE "scratch_late" ADD COLUMN "extra" text');
    await client.execute(`UPDATE "scratch_late" SET "extra" = 'y'`);
    expect((await snapshotTables(client, new Set())).hashes.scratch_late).not.toBe(late.hashes.scratch_late);
    await client.execute('DROP TABLE "scratch_late"');
    expect(Object.hasOwn((await snapshotTables(client, new Set())).counts, "scratch_late")).toBe(false);
  });
});
