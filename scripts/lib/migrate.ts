import path from "node:path";
import { migrate } from "drizzle-orm/libsql/migrator";
import { createDb, type Database } from "../../db/client.ts";
import { ROOT } from "./proc.ts";

export const MIGRATIONS_FOLDER = path.join(ROOT, "migrations");

/** Applies drizzle-kit migrations to the database at `url` (file: or http://). */
export async function migrateDatabase(url: string, authToken?: string): Promise<Database> {
  const db = createDb({ url, authToken });
  await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
  return db;
}
