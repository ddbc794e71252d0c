/**
 * The statements allowed to touch an org-owned table without the organization predicate
 * (ADR 027): each is global by nature, and says why. An entry admits an unscoped reference to
 * `table` in a statement that matches `statement` (one-line SQL, as drizzle or the raw SQL
 * writes it); keep the patterns tight, so a new query never slips in under an old reason.
 * Reviewed: a new entry needs the same review as a change to the permission table.
 */
export interface AllowEntry {
  table: string;
  statement: RegExp;
  why: string;
}

export const TENANT_ALLOW_LIST: readonly AllowEntry[] = [];
