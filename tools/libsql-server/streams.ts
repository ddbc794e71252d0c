// Hrana-over-HTTP streams. HTTP is stateless, so the server hands out a "baton" with every response; the
// client's next request on the same stream carries it back. Each stream owns its own connection, which is
// what makes `BEGIN` in one request and `COMMIT` in a later one work.
//
// Like sqld: a baton is valid exactly once (it embeds a sequence number), a stream that sees no request
// for a while expires (its connection closes, rolling back any open transaction), and an expired
// stream is remembered for a few minutes so the client gets "stream expired" instead of "invalid baton".
//
// @libsql/client opens a stream for every `execute`/`batch` and closes it in the same HTTP request, and
// opening a connection costs a schema parse and a cold page cache. So connections are pooled: a new
// stream takes an idle connection if there is one, and a stream that ends gives its connection back,
// but only when nothing of that stream can show through (Connection.reusable: no open transaction, no
// PRAGMA/ATTACH/temp-schema statement, not poisoned). Otherwise the connection is closed, which rolls
// back an open transaction.

import { randomBytes } from "node:crypto";
import type { EngineStats } from "./connection.ts";
import { Connection } from "./connection.ts";
import { ProtocolError, StreamExpiredError } from "./errors.ts";

export type StreamRegistryOptions = {
  file: string;
  /** Idle time after which a stream expires (sqld: 10 s). */
  idleTimeoutMs: number;
  /** How many idle connections are kept for later streams. */
  maxIdleConnections: number;
};

/** Counters for tests and benchmarks. */
export type RegistryStats = EngineStats & {
  /** Streams that got a pooled connection instead of opening one. */
  connectionsReused: number;
  /** Connections waiting in the pool right now. */
  idleConnections: number;
};

/** How long an expired stream is remembered, to report STREAM_EXPIRED rather than an invalid baton. */
const EXPIRED_MEMORY_MS = 5 * 60 * 1000;

export class Stream {
  readonly id: string;
  /** Sequence number the next baton must carry. */
  seq = 1;
  /** `null` once the client sent a `close` request. */
  conn: Connection | null;
  /** SQL texts stored with `store_sql`, private to the stream. */
  readonly sqls = new Map<number, string>();
  /** A request is being processed right now. */
  busy = true;
  idleTimer: NodeJS.Timeout | undefined;
  readonly #giveBack: (conn: Connection) => void;

  constructor(id: string, conn: Connection, giveBack: (conn: Connection) => void) {
    this.id = id;
    this.conn = conn;
    this.#giveBack = giveBack;
  }

  get baton(): string {
    return `${this.id}.${this.seq}`;
  }

  /** End the stream's use of its connection: back to the pool if safe, else closed (rolling back). */
  closeConnection(): void {
    const conn = this.conn;
    this.conn = null;
    if (conn !== null) this.#giveBack(conn);
  }
}

export class StreamRegistry {
  readonly #options: StreamRegistryOptions;
  readonly #streams = new Map<string, Stream>();
  readonly #expired = new Map<string, NodeJS.Timeout>();
  /** Idle connections, most recently used last (taken first: its page cache is the warmest). */
  readonly #idle: Connection[] = [];
  readonly #engineStats: EngineStats = { connectionsOpened: 0, statementsPrepared: 0 };
  #connectionsReused = 0;
  #closed = false;

  constructor(options: StreamRegistryOptions) {
    this.#options = options;
  }

  stats(): RegistryStats {
    return { ...this.#engineStats, connectionsReused: this.#connectionsReused, idleConnections: this.#idle.length };
  }

  #takeConnection(): Connection {
    const pooled = this.#idle.pop();
    if (pooled !== undefined) {
      this.#connectionsReused += 1;
      return pooled;
    }
    return new Connection(this.#options.file, this.#engineStats);
  }

  readonly #giveBack = (conn: Connection): void => {
    if (!this.#closed && conn.reusable && this.#idle.length < this.#options.maxIdleConnections) {
      this.#idle.push(conn);
    } else {
      conn.close(); // rolls back an open transaction
    }
  };

  /** Start a request: open a new stream (no baton) or take the stream the baton points at. */
  acquire(baton: string | null): Stream {
    if (this.#closed) {
      throw new ProtocolError("The server is shutting down");
    }
    if (baton === null) {
      const stream = new Stream(randomBytes(16).toString("base64url"), this.#takeConnection(), this.#giveBack);
      this.#streams.set(stream.id, stream);
      return stream;
    }
    const dot = baton.lastIndexOf(".");
    const id = baton.slice(0, dot);
    const seq = Number(baton.slice(dot + 1));
    if (dot <= 0 || !Number.isSafeInteger(seq)) {
      throw new ProtocolError("The baton is invalid");
    }
    if (this.#expired.has(id)) {
      throw new StreamExpiredError();
    }
    const stream = this.#streams.get(id);
    if (stream === undefined) {
      throw new ProtocolError("The baton is invalid: unknown stream");
    }
    if (stream.busy || stream.seq !== seq) {
      throw new ProtocolError("The baton was already used");
    }
    clearTimeout(stream.idleTimer);
    stream.busy = true;
    stream.seq += 1;
    return stream;
  }

  /** Finish a request: returns the baton for the next one, or `null` when the stream was closed. */
  release(stream: Stream): string | null {
    stream.busy = false;
    if (stream.conn === null || this.#closed) {
      this.discard(stream);
      return null;
    }
    stream.conn.heal();
    stream.idleTimer = setTimeout(() => this.#expire(stream), this.#options.idleTimeoutMs);
    stream.idleTimer.unref();
    return stream.baton;
  }

  /** Drop a stream for good (after a protocol error, or once closed). */
  discard(stream: Stream): void {
    clearTimeout(stream.idleTimer);
    stream.closeConnection();
    this.#streams.delete(stream.id);
  }

  #expire(stream: Stream): void {
    if (stream.busy || !this.#streams.has(stream.id)) {
      return;
    }
    this.discard(stream);
    const forget = setTimeout(() => this.#expired.delete(stream.id), EXPIRED_MEMORY_MS);
    forget.unref();
    this.#expired.set(stream.id, forget);
  }

  /** Close every stream and every pooled connection (server shutdown). */
  closeAll(): void {
    this.#closed = true;
    for (const stream of this.#streams.values()) {
      this.discard(stream);
    }
    for (const conn of this.#idle.splice(0)) {
      conn.close();
    }
    for (const timer of this.#expired.values()) {
      clearTimeout(timer);
    }
    this.#expired.clear();
  }
}
