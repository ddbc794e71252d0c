import type { Client, InStatement, ResultSet } from "@libsql/client";
import { describe, expect, it } from "vitest";
import { PreludeGate } from "../../db/prelude.ts";

/** What the fake database was asked, call by call. */
type Call = { kind: "execute" | "batch"; sql: string[]; mode?: string | undefined };

/** A libSQL client that answers each statement with one row holding its own SQL. */
function fakeClient(fail?: (sql: string) => boolean): { client: Client; calls: Call[] } {
  const calls: Call[] = [];
  const text = (s: InStatement) => (typeof s === "string" ? s : s.sql);
  const answer = (sql: string): ResultSet => {
    if (fail?.(sql)) throw new Error(`falhou: ${sql}`);
    return { rows: [{ sql }], columns: ["sql"], columnTypes: [], rowsAffected: 0, lastInsertRowid: undefined } as unknown as ResultSet;
  };
  const client = {
    async execute(stmt: InStatement) {
      calls.push({ kind: "execute", sql: [text(stmt)] });
      return answer(text(stmt));
    },
    async batch(stmts: InStatement[], mode?: string) {
      calls.push({ kind: "batch", sql: stmts.map(text), mode });
      return stmts.map((s) => answer(text(s)));
    },
  } as unknown as Client;
  return { client, calls };
}

const sqlOf = (r: ResultSet | undefined) => (r?.rows[0] as unknown as { sql: string } | undefined)?.sql;

describe("reads issued together travel together (db/prelude.ts)", () => {
  it("sends a layout's and a tab's parallel reads as one batch, each caller getting its own results", async () => {
    const { client, calls } = fakeClient();
    let trips = 0;
    const gate = new PreludeGate(client, () => trips++);
    const [header, tab] = await Promise.all([
      gate.execute(["SELECT 'header'"]),
      gate.batch(["SELECT 'matches'", { sql: "SELECT ?", args: ["visits"] }]),
    ]);
    expect(trips).toBe(1);
    expect(calls).toEqual([{ kind: "batch", sql: ["SELECT 'header'", "SELECT 'matches'", "SELECT ?"], mode: "deferred" }]);
    expect(sqlOf(header)).toBe("SELECT 'header'");
    expect(tab.map(sqlOf)).toEqual(["SELECT 'matches'", "SELECT ?"]);
  });

  it("keeps a lone read as it came (execute stays execute, a batch keeps its mode)", async () => {
    const { client, calls } = fakeClient();
    const gate = new PreludeGate(client, () => {});
    await gate.execute(["SELECT 1"]);
    await gate.batch(["SELECT 2", "SELECT 3"], "read");
    expect(calls).toEqual([
      { kind: "execute", sql: ["SELECT 1"] },
      { kind: "batch", sql: ["SELECT 2", "SELECT 3"], mode: "read" },
    ]);
  });

  it("never holds a write back or joins it with reads", async () => {
    const { client, calls } = fakeClient();
    let trips = 0;
    const gate = new PreludeGate(client, () => trips++);
    await Promise.all([gate.execute(["SELECT 1"]), gate.batch(["SELECT 2", "UPDATE t SET a = 1"]), gate.execute(["DELETE FROM t"])]);
    expect(trips).toBe(3);
    expect(calls.filter((c) => c.sql.some((s) => /UPDATE|DELETE/.test(s))).map((c) => c.sql)).toEqual([
      ["SELECT 2", "UPDATE t SET a = 1"],
      ["DELETE FROM t"],
    ]);
  });

  it("carries the session check with the joined reads, and a refused session rejects every one of them", async () => {
    const { client, calls } = fakeClient();
    let trips = 0;
    const gate = new PreludeGate(client, () => trips++);
    gate.set({
      statement: "SELECT 'session'",
      accept() {
        throw new Error("sessão revogada");
      },
    });
    const results = await Promise.allSettled([gate.execute(["SELECT 'a'"]), gate.batch(["SELECT 'b'"])]);
    expect(trips).toBe(1);
    expect(calls).toEqual([{ kind: "batch", sql: ["SELECT 'session'", "SELECT 'a'", "SELECT 'b'"], mode: "deferred" }]);
    expect(results.map((r) => r.status)).toEqual(["rejected", "rejected"]);
  });

  it("fails every joined read when their batch fails, and the next reads go on their own", async () => {
    const { client } = fakeClient((sql) => sql.includes("broken"));
    const gate = new PreludeGate(client, () => {});
    const results = await Promise.allSettled([gate.execute(["SELECT 'ok'"]), gate.execute(["SELECT 'broken'"])]);
    expect(results.map((r) => r.status)).toEqual(["rejected", "rejected"]);
    expect(sqlOf(await gate.execute(["SELECT 'later'"]))).toBe("SELECT 'later'");
  });
});
