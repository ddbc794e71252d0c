import { and, eq, inArray, isNull, ne, type SQL } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import type { Database } from "../../db/client.ts";
import type { OrgScope, OrgTable } from "../../db/tenant.ts";
import type { Duplicate, KeyColumns } from "./common.ts";

/**
 * Possible duplicates of a record, the same way for every resource: live records of the
 * organization sharing the document (CPF/CNPJ), the e-mail or a phone. Each resource says which
 * columns those are and turns its input into a probe.
 */

export interface DuplicateSpec {
  table: OrgTable;
  id: SQLiteColumn;
  deletedAt: SQLiteColumn;
  sortName: SQLiteColumn;
  /** What a duplicate is called in the warning. */
  title: SQL | SQLiteColumn;
  document: SQLiteColumn;
  email: SQLiteColumn;
  /** The search keys hold phones as national digits. */
  keys: KeyColumns;
}

/** Normalized values to look for (null/empty: not looked for). */
export interface DuplicateProbe {
  document: string | null;
  email: string | null;
  phones: readonly string[];
}

/** An e-mail as stored (trimmed, lower case), or null when it cannot be one. */
export function probeEmail(value: unknown): string | null {
  const email = typeof value === "string" ? value.trim().toLowerCase() : "";
  return email.includes("@") ? email : null;
}

/** One statement per reason, each with the condition it tests (for guarded writes). */
export function duplicateQueries(db: Database, scope: OrgScope, spec: DuplicateSpec, probe: DuplicateProbe, excludeId?: string) {
  const notSelf = excludeId ? ne(spec.id, excludeId) : undefined;
  const select = (condition: SQL) =>
    db
      .select({ id: spec.id, title: spec.title })
      .from(spec.table)
      .where(scope.where(spec.table, isNull(spec.deletedAt), condition, notSelf))
      .orderBy(spec.sortName)
      .limit(5);
  const queries: { reason: Duplicate["reason"]; query: ReturnType<typeof select>; condition: SQL }[] = [];
  const add = (reason: Duplicate["reason"], condition: SQL) => queries.push({ reason, query: select(condition), condition });
  if (probe.document) add("documento", eq(spec.document, probe.document));
  if (probe.email) add("e-mail", eq(spec.email, probe.email));
  if (probe.phones.length) {
    const withPhone = db
      .select({ id: spec.keys.recordId })
      .from(spec.keys.table)
      .where(scope.where(spec.keys.table, inArray(spec.keys.key, [...probe.phones])));
    add("telefone", inArray(spec.id, withPhone));
  }
  return queries;
}

/**
 * Live records whose document, e-mail or phone is one of `values`, each with the value it
 * matched: the same checks as `duplicateQueries`, for many rows at once (CSV import).
 */
export function duplicatesAmong(
  db: Database,
  scope: OrgScope,
  spec: DuplicateSpec,
  kind: "document" | "email" | "phone",
  values: string[],
) {
  if (kind === "phone") {
    return db
      .select({ value: spec.keys.key, id: spec.id, title: spec.title })
      .from(spec.keys.table)
      .innerJoin(spec.table, eq(spec.id, spec.keys.recordId))
      .where(and(scope.where(spec.keys.table, inArray(spec.keys.key, values)), scope.where(spec.table, isNull(spec.deletedAt))))
      .orderBy(spec.sortName, spec.id);
  }
  const column = kind === "document" ? spec.document : spec.email;
  return db
    .select({ value: column, id: spec.id, title: spec.title })
    .from(spec.table)
    .where(scope.where(spec.table, isNull(spec.deletedAt), inArray(column, values)))
    .orderBy(spec.sortName, spec.id);
}
