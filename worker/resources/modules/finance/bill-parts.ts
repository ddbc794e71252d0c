import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { categoryKey, searchKeys, sortKey } from "../../../../shared/search.ts";
import type { BulkActionRunner, FilterBinding } from "../../define.ts";
import { dueDayRange, overdueCondition } from "./due-filters.ts";

/** The columns a bill to pay or to receive shares (expenses, receivables). */
interface BillColumns {
  vencimento: SQLiteColumn;
  status: SQLiteColumn;
  valorCentavos: SQLiteColumn;
  criadoEm: SQLiteColumn;
  atualizadoEm: SQLiteColumn;
}

/**
 * What Despesas and Receitas share server side (ADR 072/076): the search keys of a description
 * and category, the sorts, filters and totals of a list of bills by due day, and the bulk settle.
 * The differences (supplier or client, a sale's installments, recurrence) stay in each module.
 */
export function billSearchValues(input: { descricao: string; categoria?: string | null | undefined }) {
  const keys = searchKeys({ names: [input.descricao, input.categoria] });
  if (input.categoria) keys.push(categoryKey(input.categoria));
  return { ordem: sortKey(input.descricao), chavesBusca: JSON.stringify(keys) };
}

export function billListParts(
  t: BillColumns,
  indexes: { due: string; overdue: string },
  bulk: Record<string, BulkActionRunner>,
  /** The module's own filter (its supplier or client), listed after the status as the screens do. */
  own: Record<string, FilterBinding>,
) {
  return {
    sorts: { vencimento: t.vencimento, valor: t.valorCentavos },
    filters: {
      vencimento: dueDayRange(t.vencimento, indexes.due),
      vencidas: overdueCondition(t.status, t.vencimento, indexes.overdue),
      status: { column: t.status },
      ...own,
      valor: { column: t.valorCentavos },
      categoria: { key: categoryKey },
      criadoEm: { column: t.criadoEm },
      atualizadoEm: { column: t.atualizadoEm },
    } satisfies Record<string, FilterBinding>,
    totals: { valor: t.valorCentavos },
    bulkActions: bulk,
  };
}
