import { asc, gt } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { organizations } from "../db/schema/index.ts";
import type { JobStep } from "./define.ts";

/**
 * The nightly sweeps' walk over every organização (post images, documents): one memoized step per
 * page of organizações, so a run that dies midway resumes at the next page. `sweepOne` does the
 * org-scoped work and answers how many things it removed.
 */

/** Organizações per step: each costs one bucket listing (and a read or a delete only when there is something). */
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

export async function sweepEveryOrganization(
  step: JobStep,
  db: Database,
  sweepOne: (orgId: string) => Promise<number>,
): Promise<{ organizations: number; removed: number }> {
  let after: string | null = null;
  let seen = 0;
  let removed = 0;
  for (let page = 0; page < MAX_PAGES; page++) {
    const cursor: string | null = after;
    const result = await step.run(`pagina-${page}`, async (): Promise<PageResult> => {
      const ids: string[] = (await organizationPage(db, cursor)).map((row) => row.id);
      let gone = 0;
      for (const orgId of ids) gone += await sweepOne(orgId);
      return { last: ids.at(-1) ?? null, count: ids.length, gone };
    });
    seen += result.count;
    removed += result.gone;
    if (result.count < PAGE || result.last === null) break;
    after = result.last;
  }
  return { organizations: seen, removed };
}
