import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { CLIENT_JS_BUDGET_KB, clientJsPerRoute } from "../../scripts/lib/client-js.ts";

/**
 * The production build the e2e run just made (global setup): the Worker must carry React's
 * production renderer. A missing `process.env.NODE_ENV` define once shipped the development
 * one, which renders several times slower and runs dev-only checks on every request.
 * The browser's side: no chunk holds server code, and every page is within the client
 * JavaScript budget (ADR 029).
 */
const SERVER_ASSETS = path.resolve("build/server/assets");
const CLIENT = path.resolve("build/client");

function sources(dir: string): { file: string; text: string }[] {
  return readdirSync(dir, { recursive: true })
    .map(String)
    .filter((f) => f.endsWith(".js"))
    .map((file) => ({ file, text: readFileSync(path.join(dir, file), "utf8") }));
}

/** Every setting the Worker reads (the keys of its config schema): none is a browser's business. */
function workerSettingNames(): string[] {
  const source = readFileSync(path.resolve("worker/config/env.ts"), "utf8");
  return [...source.matchAll(/^ {4}([A-Z][A-Z0-9_]+):/gm)].map((m) => m[1] as string);
}

/** Text only server modules carry, by what it gives away. */
const SERVER_MARKERS: readonly { what: string; pattern: RegExp }[] = [
  { what: "the libSQL client", pattern: /libsql-client-ts|hrana[1-3]/ },
  { what: "Drizzle's entities (the ORM, sqlite-core)", pattern: /drizzle:entityKind/ },
  { what: "the local job runner's SQL", pattern: /\bjob_(?:runs|steps)\b/ },
  { what: "the Inngest SDK", pattern: /x-inngest-|inngest\/function\.failed/ },
  { what: "the Workers runtime", pattern: /cloudflare:(?:workers|sockets)/ },
];

describe("production build", () => {
  it("bundles React's production builds into the Worker, never the development ones", () => {
    const server = sources(SERVER_ASSETS);
    const all = server.map((s) => s.text).join("\n");
    // The Node renderer on purpose (app/entry.server.tsx): it writes markup with encodeInto
    // instead of one Uint8Array per attribute; the edge renderer must not come back unnoticed.
    expect(all).toContain("react-dom-server.node.production");
    expect(all).not.toContain("react-dom-server.edge.production");
    const development = server.filter((s) => /react(-dom)?[\w.-]*\.development\.js/.test(s.text)).map((s) => s.file);
    expect(development).toEqual([]);
  });

  it("keeps the PDF renderer (pdf-lib, fontkit) out of the main Worker and the browser (ADR 081)", () => {
    // Text these libraries carry whatever the bundler renames: pdf-lib's own error messages and
    // fontkit's table names.
    const pdf = /registerFontkit|No PDF header found|fontkit|CFF2Private/;
    const found = [...sources(path.resolve("build/server")), ...sources(CLIENT)]
      .filter(({ text }) => pdf.test(text))
      .map(({ file }) => file);
    expect(found).toEqual([]);
    // …and the markers do find them where they belong.
    expect(sources(path.resolve("build/reports")).some(({ text }) => pdf.test(text))).toBe(true);
  });

  it("ships no server code to the browser", () => {
    const client = sources(CLIENT);
    expect(client.length).toBeGreaterThan(10);
    const names = workerSettingNames();
    expect(names).toContain("DATABASE_URL");
    expect(names).toContain("JWT_PRIVATE_JWK");
    const markers = [...SERVER_MARKERS, { what: "the Worker's setting names", pattern: new RegExp(`\\b(?:${names.join("|")})\\b`) }];
    const found = client.flatMap(({ file, text }) => markers.filter((m) => m.pattern.test(text)).map((m) => `${file}: ${m.what}`));
    // A Node built-in imported by browser code is swapped for Vite's empty stub: server code too.
    const stubs = client.filter(({ file }) => file.includes("__vite-browser-external")).map(({ file }) => `${file}: a Node built-in`);
    expect([...found, ...stubs]).toEqual([]);
  });

  it(`keeps every page within ${CLIENT_JS_BUDGET_KB} kB of client JavaScript (gzip)`, () => {
    const routes = clientJsPerRoute(CLIENT);
    // Every route of the build is measured: the entry, root, layouts and the route with their static imports.
    expect(routes.map((r) => r.id)).toEqual(
      expect.arrayContaining([
        "root",
        "routes/organization/invite",
        "routes/real-estate/property-drafts",
        "routes/organization/business-profile",
      ]),
    );
    const over = routes
      .filter((r) => r.bytes > CLIENT_JS_BUDGET_KB * 1024)
      .map((r) => `${r.pattern} (${r.id}): ${(r.bytes / 1024).toFixed(1)} kB`);
    expect(over).toEqual([]);
  });
});
