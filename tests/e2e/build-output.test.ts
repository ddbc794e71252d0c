import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The production build the e2e run just made (global setup): the Worker must carry React's
 * production renderer. A missing `process.env.NODE_ENV` define once shipped the development
 * one, which renders several times slower and runs dev-only checks on every request.
 */
const SERVER_ASSETS = path.resolve("build/server/assets");

function serverSources(): { file: string; text: string }[] {
  return readdirSync(SERVER_ASSETS)
    .filter((f) => f.endsWith(".js"))
    .map((file) => ({ file, text: readFileSync(path.join(SERVER_ASSETS, file), "utf8") }));
}

describe("production build", () => {
  it("bundles React's production builds into the Worker, never the development ones", () => {
    const sources = serverSources();
    const all = sources.map((s) => s.text).join("\n");
    // The Node renderer on purpose (app/entry.server.tsx): it writes markup with encodeInto
    // instead of one Uint8Array per attribute; the edge renderer must not come back unnoticed.
    expect(all).toContain("react-dom-server.node.production");
    expect(all).not.toContain("react-dom-server.edge.production");
    const development = sources.filter((s) => /react(-dom)?[\w.-]*\.development\.js/.test(s.text)).map((s) => s.file);
    expect(development).toEqual([]);
  });
});
