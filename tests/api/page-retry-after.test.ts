import { beforeAll, describe, expect, it } from "vitest";
import * as login from "../../app/routes/account/login.tsx";
import * as publicProperty from "../../app/routes/real-estate/public-property.tsx";
import * as landingPage from "../../app/routes/site/landing-page.public.tsx";
import { publishLanding, saveLandingDraft } from "../../worker/services/site/landing-page.ts";
import { createPageHarness } from "./page-harness.ts";
import { createOwner, type Harness, userId } from "./harness.ts";
import { insertProperty } from "./real-estate/property-photos-fixtures.ts";
import { actorFor } from "./records.ts";

/**
 * A page action's 429 carries `Retry-After`, as the API's does: through React Router's own
 * request handler (a server build of the real route modules; the document is not rendered),
 * for the no-JavaScript form post and for the `.data` request of a hydrated page.
 */

let h: Harness;
let owner: Awaited<ReturnType<typeof createOwner>>;

beforeAll(async () => {
  h = await createPageHarness({ login, "imovel/:slug": publicProperty, "p/:slug": landingPage });
  owner = await createOwner(h, "Espera");
});

function post(path: string, ip: string, fields: Record<string, string>): Promise<Response> {
  return h.request(path, {
    method: "POST",
    body: new URLSearchParams(fields).toString(),
    headers: { "content-type": "application/x-www-form-urlencoded", "cf-connecting-ip": ip },
  });
}

/** Posts until the answer is 429 (at most `tries` times); the last answer. */
async function until429(tries: number, send: (i: number) => Promise<Response>): Promise<Response> {
  let res = await send(0);
  for (let i = 1; i < tries && res.status !== 429; i++) res = await send(i);
  return res;
}

function expectRetryAfter(res: Response): void {
  expect(res.status).toBe(429);
  expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
}

describe("Retry-After on page actions", () => {
  it("/imovel/{slug}: the form post and the .data request", async () => {
    const { slug } = await insertProperty(h, owner.orgId);
    const lead = (i: number) => ({ nome: `Pessoa ${i}`, email: `pessoa${i}@exemplo.com.br` });
    expectRetryAfter(await until429(7, (i) => post(`/imovel/${slug}`, "10.44.0.1", lead(i))));
    expectRetryAfter(await until429(7, (i) => post(`/imovel/${slug}.data`, "10.44.0.2", lead(i))));
  });

  it("/p/{slug}", async () => {
    const actor = actorFor(owner.orgId, (await userId(h, owner.email)) as string);
    await saveLandingDraft(h.ctx(), actor, { slug: "espera-imoveis", titulo: "Imóveis que esperam", corPrimaria: "#0f766e" });
    await publishLanding(h.ctx(), actor);
    const lead = { nome: "Paula Souza", email: "paula@exemplo.com.br" };
    expectRetryAfter(await until429(12, () => post("/p/espera-imoveis", "10.44.0.3", lead)));
  });

  it("/login", async () => {
    const wrong = { email: owner.email, senha: "senha-errada-123" };
    expectRetryAfter(await until429(10, () => post("/login", "10.44.0.4", wrong)));
  });
});
