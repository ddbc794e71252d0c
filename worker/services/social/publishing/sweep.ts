import { and, eq, isNull, lt, lte, or, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Database } from "../../../../db/client.ts";
import { postTargets } from "../../../../db/schema/index.ts";
import type { EventInput } from "../../../../jobs/define.ts";
import { CLAIM_STALE_MS } from "./claim.ts";
import { publicationKey, publishEvent, type SchedulableTarget } from "./events.ts";

/** Publications one sweep starts at most (the next minute takes the rest). */
export const SWEEP_LIMIT = 100;

const columns = {
  id: postTargets.id,
  orgId: postTargets.orgId,
  contaId: postTargets.contaId,
  agendadoPara: postTargets.agendadoPara,
  atualizadoEm: postTargets.atualizadoEm,
  reivindicadoPor: postTargets.reivindicadoPor,
};

/**
 * The runs the every-minute sweep starts (ADR 047): publications due and unclaimed (not held, their
 * account connected, their post not deleted) under the same key their scheduling run has — so an
 * existing run makes it a repeat that starts nothing — and publications whose claim went stale (its
 * run died) under a key of that dead claim, so one run takes each over and looks before creating.
 */
export async function sweepEvents(db: Database, now: Date, origin: string | undefined): Promise<EventInput[]> {
  const at = now.getTime();
  // tenant-exempt: the sweep reads every organização's due publications; each run it starts is org-scoped.
  const [due, stale] = (await db.batch([
    db
      .select(columns)
      .from(postTargets)
      .where(
        and(
          eq(postTargets.status, "agendado"),
          lte(postTargets.agendadoPara, now),
          or(isNull(postTargets.retidoAte), lte(postTargets.retidoAte, now)),
          or(isNull(postTargets.reivindicadoPor), lt(postTargets.reivindicadoEm, new Date(at - CLAIM_STALE_MS))),
          sql`exists (select 1 from social_accounts a where a.org_id = ${postTargets.orgId} and a.id = ${postTargets.contaId} and a.status = 'ativa')`,
          sql`exists (select 1 from posts p where p.org_id = ${postTargets.orgId} and p.id = ${postTargets.postId} and p.deleted_at is null)`,
        ),
      )
      .limit(SWEEP_LIMIT),
    db
      .select(columns)
      .from(postTargets)
      .where(and(eq(postTargets.status, "publicando"), lt(postTargets.reivindicadoEm, new Date(at - CLAIM_STALE_MS))))
      .limit(SWEEP_LIMIT),
  ] as unknown as [BatchItem<"sqlite">, BatchItem<"sqlite">])) as unknown as [
    (SchedulableTarget & { reivindicadoPor: string | null })[],
    (SchedulableTarget & { reivindicadoPor: string | null })[],
  ];
  return [
    ...due.map((t) => publishEvent(t, origin)),
    ...stale.map((t) => publishEvent(t, origin, `${publicationKey(t)}:retomar:${t.reivindicadoPor ?? ""}`)),
  ];
}
