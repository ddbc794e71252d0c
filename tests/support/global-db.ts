/**
 * globalSetup for the `api` project: migrates a template database once; each test file copies
 * it (tests/support/db.ts `freshDatabase()`), which is far faster than migrating per file.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { migrateDatabase } from "../../scripts/lib/migrate.ts";

declare module "vitest" {
  export interface ProvidedContext {
    templateDbPath: string;
  }
}

export default async function setup(project: TestProject) {
  const dir = mkdtempSync(path.join(tmpdir(), "alicerce-api-"));
  const file = path.join(dir, "template.db");
  const db = await migrateDatabase(`file:${file}`);
  db.$client.close();
  project.provide("templateDbPath", file);
  return () => rmSync(dir, { recursive: true, force: true });
}
