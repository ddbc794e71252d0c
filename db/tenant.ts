import { and, eq, type SQL } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import type { Database } from "./client.ts";
import { organizations } from "./schema/index.ts";

/**
 * Tables with an `org_id` that hold no business data: an invite token names the organization it
 * offers, but belongs to the invited person until accepted.
 */
export const ACCOUNT_LEVEL_TABLES = ["auth_tokens"] as const;

/** A table whose rows belong to one organization (it has an `org_id` column). */
export type OrgTable = SQLiteTable & { orgId: SQLiteColumn };

/**
 * The organization a request acts for, and the only way services reach org-owned rows:
 * every read, update and delete of an org table goes through `where`, every insert through
 * `values`. `tests/unit/tenant-scoping.test.ts` fails the build when a query on an org-owned
 * table skips it, and the api/workers tests check every statement sent (ADR 027).
 */
export interface OrgScope {
  readonly db: Database;
  readonly orgId: string;
  /** `org_id = :org AND …conditions`. */
  where(table: OrgTable, ...conditions: (SQL | undefined)[]): SQL;
  /** Insert values with the organization forced (whatever the caller passed); a list for multi-row inserts. */
  values<T extends object>(values: T[]): (Omit<T, "orgId"> & { orgId: string })[];
  values<T extends object>(values: T): Omit<T, "orgId"> & { orgId: string };
  /** The organization's own row. */
  self(...conditions: (SQL | undefined)[]): SQL;
}

export function orgScope(db: Database, orgId: string): OrgScope {
  if (!orgId) throw new Error("orgScope needs an organization id");
  return {
    db,
    orgId,
    where: (table, ...conditions) => and(eq(table.orgId, orgId), ...conditions) as SQL,
    values: ((values: object | object[]) =>
      Array.isArray(values) ? values.map((v) => ({ ...v, orgId })) : { ...values, orgId }) as OrgScope["values"],
    self: (...conditions) => and(eq(organizations.id, orgId), ...conditions) as SQL,
  };
}
