import { type SQL, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Database } from "../../../db/client.ts";
import { addDays, occurrencesBetween, RECURRENCE_HORIZON_DAYS, type RepeatEvery } from "../../../shared/finance/recurrence.ts";

/**
 * Recurring bills as rows (ADR 072): each occurrence of a series is its own expense (paid on its
 * own), copied from an earlier one of the same series. Created when the bill is saved (every
 * occurrence due up to RECURRENCE_HORIZON_DAYS ahead) and, each day, by the
 * `recurring-expenses` job for the next ones. The (organização, série, vencimento) unique index
 * makes every insert idempotent: a job run twice, or racing a save, adds nothing twice.
 */

/**
 * Inserts copies of expense `sourceId` due on `days` (open, same series, amount, supplier,
 * category), only when `condition` holds. A supplier removed since is left out (the relation
 * trigger would refuse the row).
 */
export function occurrenceStatements(
  db: Database,
  orgId: string,
  sourceId: string,
  days: readonly string[],
  now: Date,
  condition: SQL = sql`1`,
) {
  const ms = now.getTime();
  return days.map((day) =>
    db.run(sql`insert into expenses (id, org_id, description, sort_name, category, supplier_id, amount_cents, due_on, status,
        recurrence, recurrence_until, series_id, notes, search_keys, created_at, updated_at, created_by, updated_by)
      select ${crypto.randomUUID()}, e.org_id, e.description, e.sort_name, e.category,
        (select c.id from companies c where c.org_id = e.org_id and c.id = e.supplier_id and c.deleted_at is null),
        e.amount_cents, ${day}, 'aberta', e.recurrence, e.recurrence_until, coalesce(e.series_id, e.id), e.notes, e.search_keys,
        ${ms}, ${ms}, e.created_by, e.created_by
      from expenses e where e.org_id = ${orgId} and e.id = ${sourceId} and ${condition}
      on conflict do nothing`),
  );
}

/** The horizon: occurrences due up to this day exist as rows. */
export function horizonOf(today: string): string {
  return addDays(today, RECURRENCE_HORIZON_DAYS);
}

/** The statements that add a new series' occurrences (after its first row was written). */
export function newSeriesStatements(
  db: Database,
  orgId: string,
  id: string,
  first: { vencimento: string; recorrencia: string; recorrenciaFim: string | null | undefined },
  today: string,
  now: Date,
  written: SQL,
): BatchItem<"sqlite">[] {
  if (first.recorrencia === "nenhuma") return [];
  const days = occurrencesBetween(
    first.vencimento,
    first.recorrencia as RepeatEvery,
    first.recorrenciaFim ?? null,
    first.vencimento,
    horizonOf(today),
  );
  return [
    db.run(sql`update expenses set series_id = id where org_id = ${orgId} and id = ${id} and series_id is null and ${written}`),
    ...occurrenceStatements(db, orgId, id, days, now, written),
  ];
}

interface SeriesHead {
  orgId: string;
  serieId: string;
  primeiro: string;
  ultimoId: string;
  ultimo: string;
  recorrencia: string;
  fim: string | null;
}

const BATCH = 200;

/**
 * The daily run: for every series whose latest occurrence (removed ones count: a removed
 * occurrence is not brought back) still repeats, the occurrences due up to the horizon. The
 * latest row decides: set its repetition to "não se repete" or give it an end to stop the series.
 * Answers how many rows were asked for (the unique index drops repeats).
 */
export async function extendRecurringExpenses(db: Database, now: Date): Promise<number> {
  const through = horizonOf(now.toISOString().slice(0, 10));
  // tenant-exempt: the daily job walks every organização's series (each insert is the series' own org).
  const heads = await db.all<SeriesHead>(sql`
    select s.org_id as orgId, s.series_id as serieId, s.first_due as primeiro, l.id as ultimoId, l.due_on as ultimo,
      l.recurrence as recorrencia, l.recurrence_until as fim
    from (select org_id, series_id, min(due_on) as first_due, max(due_on) as last_due from expenses
          where series_id is not null group by org_id, series_id) s
    join expenses l on l.org_id = s.org_id and l.series_id = s.series_id and l.due_on = s.last_due
    where l.recurrence <> 'nenhuma' and s.last_due < ${through} and (l.recurrence_until is null or l.recurrence_until > s.last_due)
    order by s.org_id, s.series_id
    limit 5000`);
  const statements: BatchItem<"sqlite">[] = [];
  const seen = new Set<string>();
  for (const head of heads) {
    if (seen.has(head.serieId)) continue;
    seen.add(head.serieId);
    const days = occurrencesBetween(head.primeiro, head.recorrencia as RepeatEvery, head.fim, head.ultimo, through);
    statements.push(...occurrenceStatements(db, head.orgId, head.ultimoId, days, now));
  }
  for (let i = 0; i < statements.length; i += BATCH) {
    await db.batch(statements.slice(i, i + BATCH) as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  }
  return statements.length;
}
