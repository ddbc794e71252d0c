import { extendRecurringExpenses } from "../../worker/services/finance/recurring-expenses.ts";
import { recurringExpenses } from "../contracts/recurring-expenses.ts";
import { jobHandlers } from "../define.ts";

/** One step: every series' next occurrences (idempotent, so a retry repeats it whole). */
export default jobHandlers(recurringExpenses, {
  async handler({ event, step, db, now }) {
    const at = () => now?.() ?? new Date(event.ts);
    const pedidas = await step.run("gerar-ocorrencias", () => extendRecurringExpenses(db, at()));
    return { pedidas };
  },
});
