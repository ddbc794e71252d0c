import { sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { z } from "zod";
import { formatDateTimeIn, timeZoneOf } from "../../../shared/time-zone.ts";
import { authorize } from "../../auth/permissions.ts";
import { recordChanged } from "../../live/record-changed.ts";
import { recordStatement, rowsOf } from "../../resources/records.ts";
import { moduleOf, notFoundMessage } from "../../resources/registry.ts";
import type { PostRow } from "../../../shared/resources/posts.ts";
import { type Actor, DomainError, type ServiceContext } from "../context.ts";
import { followPostTime, GONE_STATUSES, statusList } from "./post-time-sql.ts";
import { schedulePublicationsLater } from "./publishing/schedule.ts";

/**
 * Rescheduling posts (ADR 045): the calendar's drag, keyboard and "Mover para…", the feed's
 * reordering (two posts swap their instants) and `POST /api/posts/:id/reagendar` all come here.
 *
 * THE ONE PLACE A PERSON MOVES A POST IN TIME. Its statements (`followPostTime`) are also what the
 * registry's create and update of a post run for each network's time, so the publishing jobs
 * hear of every change in one spot: cancelling a sleeping run and dispatching it at the new time
 * belongs right after the batch below (`afterRescheduled`) and beside `followPostTime` — never in
 * a screen.
 */

const NAME = "posts";
/** A minute of slack, as the post's own schema: a time picked "now" is still now when it arrives. */
const PAST_SLACK_MS = 60_000;
const MAX_AHEAD_MS = 366 * 86_400_000;
/** A reorder of the feed moves at most this many posts at once. */
export const MAX_RESCHEDULE = 50;

/** One post's move: to `para`, from `era` (the instant the page showed; null: it had none; undefined: wherever it is). */
export interface Reschedule {
  id: string;
  para: Date;
  era?: Date | null | undefined;
}

const instant = z.iso.datetime({ offset: true, error: () => "Informe a data e hora (ISO 8601, com fuso)." });

/** `POST /api/posts/:id/reagendar`'s body: the new instant and, optionally, the one the caller saw. */
export const rescheduleSchema = z.strictObject(
  {
    agendadoPara: instant,
    /** The post's time as the caller last read it: a post that moved since is refused (409). */
    agendadoAntes: instant.nullable().optional(),
  },
  {
    error: (issue) =>
      issue.code === "unrecognized_keys"
        ? "Envie só agendadoPara e, se quiser, agendadoAntes."
        : "Envie um objeto JSON com agendadoPara (data e hora com fuso).",
  },
);

/** Who may move posts in time: whoever may schedule (approve) in the permission table. */
export function mayReschedule(actor: Pick<Actor, "role" | "ownOnly">): boolean {
  try {
    authorize(actor, NAME, "approve");
    return true;
  } catch {
    return false;
  }
}

/** Refuses a time in the past (pt-BR, with the time as the organização reads it) or over a year ahead. */
function checkTime(para: Date, now: Date, zone: string): void {
  if (Number.isNaN(para.getTime())) throw new DomainError("Data e hora inválidas.", 422, "agendadoPara");
  if (para.getTime() < now.getTime() - PAST_SLACK_MS) {
    throw new DomainError(
      `Esse horário já passou (${formatDateTimeIn(para, zone)}): escolha um dia e horário a partir de agora.`,
      422,
      "agendadoPara",
    );
  }
  if (para.getTime() > now.getTime() + MAX_AHEAD_MS) throw new DomainError("Agende para no máximo um ano à frente.", 422, "agendadoPara");
}

const ms = (d: Date | null | undefined) => (d ? d.getTime() : null);

/**
 * Moves each post to its new instant, all or none, in one round trip: the posts' change carries
 * every rule as its condition (approve permission, the organização, live, nothing gone out or
 * going, and each still at the instant the page showed), then each network's publication that
 * has not gone out follows its post's time. When the change did not happen, the posts as they
 * were (read in the same batch) say why: 404, 409 (gone out, or moved meanwhile) .
 */
export async function reschedulePosts(
  ctx: ServiceContext,
  actor: Actor,
  changes: readonly Reschedule[],
  options: { readBack?: string } = {},
): Promise<PostRow | null> {
  authorize(actor, NAME, "approve");
  if (!changes.length) return null;
  if (changes.length > MAX_RESCHEDULE) throw new DomainError(`Mova no máximo ${MAX_RESCHEDULE} posts de uma vez.`, 422);
  if (new Set(changes.map((c) => c.id)).size !== changes.length) throw new DomainError("O mesmo post apareceu duas vezes.", 422);
  const zone = timeZoneOf(actor.timeZone);
  const now = ctx.now;
  for (const change of changes) checkTime(change.para, now, zone);

  const org = actor.orgId;
  const ids = sql.join(
    changes.map((c) => sql`${c.id}`),
    sql`, `,
  );
  const gone = (ref: string) =>
    sql`exists (select 1 from post_targets g where g.org_id = ${org} and g.post_id = ${sql.raw(ref)}.id and g.status in ${statusList(GONE_STATUSES)})`;
  const before = ctx.db.all<{ id: string; at: number | null; gone: number }>(
    sql`select q.id, q.scheduled_at as at, ${gone("q")} as gone from posts q
      where q.org_id = ${org} and q.id in (${ids}) and q.deleted_at is null`,
  );
  const sameAsSeen = sql.join(
    changes.map((c) => (c.era === undefined ? sql`q.id = ${c.id}` : sql`(q.id = ${c.id} and q.scheduled_at is ${ms(c.era)})`)),
    sql` or `,
  );
  // One statement: its guard is read once, before any row changes, so a swap (A takes B's time,
  // B takes A's) checks both as the page saw them.
  const write = ctx.db.run(
    sql`update posts set scheduled_at = case id ${sql.join(
      changes.map((c) => sql`when ${c.id} then ${c.para.getTime()}`),
      sql` `,
    )} end, updated_at = ${now.getTime()}, updated_by = ${actor.userId}
      where org_id = ${org} and id in (${ids}) and deleted_at is null
        and (select count(*) from posts q where q.org_id = ${org} and q.deleted_at is null and (${sameAsSeen}) and not ${gone("q")}) = ${changes.length}`,
  );
  const written = sql`exists (select 1 from posts w where w.org_id = ${org} and w.id = post_targets.post_id and w.updated_at = ${now.getTime()} and w.updated_by = ${actor.userId})`;
  const follow = ctx.db.run(
    followPostTime(
      org,
      changes.map((c) => c.id),
      written,
      now.getTime(),
    ),
  );
  // The API answers the post as it is now: read in the same batch (one round trip).
  const after = options.readBack ? [recordStatement(ctx, actor, NAME, options.readBack).statement] : [];
  const results = (await ctx.db.batch([before, write, follow, ...after] as unknown as [BatchItem<"sqlite">])) as unknown[];
  const affected = (results[1] as { rowsAffected: number }).rowsAffected;
  if (affected === changes.length) {
    afterRescheduled(ctx, actor, changes);
    const [row] = after.length ? (rowsOf(moduleOf(NAME), results[3] as { j: string }[]) as unknown as PostRow[]) : [];
    return row ?? null;
  }
  throw refusal(results[0] as { id: string; at: number | null; gone: number }[], changes, zone);
}

/**
 * After the batch: every open page of the organização reads again (ADR 043). The publishing
 * engine's hook for a post whose time changed (cancel the sleeping run, dispatch at `para`).
 */
function afterRescheduled(ctx: ServiceContext, actor: Actor, changes: readonly Reschedule[]): void {
  recordChanged(
    ctx,
    actor,
    moduleOf(NAME),
    "updated",
    changes.map((c) => c.id),
  );
  // Each publication that followed the new time has a new version: its run is replaced (ADR 047).
  schedulePublicationsLater(
    ctx,
    actor.orgId,
    changes.map((c) => c.id),
  );
}

/** Why nothing moved, from the posts as they were before the batch. */
function refusal(
  rows: readonly { id: string; at: number | null; gone: number }[],
  changes: readonly Reschedule[],
  zone: string,
): DomainError {
  for (const change of changes) {
    const row = rows.find((r) => r.id === change.id);
    if (!row) return new DomainError(notFoundMessage(moduleOf(NAME)), 404);
    if (row.gone) return new DomainError("Este post já saiu (ou está saindo) em uma rede: o horário não muda mais.", 409);
    if (change.era !== undefined && row.at !== ms(change.era)) {
      const now = row.at === null ? "sem horário" : `agendado para ${formatDateTimeIn(row.at, zone)}`;
      return new DomainError(`Este post mudou enquanto você o movia: agora está ${now}. Confira e tente de novo.`, 409);
    }
  }
  return new DomainError("Os posts mudaram enquanto você os movia. Recarregue a página e confira.", 409);
}
