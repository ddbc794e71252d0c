import { firstOfMonthSomewhere, monthlySummaryFor } from "../../worker/services/reports/files/monthly.ts";
import { monthlySummary } from "../contracts/monthly-summary.ts";
import { reportFile } from "../contracts/report-file.ts";
import { jobHandlers } from "../define.ts";
import { sweepEveryOrganization } from "../sweep-organizations.ts";

/** One page of organizações per step: each one's summary row (once per month) and its build. */
export default jobHandlers(monthlySummary, {
  async handler({ event, step, db, now, send }) {
    const at = now?.() ?? new Date(event.ts);
    // Only around the turn of a month (the 1st somewhere in Brazil) is there anything to look at.
    if (!firstOfMonthSomewhere(at)) return { organizations: 0, removed: 0 };
    return sweepEveryOrganization(step, db, async (orgId) => {
      const queued = await monthlySummaryFor(db, orgId, at);
      if (queued?.status !== "na_fila") return 0;
      // Sent again while it waits (a lost dispatch): the file's id makes it one run.
      await send([{ name: reportFile.event, data: { fileId: queued.fileId, orgId }, id: `report-${queued.fileId}` }]);
      return queued.created ? 1 : 0;
    });
  },
});
