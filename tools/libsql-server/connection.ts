// One libSQL connection (the `libsql` npm package, a better-sqlite3-style synchronous API over the real
// libSQL engine) per Hrana stream.
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

import Database from "libsql";

export type EngineDatabase = Database.Database;
export type EngineStatement = Database.Statement;

function openDatabase(file: string): EngineDatabase {
  const db = new Database(file);
  db.exec("PRAGMA busy_timeout = 0");
  // WAL + NORMAL cannot corrupt the database; it only risks the last commits on an OS crash, which is
  // fine for a development server and makes commits much cheaper.
  db.exec("PRAGMA synchronous = NORMAL");
  return db;
}

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
  #db: EngineDatabase;
  #stats: EngineStatement | undefined;
  #poisoned = false;
  #closed = false;

  constructor(file: string) {
    this.#file = file;
    this.#db = openDatabase(file);
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

  /** A statement failed with SQLITE_BUSY/SQLITE_LOCKED and could not be reset (see the file comment). */
  markPoisoned(): void {
    this.#poisoned = true;
  }

  /** Swap a poisoned connection for a fresh one once no transaction would be lost by doing so. */
  heal(): void {
    if (!this.#poisoned || this.#closed || this.#db.inTransaction) {
      return;
    }
    closeQuietly(this.#db);
    this.#db = openDatabase(this.#file);
    this.#stats = undefined;
    this.#poisoned = false;
  }

  /** sqlite3_changes() and sqlite3_last_insert_rowid() of the last statement, as exact integers. */
  changesAndRowid(): { changes: bigint; lastInsertRowid: bigint } {
    if (this.#stats === undefined) {
      this.#stats = this.db.prepare("SELECT changes(), last_insert_rowid()").raw(true).safeIntegers(true);
    }
    const row = this.#stats.all()[0] as [bigint, bigint] | undefined;
    return { changes: row?.[0] ?? 0n, lastInsertRowid: row?.[1] ?? 0n };
  }

  /** Close the connection; an open transaction is rolled back. */
  close(): void {
    if (this.#closed) {
      return;
    }
    this.#closed = true;
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
