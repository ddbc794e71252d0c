import { purgeDeletedDocuments, sweepOrphanDocuments } from "../../worker/services/documents/documents.ts";
import { sweepDocumentsJob } from "../contracts/sweep-documents.ts";
import { jobHandlers } from "../define.ts";
import { sweepEveryOrganization } from "../sweep-organizations.ts";

/** Every organização's documents deleted a day ago (object, then row) and objects with no row, one page of organizações per step. */
export default jobHandlers(sweepDocumentsJob, {
  async handler({ event, step, db, bindings }) {
    const bucket = bindings?.FILES;
    // Without the bucket (a Node script) nothing can be removed: the rows stay for a run that can.
    if (!bucket) return { organizations: 0, removed: 0 };
    const now = new Date(event.ts);
    return sweepEveryOrganization(
      step,
      db,
      async (orgId) => (await purgeDeletedDocuments({ db, now }, bucket, orgId)) + (await sweepOrphanDocuments({ db, now }, bucket, orgId)),
    );
  },
});
