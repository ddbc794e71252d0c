import { beforeAll, describe, expect, it } from "vitest";
import { createHarness, createOwner, type Harness } from "./harness.ts";

let h: Harness;
let cookie: string;

beforeAll(async () => {
  h = await createHarness();
  cookie = (await createOwner(h, "Funções")).cookie;
});

describe("edge functions (POST /functions/v1/{name})", () => {
  it("runs a registered function with a valid body", async () => {
    const res = await h.request("/functions/v1/validar-documento", { json: { documento: "12.ABC.345/01DE-35" }, cookie });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ data: { tipo: "cnpj", valido: true, formatado: "12.ABC.345/01DE-35" } });
  });

  it("answers the function's own pt-BR error with a non-2xx status (no relay header)", async () => {
    const res = await h.request("/functions/v1/validar-documento", { json: { documento: "111.111.111-11" }, cookie });
    expect(res.status).toBe(422);
    expect(res.headers.get("x-relay-error")).toBeNull();
    expect(((await res.json()) as { error: { message: string } }).error.message).toContain("CPF ou CNPJ inválido");
  });

  it("marks relay failures: unknown function and unreadable body", async () => {
    const unknown = await h.request("/functions/v1/nao-existe", { json: {}, cookie });
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get("x-relay-error")).toBe("true");
    const garbage = await h.request("/functions/v1/validar-documento", {
      method: "POST",
      body: "{não é json",
      cookie,
      headers: { "content-type": "application/json" },
    });
    expect(garbage.status).toBe(400);
    expect(garbage.headers.get("x-relay-error")).toBe("true");
  });

  it("an empty or nested function name is an unknown function, never a page (the fuzz found POST /functions/v1/ answered 200)", async () => {
    for (const path of ["/functions/v1/", "/functions/v1/validar-documento/x", "/functions/v1/a/b"]) {
      const res = await h.request(path, { json: {}, cookie });
      expect(res.status, path).toBe(404);
      expect(res.headers.get("x-relay-error"), path).toBe("true");
      expect(((await res.json()) as { error: { message: string } }).error.message, path).toBe("Função não encontrada.");
    }
  });

  it("validates input with the function's schema", async () => {
    const res = await h.request("/functions/v1/validar-documento", { json: { documento: 123 }, cookie });
    expect(res.status).toBe(400);
  });

  it("requires a signed-in member", async () => {
    const res = await h.request("/functions/v1/validar-documento", { json: { documento: "11144477735" } });
    expect(res.status).toBe(401);
  });
});
