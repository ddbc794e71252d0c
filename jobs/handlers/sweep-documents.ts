import { asc, gt } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { organizations } from "../../db/schema/index.ts";
import { purgeDeletedDocuments, sweepOrphanDocuments } from "../../worker/services/documents/documents.ts";
import { sweepDocumentsJob } from "../contracts/sweep-documents.ts";
import { jobHandlers } from "../define.ts";

/** Organizações per step: each costs one read, one bucket listing, and a delete only when there is something to remove. */
const PAGE = 50;
/** Steps per run: 5,000 organizações a night; past that the next night goes on from the start. */
const MAX_PAGES = 100;

function organizationPage(db: Database, after: string | null) {
  // tenant-exempt: the nightly sweep walks every organização; each purge after is org-scoped.
  return db
    .select({ id: organizations.id })
    .from(organizations)
    .where(after === null ? undefined : gt(organizations.id, after))
    .orderBy(asc(organizations.id))
    .limit(PAGE);
}

interface PageResult {
  last: string | null;
  count: number;
  gone: number;
}

/** One step per page of organizações (memoized: a run that dies midway resumes at the next page). */
export default jobHandlers(sweepDocumentsJob, {
  async handler({ event, step, db, bindings }) {
    const bucket = bindings?.FILES;
    // Without the bucket (a Node script) nothing can be removed: the rows stay for a run that can.
    if (!bucket) return { organizations: 0, removed: 0 };
    const now = new Date(event.ts);
    let after: string | null = null;
    let seen = 0;
    let removed = 0;
    for (let page = 0; page < MAX_PAGES; page++) {
      const cursor: string | null = after;
      const result = await step.run(`pagina-${page}`, async (): Promise<PageResult> => {
        const ids: string[] = (await organizationPage(db, cursor)).map((row) => row.id);
        let gone = 0;
        for (const orgId of ids) {
          gone += await purgeDeletedDocuments({ db, now }, bucket, orgId);
          gone += await sweepOrphanDocuments({ db, now }, bucket, orgId);
        }
        return { last: ids.at(-1) ?? null, count: ids.length, gone };
      });
      seen += result.count;
      removed += result.gone;
      if (result.count < PAGE || result.last === null) break;
      after = result.last;
    }
    return { organizations: seen, removed };
  },
});
