/**
 * The run-time tenant check (ADR 027): judges every SQL statement sent to the database against
 * the rule in tenant-sql.ts and the reviewed allow-list, and keeps what it saw. The `api` project
 * runs it in a wrapper around the database client (tenant-guard.ts); the `workers` project in
 * the local libSQL server the tests start (tests/workers/global-setup.ts).
 */
import { appendFileSync } from "node:fs";
import { getTableColumns, getTableName, is } from "drizzle-orm";
import { SQLiteTable } from "drizzle-orm/sqlite-core";
import * as schema from "../../db/schema/index.ts";
import { ACCOUNT_LEVEL_TABLES } from "../../db/tenant.ts";
import { type AllowEntry, TENANT_ALLOW_LIST } from "./tenant-allow-list.ts";
import { PLANTED, unscopedReferences } from "./tenant-sql.ts";

/** Tables with an `org_id` column, except the account-level ones (db/tenant.ts). */
export const ORG_TABLES: ReadonlySet<string> = new Set(
  (Object.values(schema) as unknown[])
    .filter((value): value is SQLiteTable => is(value, SQLiteTable))
    .filter((table) => Object.values(getTableColumns(table)).some((column) => column.name === "org_id"))
    .map((table) => getTableName(table))
    .filter((name) => !(ACCOUNT_LEVEL_TABLES as readonly string[]).includes(name)),
);

/** Every table's columns, to resolve an unqualified column as SQLite does. */
export const TABLE_COLUMNS: ReadonlyMap<string, ReadonlySet<string>> = new Map(
  (Object.values(schema) as unknown[])
    .filter((value): value is SQLiteTable => is(value, SQLiteTable))
    .map((table) => [getTableName(table), new Set(Object.values(getTableColumns(table)).map((column) => column.name))]),
);

/** One line, single spaces: what the allow-list's patterns and the records match. */
export function normalize(sql: string): string {
  return sql.replace(/\s+/g, " ").trim();
}

export interface Verdict {
  /** Why the statement is refused, or null. */
  refusal: string | null;
  /** The allow-list entries that admitted an unscoped reference. */
  allowedBy: AllowEntry[];
}

/** The app sends the same few statements over and over: judge each text once. */
const verdicts = new Map<string, Verdict>();

export function judge(sql: string, allowList: readonly AllowEntry[] = TENANT_ALLOW_LIST): Verdict {
  if (allowList !== TENANT_ALLOW_LIST) return judgeText(normalize(sql), allowList);
  const known = verdicts.get(sql);
  if (known) return known;
  const verdict = judgeText(normalize(sql), allowList);
  if (verdicts.size < 10_000) verdicts.set(sql, verdict);
  return verdict;
}

function judgeText(text: string, allowList: readonly AllowEntry[]): Verdict {
  const allowedBy: AllowEntry[] = [];
  const refused: string[] = [];
  for (const ref of unscopedReferences(text, ORG_TABLES, TABLE_COLUMNS)) {
    const entry = allowList.find((e) => e.tables.includes(ref.table) && e.statement.test(text));
    if (entry) allowedBy.push(entry);
    else refused.push(ref.alias && ref.alias !== ref.table ? `${ref.table} ${ref.alias}` : ref.table);
  }
  const refusal = refused.length
    ? `tenant check: ${refused.join(", ")} without its organization predicate (org_id = ?) in: ${text.slice(0, 600)}`
    : null;
  return { refusal, allowedBy };
}

/** What one process saw: distinct statements, refusals, allow-list entries used. */
export class TenantRecord {
  readonly statements = new Set<string>();
  readonly refusals: string[] = [];
  readonly planted: string[] = [];
  readonly allowed = new Set<string>();

  /** Judges and records a statement; returns the refusal (null when it may run). */
  check(sql: string, origin?: string | null): string | null {
    const verdict = judge(sql);
    this.statements.add(normalize(sql));
    for (const entry of verdict.allowedBy) this.allowed.add(entry.why);
    if (!verdict.refusal) return null;
    const refusal = origin === undefined ? verdict.refusal : `${verdict.refusal} (from ${origin ?? "an unknown caller"})`;
    (sql.includes(PLANTED) ? this.planted : this.refusals).push(refusal);
    return refusal;
  }

  /** Appends what was seen to `TENANT_CHECK_LOG` (one JSON line), for the run's totals. */
  flush(project: string): void {
    const file = process.env.TENANT_CHECK_LOG;
    if (!file) return;
    const line = { project, statements: [...this.statements], refusals: this.refusals, planted: this.planted, allowed: [...this.allowed] };
    appendFileSync(file, `${JSON.stringify(line)}\n`);
  }
}
