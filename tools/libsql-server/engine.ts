// Executing Hrana statements, batches and sequences on a connection, with sqld's semantics:
// one statement per `execute`, sqld's argument binding rules, batch conditions, affected_row_count only
// for INSERT/UPDATE/DELETE and last_insert_rowid only for INSERT.

import { setTimeout as sleep } from "node:timers/promises";
import type { Connection, EngineStatement } from "./connection.ts";
import { HranaError, isEngineError, primaryCode, ProtocolError, toHranaError } from "./errors.ts";
import type { Batch, BatchCond, BatchResult, Col, DescribeResult, Stmt, StmtResult, Version } from "./protocol.ts";
import type { StatementInfo } from "./sql-text.ts";
import { splitStatements } from "./sql-text.ts";
import type { ProtoValue, SqlValue } from "./values.ts";
import { valueToProto } from "./values.ts";

export type EngineOptions = {
  /** How long a statement keeps retrying while the database is locked by another connection. */
  busyTimeoutMs: number;
  /** Says why a statement must not run (it is answered with the error `SQL_REFUSED`), or nothing. */
  screen?: ((sql: string) => string | null | undefined) | undefined;
};

/** A statement checked against the protocol rules, ready to run. */
export type Query = {
  info: StatementInfo;
  args: SqlValue[];
  namedArgs: { name: string; value: SqlValue }[];
  wantRows: boolean;
};

/** A batch step whose statement and condition were validated. */
export type ProgramStep = { query: Query; condition: BatchCond | undefined };

/** Pick the SQL text of a request: inline `sql`, or `sql_id` stored earlier with `store_sql`. */
export function resolveSql(sql: string | undefined, sqlId: number | undefined, sqls: Map<number, string>): string {
  if (sql !== undefined && sqlId !== undefined) {
    throw new ProtocolError("Both sql and sql_id were given");
  }
  if (sql !== undefined) {
    return sql;
  }
  if (sqlId === undefined) {
    throw new ProtocolError("Neither sql nor sql_id was given");
  }
  const stored = sqls.get(sqlId);
  if (stored === undefined) {
    throw new ProtocolError(`SQL text ${sqlId} was not found`);
  }
  return stored;
}

/**
 * Lexing a statement costs ~3-10 µs (a few % of a request), and an application sends the same few SQL
 * texts over and over: remember the last ones. The StatementInfo objects are shared, never mutated.
 */
const SPLIT_CACHE_SIZE = 512;
const SPLIT_CACHE_MAX_SQL_LENGTH = 8192;
const splitCache = new Map<string, StatementInfo>();

function singleStatement(sql: string): StatementInfo {
  const cached = splitCache.get(sql);
  if (cached !== undefined) {
    splitCache.delete(sql);
    splitCache.set(sql, cached);
    return cached;
  }
  const statements = splitStatements(sql);
  const [first] = statements;
  if (first === undefined) {
    throw new HranaError("SQL_NO_STATEMENT", "SQL string does not contain any statement");
  }
  if (statements.length > 1) {
    throw new HranaError("SQL_MANY_STATEMENTS", "SQL string contains more than one statement");
  }
  if (sql.length <= SPLIT_CACHE_MAX_SQL_LENGTH) {
    splitCache.set(sql, first);
    if (splitCache.size > SPLIT_CACHE_SIZE) {
      const oldest = splitCache.keys().next();
      if (oldest.done !== true) splitCache.delete(oldest.value);
    }
  }
  return first;
}

export function toQuery(stmt: Stmt, sqls: Map<number, string>): Query {
  const info = singleStatement(resolveSql(stmt.sql, stmt.sqlId, sqls));
  if (stmt.args.length > 0 && stmt.namedArgs.length > 0) {
    throw new HranaError("ARGS_BOTH_POSITIONAL_AND_NAMED", "Specifying both positional and named arguments is not supported");
  }
  return { info, args: stmt.args, namedArgs: stmt.namedArgs, wantRows: stmt.wantRows };
}

function checkCond(cond: BatchCond, stepIndex: number, version: Version): void {
  switch (cond.type) {
    case "ok":
    case "error":
      if (cond.step < 0 || cond.step >= stepIndex) {
        throw new ProtocolError("Batch condition refers to a step that is not before it");
      }
      return;
    case "not":
      checkCond(cond.cond, stepIndex, version);
      return;
    case "and":
    case "or":
      for (const inner of cond.conds) checkCond(inner, stepIndex, version);
      return;
    case "is_autocommit":
      if (version < 3) {
        throw new ProtocolError("BatchCond of type `is_autocommit` requires protocol version 3");
      }
      return;
  }
}

/** Validate a whole batch before running any of it, as sqld does. */
export function toProgram(batch: Batch, sqls: Map<number, string>, version: Version): ProgramStep[] {
  return batch.steps.map((step, index) => {
    if (step.condition !== undefined) {
      checkCond(step.condition, index, version);
    }
    return { query: toQuery(step.stmt, sqls), condition: step.condition };
  });
}

function argsInvalid(detail: string): HranaError {
  return new HranaError("ARGS_INVALID", `Arguments do not match SQL parameters: ${detail}`);
}

/**
 * Build the positional array we bind (the `libsql` object binding aborts the process on statements that
 * mix `?` with names). Rules copied from sqld: `?` and `?NNN` take positional args; a name like `:a` takes
 * the named arg ":a" or, failing that, "a"; a missing value is an error; too many values is an error.
 */
function bindValues(query: Query): SqlValue[] {
  const { params, isExplain } = query.info;
  const positional = query.namedArgs.length === 0;
  const given = positional ? query.args.length : query.namedArgs.length;
  if (given > params.length) {
    throw argsInvalid(`too many parameters, expected ${params.length} found ${given}`);
  }
  const named = new Map<string, SqlValue>(query.namedArgs.map((arg) => [arg.name, arg.value]));
  const lookup = (name: string): SqlValue | undefined => {
    if (named.has(name)) return named.get(name);
    const bare = name.slice(1);
    return named.has(bare) ? named.get(bare) : undefined;
  };
  const values: SqlValue[] = [];
  for (let index = 1; index <= params.length; index++) {
    const name = params[index - 1] ?? null;
    let value: SqlValue | undefined;
    if (name === null) {
      value = positional ? query.args[index - 1] : undefined;
    } else if (name.startsWith("?")) {
      value = positional ? query.args[Number(name.slice(1)) - 1] : undefined;
    } else {
      value = positional ? undefined : lookup(name);
    }
    if (value === undefined) {
      if (isExplain) {
        value = null; // EXPLAIN does not need real values
      } else {
        throw argsInvalid(`value for parameter ${name ?? index} not found`);
      }
    }
    values.push(value);
  }
  return values;
}

/**
 * Run `attempt` until it stops failing with SQLITE_BUSY, sleeping between attempts so other requests (for
 * instance the COMMIT of the transaction holding the lock) get processed meanwhile.
 */
async function retryWhileBusy<T>(conn: Connection, options: EngineOptions, attempt: () => T): Promise<T> {
  const deadline = Date.now() + options.busyTimeoutMs;
  let delayMs = 1;
  for (;;) {
    try {
      return attempt();
    } catch (error) {
      if (!isEngineError(error)) throw error;
      const family = primaryCode(error);
      if (family !== "SQLITE_BUSY" && family !== "SQLITE_LOCKED") throw error;
      // A snapshot conflict never resolves by waiting; nor does anything on a poisoned connection (its
      // BUSY may come from the stuck statement itself, e.g. "cannot commit - statements in progress").
      const canWait =
        family === "SQLITE_BUSY" && error.code !== "SQLITE_BUSY_SNAPSHOT" && !conn.poisoned && Date.now() + delayMs <= deadline;
      if (!canWait) {
        conn.markPoisoned();
        throw error;
      }
      await sleep(delayMs);
      delayMs = Math.min(delayMs * 2, 20);
    }
  }
}

function columnsOf(stmt: EngineStatement): Col[] {
  return stmt.columns().map((col) => ({ name: col.name, decltype: col.type ?? null }));
}

/** Execute one statement. Errors are thrown (engine errors, HranaError for argument problems). */
export async function executeQuery(conn: Connection, query: Query, options: EngineOptions): Promise<StmtResult> {
  const refusal = options.screen?.(query.info.sql);
  if (refusal) throw new HranaError("SQL_REFUSED", refusal);
  conn.heal();
  if (query.info.touchesConnection) {
    // Before preparing: SQLite applies some PRAGMAs while compiling them.
    conn.markTouched();
  }
  // prepare() can only be busy while another connection recovers the WAL: harmless to retry.
  const { stmt, reader } = await retryWhileBusy(conn, options, () => conn.statement(query.info.sql));
  const values = bindValues(query);
  // `reader` means "has result columns": SELECT, PRAGMA that returns data, INSERT ... RETURNING, ...
  const rows = await retryWhileBusy(conn, options, (): ProtoValue[][] => {
    const out: ProtoValue[][] = [];
    if (reader) {
      // Always iterate to the end (even when rows are not wanted): a half-read statement keeps its
      // transaction open, and its read snapshot even in autocommit mode.
      try {
        for (const row of stmt.iterate(values)) {
          if (query.wantRows) out.push((row as unknown[]).map(valueToProto));
        }
      } catch (error) {
        // An engine error ends the statement (SQLITE_BUSY is handled by retryWhileBusy); anything else
        // may have left it mid-way, so this connection must not serve anyone else.
        if (!isEngineError(error)) conn.markPoisoned();
        throw error;
      }
    } else {
      stmt.run(values);
    }
    return out;
  });
  // Read once the statement ran: after a schema change (ALTER TABLE, DROP + CREATE, by any connection),
  // SQLite re-prepares a cached statement on its first step, and its columns before that are stale.
  const cols = reader ? columnsOf(stmt) : [];

  let affectedRowCount = 0;
  let lastInsertRowid: string | null = null;
  if (query.info.isIud) {
    const stats = conn.changesAndRowid();
    affectedRowCount = Number(stats.changes);
    if (query.info.isInsert) lastInsertRowid = stats.lastInsertRowid.toString();
  }
  return { cols, rows, affected_row_count: affectedRowCount, last_insert_rowid: lastInsertRowid };
}

type Outcome = "ok" | "error" | "skipped";

function evalCond(cond: BatchCond, outcomes: Outcome[], conn: Connection): boolean {
  switch (cond.type) {
    case "ok":
      return outcomes[cond.step] === "ok";
    case "error":
      return outcomes[cond.step] === "error";
    case "not":
      return !evalCond(cond.cond, outcomes, conn);
    case "and":
      return cond.conds.every((inner) => evalCond(inner, outcomes, conn));
    case "or":
      return cond.conds.some((inner) => evalCond(inner, outcomes, conn));
    case "is_autocommit":
      return conn.isAutocommit;
  }
}

/**
 * Execute a batch. Each step runs only if its condition holds; a failed step records its error and the
 * batch goes on (the client's conditions decide what happens next, e.g. ROLLBACK when COMMIT did not run).
 */
export async function executeBatch(conn: Connection, steps: ProgramStep[], options: EngineOptions): Promise<BatchResult> {
  const outcomes: Outcome[] = [];
  const result: BatchResult = { step_results: [], step_errors: [] };
  for (const step of steps) {
    if (step.condition !== undefined && !evalCond(step.condition, outcomes, conn)) {
      outcomes.push("skipped");
      result.step_results.push(null);
      result.step_errors.push(null);
      continue;
    }
    try {
      result.step_results.push(await executeQuery(conn, step.query, options));
      result.step_errors.push(null);
      outcomes.push("ok");
    } catch (error) {
      result.step_results.push(null);
      result.step_errors.push(toHranaError(error).toProto());
      outcomes.push("error");
    }
  }
  return result;
}

/** Execute every statement of a SQL text (executeMultiple), stopping at the first error. */
export async function executeSequence(conn: Connection, sql: string, options: EngineOptions): Promise<void> {
  for (const info of splitStatements(sql)) {
    await executeQuery(conn, { info, args: [], namedArgs: [], wantRows: false }, options);
  }
}

/**
 * Describe a statement without running it. `is_readonly` mirrors sqlite3_stmt_readonly(), which `libsql`
 * does not expose: it is false when the program opens a write transaction or vacuums/checkpoints/changes
 * the journal mode, which we read from EXPLAIN's opcode listing.
 */
export function describeStatement(conn: Connection, sql: string): DescribeResult {
  conn.heal();
  const info = singleStatement(sql);
  if (info.touchesConnection) {
    conn.markTouched();
  }
  const stmt = conn.db.prepare(info.sql);
  const cols = stmt.reader ? columnsOf(stmt).map((col) => ({ name: col.name ?? "", decltype: col.decltype })) : [];
  let isReadonly = true;
  if (!info.isExplain) {
    const program = conn.db.prepare(`EXPLAIN ${info.sql}`).raw(true).all() as unknown[][];
    isReadonly = !program.some((op) => {
      const opcode = op[1];
      return (
        opcode === "Vacuum" || opcode === "JournalMode" || opcode === "Checkpoint" || (opcode === "Transaction" && Number(op[3]) !== 0)
      );
    });
  }
  return {
    params: info.params.map((name) => ({ name })),
    cols,
    is_explain: info.isExplain,
    is_readonly: isReadonly,
  };
}
