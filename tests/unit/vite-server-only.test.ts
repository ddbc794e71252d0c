import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { build } from "vite";
import { afterAll, describe, expect, it } from "vitest";
import { serverCodeStaysOnServer, serverOnlyReason } from "../../scripts/lib/vite-server-only.ts";

/**
 * Server code in a browser chunk is a build error (ADR 029): the plugin vite.config.ts installs
 * fails a real client build whose imports reach worker/, db/, jobs/ or a server package, and
 * lets one through that imports only shared/.
 */
const ROOT = path.resolve(".");
const dir = mkdtempSync(path.join(tmpdir(), "alicerce-server-only-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A client build (Vite's default environment, consumer "client") of one entry module. */
async function buildClient(name: string, source: string): Promise<void> {
  const entry = path.join(dir, `${name}.ts`);
  writeFileSync(entry, source);
  await build({
    configFile: false,
    root: dir,
    logLevel: "silent",
    plugins: [serverCodeStaysOnServer(ROOT)],
    build: { write: false, rollupOptions: { input: entry } },
  });
}

const repo = (file: string) => JSON.stringify(path.join(ROOT, file));

describe("the server-only build check", () => {
  it("fails a client build that imports a Worker service", async () => {
    await expect(
      buildClient("service", `import { INVALID_LINK } from ${repo("worker/services/account/accounts.ts")};\nconsole.log(INVALID_LINK);\n`),
    ).rejects.toThrow(
      /Server code in the browser bundle: .*service\.ts imports ".*worker\/services\/account\/accounts\.ts": it resolves to worker\/services\/account\/accounts\.ts/,
    );
  });

  it("fails a client build that imports the database schema or a job", async () => {
    await expect(buildClient("schema", `import * as s from ${repo("db/schema/index.ts")};\nconsole.log(s);\n`)).rejects.toThrow(
      /server code \(db\/\)/,
    );
    await expect(buildClient("job", `import * as d from ${repo("jobs/dispatch.ts")};\nconsole.log(d);\n`)).rejects.toThrow(
      /server code \(jobs\/\)/,
    );
  });

  it("fails a client build that names a server-only package", async () => {
    await expect(buildClient("libsql", `import { createClient } from "@libsql/client";\nconsole.log(createClient);\n`)).rejects.toThrow(
      /"@libsql\/client" is a server-only package/,
    );
  });

  it("lets a client build through that imports only shared/", async () => {
    await expect(
      buildClient("shared", `import { INVALID_LINK } from ${repo("shared/account/account-messages.ts")};\nconsole.log(INVALID_LINK);\n`),
    ).resolves.toBeUndefined();
  });
});

describe("serverOnlyReason", () => {
  const importer = path.join(ROOT, "app/routes/x.tsx");
  it("names the server folder an import resolves into", () => {
    expect(serverOnlyReason(ROOT, "../../worker/a.ts", importer, path.join(ROOT, "worker/a.ts"))).toBe(
      "it resolves to worker/a.ts, server code (worker/)",
    );
    expect(serverOnlyReason(ROOT, "../../scripts/lib/proc.ts", importer, path.join(ROOT, "scripts/lib/proc.ts?x"))).toMatch(/scripts\//);
  });

  it("names server packages and schemes imported by the app", () => {
    for (const source of ["cloudflare:workers", "node:fs", "drizzle-orm", "drizzle-orm/sqlite-core", "inngest", "hono/cors", "jose"]) {
      expect(serverOnlyReason(ROOT, source, importer, null), source).toMatch(/server-only package/);
    }
  });

  it("lets the browser's own code and packages through", () => {
    expect(serverOnlyReason(ROOT, "../../shared/format.ts", importer, path.join(ROOT, "shared/format.ts"))).toBeNull();
    expect(serverOnlyReason(ROOT, "../components/ui/form.tsx", importer, path.join(ROOT, "app/components/ui/form.tsx"))).toBeNull();
    for (const source of ["react", "react-router", "zod", "honox-like", "joseph"])
      expect(serverOnlyReason(ROOT, source, importer, null), source).toBeNull();
    // A package's own internals are its business (only the app's imports are checked by name).
    expect(serverOnlyReason(ROOT, "node:fs", path.join(ROOT, "node_modules/x/index.js"), null)).toBeNull();
  });
});
