import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { loggedPath } from "../../worker/http/log-redaction.ts";
import { rotateFeedToken } from "../../worker/services/real-estate/portal-settings.ts";
import { actorFor } from "./records.ts";
import { createHarness, createOwner, type Harness, userId } from "./harness.ts";

/**
 * The request log (one line per request, production included) never prints a secret that rides
 * in the URL: the VRSync feed's token in its path, e-mailed links' tokens in their query string.
 */

let h: Harness;
let actor: ReturnType<typeof actorFor>;

beforeAll(async () => {
  h = await createHarness();
  const owner = await createOwner(h, "Registro");
  actor = actorFor(owner.orgId, (await userId(h, owner.email)) as string);
});

afterEach(() => {
  vi.restoreAllMocks();
});

/** The lines `console.log` printed while `run` ran. */
async function printedDuring(run: () => Promise<unknown>): Promise<string[]> {
  const log = vi.spyOn(console, "log").mockImplementation(() => {});
  await run();
  const lines = log.mock.calls.map((call) => call.join(" "));
  log.mockRestore();
  return lines;
}

describe("request log", () => {
  it("a portal's poll of the VRSync feed is logged without its secret token, the route still readable", async () => {
    const { url } = await rotateFeedToken(h.ctx(), actor);
    const path = new URL(url).pathname;
    const token = /\/([^/]+)\.xml$/.exec(path)?.[1] as string;
    let status = 0;
    const lines = await printedDuring(async () => {
      status = (await h.request(path, { headers: { "cf-connecting-ip": "10.7.0.1" } })).status;
    });
    expect(status).toBe(200);
    const line = lines.find((l) => l.startsWith("GET /feeds/vrsync/"));
    expect(line).toMatch(/^GET \/feeds\/vrsync\/\[oculto\] 200 \d+ms/);
    expect(lines.join("\n")).not.toContain(token);
    // A mistyped poll (no .xml, a trailing path) still carries the token: it is hidden too.
    const mistyped = await printedDuring(() => h.request(`/feeds/vrsync/${token}/x`, { headers: { "cf-connecting-ip": "10.7.0.2" } }));
    expect(mistyped.join("\n")).not.toContain(token);
  });

  it("e-mailed links' tokens in the query string are never logged", async () => {
    const secret = "segredo-de-link-enviado-por-email-0123456789";
    const lines = await printedDuring(async () => {
      await h.request(`/convite?token=${secret}`);
      await h.request(`/auth/callback?type=recovery&token=${secret}`);
    });
    expect(lines.some((l) => l.startsWith("GET /convite 200"))).toBe(true);
    expect(lines.some((l) => l.startsWith("GET /auth/callback 200"))).toBe(true);
    expect(lines.join("\n")).not.toContain(secret);
  });

  it("other paths are logged as they are", () => {
    expect(loggedPath("http://localhost/imovel/casa-no-centro-ab12?x=1")).toBe("/imovel/casa-no-centro-ab12");
    expect(loggedPath("http://localhost/feeds/outro/abc.xml")).toBe("/feeds/outro/abc.xml");
  });
});
