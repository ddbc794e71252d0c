// Conversion between Hrana JSON values and the JS values that the `libsql` engine binds and returns.
//
// Hrana JSON encodes integers as decimal strings (so 64-bit values survive JSON), floats as JSON numbers
// and blobs as base64. On the engine side we bind integers as `bigint` (libsql binds JS numbers as REAL)
// and read rows with `safeIntegers(true)`, so INTEGER columns come back as `bigint` and REAL as `number`.

import { ProtocolError } from "./errors.ts";

/** A value as the engine binds and returns it. */
export type SqlValue = null | bigint | number | string | Uint8Array;

/** A value as it travels in Hrana JSON. */
export type ProtoValue =
  | { type: "null" }
  | { type: "integer"; value: string }
  | { type: "float"; value: number }
  | { type: "text"; value: string }
  | { type: "blob"; base64: string };

const MIN_I64 = -(2n ** 63n);
const MAX_I64 = 2n ** 63n - 1n;

/** Decode a value sent by the client. Malformed values are protocol errors (HTTP 400), like in sqld. */
export function valueFromProto(raw: unknown): SqlValue {
  if (typeof raw !== "object" || raw === null) {
    throw new ProtocolError("Expected a value object");
  }
  const obj = raw as Record<string, unknown>;
  switch (obj.type) {
    case "null":
      return null;
    case "integer": {
      const value = obj.value;
      let int: bigint;
      if (typeof value === "string" && /^-?\d+$/.test(value)) {
        int = BigInt(value);
      } else if (typeof value === "number" && Number.isSafeInteger(value)) {
        int = BigInt(value);
      } else {
        throw new ProtocolError("Integer value must be a decimal string");
      }
      if (int < MIN_I64 || int > MAX_I64) {
        throw new ProtocolError("Integer value does not fit into 64 bits");
      }
      return int;
    }
    case "float": {
      const value = typeof obj.value === "string" ? Number(obj.value) : obj.value;
      if (typeof value !== "number" || Number.isNaN(value)) {
        throw new ProtocolError("Float value must be a number");
      }
      return value;
    }
    case "text":
      if (typeof obj.value !== "string") {
        throw new ProtocolError("Text value must be a string");
      }
      return obj.value;
    case "blob":
      if (typeof obj.base64 !== "string") {
        throw new ProtocolError("Blob value must have a base64 string");
      }
      // Buffer accepts both padded and unpadded base64.
      return Buffer.from(obj.base64, "base64");
    default:
      throw new ProtocolError(`Unknown value type ${JSON.stringify(obj.type)}`);
  }
}

/** Encode a value read from the engine (row cell). */
export function valueToProto(value: unknown): ProtoValue {
  if (value === null || value === undefined) {
    return { type: "null" };
  }
  if (typeof value === "bigint") {
    return { type: "integer", value: value.toString() };
  }
  if (typeof value === "number") {
    // JSON cannot carry NaN/Infinity; SQLite itself turns NaN into NULL, and +-Inf is rare enough that
    // null is the least surprising fallback.
    return Number.isFinite(value) ? { type: "float", value } : { type: "null" };
  }
  if (typeof value === "string") {
    return { type: "text", value };
  }
  if (value instanceof Uint8Array) {
    return { type: "blob", base64: Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString("base64") };
  }
  if (value instanceof ArrayBuffer) {
    return { type: "blob", base64: Buffer.from(value).toString("base64") };
  }
  throw new Error(`Unexpected value from the engine: ${typeof value}`);
}
