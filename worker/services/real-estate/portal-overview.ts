import { portalReady } from "../../../shared/real-estate/portal-readiness.ts";
import { authorize } from "../../auth/permissions.ts";
import type { Actor, ServiceContext } from "../context.ts";
import { feedPage, parsePhotos } from "./portal-feed.ts";

/**
 * The Portais screen's counts: of the available properties marked for portals, how many the
 * feed sends and which it skips (not ready). Read with the feed's own pages and rules, so the
 * numbers are what the portal receives.
 */

/** Listings per round trip here (the screen has no stream to feed, so bigger pages). */
const PAGE = 1000;
/** Pages read at most: beyond this the counts say "at least" (`truncated`). */
const MAX_PAGES = 20;
/** Skipped properties listed by name (the count covers all). */
const LISTED = 50;

export interface PortalOverview {
  inFeed: number;
  notReady: number;
  notReadyList: { id: string; codigo: string; titulo: string | null }[];
  truncated: boolean;
}

export async function portalOverview(ctx: ServiceContext, actor: Actor): Promise<PortalOverview> {
  authorize(actor, "organization", "read");
  const out: PortalOverview = { inFeed: 0, notReady: 0, notReadyList: [], truncated: false };
  let after = 0;
  for (let page = 0; page < MAX_PAGES; page++) {
    const rows = await feedPage(ctx, actor.orgId, after, PAGE);
    for (const row of rows) {
      if (portalReady(row, parsePhotos(row.fotos))) out.inFeed++;
      else {
        out.notReady++;
        if (out.notReadyList.length < LISTED) out.notReadyList.push({ id: row.id, codigo: row.codigo, titulo: row.titulo });
      }
    }
    const last = rows[rows.length - 1];
    if (rows.length < PAGE || !last) return out;
    after = last.seq;
  }
  out.truncated = true;
  return out;
}
