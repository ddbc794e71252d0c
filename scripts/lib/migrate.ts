import path from "node:path";
import { migrate } from "drizzle-orm/libsql/migrator";
import { createDb, type Database } from "../../db/client.ts";
import { syncTriggers } from "../../worker/resources/triggers.ts";
import { ROOT } from "./proc.ts";

export const MIGRATIONS_FOLDER = path.join(ROOT, "migrations");

/**
 * Applies drizzle-kit migrations to the database at `url` (file: or http://), then makes its
 * triggers the resource registry's (search keys, counts, totals, relations, the stock ledger).
 */
export async function migrateDatabase(url: string, authToken?: string): Promise<Database> {
  const db = createDb({ url, authToken });
  await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
  await syncTriggers(db);
  return db;
}
