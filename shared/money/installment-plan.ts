import { isDay } from "../social/calendar.ts";
import { type InstallmentInterval, dueDates } from "./due-dates.ts";
import { splitInstallments } from "./installments.ts";
import { type MoneyResult, accept, refuse } from "./result.ts";

/** One installment: its number (1-based), amount and local due day. */
export interface Installment {
  number: number;
  amountCentavos: number;
  dueDate: string;
}

/** Amounts and due dates together: what becomes one receivable per installment. */
export function installmentPlan(
  totalCentavos: number,
  count: number,
  firstDue: string,
  interval: InstallmentInterval = "mensal",
): MoneyResult<Installment[]> {
  if (!isDay(firstDue)) return refuse("A data do primeiro vencimento é inválida.");
  const amounts = splitInstallments(totalCentavos, count);
  if (!amounts.ok) return amounts;
  const dates = dueDates(firstDue, count, interval);
  return accept(amounts.value.map((amountCentavos, i) => ({ number: i + 1, amountCentavos, dueDate: dates[i] as string })));
}
