import { describe, expect, it, vi } from "vitest";
import { type HttpClientOptions, NETWORK_RETRIES, RETRYABLE_STATUSES, createHttpClient, needsBearer } from "../../app/lib/http.ts";

interface Call {
  url: string;
  method: string;
  auth: string | null;
  body: unknown;
}

type Responder = (call: Call, index: number) => Response | Promise<Response> | "network-error";

/** A fake fetch that records calls and answers with `respond`. */
function fakeFetch(respond: Responder) {
  const calls: Call[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const isRequest = input instanceof Request;
    const url = isRequest ? input.url : String(input);
    const headers = new Headers(init.headers ?? (isRequest ? input.headers : undefined));
    const method = (init.method ?? (isRequest ? input.method : "GET")).toUpperCase();
    const body = init.body ?? (isRequest && input.body ? await input.text() : undefined);
    const call = { url, method, auth: headers.get("Authorization"), body };
    calls.push(call);
    const out = await respond(call, calls.length - 1);
    if (out === "network-error") throw new TypeError("Failed to fetch");
    return out;
  });
  return { fetch, calls };
}

function status(code: number): Response {
  return new Response(code === 204 ? null : JSON.stringify({ status: code }), { status: code });
}

function client(respond: Responder, overrides: Partial<HttpClientOptions> = {}) {
  const { fetch, calls } = fakeFetch(respond);
  let token: string | null = "t1";
  const refresh = vi.fn(async () => {
    token = "t2";
    return token;
  });
  const onAuthFailure = vi.fn();
  const http = createHttpClient({
    fetch,
    getToken: () => token,
    refresh,
    onAuthFailure,
    ...overrides,
  });
  return { http, fetch, calls, refresh, onAuthFailure, setToken: (t: string | null) => (token = t) };
}

describe("needsBearer", () => {
  it.each([
    ["/api/clients", true],
    ["/org/api/x", true],
    ["/api/auth/login", false],
    ["/api/auth/refresh", false],
    ["/v2/api/auth/x", false],
    ["/functions/v1/gerar-legenda", true],
    ["/clients", false],
    ["/apix/clients", false],
    ["/api", false],
  ])("%s → %s", (path, expected) => expect(needsBearer(path)).toBe(expected));
});

describe("Authorization header", () => {
  it("is added to /api/ paths", async () => {
    const { http, calls } = client(() => status(200));
    await http.request("/api/clients");
    await http.request("/api/clients?page=2", { method: "POST", body: "{}" });
    expect(calls.map((c) => c.auth)).toEqual(["Bearer t1", "Bearer t1"]);
  });

  it("is not added under /api/auth/ or outside /api/", async () => {
    const { http, calls } = client(() => status(200));
    await http.request("/api/auth/login", { method: "POST" });
    await http.request("/clientes");
    await http.request("/assets/app.js");
    expect(calls.map((c) => c.auth)).toEqual([null, null, null]);
  });

  it("is added to edge functions", async () => {
    const { http, calls } = client(() => status(200));
    await http.request("/functions/v1/gerar-legenda", { method: "POST" });
    expect(calls[0]?.auth).toBe("Bearer t1");
  });

  it("is added for the app's own absolute origin but never for other hosts", async () => {
    const { http, calls } = client(() => status(200), { origin: "https://app.alicerce.com.br" });
    await http.request("https://app.alicerce.com.br/api/clients");
    await http.request(new URL("https://app.alicerce.com.br/api/x"));
    await http.request("https://evil.example/api/steal");
    await http.request("https://viacep.com.br/ws/01001000/json/");
    expect(calls.map((c) => c.auth)).toEqual(["Bearer t1", "Bearer t1", null, null]);
  });

  it("is not added when signed out (no token)", async () => {
    const { http, calls, setToken } = client(() => status(200));
    setToken(null);
    await http.request("/api/clients");
    expect(calls[0]?.auth).toBeNull();
  });

  it("keeps the caller's other headers and supports Request inputs", async () => {
    const { http, calls, fetch } = client(() => status(200), { origin: "https://app.test" });
    await http.request(new Request("https://app.test/api/x", { method: "PUT", body: "abc", headers: { "X-A": "1" } }));
    expect(calls[0]).toMatchObject({ method: "PUT", auth: "Bearer t1", body: "abc" });
    const init = fetch.mock.calls[0]?.[1] as RequestInit;
    expect(new Headers(init.headers).get("X-A")).toBe("1");
  });

  it("awaits an async getToken", async () => {
    const { fetch, calls } = fakeFetch(() => status(200));
    const http = createHttpClient({
      fetch,
      getToken: async () => "async-token",
      refresh: async () => null,
      onAuthFailure: () => {},
    });
    await http.request("/api/x");
    expect(calls[0]?.auth).toBe("Bearer async-token");
  });
});

describe("status retries", () => {
  it.each([...RETRYABLE_STATUSES])("GET retries once on %d", async (code) => {
    const { http, calls } = client(() => status(code));
    const res = await http.request("/api/x");
    expect(res.status).toBe(code);
    expect(calls).toHaveLength(2);
  });

  it("HEAD retries once too", async () => {
    const { http, calls } = client(() => status(503));
    await http.request("/api/x", { method: "HEAD" });
    expect(calls).toHaveLength(2);
  });

  it("returns the successful retry", async () => {
    const { http, calls } = client((_, i) => status(i === 0 ? 503 : 200));
    const res = await http.request("/api/x");
    expect(res.status).toBe(200);
    expect(calls).toHaveLength(2);
  });

  it.each(["POST", "PUT", "PATCH", "DELETE", "post"])("%s is never retried on a status", async (method) => {
    const { http, calls } = client(() => status(503));
    const res = await http.request("/api/x", { method, body: method === "DELETE" ? undefined : "{}" });
    expect(res.status).toBe(503);
    expect(calls).toHaveLength(1);
  });

  it.each([200, 201, 204, 400, 403, 404, 422, 501])("does not retry %d", async (code) => {
    const { http, calls } = client(() => status(code));
    expect((await http.request("/api/x")).status).toBe(code);
    expect(calls).toHaveLength(1);
  });

  it("waits retryDelayMs between retries", async () => {
    vi.useFakeTimers();
    try {
      const { http, calls } = client(() => status(503), { retryDelayMs: 500 });
      const pending = http.request("/api/x");
      await vi.advanceTimersByTimeAsync(0);
      expect(calls).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(499);
      expect(calls).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(1);
      expect((await pending).status).toBe(503);
      expect(calls).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it("retries non-API requests too", async () => {
    const { http, calls } = client(() => status(502));
    await http.request("/build/latest.json?t=1");
    expect(calls).toHaveLength(2);
  });
});

describe("network failures", () => {
  it("retries up to 3 times then rethrows the TypeError", async () => {
    const { http, calls } = client(() => "network-error");
    await expect(http.request("/api/x")).rejects.toThrow(TypeError);
    expect(NETWORK_RETRIES).toBe(3);
    expect(calls).toHaveLength(4);
  });

  it("retries any method, POST included (the request never arrived)", async () => {
    const { http, calls } = client((_, i) => (i < 3 ? "network-error" : status(201)));
    const res = await http.request("/api/x", { method: "POST", body: '{"a":1}' });
    expect(res.status).toBe(201);
    expect(calls).toHaveLength(4);
    expect(calls.every((c) => c.body === '{"a":1}')).toBe(true);
  });

  it("does not retry aborts or other errors", async () => {
    const abort = fakeFetch(() => {
      throw new DOMException("aborted", "AbortError");
    });
    const http = createHttpClient({ fetch: abort.fetch, getToken: () => "t", refresh: async () => "t", onAuthFailure: () => {} });
    await expect(http.request("/api/x")).rejects.toMatchObject({ name: "AbortError" });
    expect(abort.calls).toHaveLength(1);

    const other = fakeFetch(() => {
      throw new Error("boom");
    });
    const http2 = createHttpClient({ fetch: other.fetch, getToken: () => "t", refresh: async () => "t", onAuthFailure: () => {} });
    await expect(http2.request("/api/x")).rejects.toThrow("boom");
    expect(other.calls).toHaveLength(1);
  });

  it("stops retrying once the caller's signal is aborted", async () => {
    const controller = new AbortController();
    const { http, calls } = client(() => {
      controller.abort();
      return "network-error";
    });
    await expect(http.request("/api/x", { signal: controller.signal })).rejects.toThrow(TypeError);
    expect(calls).toHaveLength(1);
  });

  it("network and status retries are counted separately", async () => {
    const { http, calls } = client((_, i) => (i === 0 ? "network-error" : i === 1 ? status(503) : status(200)));
    expect((await http.request("/api/x")).status).toBe(200);
    expect(calls).toHaveLength(3);
  });

  it("re-sends a Request body on retry", async () => {
    const { http, calls } = client((_, i) => (i === 0 ? "network-error" : status(200)), { origin: "https://app.test" });
    await http.request(new Request("https://app.test/api/x", { method: "POST", body: "payload" }));
    expect(calls.map((c) => c.body)).toEqual(["payload", "payload"]);
  });
});

describe("401 and token refresh", () => {
  it("refreshes and retries once with the new token", async () => {
    const { http, calls, refresh, onAuthFailure } = client((c) => status(c.auth === "Bearer t2" ? 200 : 401));
    const res = await http.request("/api/x", { method: "POST", body: "{}" });
    expect(res.status).toBe(200);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(onAuthFailure).not.toHaveBeenCalled();
    expect(calls.map((c) => c.auth)).toEqual(["Bearer t1", "Bearer t2"]);
  });

  it("10 parallel 401s share one refresh", async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const { fetch, calls } = fakeFetch((c) => status(c.auth === "Bearer t2" ? 200 : 401));
    let token = "t1";
    const refresh = vi.fn(async () => {
      await gate; // keep the refresh in flight while all 401s arrive
      token = "t2";
      return token;
    });
    const http = createHttpClient({ fetch, getToken: () => token, refresh, onAuthFailure: vi.fn() });
    const pending = Array.from({ length: 10 }, (_, i) => http.request(`/api/items/${i}`));
    await vi.waitFor(() => expect(calls).toHaveLength(10));
    release();
    const results = await Promise.all(pending);
    expect(results.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(calls).toHaveLength(20);
    expect(calls.slice(10).every((c) => c.auth === "Bearer t2")).toBe(true);
  });

  it("a 401 arriving after a finished refresh reuses the new token instead of refreshing again", async () => {
    let slowRelease!: () => void;
    const slow = new Promise<void>((r) => (slowRelease = r));
    const { fetch } = fakeFetch(async (c) => {
      if (c.url === "/api/slow" && c.auth === "Bearer t1") await slow;
      return status(c.auth === "Bearer t2" ? 200 : 401);
    });
    let token = "t1";
    const refresh = vi.fn(async () => (token = "t2"));
    const http = createHttpClient({ fetch, getToken: () => token, refresh, onAuthFailure: vi.fn() });
    const slowReq = http.request("/api/slow");
    expect((await http.request("/api/fast")).status).toBe(200);
    slowRelease();
    expect((await slowReq).status).toBe(200);
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it("a later, separate 401 refreshes again", async () => {
    let serverAccepts = "t1";
    let token = "t0"; // already expired
    const { fetch } = fakeFetch((c) => status(c.auth === `Bearer ${serverAccepts}` ? 200 : 401));
    const refresh = vi.fn(async () => (token = serverAccepts));
    const http = createHttpClient({ fetch, getToken: () => token, refresh, onAuthFailure: vi.fn() });
    expect((await http.request("/api/a")).status).toBe(200);
    serverAccepts = "t2"; // t1 expires later on
    expect((await http.request("/api/b")).status).toBe(200);
    expect(refresh).toHaveBeenCalledTimes(2);
  });

  it("uses getToken after refresh when refresh resolves nothing", async () => {
    const { fetch, calls } = fakeFetch((c) => status(c.auth === "Bearer stored" ? 200 : 401));
    let token = "old";
    const http = createHttpClient({
      fetch,
      getToken: () => token,
      refresh: async () => {
        token = "stored";
      },
      onAuthFailure: vi.fn(),
    });
    expect((await http.request("/api/x")).status).toBe(200);
    expect(calls.map((c) => c.auth)).toEqual(["Bearer old", "Bearer stored"]);
  });

  it.each([
    ["rejects", async () => Promise.reject(new Error("expired"))],
    ["resolves null", async () => null],
    ["resolves empty", async () => ""],
  ])("when refresh %s: onAuthFailure once, 401 returned, no retry", async (_, refreshImpl) => {
    let token: string | null = "t1";
    const { fetch, calls } = fakeFetch(() => status(401));
    const onAuthFailure = vi.fn(() => {
      token = null;
    });
    const refresh = vi.fn(refreshImpl);
    const http = createHttpClient({ fetch, getToken: () => token, refresh, onAuthFailure });
    const results = await Promise.all([http.request("/api/a"), http.request("/api/b"), http.request("/api/c")]);
    expect(results.map((r) => r.status)).toEqual([401, 401, 401]);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(onAuthFailure).toHaveBeenCalledTimes(1);
    expect(calls).toHaveLength(3);
  });

  it("a throwing onAuthFailure still returns the 401", async () => {
    const { http } = client(() => status(401), {
      refresh: async () => null,
      onAuthFailure: () => {
        throw new Error("navigation failed");
      },
    });
    expect((await http.request("/api/x")).status).toBe(401);
  });

  it("retries only once: a second 401 is returned as is", async () => {
    const { http, calls, refresh, onAuthFailure } = client(() => status(401));
    expect((await http.request("/api/x")).status).toBe(401);
    expect(calls).toHaveLength(2);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(onAuthFailure).not.toHaveBeenCalled();
  });

  it("ignores 401 from /api/auth/ (wrong password is not an expired session)", async () => {
    const { http, calls, refresh, onAuthFailure } = client(() => status(401));
    expect((await http.request("/api/auth/login", { method: "POST" })).status).toBe(401);
    expect(calls).toHaveLength(1);
    expect(refresh).not.toHaveBeenCalled();
    expect(onAuthFailure).not.toHaveBeenCalled();
  });

  it("ignores 401 from other hosts", async () => {
    const { http, refresh } = client(() => status(401), { origin: "https://app.test" });
    await http.request("https://other.test/api/x");
    expect(refresh).not.toHaveBeenCalled();
  });

  it("a retryable status after the refresh is still retried for GET", async () => {
    const { http, calls } = client((c, i) => (c.auth === "Bearer t1" ? status(401) : i === 1 ? status(503) : status(200)));
    expect((await http.request("/api/x")).status).toBe(200);
    expect(calls).toHaveLength(3);
  });
});

describe("defaults", () => {
  it("uses the global fetch when none is given", async () => {
    const { fetch, calls } = fakeFetch(() => status(200));
    vi.stubGlobal("fetch", fetch);
    try {
      const http = createHttpClient({ getToken: () => "g", refresh: async () => "g", onAuthFailure: () => {} });
      await http.request("/api/x");
      expect(calls[0]?.auth).toBe("Bearer g");
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
