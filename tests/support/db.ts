import { copyFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, inject } from "vitest";
import { createDb, type Database } from "../../db/client.ts";

export interface FreshDatabase {
  /** `file:` URL of this copy (Node's @libsql/client opens it natively). */
  url: string;
  file: string;
  db: Database;
}

/**
 * A private, migrated database for the calling test file: a copy of the template migrated once
 * in globalSetup. Removed after the file's tests.
 */
export function freshDatabase(): FreshDatabase {
  const template = inject("templateDbPath");
  if (!template) throw new Error("templateDbPath not provided: run under the `api` vitest project (tests/support/global-db.ts)");
  const dir = mkdtempSync(path.join(tmpdir(), "alicerce-db-"));
  const file = path.join(dir, "test.db");
  copyFileSync(template, file);
  const url = `file:${file}`;
  const db = createDb({ url });
  afterAll(() => {
    db.$client.close();
    rmSync(dir, { recursive: true, force: true });
  });
  return { url, file, db };
}
