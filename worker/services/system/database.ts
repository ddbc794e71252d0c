import { sql } from "drizzle-orm";
import type { Database } from "../../../db/client.ts";
import journal from "../../../migrations/meta/_journal.json";
import { describeError, withTimeout } from "./diagnostics.ts";

/** /setup-database: reachability and migrations applied vs pending. */

interface JournalEntry {
  idx: number;
  when: number;
  tag: string;
}

export interface MigrationView {
  idx: number;
  tag: string;
  /** When drizzle-kit generated it (the journal's `when`, also `created_at` once applied). */
  generatedAt: Date;
  applied: boolean;
}

export interface DatabaseStatus {
  reachable: boolean;
  /** One round trip (select 1 and the migrations table, batched), in ms. */
  latencyMs: number | null;
  error: string | null;
  migrations: MigrationView[];
  pending: number;
  /** Rows in __drizzle_migrations that this build's journal doesn't know (a newer deploy ran them). */
  unknownApplied: number;
  /** False when the migrations table doesn't exist yet (migrations never ran). */
  tableExists: boolean;
}

interface AppliedRow {
  created_at: number | string | null;
}

/** Journal entries vs applied rows: drizzle stores the journal's `when` as `created_at`. */
export function compareMigrations(
  entries: readonly JournalEntry[],
  applied: readonly AppliedRow[],
): { migrations: MigrationView[]; pending: number; unknownApplied: number } {
  const appliedWhen = new Set(applied.map((r) => Number(r.created_at)));
  const known = new Set(entries.map((e) => e.when));
  const migrations = [...entries]
    .sort((a, b) => a.idx - b.idx)
    .map((e) => ({ idx: e.idx, tag: e.tag, generatedAt: new Date(e.when), applied: appliedWhen.has(e.when) }));
  return {
    migrations,
    pending: migrations.filter((m) => !m.applied).length,
    unknownApplied: [...appliedWhen].filter((when) => !known.has(when)).length,
  };
}

const NO_TABLE = /no such table/i;

export async function databaseStatus(db: Database): Promise<DatabaseStatus> {
  const entries = (journal as { entries: JournalEntry[] }).entries;
  const started = performance.now();
  let applied: AppliedRow[] = [];
  let tableExists = true;
  try {
    try {
      const [, rows] = await withTimeout(
        db.batch([db.run(sql`select 1`), db.all<AppliedRow>(sql`select created_at from __drizzle_migrations`)]),
      );
      applied = rows;
    } catch (error) {
      if (!NO_TABLE.test(String(error))) throw error;
      // Never migrated: the database answers, but has no migrations table.
      tableExists = false;
      await withTimeout(db.run(sql`select 1`));
    }
  } catch (error) {
    return { reachable: false, latencyMs: null, error: describeError(error), ...compareMigrations(entries, []), tableExists: false };
  }
  const latencyMs = Math.round(performance.now() - started);
  return { reachable: true, latencyMs, error: null, ...compareMigrations(entries, applied), tableExists };
}
