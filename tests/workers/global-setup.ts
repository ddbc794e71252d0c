/**
 * globalSetup for the `workers` project: the Worker inside workerd reaches the database only
 * over HTTP, so start the local libSQL server on a migrated temp database, and make a signing key.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { generateSigningJwk } from "../../worker/auth/jwt.ts";
import { startLibsql } from "../../scripts/lib/libsql.ts";
import { migrateDatabase } from "../../scripts/lib/migrate.ts";

declare module "vitest" {
  export interface ProvidedContext {
    libsqlUrl: string;
    jwtPrivateJwk: string;
  }
}

export default async function setup(project: TestProject) {
  const dir = mkdtempSync(path.join(tmpdir(), "alicerce-workers-"));
  const file = path.join(dir, "workers.db");
  // This module is loaded with the workerd resolve conditions (@libsql/client's web build,
  // no file: URLs), so migrate over HTTP through the server.
  const server = await startLibsql(file);
  const db = await migrateDatabase(server.url);
  db.$client.close();
  project.provide("libsqlUrl", server.url);
  project.provide("jwtPrivateJwk", await generateSigningJwk());
  return async () => {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  };
}
