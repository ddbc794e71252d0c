import type { Client, InStatement, ResultSet, TransactionMode } from "@libsql/client";

/**
 * A statement that rides in the same round trip as the request's first read (ADR 011): the
 * session lookup of a request whose identity is already known from an earlier one. Its
 * `accept` sees the result before anything else of that call reaches the caller; throwing
 * there rejects the call, so data read on a stale or revoked session never leaves the client.
 */
export interface Prelude {
  statement: InStatement;
  accept(result: ResultSet): void;
}

/**
 * Only plain reads may ride along: nothing may be written before the prelude is accepted. A
 * `WITH` may lead into INSERT, UPDATE or DELETE (`WITH k AS (…) DELETE FROM …`), so it counts as
 * a read only when, with literals, quoted names and comments removed, no writing keyword is left.
 * A read judged a write merely costs its own round trip; never the other way round.
 */
export function isRead(stmt: InStatement): boolean {
  const text = typeof stmt === "string" ? stmt : stmt.sql;
  // In SQLite a statement that begins with SELECT only reads.
  if (/^\s*select\b/i.test(text)) return true;
  if (!/^\s*with\b/i.test(text)) return false;
  return !WRITES.test(withoutLiterals(text));
}

/** The statements a WITH can lead into besides SELECT (`replace(` the function is not one). */
// Whole words only: a read of `deleted_at` or `updated_by` is still a read (it used to cost a round trip of its own).
const WRITES = /\b(?:insert|update|delete)\b|\breplace\b(?!\s*\()/i;

function withoutLiterals(sql: string): string {
  return sql.replace(/'(?:[^']|'')*'|"(?:[^"]|"")*"|`[^`]*`|\[[^\]]*\]|--[^\n]*|\/\*[\s\S]*?\*\//g, " ");
}

function toStatement(args: unknown[]): InStatement {
  const [first, second] = args;
  if (typeof first === "string") return second === undefined ? first : ({ sql: first, args: second } as InStatement);
  return first as InStatement;
}

/** A read waiting to be sent; `mode` null: it came as a single `execute`. */
interface QueuedRead {
  stmts: InStatement[];
  mode: TransactionMode | null;
  resolve(results: ResultSet[]): void;
  reject(error: unknown): void;
}

/** The prelude state of one request's database handle, and its reads that travel together. */
export class PreludeGate {
  #pending: Prelude | null = null;
  /** Reads waiting for the next macrotask, to be sent as one round trip (`#queueRead`). */
  #reads: QueuedRead[] | null = null;
  /** Settles once the prelude ran and was accepted (or rejected). */
  #settled: Promise<void> | null = null;

  readonly client: Client;
  readonly onTrip: () => void;

  constructor(client: Client, onTrip: () => void) {
    this.client = client;
    this.onTrip = onTrip;
  }

  set(prelude: Prelude): void {
    if (this.#pending || this.#settled) throw new Error("a prelude was already set for this request");
    this.#pending = prelude;
  }

  /** Runs a pending prelude on its own (when nothing could carry it) and waits for its verdict. */
  settle(): Promise<void> {
    if (this.#settled) return this.#settled;
    const prelude = this.#pending;
    if (!prelude) return Promise.resolve();
    this.#pending = null;
    this.onTrip();
    this.#settled = this.client.execute(prelude.statement).then((result) => prelude.accept(result));
    return this.#settled;
  }

  /** `execute` with a pending prelude carried along when the statement is a read. */
  async execute(args: unknown[]): Promise<ResultSet> {
    const stmt = toStatement(args);
    if (isRead(stmt)) {
      const [result] = await this.#queueRead([stmt], null);
      return result as ResultSet;
    }
    await this.settle();
    this.onTrip();
    return (this.client.execute as (...a: unknown[]) => Promise<ResultSet>)(...args);
  }

  /** `batch` with a pending prelude carried along when every statement is a read. */
  async batch(stmts: InStatement[], mode?: TransactionMode): Promise<ResultSet[]> {
    if (stmts.length && stmts.every(isRead)) return this.#queueRead(stmts, mode ?? "deferred");
    await this.settle();
    this.onTrip();
    return this.client.batch(stmts, mode);
  }

  /**
   * Reads issued in the same turn of the event loop travel together: the loaders of a nested
   * page (a layout and its tab) run in parallel, and each used to cost its own round trip. The
   * queue is sent at the next macrotask, with the pending prelude when there is one. A lone
   * `execute` stays an `execute`, a lone batch keeps its mode; joined reads are one deferred
   * batch, and a failure of that batch is every joined caller's failure (they are reads of one
   * page, which fails as a whole anyway).
   */
  #queueRead(stmts: InStatement[], mode: TransactionMode | null): Promise<ResultSet[]> {
    return new Promise<ResultSet[]>((resolve, reject) => {
      if (!this.#reads) {
        this.#reads = [];
        setTimeout(() => void this.#flushReads(), 0);
      }
      this.#reads.push({ stmts, mode, resolve, reject });
    });
  }

  async #flushReads(): Promise<void> {
    const reads = this.#reads ?? [];
    this.#reads = null;
    const all = reads.flatMap((r) => r.stmts);
    const lone = reads.length === 1 ? (reads[0] as QueuedRead) : null;
    let results: ResultSet[];
    try {
      if (this.#pending) {
        results = await this.#carry(all, lone?.mode ?? "deferred");
      } else {
        await this.settle();
        this.onTrip();
        results =
          lone && lone.mode === null
            ? [await this.client.execute(all[0] as InStatement)]
            : await this.client.batch(all, lone?.mode ?? "deferred");
      }
    } catch (error) {
      for (const r of reads) r.reject(error);
      return;
    }
    let at = 0;
    for (const r of reads) {
      r.resolve(results.slice(at, at + r.stmts.length));
      at += r.stmts.length;
    }
  }

  async #carry(stmts: InStatement[], mode: TransactionMode): Promise<ResultSet[]> {
    const prelude = this.#pending as Prelude;
    this.#pending = null;
    let accepted!: () => void;
    let refused!: (error: unknown) => void;
    this.#settled = new Promise<void>((resolve, reject) => {
      accepted = resolve;
      refused = reject;
    });
    // Calls made meanwhile wait for the verdict; an unobserved rejection is not an error.
    this.#settled.catch(() => {});
    this.onTrip();
    let results: ResultSet[];
    try {
      results = await this.client.batch([prelude.statement, ...stmts], mode);
    } catch (error) {
      // The batch failed as a whole: the prelude still has to run (on its own, later).
      // Whoever already waits on the verdict gets it from that run.
      this.#pending = prelude;
      this.#settled = null;
      this.settle().then(accepted, refused);
      throw error;
    }
    try {
      prelude.accept(results[0] as ResultSet);
    } catch (error) {
      refused(error);
      throw error;
    }
    accepted();
    return results.slice(1);
  }
}
