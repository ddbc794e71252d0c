import { buildReportFile, INTERNAL_FAILURE, markReportFailed } from "../../worker/services/reports/files/build.ts";
import { reportFileDeps } from "../../worker/services/reports/files/wiring.ts";
import { reportFile } from "../contracts/report-file.ts";
import { jobHandlers } from "../define.ts";

export default jobHandlers(reportFile, {
  async handler({ event, step, db, config, waitUntil, bindings, now, send }) {
    const deps = reportFileDeps({ db, config, waitUntil, bindings, now: now ?? (() => new Date()), send });
    // One step: a rendering cannot resume halfway, so a retry builds the file again over the same key.
    return step.run("gerar", () => buildReportFile(deps, event.data.orgId, event.data.fileId));
  },
  async onFailure({ event, db, waitUntil, bindings, now }) {
    const at = now?.() ?? new Date();
    await markReportFailed(
      { db, live: bindings?.LIVE, waitUntil, files: bindings?.FILES },
      event.data.orgId,
      event.data.fileId,
      INTERNAL_FAILURE,
      at,
    );
  },
});
