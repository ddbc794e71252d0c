import { accountsDueForInsights, readAccountInsights } from "../../worker/services/social/insights.ts";
import { socialInsights } from "../contracts/social-insights.ts";
import { jobHandlers } from "../define.ts";

/**
 * One step lists the accounts due, then one step per account (memoized: a run that dies midway
 * resumes at the next account). An account's read never throws: its failure is recorded on it
 * and the run goes on to the others.
 */
export default jobHandlers(socialInsights, {
  async handler({ event, step, db, config }) {
    const now = new Date(event.ts);
    const due = await step.run("contas", () => accountsDueForInsights(db, now));
    let read = 0;
    let failed = 0;
    let reconnect = 0;
    for (const ref of due) {
      const report = await step.run(`conta-${ref.id}`, () => readAccountInsights({ db, config }, ref, now));
      if (report.ok) read++;
      else failed++;
      if (report.reconnect) reconnect++;
    }
    return { accounts: due.length, read, failed, reconnect };
  },
});
