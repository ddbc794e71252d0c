// One libSQL connection (the `libsql` npm package, a better-sqlite3-style synchronous API over the real
// libSQL engine), used by one Hrana stream at a time.
//
// The API is synchronous, so SQLite's own busy handler would block Node's only thread while it waits for
// a lock that, most of the time, another stream of this very server holds and can only release when we
// get to process its next request: a guaranteed stall until the timeout. So connections get
// busy_timeout = 0 and the waiting happens asynchronously in engine.ts (retrying the statement).
//
// A statement that fails with SQLITE_BUSY is left mid-execution by SQLite until it is reset, and `libsql`
// has no reset() — only re-running the statement resets it. Such a stuck statement pins the
// connection's read snapshot (later reads are stale, later writes fail with SQLITE_BUSY_SNAPSHOT, later
// autocommit writes are not even committed). When we give up on a statement in that state we mark the
// connection "poisoned" and swap it for a fresh one as soon as it is outside a transaction: nothing of
// value lives on a connection in autocommit mode.
//
// Connections outlive streams: streams.ts pools them (see `reusable` for when that is safe), and each one
// keeps its prepared statements in a small LRU cache, so neither the schema nor a statement is parsed
// again for every request.

import Database from "libsql";

export type EngineDatabase = Database.Database;
export type EngineStatement = Database.Statement;

/** Counters for tests and benchmarks (shared by every connection of a server). */
export type EngineStats = {
  /** Connections opened (streams that found no idle connection, and replacements of poisoned ones). */
  connectionsOpened: number;
  /** Statements prepared for `execute`/`batch`/`sequence` (statement cache misses). */
  statementsPrepared: number;
};

/** Prepared statements kept per connection (least recently used are dropped first). */
const STATEMENT_CACHE_SIZE = 128;

function openDatabase(file: string, stats: EngineStats): EngineDatabase {
  stats.connectionsOpened += 1;
  const db = new Database(file);
  db.exec("PRAGMA busy_timeout = 0");
  // WAL + NORMAL cannot corrupt the database; it only risks the last commits on an OS crash, which is
  // fine for a development server and makes commits much cheaper.
  db.exec("PRAGMA synchronous = NORMAL");
  return db;
}

/** A statement of the cache: `reader` statements are in raw + safe-integer mode. */
export type CachedStatement = { stmt: EngineStatement; reader: boolean };

/**
 * Prepare the database file at startup and return a connection to keep open while the server runs.
 *
 * WAL lets readers work while a transaction in another stream is open, as in sqld (journal_mode is
 * persistent in the file). Keeping one connection open matters for speed: when the last connection to a
 * WAL database closes, SQLite checkpoints and deletes the -wal and -shm files, and since every
 * `execute` is a stream of its own, each request would pay for that (several ms) again.
 */
export function openAnchorConnection(file: string): EngineDatabase {
  const db = new Database(file);
  try {
    db.exec("PRAGMA journal_mode = WAL");
  } catch (error) {
    closeQuietly(db);
    throw error;
  }
  return db;
}

export function closeAnchorConnection(db: EngineDatabase): void {
  closeQuietly(db);
}

export class Connection {
  readonly #file: string;
  readonly #engineStats: EngineStats;
  #db: EngineDatabase;
  #changesStmt: EngineStatement | undefined;
  /** SQL text -> prepared statement, in least-recently-used-first order (Map keeps insertion order). */
  #statements = new Map<string, CachedStatement>();
  #poisoned = false;
  #touched = false;
  #closed = false;

  constructor(file: string, stats: EngineStats) {
    this.#file = file;
    this.#engineStats = stats;
    this.#db = openDatabase(file, stats);
  }

  get db(): EngineDatabase {
    if (this.#closed) {
      throw new Error("The connection is closed");
    }
    return this.#db;
  }

  get isAutocommit(): boolean {
    return !this.db.inTransaction;
  }

  get poisoned(): boolean {
    return this.#poisoned;
  }

  /**
   * A statement failed with SQLITE_BUSY/SQLITE_LOCKED and could not be reset (see the file comment), or
   * something unexpected interrupted a statement before its end (it would pin the read snapshot).
   */
  markPoisoned(): void {
    this.#poisoned = true;
  }

  /**
   * The stream ran (or prepared) a statement that may change per-connection state (PRAGMA, ATTACH, temp
   * schema): the connection must not be handed to another stream.
   */
  markTouched(): void {
    this.#touched = true;
  }

  /**
   * Whether another stream may take this connection over: nothing of the previous stream can show
   * through (no open transaction, no per-connection state changed, no stuck statement).
   */
  get reusable(): boolean {
    return !this.#closed && !this.#poisoned && !this.#touched && !this.#db.inTransaction;
  }

  /** Swap a poisoned connection for a fresh one once no transaction would be lost by doing so. */
  heal(): void {
    if (!this.#poisoned || this.#closed || this.#db.inTransaction) {
      return;
    }
    closeQuietly(this.#db);
    // The statements belong to the old handle (and one of them may be the stuck one).
    this.#statements = new Map();
    this.#changesStmt = undefined;
    this.#db = openDatabase(this.#file, this.#engineStats);
    this.#poisoned = false;
    // A fresh handle has none of the old one's per-connection state.
    this.#touched = false;
  }

  /**
   * The prepared statement for `sql`, from the cache or prepared now. A reader (a statement that returns
   * columns) is put in raw + safe-integer mode once, when prepared: only engine.ts's executeQuery uses
   * these statements, and always in that mode. Every use must run the statement to its end (`run`, or
   * iterating every row): `libsql` resets a statement only when it runs it again.
   */
  statement(sql: string): CachedStatement {
    const cached = this.#statements.get(sql);
    if (cached !== undefined) {
      this.#statements.delete(sql);
      this.#statements.set(sql, cached);
      return cached;
    }
    const stmt = this.db.prepare(sql);
    this.#engineStats.statementsPrepared += 1;
    const reader = stmt.reader;
    if (reader) {
      stmt.raw(true);
      stmt.safeIntegers(true);
    }
    const entry = { stmt, reader };
    this.#statements.set(sql, entry);
    if (this.#statements.size > STATEMENT_CACHE_SIZE) {
      const oldest = this.#statements.keys().next();
      if (oldest.done !== true) this.#statements.delete(oldest.value);
    }
    return entry;
  }

  /** sqlite3_changes() and sqlite3_last_insert_rowid() of the last statement, as exact integers. */
  changesAndRowid(): { changes: bigint; lastInsertRowid: bigint } {
    if (this.#changesStmt === undefined) {
      this.#changesStmt = this.db.prepare("SELECT changes(), last_insert_rowid()").raw(true).safeIntegers(true);
    }
    const row = this.#changesStmt.all()[0] as [bigint, bigint] | undefined;
    return { changes: row?.[0] ?? 0n, lastInsertRowid: row?.[1] ?? 0n };
  }

  /** Close the connection; an open transaction is rolled back. */
  close(): void {
    if (this.#closed) {
      return;
    }
    this.#closed = true;
    this.#statements = new Map();
    this.#changesStmt = undefined;
    if (this.#db.inTransaction) {
      try {
        this.#db.exec("ROLLBACK");
      } catch {
        // Closing the connection rolls back anyway.
      }
    }
    closeQuietly(this.#db);
  }
}

function closeQuietly(db: EngineDatabase): void {
  try {
    db.close();
  } catch {
    // Nothing useful to do: the handle is dropped either way.
  }
}
