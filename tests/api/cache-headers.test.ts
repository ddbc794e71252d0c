import { RouterContextProvider } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { action as logoutAction } from "../../app/routes/account/logout.tsx";
import { createApp } from "../../worker/app.ts";
import { requestContext, type RequestContext } from "../../worker/context.ts";
import { createHarness, createOwner, type Harness, ORIGIN } from "./harness.ts";

let h: Harness;
let owner: Awaited<ReturnType<typeof createOwner>>;

const CLEAR_SITE_DATA = '"cache", "cookies", "storage"';

beforeAll(async () => {
  h = await createHarness();
  owner = await createOwner(h, "Cache");
});

describe("Cache-Control on dynamic answers", () => {
  it("is no-store on pages, the API and edge functions", async () => {
    const answers = [
      await h.request("/login"),
      await h.request("/clients", { cookie: owner.cookie }),
      await h.request("/api/me", { cookie: owner.cookie }),
      await h.request("/api/clients", { cookie: owner.cookie }),
      await h.request("/api/clients"), // 401
      await h.request("/api/nao-existe", { cookie: owner.cookie }), // 404
      await h.request("/api/health"),
      await h.request("/functions/v1/validar-documento", { json: { documento: "111.444.777-35" }, cookie: owner.cookie }),
      await h.request("/api/auth/token", { json: { email: owner.email, senha: owner.password } }),
      await h.request("/latest.json"),
    ];
    for (const res of answers) expect(res.headers.get("cache-control"), res.url).toBe("no-store");
  });

  it("keeps the caching a route chose on purpose", async () => {
    expect((await h.request("/.well-known/jwks.json")).headers.get("cache-control")).toBe("public, max-age=300");
    expect((await h.request("/api/openapi.json")).headers.get("cache-control")).toBe("public, max-age=300");
    // Private files (app/routes/system/files.tsx) may be kept by the browser, never by a shared cache.
    const app = createApp({
      renderPage: async () => new Response("png", { headers: { "content-type": "image/png", "cache-control": "private, max-age=300" } }),
      buildVersion: async () => "test-build",
    });
    const file = await app.request(`${ORIGIN}/files/org/logo.png`, { headers: { cookie: owner.cookie } }, h.env);
    expect(file.headers.get("cache-control")).toBe("private, max-age=300");
  });
});

describe("Clear-Site-Data on logout", () => {
  it("is sent by the API logout", async () => {
    const tokens = (await (await h.request("/api/auth/token", { json: { email: owner.email, senha: owner.password } })).json()) as {
      access_token: string;
    };
    const res = await h.request("/api/auth/logout", { method: "POST", bearer: tokens.access_token });
    expect(res.status).toBe(200);
    expect(res.headers.get("clear-site-data")).toBe(CLEAR_SITE_DATA);
    expect(res.headers.get("cache-control")).toBe("no-store");
  });

  it("is sent by the page logout", async () => {
    const context = new RouterContextProvider();
    context.set(requestContext, { auth: null, secureCookies: false } as unknown as RequestContext);
    const res = (await logoutAction({
      request: new Request(`${ORIGIN}/logout`, { method: "POST" }),
      params: {},
      context,
    } as unknown as Parameters<typeof logoutAction>[0])) as Response;
    expect(res.status).toBe(302);
    expect(res.headers.get("clear-site-data")).toBe(CLEAR_SITE_DATA);
    expect(res.headers.get("set-cookie")).toContain("Max-Age=0");
  });
});

describe("x-db-round-trips", () => {
  it("is reported in test and development", async () => {
    const res = await h.request("/api/me", { cookie: owner.cookie });
    expect(res.headers.get("x-db-round-trips")).toMatch(/^\d+$/);
    const dev = await h.app.request(`${ORIGIN}/api/me`, { headers: { cookie: owner.cookie } }, { ...h.env, APP_ENV: "development" });
    expect(dev.status).toBe(200);
    expect(dev.headers.get("x-db-round-trips")).toMatch(/^\d+$/);
  });

  it("is not sent in production", async () => {
    const env = { ...h.env, APP_ENV: "production", APP_URL: "https://app.alicerce.com.br" };
    const me = await h.app.request(`${ORIGIN}/api/me`, { headers: { cookie: owner.cookie } }, env);
    expect(me.status).toBe(200);
    expect(me.headers.has("x-db-round-trips")).toBe(false);
    const page = await h.app.request(`${ORIGIN}/clients`, { headers: { cookie: owner.cookie } }, env);
    expect(page.headers.has("x-db-round-trips")).toBe(false);
  });

  it("is sent in production only when the benchmark asks for it", async () => {
    const env = { ...h.env, APP_ENV: "production", APP_URL: "https://app.alicerce.com.br", REPORT_DB_ROUND_TRIPS: "1" };
    const me = await h.app.request(`${ORIGIN}/api/me`, { headers: { cookie: owner.cookie } }, env);
    expect(me.status).toBe(200);
    expect(me.headers.get("x-db-round-trips")).toMatch(/^\d+$/);
  });
});
