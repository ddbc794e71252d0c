/**
 * Browser data-request helper (spec §4, §6, §9).
 *
 * - Adds `Authorization: Bearer <token>` to our API (paths containing `/api/`,
 *   except `/api/auth/`) and to edge functions (`/functions/v1/`, spec §7).
 *   Only for relative URLs or the app's own origin: the token never leaves
 *   for a third-party host that happens to have "/api/" in its path.
 * - Retries statuses 408, 409, 425, 429, 500, 502, 503, 504: once for
 *   GET/HEAD, never for POST/PUT/PATCH/DELETE (they may not be idempotent).
 * - Retries a network failure (fetch rejects with TypeError) up to 3 times,
 *   any method: the request never reached the server. Aborts are not retried.
 * - On 401 from an authorized path: one shared refresh for all concurrent
 *   requests, then one retry with the new token. If the refresh fails,
 *   `onAuthFailure()` runs once (the app logs out and goes to /login) and the
 *   401 response is returned.
 *
 * `request` has fetch's signature, so it can be passed wherever a fetch is expected.
 * Bodies must be re-sendable (string, FormData, Blob, URLSearchParams,
 * ArrayBuffer) for retries; a ReadableStream body can only be sent once.
 */

export type FetchLike = (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>;

export interface HttpClientOptions {
  /** Defaults to the global fetch (looked up at call time). */
  fetch?: FetchLike;
  /** Current access token, or null/undefined/"" when signed out. */
  getToken: () => string | null | undefined | Promise<string | null | undefined>;
  /**
   * Refreshes the session and stores the new token. Resolve with the new
   * token (or nothing, then `getToken` is asked again); reject or resolve
   * null/"" when the session cannot be renewed.
   */
  refresh: () => Promise<string | null | undefined>;
  /** Called once per failed refresh: log out and go to /login. */
  onAuthFailure: () => void | Promise<void>;
  /** Pause between retries, in ms. Spec default 0. */
  retryDelayMs?: number;
  /** The app's origin; defaults to `location.origin` in the browser. */
  origin?: string;
}

export interface HttpClient {
  request: FetchLike;
}

export const RETRYABLE_STATUSES: ReadonlySet<number> = new Set([408, 409, 425, 429, 500, 502, 503, 504]);
/** Retries on a retryable status for safe methods (GET, HEAD); others get 0. */
export const STATUS_RETRIES_SAFE = 1;
/** Retries when fetch itself fails (network down, DNS, CORS). */
export const NETWORK_RETRIES = 3;

const BASE = "http://base.invalid";

function urlOf(input: RequestInfo | URL): URL | null {
  const raw = input instanceof URL ? input.href : typeof input === "string" ? input : input.url;
  try {
    return new URL(raw, BASE);
  } catch {
    return null;
  }
}

/** Spec §6: `/api/` but not `/api/auth/`; plus edge functions (§7). */
export function needsBearer(pathname: string): boolean {
  if (pathname.includes("/api/")) return !pathname.includes("/api/auth/");
  return pathname.includes("/functions/v1/");
}

function isAbort(error: unknown): boolean {
  return typeof error === "object" && error !== null && (error as { name?: unknown }).name === "AbortError";
}

function sleep(ms: number): Promise<void> {
  return ms > 0 ? new Promise((resolve) => setTimeout(resolve, ms)) : Promise.resolve();
}

/** Frees the connection of a response we are about to discard. */
function discard(response: Response): void {
  response.body?.cancel().catch(() => {});
}

export function createHttpClient(options: HttpClientOptions): HttpClient {
  const { getToken, refresh, onAuthFailure, retryDelayMs = 0 } = options;
  const origin = options.origin ?? (globalThis as { location?: { origin?: string } }).location?.origin;
  let refreshing: Promise<string | null> | null = null;

  /** One refresh at a time; everyone who hits a 401 meanwhile awaits the same promise. */
  function sharedRefresh(): Promise<string | null> {
    refreshing ??= (async () => {
      let token: string | null = null;
      try {
        const result = await refresh();
        // A string is the new token; null/"" means failure; nothing means "stored — read it back".
        token = result === undefined ? ((await getToken()) ?? null) : result || null;
      } catch {
        token = null;
      }
      if (!token) {
        try {
          await onAuthFailure();
        } catch {
          // A failing logout handler must not turn every waiting request into a rejection.
        }
      }
      return token;
    })().finally(() => {
      refreshing = null;
    });
    return refreshing;
  }

  async function request(input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> {
    const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
    const isRequest = typeof Request !== "undefined" && input instanceof Request;
    const method = (init.method ?? (isRequest ? (input as Request).method : "GET")).toUpperCase();
    const url = urlOf(input);
    const sameOrigin = url !== null && (url.origin === BASE || url.origin === origin);
    const authorize = sameOrigin && needsBearer(url.pathname);
    const statusRetries = method === "GET" || method === "HEAD" ? STATUS_RETRIES_SAFE : 0;
    const signal = init.signal ?? (isRequest ? (input as Request).signal : undefined);

    const send = (token: string | null): Promise<Response> => {
      const headers = new Headers(isRequest ? (input as Request).headers : undefined);
      new Headers(init.headers).forEach((value, key) => {
        headers.set(key, value);
      });
      if (authorize && token) headers.set("Authorization", `Bearer ${token}`);
      // Clone so the original body stays unread for retries (cast: workers-types' clone() is generic).
      const target = isRequest ? ((input as Request).clone() as unknown as Request) : input;
      return doFetch(target, { ...init, headers });
    };

    let token = authorize ? ((await getToken()) ?? null) : null;
    let networkFailures = 0;
    let statusRetried = 0;
    let refreshed = false;

    for (;;) {
      let response: Response;
      try {
        response = await send(token);
      } catch (error) {
        const retry = error instanceof TypeError && !isAbort(error) && !signal?.aborted;
        if (!retry || networkFailures >= NETWORK_RETRIES) throw error;
        networkFailures++;
        await sleep(retryDelayMs);
        continue;
      }

      if (response.status === 401 && authorize && !refreshed) {
        refreshed = true;
        // A refresh may have finished while this request was in flight: reuse its token.
        const current = (await getToken()) ?? null;
        const next = current && current !== token ? current : await sharedRefresh();
        if (!next) return response;
        discard(response);
        token = next;
        continue;
      }

      if (RETRYABLE_STATUSES.has(response.status) && statusRetried < statusRetries && !signal?.aborted) {
        statusRetried++;
        discard(response);
        await sleep(retryDelayMs);
        continue;
      }
      return response;
    }
  }

  return { request };
}
