// Hrana-over-HTTP JSON messages (the subset @libsql/client and @libsql/hrana-client send), and strict
// decoding of requests. Field names follow the wire format (snake_case); see
// node_modules/@libsql/hrana-client/lib-esm/http/json_encode.js and shared/json_encode.js.

import type { ProtoError } from "./errors.ts";
import { ProtocolError } from "./errors.ts";
import type { ProtoValue, SqlValue } from "./values.ts";
import { valueFromProto } from "./values.ts";

/** Protocol version of the endpoint a request came through: /v2/... or /v3/... */
export type Version = 2 | 3;

// ---- Requests (decoded) ----

export type Stmt = {
  sql: string | undefined;
  sqlId: number | undefined;
  args: SqlValue[];
  namedArgs: { name: string; value: SqlValue }[];
  wantRows: boolean;
};

export type BatchCond =
  | { type: "ok"; step: number }
  | { type: "error"; step: number }
  | { type: "not"; cond: BatchCond }
  | { type: "and"; conds: BatchCond[] }
  | { type: "or"; conds: BatchCond[] }
  | { type: "is_autocommit" };

export type BatchStep = { condition: BatchCond | undefined; stmt: Stmt };

export type Batch = { steps: BatchStep[] };

export type StreamRequest =
  | { type: "close" }
  | { type: "execute"; stmt: Stmt }
  | { type: "batch"; batch: Batch }
  | { type: "sequence"; sql: string | undefined; sqlId: number | undefined }
  | { type: "describe"; sql: string | undefined; sqlId: number | undefined }
  | { type: "store_sql"; sqlId: number; sql: string }
  | { type: "close_sql"; sqlId: number }
  | { type: "get_autocommit" };

export type PipelineRequest = { baton: string | null; requests: StreamRequest[] };

export type CursorRequest = { baton: string | null; batch: Batch };

// ---- Responses (encoded as-is with JSON.stringify) ----

export type Col = { name: string | null; decltype: string | null };

export type StmtResult = {
  cols: Col[];
  rows: ProtoValue[][];
  affected_row_count: number;
  last_insert_rowid: string | null;
};

export type BatchResult = {
  step_results: (StmtResult | null)[];
  step_errors: (ProtoError | null)[];
};

export type DescribeResult = {
  params: { name: string | null }[];
  cols: { name: string; decltype: string | null }[];
  is_explain: boolean;
  is_readonly: boolean;
};

export type StreamResponse =
  | { type: "close" }
  | { type: "execute"; result: StmtResult }
  | { type: "batch"; result: BatchResult }
  | { type: "sequence" }
  | { type: "describe"; result: DescribeResult }
  | { type: "store_sql" }
  | { type: "close_sql" }
  | { type: "get_autocommit"; is_autocommit: boolean };

export type StreamResult = { type: "ok"; response: StreamResponse } | { type: "error"; error: ProtoError };

export type PipelineResponse = { baton: string | null; base_url: string | null; results: StreamResult[] };

export type CursorResponse = { baton: string | null; base_url: string | null };

/** One line of the newline-delimited JSON body of a /v3/cursor response. */
export type CursorEntry =
  | { type: "step_begin"; step: number; cols: Col[] }
  | { type: "step_end"; affected_row_count: number; last_insert_rowid: string | null }
  | { type: "step_error"; step: number; error: ProtoError }
  | { type: "row"; row: ProtoValue[] }
  | { type: "error"; error: ProtoError };

// ---- Decoding ----

type Json = Record<string, unknown>;

function object(value: unknown, what: string): Json {
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new ProtocolError(`Expected ${what} to be an object`);
  }
  return value as Json;
}

function array(value: unknown, what: string): unknown[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) throw new ProtocolError(`Expected ${what} to be an array`);
  return value;
}

function optString(value: unknown, what: string): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== "string") throw new ProtocolError(`Expected ${what} to be a string`);
  return value;
}

function optInt(value: unknown, what: string): number | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== "number" || !Number.isInteger(value)) {
    throw new ProtocolError(`Expected ${what} to be an integer`);
  }
  return value;
}

function int(value: unknown, what: string): number {
  const result = optInt(value, what);
  if (result === undefined) throw new ProtocolError(`Missing ${what}`);
  return result;
}

function decodeStmt(raw: unknown): Stmt {
  const obj = object(raw, "stmt");
  const wantRows = obj.want_rows;
  if (wantRows !== undefined && wantRows !== null && typeof wantRows !== "boolean") {
    throw new ProtocolError("Expected want_rows to be a boolean");
  }
  return {
    sql: optString(obj.sql, "sql"),
    sqlId: optInt(obj.sql_id, "sql_id"),
    args: array(obj.args, "args").map(valueFromProto),
    namedArgs: array(obj.named_args, "named_args").map((entry) => {
      const arg = object(entry, "named argument");
      const name = optString(arg.name, "named argument name");
      if (name === undefined) throw new ProtocolError("Named argument without a name");
      return { name, value: valueFromProto(arg.value) };
    }),
    wantRows: wantRows ?? true,
  };
}

function decodeCond(raw: unknown): BatchCond {
  const obj = object(raw, "batch condition");
  switch (obj.type) {
    case "ok":
    case "error":
      return { type: obj.type, step: int(obj.step, "condition step") };
    case "not":
      return { type: "not", cond: decodeCond(obj.cond) };
    case "and":
    case "or":
      return { type: obj.type, conds: array(obj.conds, "conds").map(decodeCond) };
    case "is_autocommit":
      return { type: "is_autocommit" };
    default:
      throw new ProtocolError(`Unknown batch condition type ${JSON.stringify(obj.type)}`);
  }
}

export function decodeBatch(raw: unknown): Batch {
  const obj = object(raw, "batch");
  return {
    steps: array(obj.steps, "steps").map((entry) => {
      const step = object(entry, "batch step");
      return {
        condition: step.condition === undefined || step.condition === null ? undefined : decodeCond(step.condition),
        stmt: decodeStmt(step.stmt),
      };
    }),
  };
}

function decodeStreamRequest(raw: unknown): StreamRequest {
  const obj = object(raw, "stream request");
  switch (obj.type) {
    case "close":
      return { type: "close" };
    case "execute":
      return { type: "execute", stmt: decodeStmt(obj.stmt) };
    case "batch":
      return { type: "batch", batch: decodeBatch(obj.batch) };
    case "sequence":
    case "describe":
      return { type: obj.type, sql: optString(obj.sql, "sql"), sqlId: optInt(obj.sql_id, "sql_id") };
    case "store_sql": {
      const sql = optString(obj.sql, "sql");
      if (sql === undefined) throw new ProtocolError("store_sql without sql");
      return { type: "store_sql", sqlId: int(obj.sql_id, "sql_id"), sql };
    }
    case "close_sql":
      return { type: "close_sql", sqlId: int(obj.sql_id, "sql_id") };
    case "get_autocommit":
      return { type: "get_autocommit" };
    default:
      throw new ProtocolError(`Unknown stream request type ${JSON.stringify(obj.type)}`);
  }
}

export function decodePipelineRequest(raw: unknown): PipelineRequest {
  const obj = object(raw, "pipeline request body");
  return {
    baton: optString(obj.baton, "baton") ?? null,
    requests: array(obj.requests, "requests").map(decodeStreamRequest),
  };
}

export function decodeCursorRequest(raw: unknown): CursorRequest {
  const obj = object(raw, "cursor request body");
  return { baton: optString(obj.baton, "baton") ?? null, batch: decodeBatch(obj.batch) };
}
