/**
 * Browser client for our edge functions: `POST /functions/v1/{name}` with a
 * JSON body (spec §7). Failures are the spec's three distinct errors (§8):
 *
 * - FunctionsFetchError — the request never got an answer (network down).
 * - FunctionsRelayError — the relay answered instead of the function
 *   (`x-relay-error: true`: unknown function, function unreachable).
 * - FunctionsHttpError  — the function answered non-2xx; carries `status`,
 *   `code` and the pt-BR `message` from `{ error: { message, code } }` or `{ message }`.
 *
 * Pass `fetch: client.request` from `createHttpClient` to get the bearer
 * token, 401 refresh and network retries. An aborted call rethrows the
 * AbortError unchanged so callers can tell "cancelled" from "failed".
 */

import type { FetchLike } from "./http.ts";

export const FUNCTIONS_PATH = "/functions/v1/";

export class FunctionsError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = new.target.name;
  }
}

export class FunctionsFetchError extends FunctionsError {
  constructor(cause?: unknown) {
    super("Não foi possível conectar ao servidor. Verifique sua conexão e tente novamente.", { cause });
  }
}

export class FunctionsRelayError extends FunctionsError {
  readonly status: number;
  constructor(status: number, message = "O serviço não está disponível no momento. Tente novamente em instantes.") {
    super(message);
    this.status = status;
  }
}

export class FunctionsHttpError extends FunctionsError {
  readonly status: number;
  readonly code: string | undefined;
  /** The parsed JSON body (or text) the function answered with. */
  readonly body: unknown;
  constructor(status: number, message: string, code?: string, body?: unknown) {
    super(message);
    this.status = status;
    this.code = code;
    this.body = body;
  }
}

export interface InvokeOptions {
  /** Defaults to the global fetch; pass the http client's `request` for auth and retries. */
  fetch?: FetchLike;
  /** Origin or prefix before `/functions/v1/`; defaults to same-origin (""). */
  baseUrl?: string;
  headers?: HeadersInit;
  signal?: AbortSignal;
}

export interface InvokeResult<T> {
  data: T;
}

function isAbort(error: unknown): boolean {
  return typeof error === "object" && error !== null && (error as { name?: unknown }).name === "AbortError";
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === "") return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function str(value: unknown): string | undefined {
  return typeof value === "string" && value !== "" ? value : undefined;
}

/** `{ error: { message, code } }`, `{ error: "…" }` or `{ message, code }`. */
function errorDetails(body: unknown): { message?: string; code?: string } {
  if (typeof body !== "object" || body === null) return {};
  const { error, message, code } = body as Record<string, unknown>;
  if (typeof error === "object" && error !== null) {
    const e = error as Record<string, unknown>;
    return { message: str(e.message), code: str(e.code) ?? str(code) };
  }
  return { message: str(error) ?? str(message), code: str(code) };
}

/** Calls an edge function; resolves `{ data }` or throws one of the Functions*Error classes. */
export async function invokeFunction<T = unknown>(name: string, body?: unknown, opts: InvokeOptions = {}): Promise<InvokeResult<T>> {
  const doFetch = opts.fetch ?? globalThis.fetch.bind(globalThis);
  const base = (opts.baseUrl ?? "").replace(/\/+$/, "");
  const headers = new Headers(opts.headers);
  headers.set("Content-Type", "application/json");
  if (!headers.has("Accept")) headers.set("Accept", "application/json");

  let response: Response;
  try {
    response = await doFetch(`${base}${FUNCTIONS_PATH}${encodeURIComponent(name)}`, {
      method: "POST",
      headers,
      body: JSON.stringify(body ?? {}),
      signal: opts.signal,
    });
  } catch (error) {
    if (isAbort(error)) throw error;
    throw new FunctionsFetchError(error);
  }

  let data: unknown;
  try {
    data = await readBody(response);
  } catch (error) {
    if (isAbort(error)) throw error;
    throw new FunctionsFetchError(error); // connection dropped mid-body
  }
  if (response.headers.get("x-relay-error") === "true") {
    throw new FunctionsRelayError(response.status, errorDetails(data).message);
  }
  if (!response.ok) {
    const { message, code } = errorDetails(data);
    const fallback = `A função ${name} falhou (status ${response.status}). Tente novamente.`;
    throw new FunctionsHttpError(response.status, message ?? fallback, code, data);
  }
  return { data: data as T };
}

/** The same, bound to one fetch/baseUrl: `const fn = createFunctionsClient({ fetch: http.request })`. */
export function createFunctionsClient(defaults: Omit<InvokeOptions, "signal"> = {}): {
  invoke: <T = unknown>(name: string, body?: unknown, opts?: InvokeOptions) => Promise<InvokeResult<T>>;
} {
  return {
    invoke: <T = unknown>(name: string, body?: unknown, opts: InvokeOptions = {}) =>
      invokeFunction<T>(name, body, { ...defaults, ...opts }),
  };
}
