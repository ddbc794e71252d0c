import { type SQL, sql } from "drizzle-orm";
import type { PostStatus } from "../../../shared/enums/social.ts";

/**
 * The SQL every change of a post's time runs (ADR 045), kept apart from the service so the
 * posts module (worker/resources/modules/social/posts.ts) can use it without an import cycle.
 */

/** A publication going out or gone: the post's time no longer moves, nor its content. */
export const GONE_STATUSES: readonly PostStatus[] = ["publicando", "publicado"];
/** The statuses in which a network's publication follows the post's time (and edits). */
export const FOLLOWS_POST_TIME: readonly PostStatus[] = ["rascunho", "aguardando_aprovacao", "agendado", "falhou", "cancelado"];

/** `('a', 'b')` of fixed statuses (constants of this file, never input). */
export const statusList = (statuses: readonly PostStatus[]): SQL => sql.raw(`(${statuses.map((s) => `'${s}'`).join(", ")})`);

/**
 * Each network's publication of `postIds` that has not gone out takes its post's time, in the
 * write's batch, only when the post's write happened (`written`). The one statement that moves a
 * publication's `scheduled_at` after a person's change: the registry's create and update of a
 * post and `reschedulePosts` both run it (the due sweep and the publishing jobs read that column).
 */
export function followPostTime(orgId: string, postIds: readonly string[], written: SQL, nowMs: number): SQL {
  const ids = sql.join(
    postIds.map((id) => sql`${id}`),
    sql`, `,
  );
  return sql`update post_targets set scheduled_at = (select p.scheduled_at from posts p where p.org_id = ${orgId} and p.id = post_targets.post_id),
      updated_at = ${nowMs}
    where org_id = ${orgId} and post_id in (${ids}) and status in ${statusList(FOLLOWS_POST_TIME)} and ${written}`;
}
