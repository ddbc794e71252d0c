// A local libSQL server speaking "Hrana over HTTP" (the remote protocol of @libsql/client), backed by the
// real libSQL engine on a local file. Development and tests only: no auth, no TLS, loopback by default.
//
// Endpoints (JSON encoding only):
//   GET  /, /v2, /v3, /health    -> 200 (version probes)
//   POST /v2/pipeline            -> what @libsql/client uses
//   POST /v3/pipeline            -> same, plus `get_autocommit` and the `is_autocommit` batch condition
//   POST /v3/cursor              -> batch results as newline-delimited JSON
//   GET  /v3-protobuf            -> 404, so a hrana client asked for v3 falls back to v2 JSON

import { mkdirSync } from "node:fs";
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { dirname, resolve } from "node:path";
import type { EngineDatabase } from "./connection.ts";
import { closeAnchorConnection, openAnchorConnection } from "./connection.ts";
import type { EngineOptions, ProgramStep } from "./engine.ts";
import { describeStatement, executeBatch, executeQuery, executeSequence, resolveSql, toProgram, toQuery } from "./engine.ts";
import { HranaError, ProtocolError, StreamExpiredError, toHranaError } from "./errors.ts";
import type { CursorEntry, CursorResponse, PipelineResponse, StreamRequest, StreamResponse, StreamResult, Version } from "./protocol.ts";
import { decodeCursorRequest, decodePipelineRequest } from "./protocol.ts";
import type { RegistryStats, Stream } from "./streams.ts";
import { StreamRegistry } from "./streams.ts";

export type LibsqlServerOptions = {
  /** Database file (created if missing, switched to WAL). */
  file: string;
  /** 0 (default) picks a free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Idle time after which a stream (and its open transaction) is dropped. Default 10 000 ms, like sqld. */
  streamIdleTimeoutMs?: number;
  /** How long a statement waits for a lock held by another connection. Default 5 000 ms, like sqld. */
  busyTimeoutMs?: number;
  /** Idle connections kept for later streams (see streams.ts). Default 8; 0 opens one per stream. */
  maxIdleConnections?: number;
  /** Called with unexpected internal errors (answered with HTTP 500). Default: console.error. */
  onInternalError?: (error: unknown) => void;
  /**
   * Sees every statement before it runs and returns why it must not (answered in-band with the
   * error code `SQL_REFUSED`), or nothing. Tests use it to check queries (ADR 027).
   */
  screen?: (sql: string) => string | null | undefined;
};

export type LibsqlServer = {
  /** Base URL for `createClient({ url })`, e.g. http://127.0.0.1:8080 */
  url: string;
  port: number;
  /** Connection pool and statement cache counters, for tests and benchmarks. */
  stats(): LibsqlServerStats;
  close(): Promise<void>;
};

export type LibsqlServerStats = RegistryStats;

// Limits of sqld's store_sql (libsql-server/src/hrana/http/request.rs); the client relies on them too.
const MAX_STORED_SQL_COUNT = 50;
const MAX_STORED_SQL_BYTES = 5000;
const MAX_BODY_BYTES = 64 * 1024 * 1024;

export async function startLibsqlServer(opts: LibsqlServerOptions): Promise<LibsqlServer> {
  const file = resolve(opts.file);
  mkdirSync(dirname(file), { recursive: true });
  const anchor = openAnchorConnection(file);

  const engine: EngineOptions = { busyTimeoutMs: opts.busyTimeoutMs ?? 5000, screen: opts.screen };
  const registry = new StreamRegistry({
    file,
    idleTimeoutMs: opts.streamIdleTimeoutMs ?? 10_000,
    maxIdleConnections: opts.maxIdleConnections ?? 8,
  });
  const onInternalError = opts.onInternalError ?? ((error: unknown) => console.error("libsql-server:", error));

  const server = createServer((req, res) => {
    route(req, res, registry, engine).catch((error: unknown) => {
      sendError(res, error, onInternalError);
    });
  });

  const host = opts.host ?? "127.0.0.1";
  try {
    await new Promise<void>((resolveListen, rejectListen) => {
      server.once("error", rejectListen);
      server.listen(opts.port ?? 0, host, () => {
        server.off("error", rejectListen);
        resolveListen();
      });
    });
  } catch (error) {
    closeAnchorConnection(anchor);
    throw error;
  }
  const port = (server.address() as AddressInfo).port;
  const urlHost = host.includes(":") ? `[${host}]` : host;

  let closing: Promise<void> | undefined;
  return {
    url: `http://${urlHost}:${port}`,
    port,
    stats: () => registry.stats(),
    close(): Promise<void> {
      closing ??= closeServer(server, registry, anchor);
      return closing;
    },
  };
}

async function closeServer(server: Server, registry: StreamRegistry, anchor: EngineDatabase): Promise<void> {
  const closed = new Promise<void>((resolveClose) => server.close(() => resolveClose()));
  server.closeAllConnections();
  registry.closeAll();
  closeAnchorConnection(anchor);
  await closed;
}

async function route(req: IncomingMessage, res: ServerResponse, registry: StreamRegistry, engine: EngineOptions): Promise<void> {
  const { pathname } = new URL(req.url ?? "/", "http://localhost");
  if (req.method === "GET" || req.method === "HEAD") {
    switch (pathname) {
      case "/":
      case "/v2":
      case "/v3":
        sendText(res, 200, "Hello, this is a local libSQL server (Hrana over HTTP, JSON)");
        return;
      case "/health":
        sendText(res, 200, "ok");
        return;
    }
    sendText(res, 404, "Not found");
    return;
  }
  if (req.method === "POST") {
    switch (pathname) {
      case "/v2/pipeline":
        await handlePipeline(req, res, registry, engine, 2);
        return;
      case "/v3/pipeline":
        await handlePipeline(req, res, registry, engine, 3);
        return;
      case "/v3/cursor":
        await handleCursor(req, res, registry, engine);
        return;
    }
    sendText(res, 404, "Not found");
    return;
  }
  sendText(res, 405, "Method not allowed");
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > MAX_BODY_BYTES) {
      throw new ProtocolError("Request body is too large");
    }
    chunks.push(buffer);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString("utf8"));
  } catch {
    throw new ProtocolError("Request body is not valid JSON");
  }
}

async function handlePipeline(
  req: IncomingMessage,
  res: ServerResponse,
  registry: StreamRegistry,
  engine: EngineOptions,
  version: Version,
): Promise<void> {
  const body = decodePipelineRequest(await readJson(req));
  const stream = registry.acquire(body.baton);
  const results: StreamResult[] = [];
  try {
    for (const request of body.requests) {
      results.push(await handleStreamRequest(stream, request, version, engine));
    }
  } catch (error) {
    // Like sqld: a protocol violation in the middle of a pipeline kills the stream.
    registry.discard(stream);
    throw error;
  }
  const response: PipelineResponse = { baton: registry.release(stream), base_url: null, results };
  sendJson(res, 200, response);
}

async function handleStreamRequest(stream: Stream, request: StreamRequest, version: Version, engine: EngineOptions): Promise<StreamResult> {
  try {
    return { type: "ok", response: await dispatch(stream, request, version, engine) };
  } catch (error) {
    if (error instanceof ProtocolError) throw error;
    return { type: "error", error: toHranaError(error).toProto() };
  }
}

async function dispatch(stream: Stream, request: StreamRequest, version: Version, engine: EngineOptions): Promise<StreamResponse> {
  switch (request.type) {
    case "close":
      stream.closeConnection();
      return { type: "close" };
    case "store_sql":
      if (stream.sqls.has(request.sqlId)) {
        throw new ProtocolError(`SQL text ${request.sqlId} is already stored`);
      }
      if (stream.sqls.size >= MAX_STORED_SQL_COUNT) {
        throw new HranaError("SQL_STORE_TOO_MANY", `The server already stores ${stream.sqls.size} SQL texts, it cannot store more`);
      }
      if (Buffer.byteLength(request.sql, "utf8") > MAX_STORED_SQL_BYTES) {
        throw new HranaError("SQL_STORE_TOO_LARGE", "The statement is too large to be stored");
      }
      stream.sqls.set(request.sqlId, request.sql);
      return { type: "store_sql" };
    case "close_sql":
      stream.sqls.delete(request.sqlId);
      return { type: "close_sql" };
  }

  const conn = stream.conn;
  if (conn === null) {
    throw new ProtocolError("The stream has already been closed");
  }
  switch (request.type) {
    case "execute":
      return { type: "execute", result: await executeQuery(conn, toQuery(request.stmt, stream.sqls), engine) };
    case "batch":
      return {
        type: "batch",
        result: await executeBatch(conn, toProgram(request.batch, stream.sqls, version), engine),
      };
    case "sequence":
      await executeSequence(conn, resolveSql(request.sql, request.sqlId, stream.sqls), engine);
      return { type: "sequence" };
    case "describe":
      return { type: "describe", result: describeStatement(conn, resolveSql(request.sql, request.sqlId, stream.sqls)) };
    case "get_autocommit":
      if (version < 3) {
        throw new ProtocolError("The `get_autocommit` request requires protocol version 3");
      }
      return { type: "get_autocommit", is_autocommit: conn.isAutocommit };
  }
}

/**
 * /v3/cursor: run a batch and stream its results as newline-delimited JSON: first the baton, then
 * step_begin / row... / step_end (or step_error) for every step that ran. We compute the whole batch
 * before writing; streaming row by row is not worth it for a development server.
 */
async function handleCursor(req: IncomingMessage, res: ServerResponse, registry: StreamRegistry, engine: EngineOptions): Promise<void> {
  const body = decodeCursorRequest(await readJson(req));
  const stream = registry.acquire(body.baton);
  const entries: CursorEntry[] = [];
  try {
    const conn = stream.conn;
    if (conn === null) {
      throw new ProtocolError("The stream has already been closed");
    }
    let program: ProgramStep[] | undefined;
    try {
      program = toProgram(body.batch, stream.sqls, 3);
    } catch (error) {
      if (error instanceof ProtocolError) throw error;
      entries.push({ type: "error", error: toHranaError(error).toProto() });
    }
    if (program !== undefined) {
      const result = await executeBatch(conn, program, engine);
      result.step_results.forEach((stepResult, step) => {
        const stepError = result.step_errors[step] ?? null;
        if (stepResult !== null) {
          entries.push({ type: "step_begin", step, cols: stepResult.cols });
          for (const row of stepResult.rows) entries.push({ type: "row", row });
          entries.push({
            type: "step_end",
            affected_row_count: stepResult.affected_row_count,
            last_insert_rowid: stepResult.last_insert_rowid,
          });
        } else if (stepError !== null) {
          entries.push({ type: "step_error", step, error: stepError });
        }
      });
    }
  } catch (error) {
    registry.discard(stream);
    throw error;
  }
  const head: CursorResponse = { baton: registry.release(stream), base_url: null };
  const lines = [head, ...entries].map((entry) => `${JSON.stringify(entry)}\n`).join("");
  res.writeHead(200, { "content-type": "text/plain" });
  res.end(lines);
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const data = JSON.stringify(body);
  res.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(data) });
  res.end(data);
}

function sendText(res: ServerResponse, status: number, text: string): void {
  res.writeHead(status, { "content-type": "text/plain", "content-length": Buffer.byteLength(text) });
  res.end(text);
}

function sendError(res: ServerResponse, error: unknown, onInternalError: (error: unknown) => void): void {
  if (res.headersSent || res.destroyed) {
    res.destroy();
    return;
  }
  if (error instanceof ProtocolError) {
    sendText(res, 400, error.message);
  } else if (error instanceof StreamExpiredError) {
    // sqld sends this one as a JSON error body, which the client maps to LibsqlError("STREAM_EXPIRED").
    sendJson(res, 500, { message: error.message, code: error.code });
  } else {
    onInternalError(error);
    sendText(res, 500, error instanceof Error ? error.message : String(error));
  }
}
