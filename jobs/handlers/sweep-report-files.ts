import { sweepReportFiles } from "../../worker/services/reports/files/sweep.ts";
import { sweepReportFilesJob } from "../contracts/sweep-report-files.ts";
import { jobHandlers } from "../define.ts";
import { sweepEveryOrganization } from "../sweep-organizations.ts";

/** Every organização's expired, stuck and orphaned report files, one page of organizações per step. */
export default jobHandlers(sweepReportFilesJob, {
  async handler({ event, step, db, bindings, waitUntil, now }) {
    const bucket = bindings?.FILES;
    // Without the bucket (a Node script) nothing can be removed: the rows stay for a run that can.
    if (!bucket) return { organizations: 0, removed: 0 };
    const at = now?.() ?? new Date(event.ts);
    return sweepEveryOrganization(step, db, (orgId) => sweepReportFiles({ db, now: at, live: bindings?.LIVE, waitUntil }, bucket, orgId));
  },
});
