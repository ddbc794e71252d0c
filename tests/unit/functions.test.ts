import { describe, expect, it, vi } from "vitest";
import {
  FunctionsError,
  FunctionsFetchError,
  FunctionsHttpError,
  FunctionsRelayError,
  createFunctionsClient,
  invokeFunction,
} from "../../app/lib/functions.ts";
import { createHttpClient } from "../../app/lib/http.ts";

function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json", ...headers } });
}

function fetchReturning(response: Response | (() => Promise<Response>)) {
  return vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => (typeof response === "function" ? response() : response));
}

async function caught(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("expected a rejection");
}

describe("invokeFunction — success", () => {
  it("POSTs JSON to /functions/v1/{name} and returns { data }", async () => {
    const fetch = fetchReturning(json({ legenda: "Apartamento lindo" }));
    const result = await invokeFunction<{ legenda: string }>("gerar-legenda", { imovelId: "p1" }, { fetch });
    expect(result).toEqual({ data: { legenda: "Apartamento lindo" } });
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(url).toBe("/functions/v1/gerar-legenda");
    expect(init?.method).toBe("POST");
    expect(init?.body).toBe('{"imovelId":"p1"}');
    expect(new Headers(init?.headers).get("Content-Type")).toBe("application/json");
  });

  it("sends {} when there is no body, and honours baseUrl, headers and signal", async () => {
    const fetch = fetchReturning(json({ ok: true }));
    const controller = new AbortController();
    await invokeFunction("ping", undefined, {
      fetch,
      baseUrl: "https://app.test/",
      headers: { "X-Org": "o1" },
      signal: controller.signal,
    });
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(url).toBe("https://app.test/functions/v1/ping");
    expect(init?.body).toBe("{}");
    expect(new Headers(init?.headers).get("X-Org")).toBe("o1");
    expect(init?.signal).toBe(controller.signal);
  });

  it("encodes the function name so it cannot escape the path", async () => {
    const fetch = fetchReturning(json({}));
    await invokeFunction("../admin", {}, { fetch });
    expect(fetch.mock.calls[0]?.[0]).toBe("/functions/v1/..%2Fadmin");
  });

  it("returns null for an empty 2xx body and text for non-JSON", async () => {
    expect(await invokeFunction("a", {}, { fetch: fetchReturning(new Response(null, { status: 204 })) })).toEqual({
      data: null,
    });
    expect(await invokeFunction("a", {}, { fetch: fetchReturning(new Response("pronto")) })).toEqual({ data: "pronto" });
  });
});

describe("invokeFunction — the three errors", () => {
  it("FunctionsFetchError when the request fails", async () => {
    const cause = new TypeError("Failed to fetch");
    const fetch = vi.fn(async () => {
      throw cause;
    });
    const error = await caught(invokeFunction("a", {}, { fetch }));
    expect(error).toBeInstanceOf(FunctionsFetchError);
    expect(error).toBeInstanceOf(FunctionsError);
    expect(error).toBeInstanceOf(Error);
    expect((error as FunctionsFetchError).name).toBe("FunctionsFetchError");
    expect((error as FunctionsFetchError).cause).toBe(cause);
    expect((error as Error).message).toMatch(/conexão/);
  });

  it("FunctionsFetchError when the body cannot be read", async () => {
    const broken = new Response("x");
    vi.spyOn(broken, "text").mockRejectedValue(new TypeError("network lost"));
    const error = await caught(invokeFunction("a", {}, { fetch: fetchReturning(broken) }));
    expect(error).toBeInstanceOf(FunctionsFetchError);
  });

  it("rethrows an AbortError unchanged", async () => {
    const fetch = vi.fn(async () => {
      throw new DOMException("aborted", "AbortError");
    });
    const error = await caught(invokeFunction("a", {}, { fetch }));
    expect(error).not.toBeInstanceOf(FunctionsError);
    expect((error as DOMException).name).toBe("AbortError");
  });

  it.each([404, 502])("FunctionsRelayError when x-relay-error: true (%d)", async (code) => {
    const fetch = fetchReturning(json({ error: { message: "Função não encontrada" } }, code, { "x-relay-error": "true" }));
    const error = await caught(invokeFunction("nao-existe", {}, { fetch }));
    expect(error).toBeInstanceOf(FunctionsRelayError);
    expect(error).not.toBeInstanceOf(FunctionsHttpError);
    expect((error as FunctionsRelayError).status).toBe(code);
    expect((error as Error).message).toBe("Função não encontrada");
  });

  it("FunctionsRelayError has a pt-BR default message", async () => {
    const fetch = fetchReturning(new Response("", { status: 502, headers: { "x-relay-error": "true" } }));
    const error = (await caught(invokeFunction("a", {}, { fetch }))) as FunctionsRelayError;
    expect(error).toBeInstanceOf(FunctionsRelayError);
    expect(error.message).toMatch(/não está disponível/);
  });

  it("a 404 without the relay header is the function's own answer", async () => {
    const fetch = fetchReturning(json({ error: { message: "Imóvel não encontrado", code: "not_found" } }, 404));
    const error = (await caught(invokeFunction("a", {}, { fetch }))) as FunctionsHttpError;
    expect(error).toBeInstanceOf(FunctionsHttpError);
    expect(error).toMatchObject({ status: 404, code: "not_found", message: "Imóvel não encontrado" });
  });

  it("FunctionsHttpError reads { error: { message, code } }", async () => {
    const body = { error: { message: "Limite de gerações atingido", code: "quota" } };
    const fetch = fetchReturning(json(body, 429));
    const error = (await caught(invokeFunction("gerar-legenda", {}, { fetch }))) as FunctionsHttpError;
    expect(error).toBeInstanceOf(FunctionsHttpError);
    expect(error.name).toBe("FunctionsHttpError");
    expect(error.status).toBe(429);
    expect(error.code).toBe("quota");
    expect(error.message).toBe("Limite de gerações atingido");
    expect(error.body).toEqual(body);
  });

  it("FunctionsHttpError reads { message, code } and { error: '…' }", async () => {
    const e1 = (await caught(
      invokeFunction("a", {}, { fetch: fetchReturning(json({ message: "CPF inválido", code: "invalid" }, 422)) }),
    )) as FunctionsHttpError;
    expect(e1).toMatchObject({ status: 422, message: "CPF inválido", code: "invalid" });
    const e2 = (await caught(
      invokeFunction("a", {}, { fetch: fetchReturning(json({ error: "Sem permissão" }, 403)) }),
    )) as FunctionsHttpError;
    expect(e2).toMatchObject({ status: 403, message: "Sem permissão", code: undefined });
  });

  it("FunctionsHttpError falls back to a pt-BR message", async () => {
    const fetch = fetchReturning(new Response("Internal Server Error", { status: 500 }));
    const error = (await caught(invokeFunction("gerar-arte", {}, { fetch }))) as FunctionsHttpError;
    expect(error).toBeInstanceOf(FunctionsHttpError);
    expect(error.message).toBe("A função gerar-arte falhou (status 500). Tente novamente.");
    expect(error.body).toBe("Internal Server Error");
  });
});

describe("with the http client", () => {
  it("gets the bearer token and the 401 refresh", async () => {
    let token = "old";
    const seen: (string | null)[] = [];
    const fetch = vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
      const auth = new Headers(init?.headers).get("Authorization");
      seen.push(auth);
      return auth === "Bearer new" ? json({ ok: true }) : json({ error: { message: "Sessão expirada" } }, 401);
    });
    const http = createHttpClient({
      fetch,
      getToken: () => token,
      refresh: async () => (token = "new"),
      onAuthFailure: () => {},
    });
    const fn = createFunctionsClient({ fetch: http.request });
    expect(await fn.invoke("a", { x: 1 })).toEqual({ data: { ok: true } });
    expect(seen).toEqual(["Bearer old", "Bearer new"]);
  });

  it("a function POST is not retried on 503 (not idempotent)", async () => {
    const fetch = vi.fn(async () => json({ message: "Indisponível" }, 503));
    const http = createHttpClient({ fetch, getToken: () => "t", refresh: async () => "t", onAuthFailure: () => {} });
    const error = await caught(invokeFunction("a", {}, { fetch: http.request }));
    expect(error).toBeInstanceOf(FunctionsHttpError);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it("per-call options override the client's defaults", async () => {
    const a = fetchReturning(json({ from: "a" }));
    const b = fetchReturning(json({ from: "b" }));
    const fn = createFunctionsClient({ fetch: a });
    expect(await fn.invoke("x", {}, { fetch: b })).toEqual({ data: { from: "b" } });
    expect(a).not.toHaveBeenCalled();
  });
});

describe("defaults", () => {
  it("uses the global fetch", async () => {
    const fetch = fetchReturning(json({ ok: 1 }));
    vi.stubGlobal("fetch", fetch);
    try {
      expect(await invokeFunction("a")).toEqual({ data: { ok: 1 } });
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
