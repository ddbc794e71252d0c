import { and, gte, lt, lte, not, type SQL, sql } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { parseDateRange } from "../../../../shared/resources/query.ts";
import { dayIn } from "../../../../shared/time-zone.ts";
import type { FilterBinding } from "../../define.ts";

/**
 * Filters on a due date stored as a local day ("aaaa-mm-dd", ADR 069): a period compares days
 * as text (no zone to apply), and "vencidas" is open and due before today in the organização's zone.
 */
export function dueDayRange(column: SQLiteColumn, index: string): FilterBinding {
  return {
    where: (values) => {
      const range = values[0] ? parseDateRange(values[0]) : null;
      if (!range) return undefined;
      const [from, to] = range;
      return and(from ? gte(column, from) : undefined, to ? lte(column, to) : undefined);
    },
    index,
  };
}

export function overdueCondition(status: SQLiteColumn, due: SQLiteColumn, index: string): FilterBinding {
  return {
    where: (values, zone) => {
      const overdue = and(sql`${status} = 'aberta'`, lt(due, dayIn(new Date(), zone))) as SQL;
      if (values[0] === "sim") return overdue;
      if (values[0] === "nao") return not(overdue);
      return undefined;
    },
    index,
  };
}
