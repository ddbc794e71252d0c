// The three kinds of failure sqld distinguishes, and which we mirror so `@libsql/client` reacts the same way:
//
// - ProtocolError: the request itself is malformed (bad JSON, unknown baton, ...). sqld answers the whole
//   HTTP request with 400 text/plain; the client turns it into HttpServerError ("SERVER_ERROR").
// - StreamExpiredError: the baton points at a stream that was closed for inactivity. sqld answers with a
//   JSON error body, which the client turns into a LibsqlError with code "STREAM_EXPIRED".
// - HranaError: a single stream request failed (SQL error, bad arguments, ...). It is reported in-band as
//   `{type: "error", error: {message, code}}` and the client raises LibsqlError with that code.

export class ProtocolError extends Error {
  override name = "ProtocolError";
}

export class StreamExpiredError extends Error {
  override name = "StreamExpiredError";
  readonly code = "STREAM_EXPIRED";
  constructor() {
    super("The stream has expired due to inactivity");
  }
}

/** The JSON shape of an error inside a Hrana response. */
export type ProtoError = { message: string; code: string | null };

export class HranaError extends Error {
  override name = "HranaError";
  readonly code: string;
  constructor(code: string, message: string) {
    super(message);
    this.code = code;
  }
  toProto(): ProtoError {
    return { message: this.message, code: this.code };
  }
}

/** The error the `libsql` package throws (SqliteError): `code` is the extended result code name. */
export type EngineError = Error & { code: string; rawCode?: number };

export function isEngineError(error: unknown): error is EngineError {
  if (!(error instanceof Error)) return false;
  const code: unknown = (error as { code?: unknown }).code;
  return typeof code === "string" && code.startsWith("SQLITE_");
}

/** Primary result code family of an engine error, e.g. SQLITE_BUSY for SQLITE_BUSY_SNAPSHOT. */
export function primaryCode(error: EngineError): string {
  const match = /^SQLITE_[A-Z]+/.exec(error.code);
  return match === null ? error.code : match[0];
}

/**
 * Turn anything thrown while executing SQL into the in-band error. We keep the *extended* code
 * (SQLITE_CONSTRAINT_UNIQUE rather than SQLITE_CONSTRAINT): the client copies it into LibsqlError.code, and
 * Turso reports extended codes as well. The "SQLite error: " prefix matches sqld's message format.
 */
export function toHranaError(error: unknown): HranaError {
  if (error instanceof HranaError) {
    return error;
  }
  if (isEngineError(error)) {
    return new HranaError(error.code, `SQLite error: ${error.message}`);
  }
  const message = error instanceof Error ? error.message : String(error);
  return new HranaError("INTERNAL_ERROR", message);
}
