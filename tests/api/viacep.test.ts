import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findCep, lookupCep, VIACEP_TIMEOUT_MS } from "../../worker/integrations/viacep.ts";
import { startFakeViaCep, type FakeViaCep } from "../fakes/viacep-server.ts";
import { createHarness, createOwner, type Harness } from "./harness.ts";

let viacep: FakeViaCep;
let h: Harness;
let cookie: string;

beforeAll(async () => {
  // A slow CEP answers after a minute: giving up well before that proves the 2 s timeout on any
  // machine, however slow.
  viacep = await startFakeViaCep({ delayMs: 60_000 });
  h = await createHarness();
  // Before any request: the config is read once per environment.
  h.env.VIACEP_BASE_URL = viacep.url;
  cookie = (await createOwner(h, "CEP")).cookie;
});

afterAll(async () => {
  await viacep.close();
});

describe("ViaCEP integration", () => {
  it("returns the address of a known CEP, formatted", async () => {
    expect(await lookupCep({ VIACEP_BASE_URL: viacep.url }, "01310-100")).toEqual({
      cep: "01310-100",
      rua: "Avenida Paulista",
      complemento: "de 612 a 1510 - lado par",
      bairro: "Bela Vista",
      cidade: "São Paulo",
      uf: "SP",
    });
    expect(viacep.requests.at(-1)).toBe("/ws/01310100/json/");
  });

  it("is silent: unknown, malformed, offline and slow CEPs give null", async () => {
    expect(await lookupCep({ VIACEP_BASE_URL: viacep.url }, "99999-999")).toBeNull();
    const before = viacep.requests.length;
    expect(await lookupCep({ VIACEP_BASE_URL: viacep.url }, "123")).toBeNull();
    expect(viacep.requests.length).toBe(before);
    // Nothing listens on port 9 (discard) of the loopback.
    expect(await lookupCep({ VIACEP_BASE_URL: "http://127.0.0.1:9/ws" }, "01310-100")).toBeNull();
    viacep.slow.add("20040002");
    const started = Date.now();
    expect(await lookupCep({ VIACEP_BASE_URL: viacep.url }, "20040-002")).toBeNull();
    const elapsed = Date.now() - started;
    expect(VIACEP_TIMEOUT_MS).toBe(2000);
    expect(elapsed).toBeGreaterThanOrEqual(1900);
    expect(elapsed).toBeLessThan(30_000);
    viacep.slow.delete("20040002");
  });

  it("tells an unknown CEP from ViaCEP out of reach", async () => {
    expect(await findCep({ VIACEP_BASE_URL: viacep.url }, "99999-999")).toBe("desconhecido");
    expect(await findCep({ VIACEP_BASE_URL: "http://127.0.0.1:9/ws" }, "01310-100")).toBe("indisponivel");
    viacep.failing.add("40020000");
    expect(await findCep({ VIACEP_BASE_URL: viacep.url }, "40020-000")).toBe("indisponivel");
    viacep.failing.delete("40020000");
  });
});

describe("edge function consultar-cep", () => {
  it("answers the address for the form", async () => {
    const res = await h.request("/functions/v1/consultar-cep", { json: { cep: "05422-030" }, cookie });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      data: { cep: "05422-030", rua: "Rua dos Pinheiros", complemento: "", bairro: "Pinheiros", cidade: "São Paulo", uf: "SP" },
    });
  });

  it("answers null for an unknown CEP and a pt-BR error for a malformed one", async () => {
    const unknown = await h.request("/functions/v1/consultar-cep", { json: { cep: "99999999" }, cookie });
    expect(unknown.status).toBe(200);
    expect(await unknown.json()).toEqual({ data: null });
    const bad = await h.request("/functions/v1/consultar-cep", { json: { cep: "12" }, cookie });
    expect(bad.status).toBe(422);
    expect(((await bad.json()) as { error: { message: string } }).error.message).toBe("O campo CEP não é válido");
  });

  it("says when ViaCEP cannot be reached now, so the form can tell it from an unknown CEP", async () => {
    viacep.failing.add("40020000");
    const res = await h.request("/functions/v1/consultar-cep", { json: { cep: "40020000" }, cookie });
    viacep.failing.delete("40020000");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ data: { indisponivel: true } });
  });

  it("requires a signed-in member", async () => {
    expect((await h.request("/functions/v1/consultar-cep", { json: { cep: "01310100" } })).status).toBe(401);
  });
});
