import { eq, inArray } from "drizzle-orm";
import { createDb } from "../../../../db/client.ts";
import { postTargets } from "../../../../db/schema/index.ts";
import { orgScope } from "../../../../db/tenant.ts";
import { sendEvents } from "../../../../jobs/dispatch.ts";
import type { ServiceContext } from "../../context.ts";
import { changedEvent, publishEvent } from "./events.ts";

/**
 * The single door from a post's changes to its publishing runs (ADR 047): after a write that
 * touched publications (a move, an edit, a reschedule), each one changed by it — its updated_at is
 * this request's instant — has its sleeping run cancelled, and an agendado one gets a new run for
 * its new version. Cancellations go first, in their own send, so they never reach the new runs.
 * Publications this write did not touch keep their runs.
 */
export async function schedulePublications(ctx: ServiceContext, orgId: string, postIds: readonly string[]): Promise<number> {
  if (postIds.length === 0) return 0;
  const changed = await ctx.db
    .select({
      id: postTargets.id,
      orgId: postTargets.orgId,
      contaId: postTargets.contaId,
      status: postTargets.status,
      agendadoPara: postTargets.agendadoPara,
      atualizadoEm: postTargets.atualizadoEm,
    })
    .from(postTargets)
    .where(orgScope(ctx.db, orgId).where(postTargets, inArray(postTargets.postId, [...postIds]), eq(postTargets.atualizadoEm, ctx.now)));
  if (changed.length === 0) return 0;
  const dispatch = { config: ctx.config, waitUntil: ctx.waitUntil, db: ctx.db, bindings: { FILES: ctx.files, LIVE: ctx.live } };
  await sendEvents(
    dispatch,
    changed.map((t) => changedEvent(t.id)),
  );
  const scheduled = changed.filter((t) => t.status === "agendado");
  await sendEvents(
    dispatch,
    scheduled.map((t) => publishEvent(t, ctx.origin)),
  );
  return scheduled.length;
}

/**
 * The same, after the answer (the request's round-trip budget stays the post's own), on a database
 * handle of its own. A dispatch lost here (the Worker stopped) is what the every-minute sweep
 * catches: the publication is still agendado, due and unclaimed at its time.
 */
export function schedulePublicationsLater(ctx: ServiceContext, orgId: string, postIds: readonly string[]): void {
  const work = async () => {
    // A script's context (the demo seed) may carry the handle without the URL: then it is the one used.
    const url = ctx.config.DATABASE_URL;
    const db = url ? createDb({ url, authToken: ctx.config.DATABASE_AUTH_TOKEN }) : ctx.db;
    await schedulePublications({ ...ctx, db }, orgId, postIds);
  };
  ctx.waitUntil(
    work().catch((error: unknown) => {
      console.error("[publicação] agendamento adiado para a varredura", error);
    }),
  );
}
