import { beforeAll, describe, expect, it } from "vitest";
import { AUTH_BODY_LIMIT, bodyLimitFor, FORM_BODY_LIMIT, IMPORT_BODY_LIMIT, UPLOAD_BODY_LIMIT } from "../../worker/http/body-limit.ts";
import { snapshotTables, type Snapshot } from "../support/db-snapshot.ts";
import { createApp } from "../../worker/app.ts";
import { createHarness, createOwner, type Harness, ORIGIN } from "./harness.ts";

let h: Harness;
let owner: Awaited<ReturnType<typeof createOwner>>;

const VOLATILE_TABLES = new Set(["rate_limits", "__drizzle_migrations"]);
const CHUNK = 64 * 1024;
const HUGE = 20 * 1024 * 1024;

function snapshot(): Promise<Snapshot> {
  return snapshotTables(h.fresh.db.$client, VOLATILE_TABLES);
}

/** A chunked body of `total` bytes (no Content-Length), counting what was pulled from it. */
function countingBody(total: number, fill = 0x61) {
  const state = { pulled: 0, cancelled: false };
  const chunk = new Uint8Array(CHUNK).fill(fill);
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (state.pulled >= total) {
          controller.close();
          return;
        }
        const size = Math.min(CHUNK, total - state.pulled);
        state.pulled += size;
        controller.enqueue(size === CHUNK ? chunk.slice() : chunk.slice(0, size));
      },
      cancel() {
        state.cancelled = true;
      },
    },
    { highWaterMark: 0 },
  );
  return { stream, state };
}

function post(path: string, body: BodyInit, headers: Record<string, string> = {}, cookie?: string) {
  return h.request(path, { method: "POST", body, headers, cookie, duplex: "half" } as RequestInit & { cookie?: string });
}

beforeAll(async () => {
  h = await createHarness();
  owner = await createOwner(h, "Limite");
});

describe("request body limits", () => {
  it("picks the limit by path", () => {
    expect(bodyLimitFor("/api/auth/token")).toBe(AUTH_BODY_LIMIT);
    expect(bodyLimitFor("/login")).toBe(AUTH_BODY_LIMIT);
    expect(bodyLimitFor("/login.data")).toBe(AUTH_BODY_LIMIT);
    expect(bodyLimitFor("/criar-conta")).toBe(AUTH_BODY_LIMIT);
    expect(bodyLimitFor("/auth/callback")).toBe(AUTH_BODY_LIMIT);
    expect(bodyLimitFor("/api/clients/import")).toBe(IMPORT_BODY_LIMIT);
    expect(bodyLimitFor("/clients/import.data")).toBe(IMPORT_BODY_LIMIT);
    expect(bodyLimitFor("/config")).toBe(UPLOAD_BODY_LIMIT);
    expect(bodyLimitFor("/config.data")).toBe(UPLOAD_BODY_LIMIT);
    expect(UPLOAD_BODY_LIMIT).toBeGreaterThan(2 * 1024 * 1024);
    expect(bodyLimitFor("/api/clients")).toBe(FORM_BODY_LIMIT);
    expect(bodyLimitFor("/clients/create")).toBe(FORM_BODY_LIMIT);
  });

  it("caps the landing page's contact form and the portal lead webhook at 16 kB", async () => {
    for (const path of ["/p/imobiliaria-horizonte", "/p/imobiliaria-horizonte.data", "/api/portal/leads"]) {
      expect(bodyLimitFor(path), path).toBe(16 * 1024);
    }
    expect(bodyLimitFor("/p/a/b")).toBe(FORM_BODY_LIMIT);
    const res = await h.request("/api/portal/leads", {
      method: "POST",
      headers: { "content-type": "application/json", "content-length": String(17 * 1024) },
      body: "x".repeat(17 * 1024),
    });
    expect(res.status).toBe(413);
  });

  it("refuses a 20 MB chunked import without reading it to the end", async () => {
    const before = await snapshot();
    // A session this isolate has seen: the import keeps a copy of its body for the re-check.
    expect((await h.request("/api/me", { cookie: owner.cookie })).status).toBe(200);
    const { stream, state } = countingBody(HUGE);
    const res = await post("/api/clients/import", stream, { "content-type": "text/csv" }, owner.cookie);
    expect(res.status).toBe(413);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(await res.json()).toEqual({ error: { message: "O envio é grande demais: o limite é 6 MB.", code: "payload_too_large" } });
    expect(state.pulled).toBeLessThanOrEqual(IMPORT_BODY_LIMIT + CHUNK);
    expect(await snapshot()).toEqual(before);
  });

  it("refuses a 20 MB chunked sign-in without reading it to the end", async () => {
    const before = await snapshot();
    const { stream, state } = countingBody(HUGE);
    const res = await post("/api/auth/token", stream, { "content-type": "application/json" });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ error: { message: "O envio é grande demais: o limite é 16 kB.", code: "payload_too_large" } });
    expect(state.pulled).toBeLessThanOrEqual(AUTH_BODY_LIMIT + CHUNK);
    expect(await snapshot()).toEqual(before);
  });

  it("answers a page form with a plain pt-BR page, whatever the page made of the read error", async () => {
    // A page that reads its form as the app's actions do (app/server/forms.server.ts): a body
    // that cannot be read is a 400 there; the limit answers 413 instead.
    const app = createApp({
      renderPage: async (request) => {
        const form = await request.formData().catch(() => null);
        return new Response(form ? "ok" : "formulário ilegível", { status: form ? 200 : 400, headers: { "content-type": "text/html" } });
      },
      buildVersion: async () => "test-build",
    });
    const { stream, state } = countingBody(HUGE);
    const res = await app.request(
      `${ORIGIN}/login`,
      {
        method: "POST",
        body: stream,
        headers: { "content-type": "application/x-www-form-urlencoded", origin: ORIGIN },
        duplex: "half",
      } as RequestInit,
      h.env,
    );
    expect(res.status).toBe(413);
    expect(res.headers.get("content-type")).toContain("text/html");
    expect(await res.text()).toContain("O envio é grande demais: o limite é 16 kB.");
    expect(state.pulled).toBeLessThanOrEqual(AUTH_BODY_LIMIT + CHUNK);
  });

  it("refuses a declared Content-Length above the limit at once", async () => {
    const { stream, state } = countingBody(HUGE);
    const res = await post("/api/auth/token", stream, { "content-type": "application/json", "content-length": String(HUGE) });
    expect(res.status).toBe(413);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe("payload_too_large");
    expect(state.pulled).toBeLessThanOrEqual(CHUNK);
  });

  it("does not trust a Content-Length that lies", async () => {
    const before = await snapshot();
    const { stream, state } = countingBody(HUGE);
    const res = await post("/api/clients/import", stream, { "content-type": "text/csv", "content-length": "100" }, owner.cookie);
    expect(res.status).toBe(413);
    expect(((await res.json()) as { error: { message: string } }).error.message).toBe("O envio é grande demais: o limite é 6 MB.");
    expect(state.pulled).toBeLessThanOrEqual(IMPORT_BODY_LIMIT + CHUNK);
    expect(await snapshot()).toEqual(before);
  });

  it("still lets a normal import and a sign-in through", async () => {
    const csv = new TextEncoder().encode("Nome\nCliente Dentro do Limite\n");
    const chunked = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(csv);
        controller.close();
      },
    });
    const preview = await post("/api/clients/import?mode=preview", chunked, { "content-type": "text/csv" }, owner.cookie);
    expect(preview.status, await preview.clone().text()).toBe(200);
    const saved = await h.request("/api/clients/import", {
      method: "POST",
      cookie: owner.cookie,
      json: { csv: "Nome\nCliente Dentro do Limite", mode: "all" },
    });
    expect(saved.status, await saved.clone().text()).toBe(201);
    const token = await h.request("/api/auth/token", { json: { email: owner.email, senha: owner.password } });
    expect(token.status).toBe(200);
    expect(((await token.json()) as { access_token?: string }).access_token).toBeTruthy();
  });
});
