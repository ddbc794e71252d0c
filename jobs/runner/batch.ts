import type { BatchItem } from "drizzle-orm/batch";
import type { Database } from "../../db/client.ts";

/** Sends statements in one round trip. */
export function batch(db: Database, statements: BatchItem<"sqlite">[]): Promise<unknown[]> {
  return db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]) as Promise<unknown[]>;
}
