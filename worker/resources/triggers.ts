import { getTableColumns, getTableName } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import type { Database } from "../../db/client.ts";
import { type ResourceModule, tableName } from "./define.ts";
import { moduleOf, RESOURCES } from "./registry.ts";

/**
 * The triggers every record table gets, written from the registry (no hand-copied SQL):
 * - search keys: one `*_keys` row per entry of `search_keys`, for live rows only;
 * - `record_counts`: live rows per organization (an unfiltered list's total is one lookup);
 * - `record_totals`: sums of the `total` money columns over live rows (an unfiltered list's totals);
 * - relations: a record may only point at a live record of its own organization;
 * plus the module's own (the stock ledger's). `syncTriggers` makes the database match after
 * every migration: missing ones are created, changed ones replaced, stale ones dropped.
 */

export interface TriggerDef {
  name: string;
  table: string;
  sql: string;
}

function col(column: SQLiteColumn): string {
  return column.name;
}

function keyTriggers(mod: ResourceModule): TriggerDef[] {
  if (!mod.keys) return [];
  const t = tableName(mod);
  const keys = getTableName(mod.keys);
  const recordColumn = col(mod.keys.recordId);
  const sortName = col(mod.table.ordem);
  const insert = `INSERT OR IGNORE INTO ${keys} (org_id, key, sort_name, ${recordColumn})
    SELECT NEW.org_id, value, NEW.${sortName}, NEW.id FROM json_each(NEW.search_keys)`;
  return [
    {
      name: `${t}_keys_ai`,
      table: t,
      sql: `CREATE TRIGGER ${t}_keys_ai AFTER INSERT ON ${t} WHEN NEW.deleted_at IS NULL BEGIN
  ${insert};
END`,
    },
    {
      name: `${t}_keys_au`,
      table: t,
      sql: `CREATE TRIGGER ${t}_keys_au AFTER UPDATE OF search_keys, ${sortName}, deleted_at ON ${t} BEGIN
  DELETE FROM ${keys} WHERE org_id = OLD.org_id AND ${recordColumn} = OLD.id;
  ${insert} WHERE NEW.deleted_at IS NULL;
END`,
    },
    {
      name: `${t}_keys_ad`,
      table: t,
      sql: `CREATE TRIGGER ${t}_keys_ad AFTER DELETE ON ${t} BEGIN
  DELETE FROM ${keys} WHERE org_id = OLD.org_id AND ${recordColumn} = OLD.id;
END`,
    },
  ];
}

/** `record_counts` (the live count) and `record_totals` (one row per total column) move together. */
function countTriggers(mod: ResourceModule): TriggerDef[] {
  const t = tableName(mod);
  const r = mod.definition.name;
  // A ledger's sums are never kept (liveTotals): only its count is.
  const totals = mod.liveTotals ? [] : Object.entries(mod.totals ?? {});
  const add = (row: "NEW" | "OLD", sign: string) =>
    [
      `INSERT INTO record_counts (org_id, resource, live) VALUES (${row}.org_id, '${r}', ${sign}1)
    ON CONFLICT (org_id, resource) DO UPDATE SET live = live + (${sign}1);`,
      ...totals.map(
        ([
          key,
          column,
        ]) => `INSERT INTO record_totals (org_id, resource, column_key, total) VALUES (${row}.org_id, '${r}', '${key}', ${sign}${row}.${col(column)})
    ON CONFLICT (org_id, resource, column_key) DO UPDATE SET total = total + (${sign}${row}.${col(column)});`,
      ),
    ].join("\n  ");
  return [
    {
      name: `${t}_count_ai`,
      table: t,
      sql: `CREATE TRIGGER ${t}_count_ai AFTER INSERT ON ${t} WHEN NEW.deleted_at IS NULL BEGIN
  ${add("NEW", "")}
END`,
    },
    {
      name: `${t}_count_ad`,
      table: t,
      sql: `CREATE TRIGGER ${t}_count_ad AFTER DELETE ON ${t} WHEN OLD.deleted_at IS NULL BEGIN
  ${add("OLD", "-")}
END`,
    },
    {
      name: `${t}_count_deleted_au`,
      table: t,
      sql: `CREATE TRIGGER ${t}_count_deleted_au AFTER UPDATE OF deleted_at ON ${t} WHEN OLD.deleted_at IS NULL AND NEW.deleted_at IS NOT NULL BEGIN
  ${add("OLD", "-")}
END`,
    },
    {
      name: `${t}_count_restored_au`,
      table: t,
      sql: `CREATE TRIGGER ${t}_count_restored_au AFTER UPDATE OF deleted_at ON ${t} WHEN OLD.deleted_at IS NOT NULL AND NEW.deleted_at IS NULL BEGIN
  ${add("NEW", "")}
END`,
    },
    // A live row whose totalled amount changes (an order's items edited) moves its totals by the difference.
    ...(totals.length
      ? [
          {
            name: `${t}_totals_au`,
            table: t,
            sql: `CREATE TRIGGER ${t}_totals_au AFTER UPDATE OF ${totals.map(([, column]) => col(column)).join(", ")} ON ${t}
  WHEN OLD.deleted_at IS NULL AND NEW.deleted_at IS NULL BEGIN
  ${totals
    .map(
      ([key, column]) => `UPDATE record_totals SET total = total + (NEW.${col(column)} - OLD.${col(column)})
    WHERE org_id = NEW.org_id AND resource = '${r}' AND column_key = '${key}';`,
    )
    .join("\n  ")}
END`,
          },
        ]
      : []),
  ];
}

function relationTriggers(mod: ResourceModule): TriggerDef[] {
  const t = tableName(mod);
  return (mod.relations ?? []).flatMap((relation) => {
    const c = col(relation.column);
    const target = tableName(moduleOf(relation.target));
    const missing = `NOT EXISTS (SELECT 1 FROM ${target} WHERE id = NEW.${c} AND org_id = NEW.org_id AND deleted_at IS NULL)`;
    const raise = `SELECT RAISE(ABORT, 'relacao_invalida:${t}.${c}');`;
    return [
      {
        name: `${t}_${c}_rel_bi`,
        table: t,
        sql: `CREATE TRIGGER ${t}_${c}_rel_bi BEFORE INSERT ON ${t}
  WHEN NEW.${c} IS NOT NULL AND ${missing} BEGIN
  ${raise}
END`,
      },
      {
        name: `${t}_${c}_rel_bu`,
        table: t,
        sql: `CREATE TRIGGER ${t}_${c}_rel_bu BEFORE UPDATE OF ${c} ON ${t}
  WHEN NEW.${c} IS NOT NULL AND NEW.${c} IS NOT OLD.${c} AND ${missing} BEGIN
  ${raise}
END`,
      },
    ];
  });
}

/** Every trigger the registry asks for. */
export function registryTriggers(): TriggerDef[] {
  return RESOURCES.flatMap((m) => {
    const mod = m as unknown as ResourceModule;
    const own = (mod.triggers ?? []).map(({ on, ...trigger }) => ({ ...trigger, table: on ?? tableName(mod) }));
    return [...keyTriggers(mod), ...countTriggers(mod), ...relationTriggers(mod), ...own];
  });
}

/** The name of the error a relation trigger raises for this column. */
export function relationError(mod: ResourceModule, column: SQLiteColumn): string {
  return `relacao_invalida:${tableName(mod)}.${col(column)}`;
}

const normalize = (text: string) => text.replace(/\s+/g, " ").trim();

/**
 * Makes the database's triggers on registry tables exactly the registry's: creates the missing,
 * replaces the changed, drops the ones nothing asks for. Idempotent; one batch when anything changes.
 */
export async function syncTriggers(db: Database): Promise<{ created: string[]; dropped: string[] }> {
  const wanted = registryTriggers();
  const tables = new Set(wanted.map((t) => t.table));
  const existing = await db.$client.execute("SELECT name, tbl_name, sql FROM sqlite_master WHERE type = 'trigger'");
  const have = new Map(existing.rows.map((r) => [String(r.name), { table: String(r.tbl_name), sql: String(r.sql) }]));
  const statements: string[] = [];
  const created: string[] = [];
  const dropped: string[] = [];
  for (const [name, found] of have) {
    const want = wanted.find((w) => w.name === name);
    if (tables.has(found.table) && (!want || normalize(want.sql) !== normalize(found.sql))) {
      statements.push(`DROP TRIGGER IF EXISTS ${name}`);
      dropped.push(name);
    }
  }
  for (const trigger of wanted) {
    const found = have.get(trigger.name);
    if (found && normalize(found.sql) === normalize(trigger.sql)) continue;
    statements.push(trigger.sql);
    created.push(trigger.name);
  }
  if (statements.length) await db.$client.batch(statements, "write");
  return { created, dropped };
}

/** Columns of a table by SQL name (for tests). */
export function columnNames(mod: ResourceModule): string[] {
  return Object.values(getTableColumns(mod.table)).map((c) => (c as SQLiteColumn).name);
}
