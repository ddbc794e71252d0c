import { beforeAll, describe, expect, it } from "vitest";
import { KEYED_LIMITS } from "../../worker/security/rate-limit.ts";
import { createHarness, createOwner, type Harness } from "./harness.ts";
import { addMember } from "./records.ts";

/** CEP lookups cost a ViaCEP call each: limited per user (and per IP), answered with the functions' pt-BR JSON. */

let h: Harness;

beforeAll(async () => {
  h = await createHarness();
  // Nothing listens on the loopback's port 9: each lookup ends at once with "no address".
  h.env.VIACEP_BASE_URL = "http://127.0.0.1:9/ws";
});

describe("consultar-cep rate limit", () => {
  it("past the per-user limit answers 429 in pt-BR with Retry-After; another user is unaffected", async () => {
    const owner = await createOwner(h, "Cep");
    const ask = (cookie: string) => h.request("/functions/v1/consultar-cep", { json: { cep: "01310-100" }, cookie });
    const max = KEYED_LIMITS.cep.user.max;
    for (let i = 0; i < max; i++) expect((await ask(owner.cookie)).status).toBe(200);
    const refused = await ask(owner.cookie);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await refused.json()).toMatchObject({ error: { message: "Muitas tentativas. Aguarde alguns minutos e tente novamente." } });
    const colleague = await addMember(h, owner.orgId, "staff", "Colega Cep");
    expect((await ask(colleague.cookie)).status).toBe(200);
  });
});
