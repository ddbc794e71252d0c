import { asc, gt } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { organizations } from "../../db/schema/index.ts";
import { sweepPostImages } from "../../worker/services/social/post-images.ts";
import { sweepPostImagesJob } from "../contracts/sweep-post-images.ts";
import { jobHandlers } from "../define.ts";

/** Organizações per step: each costs one bucket listing (and a read only when it has candidates). */
const PAGE = 50;
/** Steps per run: 5,000 organizações a night; past that the next night goes on from the start. */
const MAX_PAGES = 100;

function organizationPage(db: Database, after: string | null) {
  // tenant-exempt: the nightly sweep walks every organização; each sweep after is org-scoped.
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
export default jobHandlers(sweepPostImagesJob, {
  async handler({ event, step, db, bindings }) {
    const bucket = bindings?.FILES;
    // Without the bucket (a Node script) there is nothing to sweep.
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
        for (const orgId of ids) gone += await sweepPostImages({ db, now }, bucket, orgId);
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
