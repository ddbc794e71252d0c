import { type SQL, sql } from "drizzle-orm";
import { SQLiteAsyncDialect } from "drizzle-orm/sqlite-core";

const dialect = new SQLiteAsyncDialect();

/**
 * A fixed SQL fragment (column references, no values) rendered to text once per isolate.
 * Drizzle otherwise walks every chunk of it again on each query: a packed 30-column selection
 * cost a list request ≈0.3 ms of CPU to compile. The text is exactly what Drizzle would render
 * in place (qualified, quoted names), so the query is unchanged.
 */
export function frozenSql<T>(fragment: SQL<T>): SQL<T> {
  const { sql: text, params } = dialect.sqlToQuery(fragment);
  if (params.length) throw new Error(`frozenSql: a fragment with values can't be frozen (${text})`);
  return sql.raw(text) as SQL<T>;
}
