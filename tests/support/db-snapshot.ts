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
  return `SELECT count(*) AS n, coalesce(group_concat(r, char(10)), '') AS body FROM (SELECT ${rowText(columns)} AS r FROM (${select}) ORDER BY r)`;
}

/** One row as text: each column `quote()`d, joined by commas (see `digestSql`). */
function rowText(columns: readonly string[]): string {
  return columns.map((c) => `quote("${c.replaceAll('"', '""')}")`).join(" || ',' || ");
}

/** The hash of a `digestSql` answer. */
export function digestOf(row: { body?: unknown } | undefined): string {
  return createHash("sha256")
    .update(String(row?.body ?? ""))
    .digest("hex");
}

/** A table and its columns, in the schema's order. */
export interface TableColumns {
  table: string;
  columns: string[];
}

/**
 * Every table (SQLite's own apart) with its columns, in ONE query (the table-valued
 * `pragma_table_info`), not a PRAGMA per table: a snapshot's layout costs one round trip.
 */
export async function tableColumns(client: Client): Promise<TableColumns[]> {
  const { rows } = await client.execute(
    "SELECT m.name AS t, p.name AS c FROM sqlite_master m JOIN pragma_table_info(m.name) p WHERE m.type = 'table' AND m.name NOT LIKE 'sqlite_%' ORDER BY m.name, p.cid",
  );
  const out: TableColumns[] = [];
  for (const row of rows) {
    const table = String(row.t);
    if (out.at(-1)?.table !== table) out.push({ table, columns: [] });
    out.at(-1)?.columns.push(String(row.c));
  }
  return out;
}

/** A fuzz harness's tables: every one but `skipped`, each without its `volatile` columns. */
export interface SnapshotTable extends TableColumns {
  /** The table has an `org_id` column (volatile or not). */
  orgScoped: boolean;
}

/** The layout a fuzz harness snapshots (read once per file: the schema does not change under it). */
export async function snapshotLayout(
  client: Client,
  skipped: ReadonlySet<string>,
  volatile: Readonly<Record<string, readonly string[]>> = {},
): Promise<SnapshotTable[]> {
  return (await tableColumns(client))
    .filter((t) => !skipped.has(t.table))
    .map((t) => ({
      table: t.table,
      columns: t.columns.filter((c) => !volatile[t.table]?.includes(c)),
      orgScoped: t.columns.includes("org_id"),
    }));
}

/** The hash of a layout table's rows (the every-minute cron's bookkeeping apart), computed in the database. */
export function tableDigestSql(t: TableColumns): string {
  return digestSql(selectWithoutCron(t.table, columnList(t.columns)), t.columns);
}

/**
 * `tableDigestSql` and, in the same scan, the text of the rows whose `org_id` is not the bound
 * argument (NULL included) as `foreign`: "another organização's rows never change" at no second
 * pass over the table. Hash each with `digestOf` / `digestOf({ body: row.foreign })`.
 */
export function tableAndForeignDigestSql(t: TableColumns): string {
  const select = selectWithoutCron(t.table, columnList(t.columns));
  return `SELECT count(*) AS n, coalesce(group_concat(r, char(10)), '') AS body, coalesce(group_concat(CASE WHEN o IS NOT ? THEN r END, char(10)), '') AS "foreign" FROM (SELECT ${rowText(t.columns)} AS r, "org_id" AS o FROM (${select}) ORDER BY r)`;
}

/** `columns` quoted for a SELECT list. */
export function columnList(columns: readonly string[]): string {
  return columns.map((c) => `"${c.replaceAll('"', '""')}"`).join(", ");
}

/**
 * A SELECT's rows as ONE JSON array text built by the database (`json_object` per row, in the
 * columns' order), sorted as `digestSql` sorts: a harness that needs the rows themselves (to diff
 * them) gets them with one value over the wire instead of every cell as an object. No column may
 * hold a blob (JSON has none: SQLite then fails the statement, loudly).
 */
export function rowsJsonSql(select: string, columns: readonly string[]): string {
  const pairs = columns.map((c) => `'${c.replaceAll("'", "''")}', "${c.replaceAll('"', '""')}"`).join(", ");
  return `SELECT coalesce(json_group_array(json(j)), '[]') AS body FROM (SELECT json_object(${pairs}) AS j FROM (${select}) ORDER BY j)`;
}

/** The rows of a `rowsJsonSql` answer. */
export function rowsOfJson(row: { body?: unknown } | undefined): Record<string, unknown>[] {
  return JSON.parse(String(row?.body ?? "[]")) as Record<string, unknown>[];
}

/** Each client's tables and columns, read once: a snapshot then costs one batch (read again when the schema changed). */
const layouts = new WeakMap<Client, TableColumns[]>();

/**
 * Every table but `volatile` ones (rate-limit counters, migrations…), read in one batch: its row
 * count and a hash of its rows, both computed from `digestSql` (one text per table).
 */
export async function snapshotTables(client: Client, volatile: ReadonlySet<string>): Promise<Snapshot> {
  // The schema's signature (every table.column) checked in the same batch: a cached layout that
  // no longer matches is read again.
  const schema =
    "SELECT coalesce(group_concat(c, ','), '') AS signature FROM (SELECT m.name || '.' || p.name AS c FROM sqlite_master m JOIN pragma_table_info(m.name) p WHERE m.type = 'table' AND m.name NOT LIKE 'sqlite_%' ORDER BY m.name, p.cid)";
  for (let attempt = 0; ; attempt++) {
    const known = layouts.get(client) ?? (await tableColumns(client));
    layouts.set(client, known);
    const layout = known.filter((t) => !volatile.has(t.table));
    let results: Awaited<ReturnType<Client["batch"]>>;
    try {
      results = await client.batch([schema, ...layout.map((t) => digestSql(`SELECT * FROM "${t.table}"`, t.columns))], "read");
    } catch (error) {
      // A table of the cached layout is gone: read the layout again, once.
      layouts.delete(client);
      if (attempt > 0) throw error;
      continue;
    }
    if (String(results[0]?.rows[0]?.signature) !== known.flatMap((t) => t.columns.map((c) => `${t.table}.${c}`)).join(",")) {
      layouts.delete(client);
      if (attempt > 2) throw new Error("the tables kept changing while snapshotting");
      continue;
    }
    const counts: Record<string, number> = {};
    const hashes: Record<string, string> = {};
    layout.forEach((t, i) => {
      const row = results[i + 1]?.rows[0] as { n?: unknown; body?: unknown } | undefined;
      counts[t.table] = Number(row?.n ?? 0);
      hashes[t.table] = digestOf(row);
    });
    return { counts, hashes };
  }
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
