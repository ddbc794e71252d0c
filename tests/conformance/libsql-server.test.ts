// Conformance of the local libSQL server (tools/libsql-server) against the real @libsql/client over HTTP:
// the same client code path the Worker uses in production against Turso.

import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Client, Config } from "@libsql/client";
import { createClient, LibsqlBatchError, LibsqlError } from "@libsql/client";
import { openHttp } from "@libsql/hrana-client";
import { afterEach, describe, expect, it } from "vitest";
import type { LibsqlServer, LibsqlServerOptions } from "../../tools/libsql-server/server.ts";
import { startLibsqlServer } from "../../tools/libsql-server/server.ts";
import { splitStatements } from "../../tools/libsql-server/sql-text.ts";

type Harness = {
  server: LibsqlServer;
  file: string;
  client(config?: Omit<Config, "url">): Client;
};

const cleanups: (() => Promise<void> | void)[] = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) {
    await cleanup();
  }
});

/** A fresh database file and a server on a random port, both removed after the test. */
async function setup(options: Partial<LibsqlServerOptions> = {}): Promise<Harness> {
  const dir = mkdtempSync(join(tmpdir(), "libsql-server-test-"));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  const file = join(dir, "nested", "test.db");
  const server = await startLibsqlServer({ file, port: 0, ...options });
  cleanups.push(() => server.close());
  return {
    server,
    file,
    client(config = {}) {
      const client = createClient({ url: server.url, ...config });
      cleanups.push(() => client.close());
      return client;
    },
  };
}

/** Await a promise that must reject, and return the error. */
async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("expected the promise to reject");
}

// Raw protocol JSON, only ever inspected through expect() assertions.
// biome-ignore lint/suspicious/noExplicitAny: deliberately untyped response payloads in assertions
type RawJson = any;

type RawPipelineResponse = { baton: string | null; results: { type: string; response?: RawJson; error?: RawJson }[] };

/** Raw Hrana pipeline request, for what @libsql/client cannot express. */
async function pipeline(
  url: string,
  body: { baton: string | null; requests: unknown[] },
  version: 2 | 3 = 2,
): Promise<RawPipelineResponse> {
  const response = await fetch(`${url}/v${version}/pipeline`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as RawPipelineResponse;
}

const text = (sql: string) => ({ type: "execute", stmt: { sql } });

describe("libSQL local server: values and statements", () => {
  it("round-trips every value type, including 64-bit integers, pt-BR text, emoji and blobs", async () => {
    const { client } = await setup();
    const db = client({ intMode: "bigint" });
    await db.execute("CREATE TABLE v (id INTEGER PRIMARY KEY, i INTEGER, f REAL, t TEXT, b BLOB, n)");

    const bytes = new Uint8Array(256).map((_, index) => index);
    const big = 2n ** 63n - 1n;
    const pastSafe = 2n ** 53n + 1n;
    const pt = "Ação, coração, São Paulo, pão de queijo — ÇÃÕÉÊÍ 😀🇧🇷👍🏽";
    await db.execute({ sql: "INSERT INTO v (i, f, t, b, n) VALUES (?, ?, ?, ?, ?)", args: [big, 1234.5678, pt, bytes, null] });
    await db.execute({ sql: "INSERT INTO v (i, f, t) VALUES (?, ?, ?)", args: [-(2n ** 63n), -0.5, ""] });
    await db.execute({ sql: "INSERT INTO v (i) VALUES (?)", args: [pastSafe] });

    const result = await db.execute("SELECT i, f, t, b, n, typeof(i) AS ti, typeof(f) AS tf, typeof(b) AS tb FROM v ORDER BY id");
    const [first, second, third] = result.rows;
    expect(first?.i).toBe(big);
    expect(first?.f).toBe(1234.5678);
    expect(first?.t).toBe(pt);
    expect(new Uint8Array(first?.b as ArrayBuffer)).toEqual(bytes);
    expect(first?.n).toBeNull();
    expect([first?.ti, first?.tf, first?.tb]).toEqual(["integer", "real", "blob"]);
    expect(second?.i).toBe(-(2n ** 63n));
    expect(second?.f).toBe(-0.5);
    expect(second?.t).toBe("");
    expect(third?.i).toBe(pastSafe);

    // Default intMode "number": a JS number travels as a float; integral values stay exact.
    const numbers = client();
    const plain = await numbers.execute({ sql: "SELECT ? + 1 AS x, typeof(?) AS t, 7 AS seven", args: [41, 41] });
    expect(plain.rows[0]?.x).toBe(42);
    expect(plain.rows[0]?.t).toBe("real");
    expect(plain.rows[0]?.seven).toBe(7);
    // Booleans and Dates are converted by the client (1/0 and epoch milliseconds).
    const misc = await numbers.execute({ sql: "SELECT ? AS yes, ? AS no", args: [true, false] });
    expect([misc.rows[0]?.yes, misc.rows[0]?.no]).toEqual([1, 0]);
  });

  it("binds positional, numbered and named arguments (:name, @name, $name)", async () => {
    const { client } = await setup();
    const db = client();

    const positional = await db.execute({ sql: "SELECT ? AS a, ? AS b", args: ["x", "y"] });
    expect(positional.rows[0]).toMatchObject({ a: "x", b: "y" });

    const numbered = await db.execute({ sql: "SELECT ?2 AS a, ?1 AS b, ?2 AS c", args: ["one", "two"] });
    expect(numbered.rows[0]).toMatchObject({ a: "two", b: "one", c: "two" });

    const named = await db.execute({
      sql: "SELECT :cidade AS c, @estado AS e, $pais AS p, :cidade AS again",
      args: { cidade: "Belém", estado: "PA", pais: "Brasil" },
    });
    expect(named.rows[0]).toMatchObject({ c: "Belém", e: "PA", p: "Brasil", again: "Belém" });

    // The name may also be given with its prefix.
    const prefixed = await db.execute({ sql: "SELECT :a AS a, @b AS b", args: { ":a": 1, "@b": null } });
    expect(prefixed.rows[0]).toMatchObject({ a: 1, b: null });

    // `?`, `:` and `@` inside strings, identifiers and comments are not parameters.
    const quoted = await db.execute({
      sql: `SELECT '?:a @b' AS "what?", ? AS x -- :nope ?\n /* @nope */`,
      args: [5],
    });
    expect(quoted.rows[0]).toMatchObject({ "what?": "?:a @b", x: 5 });

    // Like sqld: missing or surplus arguments are errors rather than silent NULLs.
    const missing = await rejection(db.execute({ sql: "SELECT :a, :b", args: { a: 1 } }));
    expect(missing).toBeInstanceOf(LibsqlError);
    expect((missing as LibsqlError).code).toBe("ARGS_INVALID");
    const surplus = await rejection(db.execute({ sql: "SELECT ?", args: [1, 2] }));
    expect((surplus as LibsqlError).code).toBe("ARGS_INVALID");
  });

  it("reports column names and types, rowsAffected and lastInsertRowid", async () => {
    const { client } = await setup();
    const db = client();
    await db.execute("CREATE TABLE pessoa (id INTEGER PRIMARY KEY, nome TEXT NOT NULL, idade INT, nota REAL)");

    const insert = await db.execute({
      sql: "INSERT INTO pessoa (nome, idade) VALUES (?, ?), (?, ?), (?, ?)",
      args: ["Ana", 30, "João", 41, "Iara", 25],
    });
    expect(insert.rowsAffected).toBe(3);
    expect(insert.lastInsertRowid).toBe(3n);
    expect(insert.columns).toEqual([]);

    const update = await db.execute({ sql: "UPDATE pessoa SET nota = ? WHERE idade > ?", args: [9.5, 26] });
    expect(update.rowsAffected).toBe(2);
    expect(update.lastInsertRowid).toBeUndefined();

    const select = await db.execute("SELECT id, nome AS name, idade, nota, idade * 2 AS dobro FROM pessoa ORDER BY id");
    expect(select.columns).toEqual(["id", "name", "idade", "nota", "dobro"]);
    expect(select.columnTypes).toEqual(["INTEGER", "TEXT", "INT", "REAL", ""]);
    expect(select.rowsAffected).toBe(0);
    expect(select.rows).toHaveLength(3);
    expect(select.rows[1]).toMatchObject({ id: 2, name: "João", idade: 41, nota: 9.5, dobro: 82 });
    // Rows are also positional arrays.
    expect(select.rows[1]?.[1]).toBe("João");

    const returning = await db.execute({
      sql: "INSERT INTO pessoa (nome) VALUES (?) RETURNING id, nome",
      args: ["Zé"],
    });
    expect(returning.rows[0]).toMatchObject({ id: 4, nome: "Zé" });
    expect(returning.rowsAffected).toBe(1);
    expect(returning.lastInsertRowid).toBe(4n);

    const remove = await db.execute("DELETE FROM pessoa WHERE idade IS NULL");
    expect(remove.rowsAffected).toBe(1);

    const duplicates = await db.execute("SELECT 1 AS x, 2 AS x");
    expect(duplicates.columns).toEqual(["x", "x"]);
    expect(Array.from(duplicates.rows[0] ?? [])).toEqual([1, 2]);
  });

  it("runs executeMultiple, including triggers and semicolons inside strings and comments", async () => {
    const { client } = await setup();
    const db = client();
    await db.executeMultiple(`
      -- schema; with a comment
      CREATE TABLE conta (id INTEGER PRIMARY KEY, saldo INTEGER NOT NULL);
      CREATE TABLE log (msg TEXT);
      /* a trigger body has its own semicolons */
      CREATE TRIGGER conta_log AFTER UPDATE ON conta BEGIN
        INSERT INTO log (msg) VALUES ('saldo; alterado');
        INSERT INTO log (msg) VALUES ('fim');
      END;
      INSERT INTO conta (saldo) VALUES (10);;
      UPDATE conta SET saldo = saldo + 5;
    `);
    expect((await db.execute("SELECT saldo FROM conta")).rows[0]?.saldo).toBe(15);
    expect((await db.execute("SELECT msg FROM log ORDER BY rowid")).rows.map((row) => row.msg)).toEqual(["saldo; alterado", "fim"]);

    const failed = await rejection(db.executeMultiple("INSERT INTO conta (saldo) VALUES (1); INSERT INTO nope VALUES (2);"));
    expect(failed).toBeInstanceOf(LibsqlError);
    expect((failed as LibsqlError).message).toContain("no such table: nope");
  });
});

describe("libSQL local server: batches and transactions", () => {
  it("runs batches atomically in write mode: a failing statement rolls back the whole batch", async () => {
    const { client } = await setup();
    const db = client();
    await db.execute("CREATE TABLE item (id INTEGER PRIMARY KEY, nome TEXT UNIQUE)");

    const ok = await db.batch(
      [
        { sql: "INSERT INTO item (nome) VALUES (?)", args: ["a"] },
        { sql: "INSERT INTO item (nome) VALUES (?)", args: ["b"] },
        "SELECT count(*) AS n FROM item",
      ],
      "write",
    );
    expect(ok).toHaveLength(3);
    expect(ok[0]?.lastInsertRowid).toBe(1n);
    expect(ok[2]?.rows[0]?.n).toBe(2);

    const failure = await rejection(
      db.batch(
        [
          { sql: "INSERT INTO item (nome) VALUES (?)", args: ["c"] },
          { sql: "INSERT INTO item (nome) VALUES (?)", args: ["a"] }, // UNIQUE violation
          { sql: "INSERT INTO item (nome) VALUES (?)", args: ["d"] },
        ],
        "write",
      ),
    );
    expect(failure).toBeInstanceOf(LibsqlBatchError);
    expect((failure as LibsqlBatchError).code).toBe("SQLITE_CONSTRAINT_UNIQUE");
    expect((failure as LibsqlBatchError).statementIndex).toBe(1);
    const names = await db.execute("SELECT nome FROM item ORDER BY id");
    expect(names.rows.map((row) => row.nome)).toEqual(["a", "b"]);

    // The same statement repeated goes through the client's SQL cache (store_sql / sql_id).
    const repeated = await db.batch(
      ["x", "y", "z"].map((nome) => ({ sql: "INSERT INTO item (nome) VALUES (?)", args: [nome] })),
      "write",
    );
    expect(repeated.map((result) => result.rowsAffected)).toEqual([1, 1, 1]);
  });

  it("supports deferred and read batches", async () => {
    const { client } = await setup();
    const db = client();
    await db.execute("CREATE TABLE t (x INTEGER)");
    await db.batch(["INSERT INTO t VALUES (1)", "INSERT INTO t VALUES (2)"], "deferred");
    const [sum, count] = await db.batch(["SELECT sum(x) AS s FROM t", "SELECT count(*) AS c FROM t"], "read");
    expect(sum?.rows[0]?.s).toBe(3);
    expect(count?.rows[0]?.c).toBe(2);
    // Default mode is deferred.
    const [inserted] = await db.batch(["INSERT INTO t VALUES (3)"]);
    expect(inserted?.rowsAffected).toBe(1);
  });

  it("commits interactive transactions across requests", async () => {
    const { client } = await setup();
    const db = client();
    const other = client();
    await db.execute("CREATE TABLE pedido (id INTEGER PRIMARY KEY, total REAL)");

    const tx = await db.transaction("write");
    const first = await tx.execute({ sql: "INSERT INTO pedido (total) VALUES (?)", args: [10.5] });
    expect(first.lastInsertRowid).toBe(1n);
    await tx.batch([
      { sql: "INSERT INTO pedido (total) VALUES (?)", args: [20] },
      { sql: "UPDATE pedido SET total = total * 2 WHERE id = ?", args: [1] },
    ]);
    expect((await tx.execute("SELECT sum(total) AS s FROM pedido")).rows[0]?.s).toBe(41);
    // Not visible outside before COMMIT.
    expect((await other.execute("SELECT count(*) AS n FROM pedido")).rows[0]?.n).toBe(0);
    await tx.commit();
    expect(tx.closed).toBe(true);
    expect((await other.execute("SELECT sum(total) AS s FROM pedido")).rows[0]?.s).toBe(41);
  });

  it("rolls back interactive transactions, and keeps the transaction after a failed statement", async () => {
    const { client } = await setup();
    const db = client();
    await db.execute("CREATE TABLE t (x INTEGER UNIQUE)");
    await db.execute("INSERT INTO t VALUES (1)");

    const tx = await db.transaction("write");
    await tx.execute("INSERT INTO t VALUES (2)");
    const failed = await rejection(tx.execute("INSERT INTO t VALUES (1)"));
    expect((failed as LibsqlError).code).toBe("SQLITE_CONSTRAINT_UNIQUE");
    // SQLite only undoes the failing statement; the transaction is still open.
    expect((await tx.execute("SELECT count(*) AS n FROM t")).rows[0]?.n).toBe(2);
    await tx.rollback();
    expect((await db.execute("SELECT count(*) AS n FROM t")).rows[0]?.n).toBe(1);

    // A transaction can also run executeMultiple.
    const tx2 = await db.transaction("deferred");
    await tx2.executeMultiple("INSERT INTO t VALUES (3); INSERT INTO t VALUES (4);");
    await tx2.rollback();
    expect((await db.execute("SELECT count(*) AS n FROM t")).rows[0]?.n).toBe(1);
  });

  it("isolates an open transaction from a concurrent reader until commit (and readers do not block)", async () => {
    const { client } = await setup();
    const writer = client();
    const reader = client();
    await writer.execute("CREATE TABLE estoque (produto TEXT PRIMARY KEY, qtd INTEGER)");
    await writer.execute("INSERT INTO estoque VALUES ('café', 10)");

    const tx = await writer.transaction("write");
    await tx.execute("UPDATE estoque SET qtd = qtd - 3 WHERE produto = 'café'");
    await tx.execute("INSERT INTO estoque VALUES ('açúcar', 5)");

    const started = Date.now();
    const during = await reader.execute("SELECT produto, qtd FROM estoque ORDER BY produto");
    expect(Date.now() - started).toBeLessThan(1000);
    expect(during.rows.map((row) => [row.produto, row.qtd])).toEqual([["café", 10]]);
    // A read transaction in another stream sees the same snapshot.
    const readTx = await reader.transaction("read");
    expect((await readTx.execute("SELECT qtd FROM estoque WHERE produto = 'café'")).rows[0]?.qtd).toBe(10);

    await tx.commit();
    // The read transaction keeps its snapshot; a fresh read sees the commit.
    expect((await readTx.execute("SELECT count(*) AS n FROM estoque")).rows[0]?.n).toBe(1);
    await readTx.commit();
    const after = await reader.execute("SELECT produto, qtd FROM estoque ORDER BY produto");
    expect(after.rows.map((row) => [row.produto, row.qtd])).toEqual([
      ["açúcar", 5],
      ["café", 7],
    ]);
  });
});

describe("libSQL local server: errors", () => {
  it("returns SQL errors as LibsqlError with SQLite codes and messages", async () => {
    const { client } = await setup();
    const db = client();
    await db.execute("CREATE TABLE u (email TEXT UNIQUE NOT NULL)");
    await db.execute({ sql: "INSERT INTO u VALUES (?)", args: ["ana@example.com"] });

    const syntax = await rejection(db.execute("SELEC 1"));
    expect(syntax).toBeInstanceOf(LibsqlError);
    expect((syntax as LibsqlError).code).toBe("SQLITE_ERROR");
    expect((syntax as LibsqlError).message).toContain('near "SELEC": syntax error');

    const unique = await rejection(db.execute({ sql: "INSERT INTO u VALUES (?)", args: ["ana@example.com"] }));
    expect(unique).toBeInstanceOf(LibsqlError);
    expect((unique as LibsqlError).code).toContain("SQLITE_CONSTRAINT");
    expect((unique as LibsqlError).code).toBe("SQLITE_CONSTRAINT_UNIQUE");
    expect((unique as LibsqlError).message).toContain("UNIQUE constraint failed: u.email");

    const notNull = await rejection(db.execute("INSERT INTO u VALUES (NULL)"));
    expect((notNull as LibsqlError).code).toBe("SQLITE_CONSTRAINT_NOTNULL");

    const noTable = await rejection(db.execute("SELECT * FROM nada"));
    expect((noTable as LibsqlError).message).toContain("no such table: nada");

    // Like sqld, `execute` takes exactly one statement (libsql alone would silently drop the rest).
    const many = await rejection(db.execute("SELECT 1; SELECT 2"));
    expect((many as LibsqlError).code).toBe("SQL_MANY_STATEMENTS");
    const none = await rejection(db.execute("  -- nothing\n"));
    expect((none as LibsqlError).code).toBe("SQL_NO_STATEMENT");

    // The client is still usable afterwards.
    expect((await db.execute("SELECT count(*) AS n FROM u")).rows[0]?.n).toBe(1);
  });

  it("expires idle streams, rolling back their transaction (STREAM_EXPIRED)", async () => {
    const { client } = await setup({ streamIdleTimeoutMs: 200 });
    const db = client();
    await db.execute("CREATE TABLE t (x INTEGER)");

    const tx = await db.transaction("write");
    await tx.execute("INSERT INTO t VALUES (1)");
    await new Promise((resolve) => setTimeout(resolve, 600));
    const expired = await rejection(tx.commit());
    expect(expired).toBeInstanceOf(LibsqlError);
    expect((expired as LibsqlError).code).toBe("STREAM_EXPIRED");

    // The insert was rolled back and the write lock released.
    expect((await db.execute("SELECT count(*) AS n FROM t")).rows[0]?.n).toBe(0);
    const tx2 = await db.transaction("write");
    await tx2.execute("INSERT INTO t VALUES (2)");
    await tx2.commit();
    expect((await db.execute("SELECT x FROM t")).rows.map((row) => row.x)).toEqual([2]);
  });

  it("gives up with SQLITE_BUSY after the busy timeout, then recovers", async () => {
    const { client } = await setup({ busyTimeoutMs: 250 });
    const holder = client();
    const other = client();
    await holder.execute("CREATE TABLE t (x INTEGER)");

    const tx = await holder.transaction("write");
    await tx.execute("INSERT INTO t VALUES (1)");
    const started = Date.now();
    const busy = await rejection(other.execute("INSERT INTO t VALUES (2)"));
    expect(Date.now() - started).toBeGreaterThanOrEqual(200);
    expect((busy as LibsqlError).code).toBe("SQLITE_BUSY");
    await tx.commit();

    await other.execute("INSERT INTO t VALUES (3)");
    expect((await other.execute("SELECT x FROM t ORDER BY x")).rows.map((row) => row.x)).toEqual([1, 3]);
  });
});

describe("libSQL local server: concurrency", () => {
  it("does not lose writes from several clients inserting in parallel", async () => {
    const { client } = await setup();
    const setupClient = client();
    await setupClient.execute("CREATE TABLE evento (id INTEGER PRIMARY KEY, cliente INTEGER, n INTEGER)");

    const clients = Array.from({ length: 8 }, () => client());
    await Promise.all(
      clients.map(async (db, cliente) => {
        await Promise.all(
          Array.from({ length: 25 }, (_, n) => db.execute({ sql: "INSERT INTO evento (cliente, n) VALUES (?, ?)", args: [cliente, n] })),
        );
        await db.batch(
          Array.from({ length: 5 }, (_, n) => ({
            sql: "INSERT INTO evento (cliente, n) VALUES (?, ?)",
            args: [cliente, 100 + n],
          })),
          "write",
        );
      }),
    );

    const total = await setupClient.execute("SELECT count(*) AS n, count(DISTINCT cliente) AS c FROM evento");
    expect(total.rows[0]).toMatchObject({ n: 8 * 30, c: 8 });
  });

  it("serializes concurrent read-modify-write transactions without lost updates", async () => {
    const { client } = await setup();
    const setupClient = client();
    await setupClient.execute("CREATE TABLE contador (id INTEGER PRIMARY KEY, valor INTEGER)");
    await setupClient.execute("INSERT INTO contador VALUES (1, 0)");

    const workers = Array.from({ length: 6 }, () => client());
    await Promise.all(
      workers.map(async (db) => {
        for (let round = 0; round < 3; round++) {
          // "write" = BEGIN IMMEDIATE: the others wait (asynchronously) for the lock.
          const tx = await db.transaction("write");
          const current = await tx.execute("SELECT valor FROM contador WHERE id = 1");
          await new Promise((resolve) => setTimeout(resolve, 5));
          await tx.execute({ sql: "UPDATE contador SET valor = ? WHERE id = 1", args: [Number(current.rows[0]?.valor) + 1] });
          await tx.commit();
        }
      }),
    );
    expect((await setupClient.execute("SELECT valor FROM contador")).rows[0]?.valor).toBe(18);
  });
});

describe("libSQL local server: protocol", () => {
  it("answers version probes so hrana clients fall back to v2 JSON", async () => {
    const { server } = await setup();
    expect((await fetch(`${server.url}/v2`)).status).toBe(200);
    expect((await fetch(`${server.url}/v3`)).status).toBe(200);
    expect((await fetch(`${server.url}/v3-protobuf`)).status).toBe(404);

    // A hrana client that asks for protocol 3 probes /v3-protobuf, gets 404 and uses v2.
    const hrana = openHttp(server.url, undefined, undefined, undefined, 3);
    try {
      expect(await hrana.getVersion()).toBe(2);
      const stream = hrana.openStream();
      const row = await stream.queryValue("SELECT 40 + 2");
      expect(row.value).toBe(42);
      stream.close();
    } finally {
      hrana.close();
    }

    const bad = await fetch(`${server.url}/v2/pipeline`, { method: "POST", body: "{nope" });
    expect(bad.status).toBe(400);
    const badBaton = await fetch(`${server.url}/v2/pipeline`, {
      method: "POST",
      body: JSON.stringify({ baton: "nope.1", requests: [] }),
    });
    expect(badBaton.status).toBe(400);
  });

  it("keeps stream state across requests with batons, and supports v3 get_autocommit, cursor and describe", async () => {
    const { server } = await setup();
    const url = server.url;

    const first = await pipeline(url, { baton: null, requests: [text("CREATE TABLE t (a INTEGER, b TEXT)"), text("BEGIN")] }, 3);
    expect(first.results.map((result) => result.type)).toEqual(["ok", "ok"]);
    expect(first.baton).toEqual(expect.any(String));

    const second = await pipeline(
      url,
      {
        baton: first.baton,
        requests: [
          { type: "store_sql", sql_id: 1, sql: "INSERT INTO t VALUES (?, ?)" },
          {
            type: "execute",
            stmt: {
              sql_id: 1,
              args: [
                { type: "integer", value: "1" },
                { type: "text", value: "um" },
              ],
            },
          },
          { type: "get_autocommit" },
          { type: "close_sql", sql_id: 1 },
        ],
      },
      3,
    );
    expect(second.results.map((result) => result.type)).toEqual(["ok", "ok", "ok", "ok"]);
    expect(second.results[1]?.response.result).toMatchObject({ affected_row_count: 1, last_insert_rowid: "1" });
    expect(second.results[2]?.response).toEqual({ type: "get_autocommit", is_autocommit: false });

    // A baton is single-use.
    const reused = await fetch(`${url}/v3/pipeline`, {
      method: "POST",
      body: JSON.stringify({ baton: first.baton, requests: [] }),
    });
    expect(reused.status).toBe(400);

    // Batch conditions: and/or/not/error/is_autocommit.
    const third = await pipeline(
      url,
      {
        baton: second.baton,
        requests: [
          {
            type: "batch",
            batch: {
              steps: [
                { stmt: { sql: "SELECT nope" } },
                { condition: { type: "error", step: 0 }, stmt: { sql: "SELECT 'ran after error'" } },
                {
                  condition: {
                    type: "and",
                    conds: [
                      { type: "ok", step: 1 },
                      { type: "not", cond: { type: "is_autocommit" } },
                    ],
                  },
                  stmt: { sql: "COMMIT" },
                },
                {
                  condition: {
                    type: "or",
                    conds: [
                      { type: "ok", step: 0 },
                      { type: "error", step: 2 },
                    ],
                  },
                  stmt: { sql: "SELECT 1" },
                },
              ],
            },
          },
          { type: "get_autocommit" },
        ],
      },
      3,
    );
    const batch = third.results[0]?.response.result;
    expect(batch.step_errors[0]).toMatchObject({ code: "SQLITE_ERROR" });
    expect(batch.step_results[1].rows).toEqual([[{ type: "text", value: "ran after error" }]]);
    expect(batch.step_results[2]).not.toBeNull();
    expect(batch.step_results[3]).toBeNull();
    expect(batch.step_errors[3]).toBeNull();
    expect(third.results[1]?.response.is_autocommit).toBe(true);

    // v3 cursor: newline-delimited JSON.
    const cursor = await fetch(`${url}/v3/cursor`, {
      method: "POST",
      body: JSON.stringify({
        baton: third.baton,
        batch: { steps: [{ stmt: { sql: "SELECT a, b FROM t" } }, { stmt: { sql: "SELECT nope" } }] },
      }),
    });
    expect(cursor.status).toBe(200);
    const entries = (await cursor.text())
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line));
    expect(entries[0].baton).toEqual(expect.any(String));
    expect(entries.slice(1).map((entry: { type: string }) => entry.type)).toEqual(["step_begin", "row", "step_end", "step_error"]);
    expect(entries[2].row).toEqual([
      { type: "integer", value: "1" },
      { type: "text", value: "um" },
    ]);

    // describe, then close the stream: no baton comes back.
    const last = await pipeline(
      url,
      {
        baton: entries[0].baton,
        requests: [
          { type: "describe", sql: "SELECT a AS x, b FROM t WHERE a = :a AND b = ?" },
          { type: "describe", sql: "INSERT INTO t VALUES (1, 'x')" },
          { type: "close" },
        ],
      },
      3,
    );
    expect(last.results[0]?.response.result).toEqual({
      params: [{ name: ":a" }, { name: null }],
      cols: [
        { name: "x", decltype: "INTEGER" },
        { name: "b", decltype: "TEXT" },
      ],
      is_explain: false,
      is_readonly: true,
    });
    expect(last.results[1]?.response.result.is_readonly).toBe(false);
    expect(last.baton).toBeNull();

    // v2 does not know is_autocommit.
    const v2 = await fetch(`${url}/v2/pipeline`, {
      method: "POST",
      body: JSON.stringify({ baton: null, requests: [{ type: "get_autocommit" }] }),
    });
    expect(v2.status).toBe(400);
  });

  it("recovers a stream whose statement hit a snapshot conflict (stale connection is replaced)", async () => {
    const { server, client } = await setup();
    const url = server.url;
    const other = client();
    await other.execute("CREATE TABLE t (x INTEGER)");

    // Stream A: deferred transaction that has read (holds a snapshot)...
    const a1 = await pipeline(url, { baton: null, requests: [text("BEGIN"), text("SELECT count(*) FROM t")] });
    // ...another connection commits a write...
    await other.execute("INSERT INTO t VALUES (1)");
    // ...so A cannot upgrade to a writer.
    const a2 = await pipeline(url, { baton: a1.baton, requests: [text("INSERT INTO t VALUES (2)")] });
    expect(a2.results[0]?.type).toBe("error");
    expect(a2.results[0]?.error.code).toBe("SQLITE_BUSY_SNAPSHOT");

    // After ROLLBACK the same stream works normally again, and its writes are committed.
    const a3 = await pipeline(url, {
      baton: a2.baton,
      requests: [text("ROLLBACK"), text("INSERT INTO t VALUES (3)"), text("SELECT count(*) FROM t")],
    });
    expect(a3.results.map((result) => result.type)).toEqual(["ok", "ok", "ok"]);
    expect(a3.results[2]?.response.result.rows).toEqual([[{ type: "integer", value: "2" }]]);
    expect((await other.execute("SELECT x FROM t ORDER BY x")).rows.map((row) => row.x)).toEqual([1, 3]);
    await pipeline(url, { baton: a3.baton, requests: [{ type: "close" }] });
  });
});

describe("libSQL local server: connection pool and statement cache", () => {
  it("reuses one connection and its prepared statements across sequential executes", async () => {
    const { client, server } = await setup();
    const db = client();
    await db.execute("CREATE TABLE cidade (id INTEGER PRIMARY KEY, nome TEXT, uf TEXT)");
    await db.execute({ sql: "INSERT INTO cidade (nome, uf) VALUES (?, ?), (?, ?)", args: ["Recife", "PE", "Natal", "RN"] });
    const before = server.stats();

    for (let round = 0; round < 30; round++) {
      const uf = round % 2 === 0 ? "PE" : "RN";
      const result = await db.execute({ sql: "SELECT nome FROM cidade WHERE uf = ?", args: [uf] });
      // Same statement, new arguments every time: nothing of the previous binding shows through.
      expect(result.rows.map((row) => row.nome)).toEqual([uf === "PE" ? "Recife" : "Natal"]);
    }

    const after = server.stats();
    // Every execute is a stream of its own; without the pool each one would open a connection.
    expect(after.connectionsOpened).toBe(before.connectionsOpened);
    expect(after.connectionsReused - before.connectionsReused).toBe(30);
    // ... and prepares its statement again.
    expect(after.statementsPrepared - before.statementsPrepared).toBe(1);
    expect(after.idleConnections).toBe(1);

    // Reading PRAGMAs does not cost the connection.
    expect((await db.execute("PRAGMA table_info(cidade)")).rows.map((row) => row.name)).toEqual(["id", "nome", "uf"]);
    await db.execute("PRAGMA main.index_list('cidade')");
    await db.execute("PRAGMA foreign_keys;");
    await db.execute("SELECT name FROM pragma_table_info('cidade')");
    expect(server.stats().connectionsOpened).toBe(before.connectionsOpened);
  });

  it("classifies the statements that may change per-connection state (lexically, erring on the safe side)", () => {
    const touches = (sql: string) => splitStatements(sql).map((info) => info.touchesConnection);
    const cases: [string, boolean][] = [
      ["SELECT * FROM t WHERE x = 'temp'", false],
      ["INSERT INTO t VALUES (1) -- create temp table", false],
      ["SELECT * FROM sqlite_temp_master", false],
      ["PRAGMA foreign_keys", false],
      ["PRAGMA main.table_info(t)", false],
      ["pragma TABLE_XINFO = t", false],
      ["PRAGMA integrity_check", false],
      ["PRAGMA foreign_keys = OFF", true],
      ["PRAGMA foreign_keys(0)", true],
      ["PRAGMA cache_size=-262144", true],
      ["PRAGMA optimize", true],
      ["PRAGMA aux.table_info(t)", true],
      ["EXPLAIN PRAGMA query_only = 1", true],
      ["EXPLAIN QUERY PLAN PRAGMA recursive_triggers = 1", true],
      ["ATTACH DATABASE ':memory:' AS aux", true],
      ["detach aux", true],
      ["CREATE TEMP TABLE x (a)", true],
      ["CREATE TEMPORARY VIEW v AS SELECT 1", true],
      ['CREATE TABLE "temp".x (a)', true],
      ["CREATE TABLE `TEMP`.x (a)", true],
      ["CREATE TABLE [temp].x (a)", true],
      ["DROP TABLE temp.x", true],
      ["CREATE TEMP TRIGGER tr AFTER INSERT ON t BEGIN SELECT 1; END", true],
      ["SELECT temp FROM weather", true], // coarse on purpose
    ];
    for (const [sql, expected] of cases) {
      expect([sql, touches(sql)]).toEqual([sql, [expected]]);
    }
  });

  it("sees schema changes through cached statements (columns, types, new tables), even from another connection", async () => {
    const { client } = await setup();
    const db = client();
    await db.execute("CREATE TABLE t (a INTEGER, b TEXT)");
    await db.execute("INSERT INTO t VALUES (1, 'um')");
    expect((await db.execute("SELECT * FROM t")).columns).toEqual(["a", "b"]);

    await db.execute("ALTER TABLE t ADD COLUMN c REAL DEFAULT 2.5");
    const altered = await db.execute("SELECT * FROM t");
    expect(altered.columns).toEqual(["a", "b", "c"]);
    expect(altered.columnTypes).toEqual(["INTEGER", "TEXT", "REAL"]);
    expect(Array.from(altered.rows[0] ?? [])).toEqual([1, "um", 2.5]);

    // Changed by another connection, inside a transaction that keeps the pooled connection busy.
    const tx = await client().transaction("write");
    await tx.execute("DROP TABLE t");
    await tx.execute("CREATE TABLE t (x BLOB, y TEXT)");
    await tx.execute("INSERT INTO t VALUES (x'01', 'dois')");
    await tx.commit();
    const recreated = await db.execute("SELECT * FROM t");
    expect(recreated.columns).toEqual(["x", "y"]);
    expect(recreated.columnTypes).toEqual(["BLOB", "TEXT"]);
    expect(recreated.rows[0]?.y).toBe("dois");

    await db.execute("DROP TABLE t");
    const gone = await rejection(db.execute("SELECT * FROM t"));
    expect((gone as LibsqlError).message).toContain("no such table: t");
  });

  it("never hands a connection whose stream changed a PRAGMA to another stream", async () => {
    const { client, server } = await setup();
    const db = client();
    await db.execute("CREATE TABLE t (x INTEGER)");
    const readOnly = async () => (await db.execute("PRAGMA query_only")).rows[0]?.[0];
    expect(await readOnly()).toBe(0);
    const opened = server.stats().connectionsOpened;

    await db.execute("PRAGMA query_only = 1");
    expect(await readOnly()).toBe(0);
    await db.execute("INSERT INTO t VALUES (1)");

    // SQLite applies many PRAGMAs while preparing them: `describe` and EXPLAIN count too.
    const described = await pipeline(server.url, {
      baton: null,
      requests: [{ type: "describe", sql: "PRAGMA query_only = 1" }, { type: "close" }],
    });
    expect(described.results.map((result) => result.type)).toEqual(["ok", "ok"]);
    expect(await readOnly()).toBe(0);
    await db.execute("EXPLAIN PRAGMA query_only = 1");
    expect(await readOnly()).toBe(0);
    await db.execute({ sql: "INSERT INTO t VALUES (?)", args: [2] });

    // Also inside a batch, in any letter case, with a schema name.
    await db.batch(["SELECT 1", "pragma MAIN.query_only = ON"], "read");
    expect(await readOnly()).toBe(0);
    await db.execute("INSERT INTO t VALUES (3)");
    expect((await db.execute("SELECT count(*) AS n FROM t")).rows[0]?.n).toBe(3);
    // Each of those connections was closed rather than pooled, so new ones had to be opened.
    expect(server.stats().connectionsOpened - opened).toBeGreaterThanOrEqual(4);
  });

  it("keeps temporary tables, views, triggers and attached databases inside the stream that made them", async () => {
    const { client } = await setup();
    const db = client();
    await db.execute("CREATE TABLE conta (id INTEGER PRIMARY KEY, saldo INTEGER)");
    await db.execute("CREATE TABLE log (msg TEXT)");

    // Each one is checked right away: the next stream would get the same connection if it were pooled.
    const temporaries = [
      ["CREATE TEMP TABLE rascunho (x INTEGER)", "rascunho"],
      ['CREATE TABLE "temp".rascunho2 (x INTEGER)', "rascunho2"],
      ["create table [Temp].rascunho3 (x)", "rascunho3"],
      ["CREATE TEMPORARY VIEW saldos AS SELECT saldo FROM conta", "saldos"],
    ];
    for (const [sql, name] of temporaries) {
      await db.execute(sql as string);
      for (let round = 0; round < 3; round++) {
        const missing = await rejection(db.execute(`SELECT * FROM ${name}`));
        expect((missing as LibsqlError).message).toContain(`no such table: ${name}`);
      }
    }

    await db.execute("CREATE TEMP TRIGGER conta_log AFTER INSERT ON conta BEGIN INSERT INTO log VALUES ('temp trigger'); END");
    for (let round = 0; round < 3; round++) {
      await db.execute({ sql: "INSERT INTO conta (saldo) VALUES (?)", args: [round] });
    }
    // The temporary trigger never fired for the later streams.
    expect((await db.execute("SELECT count(*) AS n FROM log")).rows[0]?.n).toBe(0);

    await db.execute("ATTACH DATABASE ':memory:' AS aux");
    for (let round = 0; round < 3; round++) {
      const schemas = await db.execute("SELECT name FROM pragma_database_list ORDER BY seq");
      expect(schemas.rows.map((row) => row.name)).toEqual(["main"]);
    }

    // Within its own stream a temporary table lives on across requests.
    const tx = await db.transaction("write");
    await tx.execute("CREATE TEMP TABLE lote (x INTEGER)");
    await tx.execute("INSERT INTO lote VALUES (1), (2)");
    await tx.execute("INSERT INTO conta (saldo) SELECT sum(x) FROM lote");
    await tx.commit();
    expect((await db.execute("SELECT saldo FROM conta ORDER BY id DESC LIMIT 1")).rows[0]?.saldo).toBe(3);
    const lote = await rejection(db.execute("SELECT * FROM lote"));
    expect((lote as LibsqlError).message).toContain("no such table: lote");
  });

  it("never lets an abandoned transaction leak into another stream (expired, closed, or killed by a protocol error)", async () => {
    const { server, client } = await setup({ streamIdleTimeoutMs: 200 });
    const url = server.url;
    const db = client();
    await db.execute("CREATE TABLE t (x INTEGER)");

    /** A fresh stream must start in autocommit mode and its writes must be committed. */
    const checkFreshStreams = async (value: number) => {
      for (let round = 0; round < 4; round++) {
        const fresh = await pipeline(
          url,
          { baton: null, requests: [{ type: "get_autocommit" }, text(`INSERT INTO t VALUES (${value})`), { type: "close" }] },
          3,
        );
        expect(fresh.results[0]?.response).toEqual({ type: "get_autocommit", is_autocommit: true });
        expect(fresh.results[1]?.type).toBe("ok");
      }
    };

    // 1. The stream expires with its transaction open.
    const expiring = await pipeline(url, { baton: null, requests: [text("BEGIN"), text("INSERT INTO t VALUES (-1)")] });
    expect(expiring.baton).toEqual(expect.any(String));
    await new Promise((resolve) => setTimeout(resolve, 600));
    await checkFreshStreams(1);

    // 2. The client closes the stream with its transaction open.
    const closed = await pipeline(url, { baton: null, requests: [text("BEGIN"), text("INSERT INTO t VALUES (-2)"), { type: "close" }] });
    expect(closed.baton).toBeNull();
    await checkFreshStreams(2);

    // 3. A protocol error (get_autocommit is v3 only) kills the stream mid-transaction.
    const killed = await fetch(`${url}/v2/pipeline`, {
      method: "POST",
      body: JSON.stringify({ baton: null, requests: [text("BEGIN"), text("INSERT INTO t VALUES (-3)"), { type: "get_autocommit" }] }),
    });
    expect(killed.status).toBe(400);
    await checkFreshStreams(3);

    // None of the abandoned inserts survived; every later write was committed.
    const rows = await client().execute("SELECT x, count(*) AS n FROM t GROUP BY x ORDER BY x");
    expect(rows.rows.map((row) => [row.x, row.n])).toEqual([
      [1, 4],
      [2, 4],
      [3, 4],
    ]);
    // The database is not left locked either.
    const tx = await db.transaction("write");
    await tx.execute("DELETE FROM t");
    await tx.commit();
  });

  it("runs many interactive transactions concurrently on pooled connections, and caps the idle pool", async () => {
    const { client, server } = await setup({ maxIdleConnections: 4 });
    const setupClient = client();
    await setupClient.execute("CREATE TABLE saldo (conta INTEGER PRIMARY KEY, valor INTEGER NOT NULL)");
    await setupClient.execute("CREATE TABLE movimento (conta INTEGER, valor INTEGER)");
    await setupClient.batch(
      Array.from({ length: 8 }, (_, conta) => ({ sql: "INSERT INTO saldo VALUES (?, 100)", args: [conta] })),
      "write",
    );

    const workers = Array.from({ length: 8 }, () => client());
    await Promise.all(
      workers.map(async (db, conta) => {
        for (let round = 0; round < 3; round++) {
          const tx = await db.transaction("write");
          await tx.execute({ sql: "INSERT INTO movimento VALUES (?, ?)", args: [conta, -10] });
          // Its own uncommitted write is visible to itself only.
          expect((await tx.execute({ sql: "SELECT count(*) AS n FROM movimento WHERE conta = ?", args: [conta] })).rows[0]?.n).toBe(
            round + 1,
          );
          const outside = await db.execute({ sql: "SELECT count(*) AS n FROM movimento WHERE conta = ?", args: [conta] });
          expect(outside.rows[0]?.n).toBe(round);
          await new Promise((resolve) => setTimeout(resolve, 2));
          await tx.execute({ sql: "UPDATE saldo SET valor = valor - 10 WHERE conta = ?", args: [conta] });
          if (round === 2 && conta % 2 === 1) {
            await tx.rollback();
          } else {
            await tx.commit();
          }
          // A read transaction in between, on whatever connection the pool hands out.
          const [count] = await db.batch([{ sql: "SELECT count(*) AS n FROM movimento WHERE conta = ?", args: [conta] }], "read");
          expect(count?.rows[0]?.n).toBe(round === 2 && conta % 2 === 1 ? 2 : round + 1);
        }
      }),
    );

    const totals = await setupClient.execute("SELECT sum(valor) AS s FROM saldo");
    expect(totals.rows[0]?.s).toBe(8 * 100 - (4 * 30 + 4 * 20));
    expect((await setupClient.execute("SELECT count(*) AS n FROM movimento")).rows[0]?.n).toBe(4 * 3 + 4 * 2);
    const stats = server.stats();
    expect(stats.connectionsReused).toBeGreaterThan(stats.connectionsOpened);
    expect(stats.idleConnections).toBeLessThanOrEqual(4);
  });
});
