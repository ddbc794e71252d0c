/**
 * globalSetup for the `workers` project: the Worker inside workerd reaches the database only
 * over HTTP, so start the local libSQL server on a migrated temp database, and make a signing key.
 * The server checks every statement for its organization predicate (ADR 027): it sees what the
 * Worker and the tests send alike, refuses an unscoped one, and the run fails at teardown.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { generateSigningJwk } from "../../worker/auth/jwt.ts";
import { generateTokenKeyEntry } from "../../worker/security/token-cipher.ts";
import { migrateDatabase } from "../../scripts/lib/migrate.ts";
import { buildArtWorker } from "../../scripts/lib/art-worker.ts";
import { buildReportsWorker } from "../../scripts/lib/reports-worker.ts";
import { startLibsqlServer } from "../../tools/libsql-server/server.ts";
import { startFakeOpenAi } from "../fakes/openai/server.ts";
import { TenantRecord } from "../support/tenant-check.ts";

declare module "vitest" {
  export interface ProvidedContext {
    libsqlUrl: string;
    jwtPrivateJwk: string;
    /** Seals Meta tokens at rest (ADR 040). */
    tokenEncryptionKeys: string;
    /** The fake OpenAI's base URL (…/v1); tests inside workerd script it over its `/_control` API. */
    openaiFakeUrl: string;
  }
}

export default async function setup(project: TestProject) {
  // The art Worker the main one reaches through its ART binding (vitest.config.ts serves it beside).
  await buildArtWorker();
  // The reports Worker (ADR 081), bound as REPORTS.
  await buildReportsWorker();
  const dir = mkdtempSync(path.join(tmpdir(), "alicerce-workers-"));
  const file = path.join(dir, "workers.db");
  const record = new TenantRecord();
  // Migrations are global by nature: the check starts once the schema is in place.
  let checking = false;
  const recordOnly = process.env.TENANT_CHECK === "record";
  const server = await startLibsqlServer({
    file,
    screen: (sql) => (checking && !recordOnly ? record.check(sql) : checking ? void record.check(sql) : null),
  });
  // This module is loaded with the workerd resolve conditions (@libsql/client's web build,
  // no file: URLs), so migrate over HTTP through the server.
  const db = await migrateDatabase(server.url);
  db.$client.close();
  checking = true;
  project.provide("libsqlUrl", server.url);
  project.provide("jwtPrivateJwk", await generateSigningJwk());
  project.provide("tokenEncryptionKeys", generateTokenKeyEntry("workers1"));
  const openai = await startFakeOpenAi();
  project.provide("openaiFakeUrl", openai.url);
  return async () => {
    await openai.close();
    await server.close();
    rmSync(dir, { recursive: true, force: true });
    record.flush("workers");
    if (record.refusals.length) {
      throw new Error(`tenant check: ${record.refusals.length} unscoped statement(s) on org-owned tables:\n${record.refusals.join("\n")}`);
    }
  };
}
