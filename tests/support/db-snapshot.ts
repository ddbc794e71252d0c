import { createHash } from "node:crypto";
import type { Client } from "@libsql/client";
import { CRON_EVENT } from "../../jobs/define.ts";

/** Rows per table and a content hash of each: "did this request change the database?" */
export interface Snapshot {
  counts: Record<string, number>;
  hashes: Record<string, string>;
}

/**
 * A SELECT's rows as ONE text, built by the database: each row's columns quoted (`quote()`: text
 * in quotes with quotes doubled, blobs as X'…', numbers as written) and joined by commas, the rows
 * sorted and joined by newlines, with how many there are. Hashing that text tells a change as
 * hashing the rows did, at a fraction of the cost: one value crosses the wire, not every cell as
 * an object (what made a whole-database snapshot slow once the demo grew).
 */
export function digestSql(select: string, columns: readonly string[]): string {
  const row = columns.map((c) => `quote("${c.replaceAll('"', '""')}")`).join(" || ',' || ");
  return `SELECT count(*) AS n, coalesce(group_concat(r, char(10)), '') AS body FROM (SELECT ${row} AS r FROM (${select}) ORDER BY r)`;
}

/** The hash of a `digestSql` answer. */
export function digestOf(row: { body?: unknown } | undefined): string {
  return createHash("sha256")
    .update(String(row?.body ?? ""))
    .digest("hex");
}

/** Every table but `volatile` ones (rate-limit counters, migrations…), read in one batch. */
export async function snapshotTables(client: Client, volatile: ReadonlySet<string>): Promise<Snapshot> {
  const tables = (
    await client.execute("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
  ).rows
    .map((r) => String(r.name))
    .filter((t) => !volatile.has(t));
  const results = await client.batch(
    tables.map((t) => `SELECT * FROM "${t}"`),
    "read",
  );
  const counts: Record<string, number> = {};
  const hashes: Record<string, string> = {};
  tables.forEach((t, i) => {
    const rows = results[i]?.rows ?? [];
    counts[t] = rows.length;
    // Rows in a canonical order (WITHOUT ROWID tables have no rowid to sort by).
    const lines = rows
      .map((r) => JSON.stringify(Object.values(r).map((v) => (v instanceof ArrayBuffer ? Buffer.from(v).toString("hex") : v))))
      .sort();
    hashes[t] = createHash("sha256").update(lines.join("\n")).digest("hex");
  });
  return { counts, hashes };
}

/**
 * `SELECT <columns> FROM <table>` without the every-minute cron's own bookkeeping (its job runs
 * and their steps): the e2e app's cron fires as in production, so these rows appear whenever a
 * minute turns, whatever the request under test did.
 */
export function selectWithoutCron(table: string, columns = "*"): string {
  const cronRuns = `SELECT id FROM "job_runs" WHERE event_name = '${CRON_EVENT}'`;
  if (table === "job_runs") return `SELECT ${columns} FROM "job_runs" WHERE event_name <> '${CRON_EVENT}'`;
  if (table === "job_steps") return `SELECT ${columns} FROM "job_steps" WHERE run_id NOT IN (${cronRuns})`;
  return `SELECT ${columns} FROM "${table}"`;
}
